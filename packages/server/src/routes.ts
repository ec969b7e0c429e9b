import type { IncomingMessage, ServerResponse } from 'node:http';
import { ruleCatalogue, rulesInForce } from './linter.js';
import type { ClaimsPrincipal, Role } from './auth/claims.js';
import { ClaimTypes, roles } from './auth/claims.js';
import { satisfies, type Policy } from './auth/policies.js';
import type { PathAuthorization, Permission } from './auth/path-authorization.js';
import { createServiceToken, TokenNameTaken } from './auth/service-tokens.js';
import { isRecord, readJson } from './http/body.js';
import { HttpError, badRequest, forbidden, notFound, sendJson } from './http/errors.js';
import type { Route } from './http/router.js';
import { parseBundle, type Bundle, type LintLimits, type LintOutcome } from './lint-revision.js';
import { isUniqueViolation, type ApiSummary, type Finding, type Ruleset, type Severity, type Store, type TokenRecord, type WeekStatistics } from './store.js';
import { numberAfter, pageOf, pageRequest } from './http/pagination.js';
import { apiPage, dashboardPage, rulesetPage, signedOutPage, trendLength } from './web/pages.js';
import { rulesPage, type RulesInForce } from './web/rules-page.js';
import { diffPage } from './web/diff-page.js';
import { statisticsPage } from './web/statistics-page.js';
import { diffFindings } from './diff.js';
import { sendPage } from './web/html.js';
import { findingsPerPage, revisionPage } from './web/revision-page.js';
import type { LineTables } from './web/line-tables.js';
import type { ImmutableCache } from './web/immutable-cache.js';
import type { DatabaseHealth } from './db/health.js';
import type { ServiceMetrics } from './metrics.js';
import { BrowserSignIn, cookieValue, localPath, sessionCookie, signInCookie } from './auth/browser-sign-in.js';
import { serviceDescription } from './description.js';
import { fetchDocument, type UrlFetchOptions } from './fetch-document.js';

/** What every handler gets: the request, the authenticated principal (absent on public routes), the service's parts. */
export interface RequestContext {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  principal: ClaimsPrincipal | undefined;
  services: Services;
  /** The matched route's pattern (`/apis/{api_id}`), for metrics; undefined when none matched. */
  route: string | undefined;
  /** Whether a browser asked (a page): errors are answered as pages. */
  browser: boolean;
}

export interface Services {
  /** Where `POST /lint` may fetch a document from. */
  lintUrls: Omit<UrlFetchOptions, 'maxBytes' | 'timeoutMs'>;
  store: Store;
  paths: PathAuthorization;
  lint: (bundle: Bundle, ruleset: Ruleset) => Promise<LintOutcome>;
  limits: LintLimits & { maxBodyBytes: number };
  tokenLifetimeSeconds: number;
  databaseKind: string;
  lineTables: LineTables;
  /** Revision pages as rendered, by API, revision and page number. */
  revisionPages: ImmutableCache<string>;
  metrics: ServiceMetrics;
  health: DatabaseHealth;
  signIn: BrowserSignIn | undefined;
}


const apiIdPattern = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** The service's browser sign-in; a 404 where it has none (no --oidc-issuer). */
function signInOf(context: RequestContext): NonNullable<RequestContext['services']['signIn']> {
  const signIn = context.services.signIn;
  if (!signIn) throw notFound('Browser sign-in (this service has no --oidc-issuer)');
  return signIn;
}

function principalOf(context: RequestContext): ClaimsPrincipal {
  // the dispatcher authenticates every route but the public ones before a handler runs
  return context.principal!;
}

function demand(context: RequestContext, policy: Policy): ClaimsPrincipal {
  const principal = principalOf(context);
  if (!satisfies(principal, policy)) throw forbidden(`'${principal.name}' has no role that the '${policy}' policy accepts`);
  return principal;
}

function demandPath(context: RequestContext, path: string, need: Exclude<Permission, ''>): void {
  const principal = principalOf(context);
  const have = context.services.paths.permission(principal, path);
  if (have === 'rw' || have === need) return;
  throw forbidden(`the path authorization gives '${principal.name}' ${have === '' ? 'no' : 'read-only'} access to ${path}`);
}

/**
 * A request on one API: its id, checked, then the policy, then the path authorization of the API
 * (`''`) or of its revisions, in that order so that a bad id is a 400 before any 403.
 */
function apiAccess(
  context: RequestContext,
  params: Record<string, string>,
  policy: Policy,
  under: '' | '/revisions',
  need: Exclude<Permission, ''>,
): { id: string; principal: ClaimsPrincipal } {
  const id = apiId(params);
  const principal = demand(context, policy);
  demandPath(context, `/apis/${id}${under}`, need);
  return { id, principal };
}

