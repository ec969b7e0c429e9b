// The one definition of which findings are the engine's own and what may be done with them: the
// ignore filter, the baseline and the language server's quick fixes all ask here, so they cannot
// disagree (they did: the server once offered to ignore unused-ignore, which only added another).

/**
 * Findings about the file itself or about swaglint, not a rule's judgement of the document, with what
 * each says (SARIF's rule entries). `report-limit` is one: an ignore or a baseline must not hide that
 * findings went uncounted.
 */
export const engineFindings = {
  'parse-error': 'The file parses as YAML or JSON.',
  'not-swagger': 'The file is a Swagger 2.0 document (reported under --strict).',
  'internal-error': 'A rule failed on this document; the run went on without it.',
  'config-error': 'The configuration that applies to the document is valid.',
  'report-limit': "The document's findings exceeded the report's size limit; the rest were counted, not shown.",
} as const;

/** The rule that reports ignores that hid nothing (rules/unused-ignore.ts). */
export const unusedIgnoreId = 'unused-ignore';

const engineIds: ReadonlySet<string> = new Set(Object.keys(engineFindings));

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
