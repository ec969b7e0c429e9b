// What every route handler gets, and the checks and look-ups that more than one resource module
// (routes/*.ts) makes: one place, so that a bad id, a missing API or a denied path is answered the
// same way whichever route meets it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownRules, ruleCatalogue, rulesInForce } from '../linter.js';
import type { ClaimsPrincipal } from '../auth/claims.js';
import { satisfies, type Policy } from '../auth/policies.js';
import type { PathAuthorization, Permission } from '../auth/path-authorization.js';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.js';
import type { Bundle } from '../bundle.js';
import type { LintLimits, LintOutcome } from '../lint-revision.js';
import type { ApiSummary, Finding, RevisionSummary, Ruleset, Store, WeekStatistics } from '../store.js';
import type { RulesInForce } from '../web/rules-page.js';
import type { LineTables } from '../web/line-tables.js';
import type { ImmutableCache } from '../web/immutable-cache.js';
import type { DatabaseHealth } from '../db/health.js';
import type { ServiceMetrics } from '../metrics.js';
import type { PublishJobs } from '../jobs/publish.js';
import type { BrowserSignIn } from '../auth/browser-sign-in.js';
import { changes, diffEntries, type Change, type DiffEntry, type Diffs } from '../diffs.js';
import type { SeqDiff } from '../diff-runner.js';
import { invalidCursor, type PageRequest } from '../http/pagination.js';
import type { UrlFetchOptions } from '../fetch-document.js';
import type { ServiceLimits } from '../http/service-limits.js';
import type { RelintScheduler } from '../relint.js';
import type { PublishReader } from '../jobs/publish-reader.js';
import type { TokenSignIn } from '../auth/token-sign-in.js';

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
  /** `signal`: the client has gone (clientGone); a lint not started yet is dropped. */
  lint: (bundle: Bundle, ruleset: Ruleset, signal?: AbortSignal) => Promise<LintOutcome>;
  /** Publishes as lint jobs in PostgreSQL (jobs/); absent on PGlite, where a publish lints in this process. */
  jobs?: PublishJobs | undefined;
  limits: LintLimits & { maxBodyBytes: number };
  tokenLifetimeSeconds: number;
  databaseKind: string;
  lineTables: LineTables;
  /** Revision pages as rendered, by API, revision and page number. */
  revisionPages: ImmutableCache<string>;
  metrics: ServiceMetrics;
  health: DatabaseHealth;
  /** Whether the service is shutting down: readiness probes answer 503 so the load balancer sends no more. */
  draining: () => boolean;
  signIn: BrowserSignIn | undefined;
  /** Rate limits shared by all instances. */
  rateLimits: ServiceLimits;
  /** Diffs of two revisions, computed off the main thread and kept. */
  diffs: Diffs;
  /** Re-lints APIs' latest revisions in the background when their rules change. */
  relint: RelintScheduler;
  /** On PostgreSQL: reads publishes' bodies into lint jobs' data in worker threads. */
  publishReader?: PublishReader | undefined;
  /** The pages' sign-in form for a service token, when there is no identity provider (signIn). */
  tokenSignIn: TokenSignIn | undefined;
  /** Peers whose X-Forwarded-For names the client. */
  trustForwardedFor: readonly string[];
}

export const apiIdPattern = /^[a-z0-9][a-z0-9._-]{0,99}$/;

function principalOf(context: RequestContext): ClaimsPrincipal {
  // the dispatcher authenticates every route but the public ones before a handler runs
  return context.principal!;
}

