import { refOf, splitRef, type LoadedDocument } from '../load/refs.js';
import { getAt, parsePointer } from '../load/pointer.js';
import type { Source } from '../load/source.js';
import type { CoreFunction } from './core-function.js';

/** `#/a~1b/%7Bid%7D` → `#/a/b/{id}`, as Spectral decodes the nodes of its reference graph before comparing. */
function decodePointer(pointer: string): string {
  let text: string;
  try {
    text = decodeURIComponent(pointer);
  } catch {
    text = pointer.replace(/%[0-9a-f]{2}/gi, (p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

const graphs = new WeakMap<LoadedDocument, Set<string>>();

/**
 * What the `$ref`s of a document reach, as the nodes of Spectral's reference graph (`file#pointer`,
 * decoded): every `$ref` of the root file; in another file, the `$ref`s of the parts that are
 * reached (a part named by a pointer, and what its own `$ref`s in that file name, in turn), or of the
 * whole file when it is named without one. As Spectral's resolver, a `$ref` that names an object it
 * is inside (a recursive schema) is no edge, and keys beside a `$ref` are not looked into.
 */
export function referenceGraph(doc: LoadedDocument): Set<string> {
  let nodes = graphs.get(doc);
  if (nodes) return nodes;
  nodes = new Set();
  const reached = nodes;
  const crawled = new Set<string>();
  const sourceOf = (uri: string): Source | undefined => doc.sources.get(uri) ?? doc.spellings.get(uri);

  // a worklist, not recursion: a chain of thousands of `$ref`s across files is a document like another
  const work: Array<{ source: Source; value: unknown; at: string[]; followLocal: boolean }> = [];

  const onRef = (source: Source, ref: string, at: string[], followLocal: boolean): void => {
    if (ref.startsWith('#')) {
      const target = parsePointer(ref.slice(1));
      if (!target) return;
      // a `$ref` to an object it is inside is skipped by the resolver: no node, no edge
      if (target.length > 0 && target.length <= at.length && target.every((s, i) => s === at[i])) return;
      reached.add(source.uri + decodePointer(ref));
      if (followLocal) enter(source, ref.slice(1), target, true);
      return;
    }
    const { uri, fragment } = splitRef(source.uri, ref);
    reached.add(uri + (fragment ? decodePointer('#' + fragment) : ''));
    const file = sourceOf(uri);
    const pointer = parsePointer(fragment);
    if (file && pointer) enter(file, fragment, pointer, fragment !== '');
  };

  // one crawl per target part: what a part reaches does not change with the way to it
  const enter = (source: Source, fragment: string, pointer: string[], followLocal: boolean): void => {
    const key = `${source.uri}#${fragment}`;
    if (crawled.has(key)) return;
    crawled.add(key);
    const found = getAt(source.value, pointer);
    if (found.found) work.push({ source, value: found.value, at: pointer, followLocal });
  };

  crawled.add(`${doc.root.uri}#`);
  work.push({ source: doc.root, value: doc.root.value, at: [], followLocal: false });
  while (work.length > 0) {
    const { source, value, at, followLocal } = work.pop()!;
    const ref = refOf(value);
    if (ref !== undefined) {
      onRef(source, ref, at, followLocal);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') work.push({ source, value: child, at: [...at, key], followLocal });
    }
  }
  graphs.set(doc, nodes);
  return nodes;
}

/**
 * Spectral's `unreferencedReusableObject`: each key of the object (the reusable objects, at
 * `reusableObjectsLocation` in the root file) that no `$ref` of the document reaches, wherever the
 * `$ref` is (another file's `$ref` back to the root counts). As Spectral compares, a `$ref` to a part
 * of an object (`#/definitions/Pet/properties/id`) does not count for the object.
 */
export const unreferencedReusableObject: CoreFunction = (input, options, helpers) => {
  const doc = helpers.document;
  if (!doc) throw new Error('unreferencedReusableObject needs the document');
  const location = options['reusableObjectsLocation'] as string;
  const nodes = referenceGraph(doc);
  const orphans = Object.keys(input as object).filter((name) => !nodes.has(`${doc.root.uri}${location}/${name}`));
  return orphans.map((name) => ({ message: 'Potential orphaned reusable object has been detected', path: pointerPath(`${location}/${name}`), fromRoot: true }));
};

/** Spectral's safePointerToPath: the location's segments, decoded, from the document's root. */
function pointerPath(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .slice(1)
    .map((s) => decodePointer(s));
}
