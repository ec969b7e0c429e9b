import type { Diagnostic } from '../types.js';
import type { ProposedRule } from '../pipeline/library.js';
import { count } from '../text/count.js';

/** A convention rule with this many findings on the first run is proposed off. */
export const offFrom = 10;
/** This many findings left after the proposed settings are proposed as a baseline. */
export const baselineFrom = 10;

export interface Proposal {
  rules: ProposedRule[];
  /** The findings a baseline would accept: what is left after the rule settings. Empty: no baseline proposed. */
  baseline: Diagnostic[];
}


/**
 * What `swaglint init` proposes from a first run's findings (folded causes counted with what they
 * hold): a house convention with many findings is turned off, one that is an error is lowered to a
 * warning (neither makes a document invalid), and when many findings are left a baseline accepts them, so a
 * team adopts swaglint today and fixes them over time. A validity rule is never proposed off: its
 * findings are what makes a document invalid. Rules in id order, so the proposal is the same run to run.
 */
export function propose(findings: readonly Diagnostic[]): Proposal {
  const all = findings.flatMap((d) => (d.folded ? [d, ...d.folded] : [d]));
  const byRule = new Map<string, Diagnostic[]>();
  for (const d of all) {
    if (d.category !== 'convention') continue;
    const list = byRule.get(d.ruleId);
    if (list) list.push(d);
    else byRule.set(d.ruleId, [d]);
  }
  const rules: ProposedRule[] = [];
  for (const [id, list] of [...byRule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const errors = list.filter((d) => d.severity === 'error').length;
    if (list.length >= offFrom) rules.push({ id, level: 'off', why: `${count(list.length)} findings on the first run (a house convention)` });
    else if (errors > 0) rules.push({ id, level: 'warn', why: `${count(errors)} error${errors === 1 ? '' : 's'} on the first run; a house convention, not an invalid document` });
  }
  const off = new Set(rules.filter((r) => r.level === 'off').map((r) => r.id));
  const left = all.filter((d) => !off.has(d.ruleId));
  return { rules, baseline: left.length >= baselineFrom ? left : [] };
}

/** The proposal as the user reads it before answering. */
export function proposalText(proposal: Proposal, baselineName: string): string {
  const lines = ['', 'Proposed configuration (.swaglint.yaml):'];
  for (const r of proposal.rules) lines.push(`  ${r.id}: ${r.level}  # ${r.why}`);
  if (proposal.rules.length === 0) lines.push('  no rule settings: the recommended preset as it is');
  if (proposal.baseline.length > 0) {
    lines.push(`and a baseline, ${baselineName}, accepting the ${count(proposal.baseline.length)} findings left today (lint with --baseline ${baselineName}: only new findings are reported).`);
  }
  return lines.join('\n') + '\n';
}
