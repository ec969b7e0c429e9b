// The service tokens: listed, created (never with a role the creator lacks), read and revoked; the
// token's hash never leaves the store.
import type { Role } from '../auth/claims.js';
import { roles } from '../auth/claims.js';
import { createServiceToken, TokenNameTaken } from '../auth/service-tokens.js';
import { isRecord, readJson } from '../http/body.js';
import { HttpError, badRequest, forbidden, notFound, sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import type { TokenRecord } from '../store.js';
import { pageOf, pageRequest } from '../http/pagination.js';
import { apiIdPattern, demand, type RequestContext } from './context.js';

function publicToken(record: TokenRecord): Omit<TokenRecord, 'hash'> {
  const { hash: _hash, ...rest } = record;
  return rest;
}

export function tokenRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/tokens',
      kind: 'api',
      async handle(context) {
        demand(context, 'manage-tokens');
        const page = pageRequest(context.url);
        const rows = await context.services.store.tokens({ afterId: page.after, limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (t) => t.id, publicToken));
      },
    },
    {
      method: 'POST',
      path: '/tokens',
      kind: 'api',
      async handle(context) {
        const principal = demand(context, 'manage-tokens');
        const body = await readJson(context.request, 64 * 1024);
        const name = isRecord(body) ? body['name'] : undefined;
        const wanted = isRecord(body) ? body['roles'] : undefined;
        const days = isRecord(body) ? body['expires_in_days'] : undefined;
        if (typeof name !== 'string' || !apiIdPattern.test(name)) throw badRequest('invalid-token', 'name should be 1 to 100 lower-case letters, digits, dots, dashes or underscores.');
        if (!Array.isArray(wanted) || wanted.length === 0 || !wanted.every((r): r is Role => (roles as readonly unknown[]).includes(r))) {
          throw badRequest('invalid-token', `roles should be a non-empty list of ${roles.join(', ')}.`);
        }
        const maxDays = context.services.tokenLifetimeSeconds / 86400;
        if (days !== undefined && (typeof days !== 'number' || !(days > 0) || days > maxDays)) throw badRequest('invalid-token', `expires_in_days should be a number above 0 and at most ${maxDays} (--token-lifetime).`);
        // nobody hands out a role they do not hold themselves
        const missing = wanted.find((r) => !principal.isInRole(r));
        if (missing) throw forbidden(`'${principal.name}' cannot create a token with the role '${missing}', which it does not hold`);
        const lifetime = days === undefined ? context.services.tokenLifetimeSeconds : Math.round((days as number) * 86400);
        let created;
        try {
          // the token acts for its creator: path authorization gives it no more than the creator has
          created = await createServiceToken(context.services.store, { name, roles: wanted, createdBy: principal.name, delegatedFrom: principal.delegation, lifetimeSeconds: lifetime });
        } catch (error) {
          if (error instanceof TokenNameTaken) throw new HttpError(409, 'token-name-taken', `${error.message[0]!.toUpperCase()}${error.message.slice(1)}.`);
          throw error;
        }
        const { record, token } = created;
        await context.services.store.audit(principal.name, 'create-token', `/tokens/${record.id}`);
        sendJson(context.response, 201, { ...publicToken(record), token }, { location: `/tokens/${record.id}` });
      },
    },
    {
      method: 'GET',
      path: '/tokens/{token_id}',
      kind: 'api',
      async handle(context, params) {
        demand(context, 'manage-tokens');
        const record = await context.services.store.token(params['token_id']!);
        if (!record) throw notFound(`The token '${params['token_id']!.slice(0, 40)}'`);
        sendJson(context.response, 200, publicToken(record));
      },
    },
    {
      method: 'DELETE',
      path: '/tokens/{token_id}',
      kind: 'api',
      async handle(context, params) {
        const principal = demand(context, 'manage-tokens');
        if (!(await context.services.store.revokeToken(params['token_id']!))) throw notFound(`The token '${params['token_id']!.slice(0, 40)}'`);
        await context.services.store.audit(principal.name, 'revoke-token', `/tokens/${params['token_id']!}`);
        context.response.writeHead(204, { 'cache-control': 'no-store' }).end();
      },
    },
  ];
}
