import type { FlatFinding } from './flatten.js';

/**
 * A finding's identity across runs: its file, rule, JSON pointer and message, not its line, so that
 * an edit above it does not make it look new to a baseline (SARIF partialFingerprints, GitLab).
 * Identical findings are told apart by their occurrence number, in report order.
 */
export function fingerprints(findings: readonly FlatFinding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const d = f.diagnostic;
    const identity = [f.file, d.ruleId, d.pointer, d.message].join('\0');
    const n = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, n);
    return process.getBuiltinModule('node:crypto').createHash('sha256').update(`${identity}\0${n}`).digest('hex').slice(0, 32);
  });
}
