// The APIs: the list, one API (its ruleset, its deletion) and the rules in force for it.
import { isRecord, readJson } from '../http/body.js';
import { badRequest, notFound, sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { pageOf, pageRequest } from '../http/pagination.js';
import { apiAccess, demand, existingApi, rulesOf, visibleApis, type RequestContext } from './context.js';

export function apiRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/apis',
      kind: 'api',
      async handle(context) {
        const principal = demand(context, 'read');
        const page = pageRequest(context.url);
        const rows = await context.services.store.apis({ after: page.after, limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (a) => a.id, (a) => visibleApis(context, principal, [a])[0]));
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}',
      kind: 'api',
      async handle(context, params) {
        const { id, principal } = apiAccess(context, params, 'read', '', 'r');
        sendJson(context.response, 200, visibleApis(context, principal, [await existingApi(context, id)])[0]);
      },
    },
    {
      method: 'PUT',
      path: '/apis/{api_id}',
      kind: 'api',
      async handle(context, params) {
        const { id, principal } = apiAccess(context, params, 'change-ruleset', '', 'rw');
        const body = await readJson(context.request, 64 * 1024);
        const rulesetId = isRecord(body) ? body['ruleset_id'] : undefined;
        if (typeof rulesetId !== 'string') throw badRequest('invalid-api', 'The body should be { "ruleset_id": "<ruleset>" }.');
        if (!(await context.services.store.ruleset(rulesetId))) throw badRequest('unknown-ruleset', `There is no ruleset '${rulesetId.slice(0, 100)}'; PUT /rulesets/${encodeURIComponent(rulesetId.slice(0, 100))} first.`);
        const before = await context.services.store.api(id);
        const { created } = await context.services.store.putApi(id, rulesetId);
        await context.services.store.audit(principal.name, 'put-api', `/apis/${id}`);
        // the API is re-linted in the background; the change is made whatever that finds
        if (before && before.ruleset_id !== rulesetId) await context.services.relint.apiChanged(id).catch(() => undefined);
        sendJson(context.response, created ? 201 : 200, await existingApi(context, id), created ? { location: `/apis/${id}` } : {});
      },
    },
    {
      method: 'DELETE',
      path: '/apis/{api_id}',
      kind: 'api',
      async handle(context, params) {
        // the API's owners: those who may publish it
        const { id, principal } = apiAccess(context, params, 'publish', '', 'rw');
        if (!(await context.services.store.deleteApi(id, principal.name))) throw notFound(`The API '${id}'`);
        context.response.writeHead(204, { 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/rules',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '', 'r');
        sendJson(context.response, 200, await rulesOf(context, id));
      },
    },
  ];
}
