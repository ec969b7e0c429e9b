import { severityRank, type Severity } from '../types.js';

export const failLevels = ['error', 'warn', 'info', 'hint', 'never'] as const;
export type FailLevel = (typeof failLevels)[number];

/** `--fail-on`: whether a finding of this severity makes the exit code 1. */
export function failsAt(level: FailLevel): (severity: Severity) => boolean {
  return (severity) => level !== 'never' && severityRank[severity] >= severityRank[level];
}
