// The rulesets: a preset and per-rule severities, read and written by id.
import { ruleCatalogue } from '../linter.js';
import { isRecord, readJson } from '../http/body.js';
import { badRequest, sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import type { Ruleset } from '../store.js';
import { apiIdPattern, demand, existingRuleset, type RequestContext } from './context.js';

const ruleLevels = ['off', 'hint', 'info', 'warn', 'error'];

function parseRuleset(body: unknown): { preset: Ruleset['preset']; rules: Record<string, string> } {
  if (!isRecord(body)) throw badRequest('invalid-ruleset', 'The body should be { "preset": "recommended" | "all", "rules": { "<rule-id>": "<severity>" } }.');
  const preset = body['preset'];
  if (preset !== 'recommended' && preset !== 'all') throw badRequest('invalid-ruleset', "preset should be 'recommended' or 'all'.");
  const rules = body['rules'] ?? {};
  if (!isRecord(rules)) throw badRequest('invalid-ruleset', 'rules should map rule ids to severities.');
  const known = ruleCatalogue();
  for (const [id, level] of Object.entries(rules)) {
    if (!known.has(id)) throw badRequest('invalid-ruleset', `'${id.slice(0, 100)}' is not a rule; GET the service's description or run swaglint rules for the list.`);
    if (typeof level !== 'string' || !ruleLevels.includes(level)) throw badRequest('invalid-ruleset', `The severity of '${id}' should be one of ${ruleLevels.join(', ')}.`);
  }
  return { preset, rules: rules as Record<string, string> };
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
        const { preset, rules } = parseRuleset(await readJson(context.request, 256 * 1024));
        const { ruleset, created } = await context.services.store.putRuleset(id, preset, rules, principal.name);
        await context.services.store.audit(principal.name, 'put-ruleset', `/rulesets/${id}`);
        // the APIs it applies to are re-linted in the background; the change is made whatever that finds
        await context.services.relint.rulesetChanged(id).catch(() => undefined);
        sendJson(context.response, created ? 201 : 200, ruleset, created ? { location: `/rulesets/${id}` } : {});
      },
    },
  ];
}
