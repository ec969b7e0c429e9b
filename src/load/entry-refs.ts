// Which `$ref` of a document's root leads to each file it reaches: an editor shows the root alone, so a
// finding in a `$ref`'d file (a `$ref` cycle between two other files, a schema error in a fragment) is
// pointed at from the root's `$ref` that leads there, not lost.
import { splitRef, type LoadedDocument } from './refs.js';
import { externalRefs } from './load.js';
import type { Source } from './source.js';

/**
 * For each file in `wanted` that the root reaches, the pointer of the root's `$ref` object through
 * which it is reached first (breadth first over the files, the root's `$ref`s in document order).
 * Iterative: a document's chains of files are as long as it likes.
 */
export function entryRefs(doc: LoadedDocument, wanted: ReadonlySet<string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const sourceOf = (from: Source, ref: string) => {
    const { uri } = splitRef(from.uri, ref);
    return doc.sources.get(uri) ?? doc.spellings.get(uri);
  };
  const reached = new Set<Source>([doc.root]);
  const queue: Array<{ source: Source; entry: string[] }> = [];
  for (const { ref, pointer } of refsWithPointers(doc.root.value)) {
    const target = sourceOf(doc.root, ref);
    if (!target || reached.has(target)) continue;
    reached.add(target);
    queue.push({ source: target, entry: pointer });
  }
  for (let i = 0; i < queue.length && found.size < wanted.size; i++) {
    const { source, entry } = queue[i]!;
    if (wanted.has(source.uri)) found.set(source.uri, entry);
    for (const { $ref } of externalRefs(source.value)) {
      const target = sourceOf(source, $ref);
      if (!target || reached.has(target)) continue;
      reached.add(target);
      queue.push({ source: target, entry });
    }
  }
  return found;
}

/** The `$ref`s to other files in a value, with the pointer of each `$ref` object, in document order. */
function refsWithPointers(value: unknown): Array<{ ref: string; pointer: string[] }> {
  const out: Array<{ ref: string; pointer: string[] }> = [];
  const stack: Array<{ value: unknown; pointer: string[] }> = [{ value, pointer: [] }];
  const seen = new Set<object>(); // YAML aliases share objects: visit each once
  while (stack.length > 0) {
    const { value: v, pointer } = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    const ref = (v as Record<string, unknown>)['$ref'];
    if (typeof ref === 'string' && ref !== '' && !ref.startsWith('#')) out.push({ ref, pointer });
    // pushed in reverse, so children pop in document order
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], pointer: [...pointer, String(i)] });
    else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (v as Record<string, unknown>)[keys[i]!], pointer: [...pointer, keys[i]!] });
    }
  }
  return out;
}
