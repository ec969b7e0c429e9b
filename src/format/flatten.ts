import type { Diagnostic } from '../types.js';
import type { FileReport } from './types.js';
import { relative } from './relative.js';

/** One finding with its file shown relative to the working directory and 1-based positions. */
export interface FlatFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  diagnostic: Diagnostic;
}

/**
 * Flattens reports in a stable order: by report, then by the order the engine sorted the findings.
 * A finding inside a `$ref`'d file names that file, not the document that pulled it in.
 */
export function flatten(reports: readonly FileReport[], cwd: string): FlatFinding[] {
  const out: FlatFinding[] = [];
  // one path computation per file, not per finding (a document may have thousands)
  const files = new Map<string, string>();
  const fileOf = (uri: string): string => {
    let file = files.get(uri);
    if (file === undefined) files.set(uri, (file = relative(cwd, uri)));
    return file;
  };
  for (const report of reports) {
    for (const d of report.diagnostics) {
      out.push({
        file: fileOf(d.uri),
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        endLine: d.range.end.line + 1,
        endColumn: d.range.end.character + 1,
        diagnostic: d,
      });
    }
  }
  return out;
}
