import type { Consequence, Diagnostic } from '../types.js';
import { isEngineFinding } from '../lint/finding-ids.js';

/**
 * The fold stage, after the filters: a finding that names its consequences (`Diagnostic.consequences`)
 * takes the findings at or under those places into its `folded` list, so one root cause is one
 * finding ("and 2,502 more caused by this") instead of thousands that never name it. Nothing is
 * dropped: the folded findings travel with their cause, and a run without this stage (`--no-fold`)
 * lists them all.
 *
 * Deterministic whatever the order causes were found in: a finding goes to the cause whose place is
 * the most specific (the longest pointer), the first in the given (sorted) order on a tie. A cause is
 * never folded itself (no chains, no cycles), and neither is an engine finding (a file that does not
 * parse is never "caused" by a rule's finding).
 */
export function foldFindings(findings: readonly Diagnostic[]): Diagnostic[] {
  const causes = findings.filter((d) => d.consequences?.length);
  if (causes.length === 0) return [...findings];
  const folded = new Map<Diagnostic, Diagnostic[]>();
  const kept: Diagnostic[] = [];
  for (const d of findings) {
    const cause = d.consequences?.length || isEngineFinding(d.ruleId) ? undefined : causeOf(d, causes);
    if (!cause) {
      kept.push(d);
      continue;
    }
    let list = folded.get(cause);
    if (!list) folded.set(cause, (list = []));
    list.push(d);
  }
  return kept.map((d) => {
    const list = folded.get(d);
    return list ? { ...d, folded: [...(d.folded ?? []), ...list] } : d;
  });
}

function causeOf(d: Diagnostic, causes: readonly Diagnostic[]): Diagnostic | undefined {
  let best: Diagnostic | undefined;
  let depth = -1;
  for (const cause of causes) {
    for (const c of cause.consequences!) {
      if (c.pointer.length > depth && covers(c, d)) {
        best = cause;
        depth = c.pointer.length;
      }
    }
  }
  return best;
}

function covers(c: Consequence, d: Diagnostic): boolean {
  if (c.uri !== d.uri) return false;
  if (d.pointer !== c.pointer && !d.pointer.startsWith(c.pointer === '' ? '/' : `${c.pointer}/`)) return false;
  if (c.rules && !c.rules.includes(d.ruleId)) return false;
  return !c.exceptRules?.includes(d.ruleId);
}
