import type { RuleLevel } from '../types.js';
import type { AnyRule } from './rule.js';

export type PresetName = 'recommended' | 'all';

/** `recommended` takes each rule's own severity; `all` turns on the opt-in rules too. */
export function preset(name: PresetName, rules: readonly AnyRule[]): Record<string, RuleLevel> {
  const out: Record<string, RuleLevel> = {};
  for (const { meta } of rules) {
    out[meta.id] = name === 'recommended' ? meta.severity : meta.severity === 'off' ? (meta.allSeverity ?? 'warn') : meta.severity;
  }
  return out;
}
