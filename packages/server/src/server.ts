import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthenticationMiddleware, type AuthenticationOptions } from './auth/authentication.js';
import { JwtHandler } from './auth/jwt-handler.js';
import { allowAll, readPathAuthorization } from './auth/path-authorization.js';
import { TrustedProxyHandler } from './auth/proxy-handler.js';
import { ServiceTokenHandler } from './auth/service-tokens.js';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrations.js';
import { HttpError, badRequest, sendError, unauthorized } from './http/errors.js';
import { matchRoute } from './http/router.js';
import { ServiceLimits } from './http/service-limits.js';
import { clientAddress } from './http/client-address.js';
import { createLinter, type LintLimits } from './lint-revision.js';
import { ClientGone } from './lint-pool.js';
import { routes, type RequestContext, type Services } from './routes.js';
import { Store } from './store.js';
import { ServiceMetrics } from './metrics.js';
import { BrowserSignIn, SessionHandler, type BrowserSignInOptions } from './auth/browser-sign-in.js';
import { errorPage, sendPage } from './web/html.js';
import { LineTables } from './web/line-tables.js';
import { ImmutableCache } from './web/immutable-cache.js';
import { DatabaseHealth } from './db/health.js';
import { TokenSignIn } from './auth/token-sign-in.js';
import { listenAdminSocket } from './admin-socket.js';
import { Diffs } from './diffs.js';
import { Relinter, type RelintScheduler } from './relint.js';
import { RetentionSchedule, sweepRevisions, type RetentionPolicy } from './retention.js';
import { RelintJobs } from './jobs/relint-job.js';
import { PublishReader } from './jobs/publish-reader.js';
import { defaultThreadNice } from './thread-priority.js';
import { databaseUnavailable } from './db/unavailable.js';
import { openJobs } from './jobs/open.js';
import type { PublishJobs } from './jobs/publish.js';

export interface ServeOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  database: { url: string } | { dataDir: string };
  auth: AuthenticationOptions;
  /** A path-authorization file; without one, the policies alone decide. */
  pathAuthorization?: string | undefined;
  /** The repository name sections may name: `[<repository>:/apis/orders]`. */
  repository: string;
  maxBodyBytes: number;
  lint: LintLimits;
  /** Browser sign-in with OpenID Connect; absent: the pages take bearer tokens and the proxy's user only. */
  signIn?: BrowserSignInOptions | undefined;
  /** Units a minute per principal (a token, a user) over all instances: a request is one, a lint one more per `lintBytesPerUnit`; more are answered 429. */
  rateLimitPerMinute?: number | undefined;
  /** A lint costs one more unit per this many bytes (default 256 KB). */
  lintBytesPerUnit?: number | undefined;
  /** Failed authentications a minute per client address over all instances; more are answered 429. */
  authFailuresPerMinute?: number | undefined;
  /** Peers (load balancers) whose X-Forwarded-For names the client's address. */
  trustForwardedFor?: readonly string[] | undefined;
  /** `POST /lint` with a URL: the origins it may fetch from, and whether they may be private addresses. */
  lintUrls?: { origins: readonly string[]; allowPrivate: boolean } | undefined;
  /** One line per request (method, path, status, principal); never a credential. */
  log: (line: string) => void;
  /** On close (SIGTERM), how long requests in flight may take to finish before their connections are cut; default 30 s. */
  drainTimeoutMs?: number | undefined;
  /** How long a browser session lasts (default 8 hours). */
  sessionSeconds?: number | undefined;
  /** Which revisions to keep, swept at start and every `intervalMs` (default an hour); none: all are kept. */
  retention?: (RetentionPolicy & { intervalMs?: number | undefined }) | undefined;
  /**
   * On a PostgreSQL server, what this process does with publishes' lint jobs: `all` (the default)
   * answers requests and runs workers, `api` only queues them (workers run elsewhere). On PGlite a
   * publish is linted in the instance that took it.
   */
  role?: 'all' | 'api' | undefined;
  /** How long a publish waits for its lint job before it is answered 202 (PostgreSQL); default 30 s. */
  publishWaitMs?: number | undefined;
}

/** The versions of the interface this service speaks; `api-version` must name one. */
export const apiVersions = ['1.0'];

export interface RunningService {
  url: string;
  server: Server;
  database: Database;
  /** Requests being answered now. */
  readonly inFlight: number;
  /**
   * Stops taking requests and reports not ready, lets the requests in flight finish (up to the drain
   * timeout), then closes the connections, the linter and the database: a deploy loses no publish.
   */
  close(): Promise<void>;
}

/**
 * Start-up: opens and migrates the database, registers the authentication handlers with the
 * middleware (service tokens, then JWTs, then a trusted proxy's user), reads the path authorization,
 * and listens.
 */
