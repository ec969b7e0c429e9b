// What the edges ask about findings and runs: the filter stages a `--baseline-write` runs itself
// (docs/architecture.md), which findings are the engine's own (no "ignore" offered), and whether an
// error is a run's abort. Passed through from the filters and the engine, so the edges import the
// pipeline only.
export { applySettingsFilters, type FilterSettings } from '../filters/index.js';
export { isIgnorable } from '../lint/finding-ids.js';
export { isAbortError } from '../lint/abort.js';
export { foldFindings } from '../filters/fold.js';
