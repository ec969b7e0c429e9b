// The one definition of which findings are the engine's own and what may be done with them: the
// ignore filter, the baseline and the language server's quick fixes all ask here, so they cannot
// disagree (they did: the server once offered to ignore unused-ignore, which only added another).

/** Findings about the file itself or about swaglint, not a rule's judgement of the document. */
export const engineFindingIds = ['parse-error', 'not-swagger', 'internal-error', 'config-error'] as const;
export type EngineFindingId = (typeof engineFindingIds)[number];

/** The rule that reports ignores that hid nothing (rules/unused-ignore.ts). */
export const unusedIgnoreId = 'unused-ignore';

const engineIds: ReadonlySet<string> = new Set(engineFindingIds);

/** An engine finding: no ignore hides it and no baseline accepts it (the file must be looked at). */
export function isEngineFinding(ruleId: string): boolean {
  return engineIds.has(ruleId);
}

/**
 * Whether an ignore can hide this finding. Not an engine finding, and not `unused-ignore`: an ignore
 * of it would hide nothing that it reports (it is reported after the ignores have been applied), so
 * it would itself be unused.
 */
export function isIgnorable(ruleId: string): boolean {
  return !engineIds.has(ruleId) && ruleId !== unusedIgnoreId;
}
