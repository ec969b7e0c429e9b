import type { FileReport } from '../format/types.js';

/**
 * The line that ends a run which linted nothing: every file it found was skipped as no API
 * description (`0 API descriptions linted, 3 YAML files skipped.`), so an empty report and exit 0
 * are not mistaken for a clean API. A single file's own skip notice already says as much.
 */
export function skipSummary(reports: readonly FileReport[]): string | undefined {
  const skipped = reports.filter((r) => r.skipped !== undefined);
  if (skipped.length < 2 || skipped.length < reports.length) return undefined;
  const counts = new Map<string, number>();
  for (const r of skipped) {
    const kind = /\.ya?ml$/i.test(r.uri) ? 'YAML' : /\.json$/i.test(r.uri) ? 'JSON' : 'other';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const parts = ['YAML', 'JSON', 'other'].filter((k) => counts.has(k)).map((k) => {
    const n = counts.get(k)!;
    return `${n} ${k} file${n === 1 ? '' : 's'}`;
  });
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]!;
  return `swaglint: 0 API descriptions linted, ${list} skipped.\n`;
}
