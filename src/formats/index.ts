import { claimRank, type ApiFormat, type Claim } from '../lint/format.js';
import { runsOn, type RuleMeta } from '../lint/rule.js';
import { swagger2 } from './swagger2.js';
import { openapi3 } from './openapi3.js';

// The API formats swaglint lints. A new format joins with one entry here (docs/architecture.md,
// "Adding an API format"); the pipeline, the CLI, the library, the language server and the lint
// service learn it from this list.
export const formats: readonly ApiFormat[] = [swagger2, openapi3];

/** The format that claims a parsed document most strongly (the first listed on a tie), and how. */
export function detectFormat(value: Record<string, unknown>, among: readonly ApiFormat[] = formats): { format: ApiFormat; claim: Claim } | undefined {
  let best: { format: ApiFormat; claim: Claim } | undefined;
  for (const format of among) {
    const claim = format.detect(value);
    if (claim && (!best || claimRank[claim] > claimRank[best.claim])) best = { format, claim };
  }
  return best;
}

/** The ids of the listed formats a rule runs on (`meta.formats`, `'all'` spelt out): what `swaglint rules` and the rule pages show. */
export function formatsOf(rule: { meta: Pick<RuleMeta<unknown>, 'formats'> }, among: readonly ApiFormat[] = formats): string[] {
  return among.filter((f) => runsOn(rule, f.id)).map((f) => f.id);
}

/** The URI a parsed file names itself by, as the first listed format that reads one finds it (OpenAPI 3.2's `$self`): for loading without a detected format. */
export function selfUriOf(value: unknown, among: readonly ApiFormat[] = formats): string | undefined {
  for (const format of among) {
    const self = format.selfUri?.(value);
    if (self !== undefined) return self;
  }
  return undefined;
}
