import { severityRank, type Diagnostic, type Severity } from '../types.js';

/** Keeps findings at `min` or above (`--quiet` is a floor of `error`). */
export function severityFloor(min: Severity): (findings: Diagnostic[]) => Diagnostic[] {
  const floor = severityRank[min];
  return (findings) => findings.filter((d) => severityRank[d.severity] >= floor);
}
