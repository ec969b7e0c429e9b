// The rulesets: a preset, per-rule severities and the team's own declarative rules, read and written by id.
import { ownRules, ruleCatalogue, StoredRuleError } from '../linter.js';
import { isRecord, readJson } from '../http/body.js';
import { badRequest, sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import type { RuleEntryValue, Ruleset } from '../store.js';
import { apiIdPattern, demand, existingRuleset, type RequestContext } from './context.js';

const ruleLevels = ['off', 'hint', 'info', 'warn', 'error'];

/** What a stored ruleset may not carry: each would load code or files, or reach the network. */
const refusedKeys: Record<string, string> = {
  extends: "a stored ruleset extends nothing (a file or URL could bring code or reach the network); write its rules here, or pick a preset",
  functions: 'a stored ruleset runs no JavaScript: use the core functions (truthy, falsy, defined, undefined, pattern, casing, enumeration, length, alphabetical, schema, xor, or, typedEnum)',
  functionsDir: 'a stored ruleset runs no JavaScript: use the core functions',
  aliases: "a stored ruleset has no aliases: write each rule's given in full",
  overrides: 'a stored ruleset has no overrides: give the API another ruleset instead',
  parserOptions: 'a stored ruleset has no parserOptions',
};

async function parseRuleset(id: string, body: unknown): Promise<{ preset: Ruleset['preset']; rules: Record<string, RuleEntryValue> }> {
  if (!isRecord(body)) throw badRequest('invalid-ruleset', 'The body should be { "preset": "recommended" | "all", "rules": { "<rule-id>": "<severity>", "<your-rule>": { "given": ..., "then": ... } } }.');
  for (const key of Object.keys(refusedKeys)) if (key in body) throw badRequest('invalid-ruleset', `'${key}': ${refusedKeys[key]}.`);
  const preset = body['preset'];
  if (preset !== 'recommended' && preset !== 'all') throw badRequest('invalid-ruleset', "preset should be 'recommended' or 'all'.");
  const rules = body['rules'] ?? {};
  if (!isRecord(rules)) throw badRequest('invalid-ruleset', 'rules should map rule ids to severities, or names of your own rules to their definitions (given, then).');
  const known = ruleCatalogue();
  for (const [ruleId, level] of Object.entries(rules)) {
    if (isRecord(level)) {
      // a rule of the ruleset's own: checked below
      if (!('given' in level) && !('then' in level)) throw badRequest('invalid-rule', `rules['${ruleId.slice(0, 100)}']: a rule of your own has given and then; a built-in rule's entry is a severity.`);
      continue;
    }
    if (!known.has(ruleId)) throw badRequest('invalid-ruleset', `'${ruleId.slice(0, 100)}' is not a rule; GET the service's description or run swaglint rules for the list, or define it here with given and then.`);
    if (typeof level !== 'string' || !ruleLevels.includes(level)) throw badRequest('invalid-ruleset', `The severity of '${ruleId}' should be one of ${ruleLevels.join(', ')}.`);
  }
  try {
    await ownRules(id, rules as Record<string, RuleEntryValue>);
  } catch (error) {
    if (!(error instanceof StoredRuleError)) throw error;
    const where = `rules['${error.rule.slice(0, 100)}']${error.field ? `.${error.field}` : ''}`;
    throw badRequest('invalid-rule', `${where}: ${error.message}`);
  }
  return { preset, rules: rules as Record<string, RuleEntryValue> };
}

export function rulesetRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/rulesets/{ruleset_id}',
      kind: 'api',
      async handle(context, params) {
        demand(context, 'read');
        sendJson(context.response, 200, await existingRuleset(context, params['ruleset_id']!));
      },
    },
    {
      method: 'PUT',
      path: '/rulesets/{ruleset_id}',
      kind: 'api',
      async handle(context, params) {
        const principal = demand(context, 'change-ruleset');
        const id = params['ruleset_id']!;
        if (!apiIdPattern.test(id)) throw badRequest('invalid-ruleset-id', 'A ruleset_id is 1 to 100 lower-case letters, digits, dots, dashes or underscores.');
        const { preset, rules } = await parseRuleset(id, await readJson(context.request, 256 * 1024));
        const { ruleset, created } = await context.services.store.putRuleset(id, preset, rules, principal.name);
        await context.services.store.audit(principal.name, 'put-ruleset', `/rulesets/${id}`);
        // the APIs it applies to are re-linted in the background; the change is made whatever that finds
        await context.services.relint.rulesetChanged(id).catch(() => undefined);
        sendJson(context.response, created ? 201 : 200, ruleset, created ? { location: `/rulesets/${id}` } : {});
      },
    },
  ];
}
