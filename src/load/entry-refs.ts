// Which `$ref` of a document's root leads to each file it reaches: an editor shows the root alone, so a
// finding in a `$ref`'d file (a `$ref` cycle between two other files, a schema error in a fragment) is
// pointed at from the root's `$ref` that leads there, not lost.
import { refUri, type LoadedDocument } from './refs.js';
import { externalRefs, externalRefsWithPointers } from './load.js';
import type { Source } from './source.js';

/**
 * For each file in `wanted` that the root reaches, the pointer of the root's `$ref` object through
 * which it is reached first (breadth first over the files, the root's `$ref`s in document order).
 * Iterative: a document's chains of files are as long as it likes.
 */
export function entryRefs(doc: LoadedDocument, wanted: ReadonlySet<string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const sourceOf = (from: Source, ref: string) => {
    const { uri } = refUri(doc, from.uri, ref);
    return doc.sources.get(uri) ?? doc.spellings.get(uri);
  };
  const reached = new Set<Source>([doc.root]);
  const queue: Array<{ source: Source; entry: string[] }> = [];
  for (const { ref, pointer } of externalRefsWithPointers(doc.root.value)) {
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