function apiId(params: Record<string, string>): string {
  const id = params['api_id']!;
  if (!apiIdPattern.test(id)) throw badRequest('invalid-api-id', 'An api_id is 1 to 100 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  return id;
}

function revisionNumber(params: Record<string, string>): number {
  const value = params['revision_id']!;
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw notFound(`Revision '${value.slice(0, 40)}'`);
  return Number(value);
}

/** A page's `page` query parameter: 1 when absent. */
function pageNumber(url: URL): number {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  if (!/^[1-9][0-9]{0,6}$/.test(value)) throw badRequest('invalid-page', 'page is a whole number from 1.');
  return Number(value);
}

/**
 * What `principal` may see of these APIs: those it may read, each with its latest revision only where
 * it may read the API's revisions (a `[/apis/x/revisions]` deny hides them from lists and pages too).
 */
function visibleApis(context: RequestContext, principal: ClaimsPrincipal, apis: readonly ApiSummary[]): ApiSummary[] {
  const { paths } = context.services;
  return apis
    .filter((a) => paths.permission(principal, `/apis/${a.id}`) !== '')
    .map((a) => (paths.permission(principal, `/apis/${a.id}/revisions`) !== '' ? a : { ...a, latest: null }));
}

async function existingRuleset(context: RequestContext, id: string): Promise<Ruleset> {
  const ruleset = await context.services.store.ruleset(id);
  if (!ruleset) throw notFound(`The ruleset '${id.slice(0, 100)}'`);
  return ruleset;
}

async function existingApi(context: RequestContext, id: string) {
  const api = await context.services.store.api(id);
  if (!api) throw notFound(`The API '${id}'`);
  return api;
}

async function existingRevision(context: RequestContext, id: string, number: number) {
  const revision = await context.services.store.revision(id, number);
  if (!revision) throw notFound(`Revision ${number} of the API '${id}'`);
  return revision;
}

/** A finding as the REST API gives it: lines and columns 1-based, as the pages and every editor count. */
export function restFinding(f: Finding): Finding {
  return { ...f, start_line: f.start_line + 1, start_character: f.start_character + 1, end_line: f.end_line + 1, end_character: f.end_character + 1 };
}

/** Two revisions of one API (`from` by the query parameter, the one before by default) and what changed between their findings. */
async function revisionDiff(context: RequestContext, params: Record<string, string>) {
  const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
  const number = revisionNumber(params);
  const fromParam = context.url.searchParams.get('from') ?? String(number - 1);
  if (!/^[1-9][0-9]{0,8}$/.test(fromParam)) throw badRequest('invalid-from', 'from is the number of an earlier revision to compare with.');
  const [from, to] = [await existingRevision(context, id, Number(fromParam)), await existingRevision(context, id, number)];
  const { store } = context.services;
  return { from, to, diff: diffFindings(await store.findings(id, from.id), await store.findings(id, to.id)) };
}

/** Findings per rule per week over the APIs whose revisions the caller may read (`?weeks=`, 12 by default). */
async function statistics(context: RequestContext): Promise<{ weeks: number; items: WeekStatistics[] }> {
  const principal = demand(context, 'read');
  const weeksParam = context.url.searchParams.get('weeks') ?? '12';
  if (!/^[1-9][0-9]{0,2}$/.test(weeksParam) || Number(weeksParam) > 520) throw badRequest('invalid-weeks', 'weeks is a whole number from 1 to 520.');
  const readable = visibleApis(context, principal, await context.services.store.apis()).filter((a) => context.services.paths.permission(principal, `/apis/${a.id}/revisions`) !== '');
  return { weeks: Number(weeksParam), items: await context.services.store.weeklyStatistics(readable.map((a) => a.id), Number(weeksParam)) };
}

/** The rules in force for an API: its ruleset's preset and settings over every built-in rule, those not off. */
async function rulesOf(context: RequestContext, id: string): Promise<RulesInForce> {
  const api = await existingApi(context, id);
  const ruleset = await existingRuleset(context, api.ruleset_id);
  const levels = rulesInForce(ruleset);
  const items = [...ruleCatalogue().values()].filter((r) => levels[r.id] !== undefined && levels[r.id] !== 'off').map((r) => ({ ...r, severity: levels[r.id]! }));
  return { api_id: id, ruleset_id: ruleset.id, preset: ruleset.preset, items };
}

function publicToken(record: TokenRecord): Omit<TokenRecord, 'hash'> {
  const { hash: _hash, ...rest } = record;
  return rest;
}

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

export function routes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/health',
      kind: 'probe',
      async handle(context) {
        if (!(await context.services.health.ok())) throw new HttpError(503, 'database-unavailable', 'The database does not answer.');
        sendJson(context.response, 200, { status: 'ok', database: context.services.databaseKind });
      },
    },
    {
      method: 'GET',
      path: '/swagger.json',
      kind: 'probe',
      async handle(context) {
        sendJson(context.response, 200, serviceDescription());
      },
    },
    {
      method: 'GET',
      path: '/metrics',
      kind: 'probe',
      async handle(context) {
        const { metrics } = context.services;
        const text = await metrics.text();
        context.response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text);
      },
    },
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
        const { created } = await context.services.store.putApi(id, rulesetId);
        await context.services.store.audit(principal.name, 'put-api', `/apis/${id}`);
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
      method: 'DELETE',
      path: '/apis/{api_id}/revisions/{revision_id}',
      kind: 'api',
      async handle(context, params) {
        const { id, principal } = apiAccess(context, params, 'publish', '/revisions', 'rw');
        const number = revisionNumber(params);
        if (!(await context.services.store.deleteRevision(id, number, principal.name))) throw notFound(`Revision ${number} of the API '${id}'`);
        context.response.writeHead(204, { 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'GET',
      path: '/statistics',
      kind: 'api',
      async handle(context) {
        const { weeks, items } = await statistics(context);
        sendJson(context.response, 200, { weeks, items });
      },
    },
    {
      method: 'GET',
      path: '/audit',
      kind: 'api',
      async handle(context) {
        demand(context, 'audit');
        const page = pageRequest(context.url);
        const rows = await context.services.store.auditLog({ afterSeq: numberAfter(page), limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (a) => String(a.seq), (a) => a));
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
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        await existingApi(context, id);
        const page = pageRequest(context.url);
        const rows = await context.services.store.revisions(id, { after: numberAfter(page), limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (r) => String(r.id), (r) => r));
      },
    },
    {
      method: 'POST',
      path: '/apis/{api_id}/revisions',
      kind: 'api',
      async handle(context, params) {
        const { id, principal } = apiAccess(context, params, 'publish', '/revisions', 'rw');
        const { services } = context;
        const key = context.request.headers['idempotency-key'];
        if (key !== undefined && (typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(key))) throw badRequest('invalid-idempotency-key', 'Idempotency-Key is 8 to 100 letters, digits, dashes or underscores, such as a UUID.');
        const bundle = parseBundle(await readJson(context.request, services.limits.maxBodyBytes), services.limits);
        // a retry of a publish that was stored, whose answer was lost: the same revision again
        const replay = async () => {
          const earlier = key === undefined ? undefined : await services.store.revisionByKey(id, key);
          if (earlier) sendJson(context.response, 200, earlier, { location: `/apis/${id}/revisions/${earlier.id}` });
          return earlier !== undefined;
        };
        if (await replay()) return;
        const rulesetId = await services.store.ensureApi(id);
        const ruleset = (await services.store.ruleset(rulesetId))!;
        const outcome = await services.lint(bundle, ruleset);
        let revision;
        try {
          revision = await services.store.addRevision({ apiId: id, root: bundle.root, ...outcome, publishedBy: principal.name, idempotencyKey: key, files: bundle.files });
        } catch (error) {
          // the same key stored meanwhile by a concurrent request (another instance): answer with its revision
          if (isUniqueViolation(error) && (await replay())) return;
          throw error;
        }
        sendJson(context.response, 201, revision, { location: `/apis/${id}/revisions/${revision.id}` });
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions/{revision_id}',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        sendJson(context.response, 200, await existingRevision(context, id, revisionNumber(params)));
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions/{revision_id}/findings',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        const number = revisionNumber(params);
        await existingRevision(context, id, number);
        const severity = context.url.searchParams.get('severity');
        if (severity !== null && !['error', 'warn', 'info', 'hint'].includes(severity)) throw badRequest('invalid-severity', 'severity should be error, warn, info or hint.');
        const page = pageRequest(context.url);
        const rows = await context.services.store.findings(id, number, { severity: (severity ?? undefined) as Severity | undefined, afterSeq: numberAfter(page), limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (f) => String(f.seq), restFinding));
      },
    },
    {
      method: 'POST',
      path: '/lint',
      kind: 'api',
      async handle(context) {
        // linting without storing reads nothing stored: any role may
        demand(context, 'read');
        const { services } = context;
        const ruleset = await existingRuleset(context, context.url.searchParams.get('ruleset_id') ?? 'default');
        // a URL to fetch, or the bundle in the body
        const url = context.url.searchParams.get('url');
        let bundle: Bundle;
        if (url !== null) {
          const { name, text } = await fetchDocument(url, { ...services.lintUrls, maxBytes: services.limits.maxBodyBytes, timeoutMs: 15_000 });
          bundle = parseBundle({ root: name, files: { [name]: text } }, services.limits);
        } else {
          bundle = parseBundle(await readJson(context.request, services.limits.maxBodyBytes), services.limits);
        }
        const outcome = await services.lint(bundle, ruleset);
        const count = (severity: Severity) => outcome.findings.filter((f) => f.severity === severity).length;
        sendJson(context.response, 200, {
          ruleset_id: ruleset.id,
          title: outcome.title,
          version: outcome.version,
          errors: count('error'),
          warnings: count('warn'),
          infos: count('info'),
          hints: count('hint'),
          findings: outcome.findings.map((f, seq) => restFinding({ ...f, seq })),
        });
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions/{revision_id}/diff',
      kind: 'api',
      async handle(context, params) {
        const { diff, from, to } = await revisionDiff(context, params);
        sendJson(context.response, 200, { api_id: to.api_id, from: from.id, to: to.id, new: diff.new.map(restFinding), fixed: diff.fixed.map(restFinding), unchanged: diff.unchanged.map(restFinding) });
      },
    },
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
        sendJson(context.response, created ? 201 : 200, ruleset, created ? { location: `/rulesets/${id}` } : {});
      },
    },
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
    {
      method: 'GET',
      path: '/signin',
      kind: 'sign-in',
      async handle(context) {
        const signIn = signInOf(context);
        const { location, cookie } = await signIn.start(localPath(context.url.searchParams.get('return')));
        context.response.writeHead(303, { location, 'set-cookie': cookie, 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'GET',
      path: '/signin/callback',
      kind: 'sign-in',
      async handle(context) {
        const signIn = signInOf(context);
        const { session, returnTo } = await signIn.finish(new URL(context.url.pathname + context.url.search, signIn.redirectUri), cookieValue(context.request, signInCookie));
        context.response.writeHead(303, { location: returnTo, 'set-cookie': [signIn.cookie(session), BrowserSignIn.clear(signInCookie)], 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'POST',
      path: '/signout',
      kind: 'sign-in',
      async handle(context) {
        const signIn = signInOf(context);
        // the cookie is SameSite=Lax, so another site's form carries none; its Origin is refused besides
        const origin = context.request.headers.origin;
        if (origin !== undefined && origin !== new URL(signIn.redirectUri).origin) throw forbidden('signing out is for pages of this service');
        const session = cookieValue(context.request, sessionCookie);
        if (session) await signIn.signOut(session);
        context.response.setHeader('set-cookie', BrowserSignIn.clear(sessionCookie));
        sendPage(context.response, signedOutPage());
      },
    },
    {
      method: 'GET',
      path: '/',
      kind: 'page',
      async handle(context) {
        const principal = demand(context, 'read');
        const apis = visibleApis(context, principal, await context.services.store.apis());
        // the trend over revisions only where the latest one may be seen
        const trends = new Map(await Promise.all(apis.filter((a) => a.latest).map(async (a) => [a.id, await context.services.store.revisions(a.id, { last: trendLength })] as const)));
        sendPage(context.response, dashboardPage(apis, trends, principal.name, principal.find(ClaimTypes.authenticationMethod) === 'session'));
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}',
      kind: 'page',
      async handle(context, params) {
        // the page lists the API's revisions: it needs what reading them needs
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        const api = await existingApi(context, id);
        sendPage(context.response, apiPage(api, await context.services.store.revisions(id)));
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}/rules',
      kind: 'page',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '', 'r');
        sendPage(context.response, rulesPage(await rulesOf(context, id)));
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}/revisions/{revision_id}',
      kind: 'page',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        const number = revisionNumber(params);
        const revision = await existingRevision(context, id, number);
        const page = pageNumber(context.url);
        const { store, revisionPages, lineTables } = context.services;
        // the same for every viewer who may see it, and a stored revision never changes: made once, kept
        const html = await revisionPages.get(JSON.stringify([id, number, page]), async () => {
          const findings = await store.findings(id, number, { offset: (page - 1) * findingsPerPage, limit: findingsPerPage });
          // only the files this page's findings are in, each read into a line table once and kept
          const tables = await lineTables.get(id, number, [...new Set(findings.map((f) => f.file))], (missing) => store.files(id, number, missing));
          return revisionPage(revision, findings, tables, page);
        });
        sendPage(context.response, html);
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}/revisions/{revision_id}/diff',
      kind: 'page',
      async handle(context, params) {
        const { diff, from, to } = await revisionDiff(context, params);
        sendPage(context.response, diffPage(from, to, diff));
      },
    },
    {
      method: 'GET',
      path: '/ui/statistics',
      kind: 'page',
      async handle(context) {
        const { weeks, items } = await statistics(context);
        sendPage(context.response, statisticsPage(weeks, items));
      },
    },
    {
      method: 'GET',
      path: '/ui/rulesets/{ruleset_id}',
      kind: 'page',
      async handle(context, params) {
        demand(context, 'read');
        sendPage(context.response, rulesetPage(await existingRuleset(context, params['ruleset_id']!)));
      },
    },
  ];
}
