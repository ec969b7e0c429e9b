import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './paths.js';

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
 * The rules whose errors decide whether a document is valid Swagger 2.0: section 1 of CONVENTIONS.md
 * except `info-description`, which the interface spec asks for but Swagger 2.0 does not.
 * Sections 2–6 (Markdown and interface conventions) judge style, not validity.
 */
const conventionRules = new Set([
  'info-description', 'description-markdown', 'description-nonempty',
  'path-no-verbs', 'path-collection-plural', 'path-member-id', 'path-subcollection-nesting', 'path-no-multi-id', 'path-param-names-consistent',
  'delete-member-only', 'get-no-body', 'put-member-only', 'post-collection-only', 'path-trailing-slash', 'path-case',
  'request-body-schema', 'create-response-schema', 'response-success', 'api-version-param', 'api-version-consistent',
  'security-defined', 'credentials-over-https', 'apikey-not-in-query', 'auth-header-name',
]);

export function decidesValidity(ruleId: string): boolean {
  return !conventionRules.has(ruleId);
}
