import type { TextDocument } from 'vscode-languageserver-textdocument';
import { hasVersionFieldAtTop } from '../pipeline/formats.js';

const languages = new Set(['yaml', 'json', 'jsonc']);

/**
 * Whether a document is worth linting: YAML or JSON (by language or by name) with a format's version
 * field (`swagger`, `openapi`) at the top (column 0 in YAML, anywhere in JSON; the linter decides the rest).
 * Everything else, a Kubernetes manifest say, gets an empty list, not a page of "not an API" errors.
 */
export function isApiCandidate(doc: TextDocument): boolean {
  const byName = /\.(ya?ml|json)$/i.test(doc.uri);
  if (!languages.has(doc.languageId) && !byName) return false;
  return hasVersionFieldAtTop(doc.getText());
}

export function isYaml(doc: TextDocument): boolean {
  return doc.languageId === 'yaml' || /\.ya?ml$/i.test(doc.uri);
}
