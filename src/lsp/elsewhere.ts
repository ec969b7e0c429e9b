// Findings in the files a document `$ref`s, shown in the document: an editor publishes the open file's
// diagnostics, so a fault in a fragment it reaches (a `$ref` cycle between two other files, a schema
// error there) would leave the document looking clean. Each such file becomes one diagnostic at the
// document's `$ref` that leads to it, naming its first finding and how many more it has.
import path from 'node:path';
import { severityRank, type Diagnostic, type Range } from '../types.js';

export function findingsElsewhere(file: string, diagnostics: readonly Diagnostic[], entries: ReadonlyMap<string, Range> | undefined): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (d.uri === file || !entries?.has(d.uri)) continue;
    let list = byFile.get(d.uri);
    if (!list) byFile.set(d.uri, (list = []));
    list.push(d);
  }
  const out: Diagnostic[] = [];
  for (const [uri, list] of byFile) {
    // the most severe first, then in the file's order (the list comes sorted by position)
    const first = list.reduce((best, d) => (severityRank[d.severity] > severityRank[best.severity] ? d : best));
    const where = /^https?:\/\//i.test(uri) ? uri : path.relative(path.dirname(file), uri).split(path.sep).join('/');
    const line = `${where}:${first.range.start.line + 1}:${first.range.start.character + 1}`;
    const more = list.length > 1 ? ` (and ${list.length - 1} more finding${list.length > 2 ? 's' : ''} in that file: swaglint lint lists them)` : '';
    // no fix, suggestion or related places: theirs are ranges in the other file's text
    const shown: Diagnostic = { ruleId: first.ruleId, severity: first.severity, ...(first.category ? { category: first.category } : {}), message: `In ${line}, reached through this $ref: ${first.message}${more}`, uri: file, pointer: '', range: entries!.get(uri)! };
    elsewhere.add(shown);
    out.push(shown);
  }
  return out;
}

const elsewhere = new WeakSet<Diagnostic>();

/** Whether a published diagnostic stands for findings in another file: an ignore comment here would not silence them. */
export function isFromElsewhere(diagnostic: Diagnostic): boolean {
  return elsewhere.has(diagnostic);
}