export async function startServer(options: ServeOptions): Promise<RunningService> {
  const paths = options.pathAuthorization ? await readPathAuthorization(options.pathAuthorization, options.repository) : allowAll;
  const database = await openDatabase(options.database);
  try {
    await migrate(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  const store = new Store(database);
  const serviceTokens = new ServiceTokenHandler(store);
  const authentication = new AuthenticationMiddleware(options.auth).addScheme(serviceTokens).addScheme(new JwtHandler(options.auth));
  if (options.auth.trustedProxies.length > 0) authentication.addScheme(new TrustedProxyHandler(options.auth.trustedProxies, options.auth.proxyGroupsHeader));
  // the pages also take a browser session; the REST API does not (see browser-sign-in.ts)
  const signIn = options.signIn ? new BrowserSignIn(options.signIn, database) : undefined;
  // without an identity provider, the pages take a service token once through a form (token-sign-in.ts)
  const tokenSignIn = signIn ? undefined : new TokenSignIn(database, serviceTokens, options.sessionSeconds ?? 8 * 3600);
  const pageAuthentication = new AuthenticationMiddleware(options.auth).addScheme(new SessionHandler(database, serviceTokens));
  for (const scheme of authentication.handlers) pageAuthentication.addScheme(scheme);
  const linter = createLinter(options.lint);
  const diffs = new Diffs(store);
  const metrics = new ServiceMetrics();
  let jobs: PublishJobs | undefined;
  if (database.kind === 'postgres') {
    try {
      jobs = await openJobs(database, store, linter, options, options.role === 'api' ? 0 : options.lint.concurrency);
    } catch (error) {
      await linter.close();
      await database.close().catch(() => undefined);
      throw error;
    }
  }
  metrics.watchQueue(() => (jobs ? jobs.queue.depth() : linter.queued));
  const limits = new ServiceLimits(database, {
    perMinute: options.rateLimitPerMinute,
    lintBytesPerUnit: options.lintBytesPerUnit ?? 256 * 1024,
    authFailuresPerMinute: options.authFailuresPerMinute,
  });
  // through services.lint, so re-lints count in the lint metrics (called only after services is made)
  // on PostgreSQL, jobs any worker runs (an instance that stops loses none); else in this process
  const relint: RelintScheduler = jobs
    ? new RelintJobs(jobs.queue, store, () => jobs.workers?.wake())
    : new Relinter(store, (bundle, ruleset) => services.lint(bundle, ruleset), options.log);
  // its threads write bodies into the server themselves, on their own connections (not the pool's)
  const publishReader = jobs ? new PublishReader(2, options.lint.threadNice ?? defaultThreadNice, 'url' in options.database ? options.database.url : undefined) : undefined;
  const services: Services = {
    store,
    paths,
    lint: async (bundle, ruleset, signal) => {
      const started = performance.now();
      try {
        const outcome = await linter.lint(bundle, ruleset, signal);
        metrics.lint('ok', (performance.now() - started) / 1000);
        return outcome;
      } catch (error) {
        metrics.lint(error instanceof ClientGone ? 'abandoned' : error instanceof HttpError ? 'refused' : 'failed', (performance.now() - started) / 1000);
        throw error;
      }
    },
    jobs,
    metrics,
    limits: { ...options.lint, maxBodyBytes: options.maxBodyBytes },
    tokenLifetimeSeconds: options.auth.tokenLifetimeSeconds,
    databaseKind: database.kind,
    lintUrls: options.lintUrls ?? { origins: [], allowPrivate: false },
    lineTables: new LineTables(),
    revisionPages: new ImmutableCache<string>(32 * 1024 * 1024, (html) => html.length),
    health: new DatabaseHealth(database),
    draining: () => draining,
    signIn,
    rateLimits: limits,
    diffs,
    relint,
    publishReader,
    tokenSignIn,
    trustForwardedFor: options.trustForwardedFor ?? [],
  };
  const table = routes();

  const handle = async (request: IncomingMessage, response: ServerResponse, context: RequestContext): Promise<void> => {
    const found = matchRoute(table, request.method ?? 'GET', context.url.pathname);
    if ('route' in found) context.route = found.route.path;
    if (!('route' in found)) {
      if (found.allowed.length > 0) throw new HttpError(405, 'method-not-allowed', `${request.method} is not an operation on ${context.url.pathname}; use ${found.allowed.join(', ')}.`, { allow: found.allowed.join(', ') });
      throw new HttpError(404, 'not-found', `There is nothing at ${context.url.pathname.slice(0, 200)}; GET /swagger.json describes the service.`);
    }
    if (found.route.kind === 'api') {
      const version = context.url.searchParams.get('api-version');
      if (version === null) throw badRequest('api-version-required', `Add the query parameter api-version (one of ${apiVersions.join(', ')}).`);
      if (!/^\d+\.\d+$/.test(version)) throw badRequest('api-version-invalid', `api-version is major.minor, such as ${apiVersions[0]}.`);
      if (!apiVersions.includes(version)) throw badRequest('api-version-unsupported', `api-version ${version} is not one this service speaks; use one of ${apiVersions.join(', ')}.`);
    }
    const { kind } = found.route;
    context.browser = kind === 'page' || kind === 'sign-in';
    if (kind === 'api' || kind === 'page') {
      const result = await (kind === 'page' ? pageAuthentication : authentication).authenticate(request);
      if (!result.ok && kind === 'page' && (request.method === 'GET' || request.method === 'HEAD') && request.headers.authorization === undefined) {
        // a browser without a session: to the identity provider (or the token form), and back here afterwards
        response.writeHead(303, { location: `/signin?return=${encodeURIComponent(context.url.pathname + context.url.search)}`, 'cache-control': 'no-store' }).end();
        return;
      }
      if (!result.ok) {
        await limits.authFailure(clientAddress(request, options.trustForwardedFor ?? []));
        throw unauthorized(result.reason);
      }
      context.principal = result.principal;
      await limits.request(result.principal.name);
    }
    await found.route.handle(context, found.params);
  };

  let draining = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = createServer((request, response) => {
    const started = Date.now();
    inFlight += 1;
    // while draining, a kept-alive client reconnects for its next request: to another instance
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
    // a request target Node's parser takes but URL does not (`GET http://[/`) is the client's mistake,
    // answered here: a throw in this listener would end the whole service
    const url = URL.parse(request.url ?? '/', 'http://service.invalid');
    if (url === null) {
      sendError(response, badRequest('invalid-target', 'The request target is not a valid path.'));
      options.log(`${request.method} (invalid request target) 400 ${Date.now() - started}ms -`);
      return;
    }
    const context: RequestContext = { request, response, url, principal: undefined, services, route: undefined, browser: false };
    handle(request, response, context)
      .catch((error: unknown) => {
        const known =
          error instanceof HttpError
            ? error
            : databaseUnavailable(error)
              ? new HttpError(503, 'database-unavailable', 'The database does not answer; try again shortly.', { 'retry-after': '2' })
              : new HttpError(500, 'internal', 'The service failed on this request; its log has the reason.');
        if (!(error instanceof HttpError)) options.log(`error: ${(error as Error).message ?? String(error)}`);
        if (response.headersSent) response.destroy();
        else if (context.browser) {
          // a browser gets a page, with the same status and headers
          for (const [name, value] of Object.entries(known.headers)) response.setHeader(name, value);
          sendPage(response, errorPage(known.status, known.message, known.status === 401 ? `/signin?return=${encodeURIComponent(context.url.pathname)}` : undefined), known.status);
        } else sendError(response, known);
      })
      .finally(() => {
        // the path only: the query string and headers may carry what must not be logged
        options.log(`${request.method} ${context.url.pathname} ${response.statusCode} ${Date.now() - started}ms ${context.principal?.name ?? '-'}`);
        metrics.request(request.method ?? '', context.route ?? '(none)', response.statusCode, (Date.now() - started) / 1000);
      });
  });
  server.requestTimeout = options.lint.timeoutMs + 30_000;
  // an idle connection is closed by the client (or the load balancer, whose idle timeout is commonly
  // 60 s) before this server closes it: otherwise a request sent as the server closes the socket
  // fails without an answer (a 502 behind a load balancer)
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = Math.min(66_000, server.requestTimeout);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  // once listening: a start that fails leaves neither a sweep nor a socket behind
  const intervalMs = options.retention?.intervalMs ?? 3_600_000;
  // on PostgreSQL a job (one instance's worker sweeps per interval, however many instances ask); else here
  const retention = new RetentionSchedule(options.retention ?? {}, intervalMs, options.log, (policy) =>
    jobs ? jobs.queue.requestSweep(policy, intervalMs / 1000).then(() => jobs.workers?.wake()) : sweepRevisions(database, policy),
  );
  retention.start();
  // --create-token while this runs: PGlite's folder is this process's (admin-socket.ts)
  const adminSocket = 'dataDir' in options.database ? await listenAdminSocket(options.database.dataDir, store, options.log) : undefined;
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    database,
    get inFlight() {
      return inFlight;
    },
    async close() {
      draining = true;
      // no new connections; idle kept-alive ones are closed now, busy ones when their answer is sent
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          drained = resolve;
          timer = setTimeout(resolve, options.drainTimeoutMs ?? 30_000);
        });
        clearTimeout(timer);
        if (inFlight > 0) options.log(`drain: ${inFlight} request(s) still in flight after ${(options.drainTimeoutMs ?? 30_000) / 1000} s; closing their connections`);
      }
      server.closeAllConnections();
      await closed;
      await new Promise<void>((resolve) => (adminSocket ? adminSocket.close(() => resolve()) : resolve()));
      await retention.stop();
      await relint.close();
      // this instance's workers finish the jobs they hold (others' publishes, maybe) in the drain's time
      await jobs?.workers?.stop(options.drainTimeoutMs ?? 30_000);
      await jobs?.queue.stop();
      await linter.close();
      await publishReader?.close();
      await diffs.close();
      await database.close();
    },
  };
}