export function demand(context: RequestContext, policy: Policy): ClaimsPrincipal {
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
export function apiAccess(
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

export function revisionNumber(params: Record<string, string>): number {
  const value = params['revision_id']!;
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw notFound(`Revision '${value.slice(0, 40)}'`);
  return Number(value);
}

/**
 * What `principal` may see of these APIs: those it may read, each with its latest revision only where
 * it may read the API's revisions (a `[/apis/x/revisions]` deny hides them from lists and pages too).
 */
export function visibleApis(context: RequestContext, principal: ClaimsPrincipal, apis: readonly ApiSummary[]): ApiSummary[] {
  const { paths } = context.services;
  return apis
    .filter((a) => paths.permission(principal, `/apis/${a.id}`) !== '')
    .map((a) => (paths.permission(principal, `/apis/${a.id}/revisions`) !== '' ? a : { ...a, latest: null }));
}

export async function existingRuleset(context: RequestContext, id: string): Promise<Ruleset> {
  const ruleset = await context.services.store.ruleset(id);
  if (!ruleset) throw notFound(`The ruleset '${id.slice(0, 100)}'`);
  return ruleset;
}

export async function existingApi(context: RequestContext, id: string) {
  const api = await context.services.store.api(id);
  if (!api) throw notFound(`The API '${id}'`);
  return api;
}

export async function existingRevision(context: RequestContext, id: string, number: number) {
  const revision = await context.services.store.revision(id, number);
  if (!revision) {
    // a publish answered 202 names its revision before its lint job has stored it
    const job = await context.services.jobs?.queue.revisionJob(id, number);
    if (job?.state === 'queued' || job?.state === 'running') {
      throw new HttpError(404, 'revision-pending', `Revision ${number} of the API '${id}' is being linted (${job.state}); it appears here when its lint is done.`, { 'retry-after': '5' });
    }
    if (job?.output && 'error' in job.output) throw new HttpError(404, 'not-found', `Revision ${number} of the API '${id}' was not stored: ${job.output.error.message}`);
    throw notFound(`Revision ${number} of the API '${id}'`);
  }
  return revision;
}

/** A finding as the REST API gives it: lines and columns 1-based, as the pages and every editor count. */
export function restFinding(f: Finding): Finding {
  return { ...f, start_line: f.start_line + 1, start_character: f.start_character + 1, end_line: f.end_line + 1, end_character: f.end_character + 1 };
}

/** Two revisions of one API (`from` by the query parameter, the one before by default) and what changed between their findings. */
export async function revisionDiff(context: RequestContext, params: Record<string, string>): Promise<{ from: RevisionSummary; to: RevisionSummary; diff: SeqDiff }> {
  const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
  const number = revisionNumber(params);
  const fromParam = context.url.searchParams.get('from') ?? String(number - 1);
  if (!/^[1-9][0-9]{0,8}$/.test(fromParam)) throw badRequest('invalid-from', 'from is the number of an earlier revision to compare with.');
  const [from, to] = [await existingRevision(context, id, Number(fromParam)), await existingRevision(context, id, number)];
  return { from, to, diff: await context.services.diffs.of(from, to) };
}

/** A diff's `change` query parameter: one kind of change to list, or all when absent. */
export function diffChange(url: URL): Change | undefined {
  const value = url.searchParams.get('change');
  if (value === null) return undefined;
  if (!(changes as readonly string[]).includes(value)) throw badRequest('invalid-change', 'change is new, fixed or unchanged.');
  return value as Change;
}

/** The diff entry a cursor names (`new.12`): where the previous page ended. */
export function diffCursor(page: PageRequest): DiffEntry | undefined {
  if (page.after === undefined) return undefined;
  const m = /^(new|fixed|unchanged)\.([0-9]{1,9})$/.exec(page.after);
  if (!m) throw invalidCursor();
  return { change: m[1] as Change, seq: Number(m[2]) };
}

/** The findings of these diff entries, in their order: new and unchanged from the later revision, fixed from the earlier. */
export async function diffFindingsOf(context: RequestContext, from: RevisionSummary, to: RevisionSummary, entries: readonly DiffEntry[]): Promise<(Finding & { change: Change })[]> {
  const { store } = context.services;
  const [later, earlier] = await Promise.all([
    store.findingsBySeq(to.api_id, to.id, entries.filter((e) => e.change !== 'fixed').map((e) => e.seq)),
    store.findingsBySeq(from.api_id, from.id, entries.filter((e) => e.change === 'fixed').map((e) => e.seq)),
  ]);
  const bySeq = (list: Finding[]) => new Map(list.map((f) => [f.seq, f]));
  const [laterBySeq, earlierBySeq] = [bySeq(later), bySeq(earlier)];
  // a revision is immutable and read after the diff: every entry's finding is there
  return entries.map((e) => ({ change: e.change, ...(e.change === 'fixed' ? earlierBySeq : laterBySeq).get(e.seq)! }));
}

/** The first `count` entries of each change: what a diff page shows. */
export function firstEntries(diff: SeqDiff, change: Change, count: number): DiffEntry[] {
  return diffEntries(diff, undefined, count, change);
}

/** Findings per rule per week over the APIs whose revisions the caller may read (`?weeks=`, 12 by default). */
export async function statistics(context: RequestContext): Promise<{ weeks: number; items: WeekStatistics[] }> {
  const principal = demand(context, 'read');
  const weeksParam = context.url.searchParams.get('weeks') ?? '12';
  if (!/^[1-9][0-9]{0,2}$/.test(weeksParam) || Number(weeksParam) > 520) throw badRequest('invalid-weeks', 'weeks is a whole number from 1 to 520.');
  const readable = visibleApis(context, principal, await context.services.store.apis()).filter((a) => context.services.paths.permission(principal, `/apis/${a.id}/revisions`) !== '');
  return { weeks: Number(weeksParam), items: await context.services.store.weeklyStatistics(readable.map((a) => a.id), Number(weeksParam)) };
}

/** The rules in force for an API: its ruleset's preset and settings over every built-in rule, those not off. */
export async function rulesOf(context: RequestContext, id: string): Promise<RulesInForce> {
  const api = await existingApi(context, id);
  const ruleset = await existingRuleset(context, api.ruleset_id);
  const levels = rulesInForce(ruleset);
  const items = [...ruleCatalogue().values()].filter((r) => levels[r.id] !== undefined && levels[r.id] !== 'off').map((r) => ({ ...r, severity: levels[r.id]! }));
  // the ruleset's own rules after the built-in ones; a link only to an https page (a stranger wrote it)
  for (const spec of await ownRules(ruleset.id, ruleset.rules)) {
    if (spec.severity === 'off') continue;
    const docs = spec.documentationUrl !== undefined && /^https:\/\/[^\s]+$/.test(spec.documentationUrl) ? spec.documentationUrl : null;
    items.push({ id: spec.id, category: 'convention', description: spec.description ?? spec.message ?? '', docs_url: docs, severity: spec.severity });
  }
  return { api_id: id, ruleset_id: ruleset.id, preset: ruleset.preset, items };
}

/** Aborts when the client closes its connection before its answer is sent: its lint need not run. */
export function clientGone(context: RequestContext): AbortSignal {
  const left = new AbortController();
  context.response.once('close', () => {
    if (!context.response.writableFinished) left.abort();
  });
  return left.signal;
}

/** Spends a lint's work (its bundle's bytes) from the caller's rate limit before it runs: 429 when over. */
export async function chargeLint(context: RequestContext, bundle: Bundle): Promise<void> {
  await chargeLintBytes(context, bundleBytes(bundle));
}

export async function chargeLintBytes(context: RequestContext, bytes: number): Promise<void> {
  await context.services.rateLimits.lint(principalOf(context).name, bytes);
}

/** A bundle's files' size in bytes: what a lint costs against the rate limit. */
export function bundleBytes(bundle: Bundle): number {
  let bytes = 0;
  for (const text of bundle.files.values()) bytes += Buffer.byteLength(text);
  return bytes;
}
