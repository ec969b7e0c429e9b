import type { FileReport } from './types.js';

/** The text of `uri` as it was linted, from whichever report carries it (a `$ref`'d file is in its document's). */
export function textOf(reports: readonly FileReport[], uri: string): string | undefined {
  for (const r of reports) {
    const t = r.texts?.get(uri);
    if (t !== undefined) return t;
  }
  return undefined;
}
