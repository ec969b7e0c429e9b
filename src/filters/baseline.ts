import { subtractBaseline, type Baseline } from '../config/baseline.js';
import type { Diagnostic } from '../types.js';

/** Drops the findings the baseline accounts for, as many of each as it counts (src/config/baseline.ts). */
export function baselineFilter(baseline: Baseline): (findings: Diagnostic[]) => Diagnostic[] {
  return (findings) => subtractBaseline(baseline.file, baseline.entries, findings);
}
