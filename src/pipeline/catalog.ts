// The rule catalogue: which built-in rules exist and which run on each API format. Formats are data
// (src/formats/) and know no rule; rules know the formats' kinds. The two meet here, above both, so
// neither imports the other (test/import-cycles.test.ts).
import type { ApiFormat } from '../lint/format.js';
import { runsOn, type AnyRule } from '../lint/rule.js';

export { categoryOf, type AnyRule } from '../lint/rule.js';
import { formats } from '../formats/index.js';
import { builtinRules } from '../../rules/index.js';

export { builtinRules };
export { formatsOf } from '../formats/index.js';

const byFormat = new WeakMap<ApiFormat, readonly AnyRule[]>();

/** The built-in rules written for one format (`meta.formats`), made once per format. */
export function rulesFor(format: ApiFormat): readonly AnyRule[] {
  let rules = byFormat.get(format);
  if (!rules) byFormat.set(format, (rules = builtinRules.filter((rule) => runsOn(rule, format.id))));
  return rules;
}

/** Every built-in rule of the listed formats, once each, in catalogue order: what a configuration may name. */
export function rulesOf(among: readonly ApiFormat[]): readonly AnyRule[] {
  if (among === formats) return builtinRules; // the common case: no list made per document
  const wanted = new Set(among.flatMap((format) => rulesFor(format)));
  return builtinRules.filter((rule) => wanted.has(rule));
}
