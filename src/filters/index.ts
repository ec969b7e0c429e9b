import type { Diagnostic, Severity } from '../types.js';
import type { LoadedDocument } from '../load/refs.js';
import type { Baseline } from '../config/baseline.js';
import type { FilterOutcome } from '../lint/rule.js';
import type { Filter } from './filter.js';
import { applyIgnores } from './ignores.js';
import { baselineFilter } from './baseline.js';
import { severityFloor } from './severity-floor.js';

export type { Filter } from './filter.js';
export { carryIgnoreScan } from './ignores.js';

/** The filter settings that are not the rules' own: plain data, like every lint setting. */
export interface FilterSettings {
  /** Report only findings this baseline does not account for. */
  baseline?: Baseline;
  /** Report only findings at this severity or above (`--quiet`: `error`). */
  minSeverity?: Severity;
}

/**
 * The filter stage, the one place findings are dropped between the rules and the formatters:
 * 1. path scopes — per-path settings drop or cap findings by their API path (`scope`);
 * 2. inline ignores — comments and `x-swaglint-ignore`, which must see only what (1) kept;
 * then the rules' post-filter hooks (`afterIgnores`: `unused-ignore`), whose findings (1) applies to;
 * 3. the baseline and 4. the severity floor (`settingsFilters`), over everything kept.
 */
export function filterFindings(
  found: Diagnostic[],
  document: LoadedDocument,
  scope: Filter,
  afterIgnores: (outcome: FilterOutcome) => Diagnostic[],
  settings: FilterSettings,
): Diagnostic[] {
  const { kept, unused } = applyIgnores(scope(found, document), document.sources.values());
  const reported = scope(afterIgnores({ unusedIgnores: unused }), document);
  return applySettingsFilters(reported.length ? kept.concat(reported) : kept, settings);
}

/**
 * The stages that need only the findings, not the document: the baseline, then the severity floor.
 * The CLI runs them on its results once more after `--baseline-write` has recorded the findings
 * these stages would have dropped.
 */
export function applySettingsFilters(findings: Diagnostic[], settings: FilterSettings): Diagnostic[] {
  let kept = findings;
  if (settings.baseline) kept = baselineFilter(settings.baseline)(kept);
  if (settings.minSeverity) kept = severityFloor(settings.minSeverity)(kept);
  return kept;
}
