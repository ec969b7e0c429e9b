import type { FileReport } from '../format/types.js';
import { printable } from '../format/printable.js';
import { count } from '../text/count.js';

/** Up to this many skipped files are named one line each; past it one line counts them (`--verbose` names them all). */
export const skipListLimit = 3;


/**
 * The line that ends a run which linted nothing: every file it found was skipped as no API
 * description (`0 API descriptions linted, 3 YAML files skipped.`), so an empty report and exit 0
 * are not mistaken for a clean API. A single file's own skip notice already says as much.
 * `listed`: whether each skipped file got its own line.
 */
export function skipSummary(reports: readonly FileReport[], listed = true): string | undefined {
  const skipped = reports.filter((r) => r.skipped !== undefined);
  if (skipped.length < 2 || skipped.length < reports.length) return undefined;
  const counts = new Map<string, number>();
  for (const r of skipped) {
    const kind = /\.ya?ml$/i.test(r.uri) ? 'YAML' : /\.json$/i.test(r.uri) ? 'JSON' : 'other';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const parts = ['YAML', 'JSON', 'other'].filter((k) => counts.has(k)).map((k) => {
    const n = counts.get(k)!;
    return `${count(n)} ${k} file${n === 1 ? '' : 's'}`;
  });
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]!;
  return `swaglint: 0 API descriptions linted, ${list} skipped${listed ? '' : '; --verbose lists them'}.\n`;
}

/**
 * What stderr says of the skipped files: each on its line when there are few or `--verbose` asks;
 * else one line that counts them, and how many are fragments, files a linted document `$ref`s (a
 * multi-file API of thousands of them wrote one line each, burying the report's end). `shown`
 * writes a file's name as the report does.
 */
export function skipNotice(reports: readonly FileReport[], verbose: boolean, shown: (uri: string) => string): string {
  const skipped = reports.filter((r) => r.skipped !== undefined);
  const listed = verbose || skipped.length <= skipListLimit;
  let out = listed ? skipped.map((r) => `swaglint: skipped ${shown(r.uri)}: ${printable(r.skipped!)}\n`).join('') : '';
  const nothingLinted = skipSummary(reports, listed);
  if (nothingLinted) return out + nothingLinted;
  if (listed) return out;
  // every file a linted document read is among its texts: a skipped file there is one of its fragments
  const read = new Set(reports.filter((r) => r.skipped === undefined).flatMap((r) => [...(r.texts?.keys() ?? [])]));
  const fragments = skipped.filter((r) => read.has(r.uri)).length;
  const which = fragments === skipped.length ? 'fragments the linted documents $ref' : fragments > 0 ? `${count(fragments)} of them fragments the linted documents $ref` : '';
  out += `swaglint: skipped ${count(skipped.length)} files that are not API descriptions${which ? ` (${which})` : ''}; --verbose lists them.\n`;
  return out;
}
