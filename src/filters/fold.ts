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
  // each cause's places by file and pointer, in the findings' order: a finding looks up its own
  // pointer and then each ancestor's, so thousands of findings and places cost a few lookups each
  const places = new Map<string, Array<[Diagnostic, Consequence]>>();
  for (const d of findings) {
    for (const c of d.consequences ?? []) {
      const k = `${c.uri}\0${c.pointer}`;
      const list = places.get(k);
      if (list) list.push([d, c]);
      else places.set(k, [[d, c]]);
    }
  }
  if (places.size === 0) return [...findings];
  const folded = new Map<Diagnostic, Diagnostic[]>();
  const kept: Diagnostic[] = [];
  for (const d of findings) {
    const cause = d.consequences?.length || isEngineFinding(d.ruleId) ? undefined : causeOf(d, places);
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

/** The cause of the most specific place at or above the finding's pointer that takes its rule. */
function causeOf(d: Diagnostic, places: ReadonlyMap<string, ReadonlyArray<[Diagnostic, Consequence]>>): Diagnostic | undefined {
  let pointer = d.pointer;
  for (;;) {
    for (const [cause, c] of places.get(`${d.uri}\0${pointer}`) ?? []) if (takes(c, d.ruleId)) return cause;
    if (pointer === '') return undefined;
    pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  }
}

function takes(c: Consequence, ruleId: string): boolean {
  return (!c.rules || c.rules.includes(ruleId)) && !c.exceptRules?.includes(ruleId);
}
