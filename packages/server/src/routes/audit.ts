// The audit log, oldest first: who put an API or a ruleset, created or revoked a token, deleted an API
// or a revision.
import { sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { numberAfter, pageOf, pageRequest } from '../http/pagination.js';
import { demand, type RequestContext } from './context.js';

export function auditRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/audit',
      kind: 'api',
      async handle(context) {
        demand(context, 'audit');
        const page = pageRequest(context.url);
        const rows = await context.services.store.auditLog({ afterSeq: numberAfter(page, Number.MAX_SAFE_INTEGER), limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (a) => String(a.seq), (a) => a));
      },
    },
  ];
}
