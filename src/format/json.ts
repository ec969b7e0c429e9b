import type { FileReport, Formatter } from './types.js';
import { flatten, type FlatFinding } from './flatten.js';

/**
 * The stable machine format: one JSON array, one element per finding, exactly these keys in this
 * order. Scripts parse it, so a key is never renamed or removed (docs/output-formats.md, "The JSON output (stable)").
 */
export const json: Formatter = (reports, context) => {
  const rows = flatten(reports, context.cwd).map((f) => ({
    ...row(f),
    // a root cause's findings, folded into it (absent with --no-fold, which lists each at the top)
    ...(f.diagnostic.folded?.length ? { folded: flatten([{ uri: f.diagnostic.uri, diagnostics: f.diagnostic.folded } satisfies FileReport], context.cwd).map(row) } : {}),
  }));
  return JSON.stringify(rows, null, 2) + '\n';
};

function row(f: FlatFinding) {
  return {
    file: f.file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    severity: f.diagnostic.severity,
    ruleId: f.diagnostic.ruleId,
    message: f.diagnostic.message,
    pointer: f.diagnostic.pointer,
    // added after the first nine, as the stability promise allows: absent for engine findings that
    // judge swaglint or its configuration (internal-error, config-error)
    ...(f.diagnostic.category ? { category: f.diagnostic.category } : {}),
  };
}
