import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './shared-dir.js';
import type { Diagnostic } from '../../src/types.js';

export interface CorpusEntry {
  file: string;
  path: string;
  expected: 'valid' | 'invalid' | 'unknown';
  fragment: boolean;
  note: string;
}

/** The corpus manifest (../shared/corpus/MANIFEST.tsv): documents and the fragments they reference. */
export function corpusEntries(): CorpusEntry[] {
  const lines = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  return lines.map((line) => {
    const [file, , , , , , expected, note = ''] = line.split('\t') as string[];
    return { file: file!, path: path.join(corpusDir, file!), expected: expected as CorpusEntry['expected'], fragment: note.startsWith('fragment referenced by'), note };
  });
}

/**
 * Whether a finding decides if a document is valid Swagger 2.0: a validity rule's (each rule's
 * `meta.category`), or the engine's own about the file (it does not parse; swaglint failed on it).
 * Convention findings judge style, not validity.
 */
export function decidesValidity(d: Pick<Diagnostic, 'category'>): boolean {
  return d.category !== 'convention';
}
