import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserError } from './linter.js';
import { parseRoleMap, roles, type Role } from './auth/claims.js';
import { createServiceToken, TokenNameTaken } from './auth/service-tokens.js';
import { openDatabase, type Database } from './db/database.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrate } from './db/migrations.js';
import { startServer, type ServeOptions } from './server.js';
import { createTokenThroughSocket } from './admin-socket.js';
import { startWorker } from './jobs/open.js';
import { Store } from './store.js';
import { defaultThreadNice } from './thread-priority.js';

export interface ServeIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd(): string;
  env: Record<string, string | undefined>;
}

export const serveHelp = `swaglint serve [options]

Runs the lint service: CI publishes each API's document (swaglint lint api.yaml --publish <url>),
the service lints it with the API's ruleset and keeps every revision's findings.

Listening and storage
  --listen <host:port>        Address to listen on (default 127.0.0.1:8080)
  --data <folder>             The embedded database's folder (default ./swaglint-data)
  --database <url>            A PostgreSQL server instead: postgres://user@host/db (or env:VARIABLE)
  --role <all|api|worker>     With --database, what this process does: all (default) answers requests
                              and lints publishes' jobs; api answers and queues jobs only; worker
                              lints jobs only, on this machine or another (its --listen answers
                              /health/live, /health/ready and /metrics alone)

Retention (swept at start and every --retention-interval; an API's latest revision is always kept)
  --keep-revisions <n>        Keep each API's latest n revisions; remove older ones (default: all)
  --keep-days <days>          Remove revisions published more than this many days ago (default: none)
  --retention-interval <d>    Time between sweeps: seconds, or a number with s, m, h or d, such as
                              30m (from 1s to 24d; default 1h)

Limits
  --max-body <MB>             Largest request body (default 16)
  --lint-timeout <seconds>    Longest one lint may run (default 60)
  --drain-timeout <seconds>   On SIGTERM, how long requests in flight may take to finish (default 30)
  --lint-concurrency <n>      Lints at once in this instance (default: the CPUs)
  --thread-nice <0-19>        Priority of lint and publish-reader threads below the one answering
                              requests and probes, as a nice value (default 10; 0: the same)
  --lint-queue <n>            Lints that may wait for a worker; past that, 503 with Retry-After (default 100)
  --publish-wait <seconds>    With --database: how long a publish waits for its lint job before the
                              answer is 202 with the revision's URL (default 30)
  --rate-limit <n>            Units a minute per token or user, over all instances: a request is one,
                              a lint one more per --rate-limit-lint-kb linted (default 600; 0: none)
  --rate-limit-lint-kb <KB>   ... the kilobytes linted that cost one unit (default 256)
  --auth-failure-limit <n>    Failed authentications a minute per client address (default 60; 0: none)
  --trust-forwarded-for <a>   Take the client's address from X-Forwarded-For when the peer is this
                              load balancer or proxy (repeatable; default: the peer's address)

Linting by URL (POST /lint with a url)
  --lint-url-origin <origin>  An origin the service may fetch documents from (repeatable; default none)
  --lint-url-private          ... even when it resolves to a private, loopback or link-local address

Authentication and authorization
  --issuer <iss>              Accept JWTs from this issuer (repeatable)
  --audience <aud>            ... for this audience (repeatable)
  --jwks-url <url>            The identity provider's key set
  --token-lifetime <days>     Longest life of a JWT (from iat) and of a service token (default 90)
  --role-map <k>=<roles>      group:<g>, scope:<s> or user:<u> to roles (repeatable);
                              roles: ${roles.join(', ')}
  --trusted-proxy <address>   Accept X-Forwarded-User from this reverse proxy (repeatable)
  --proxy-groups-header <h>   ... and the user's groups from this header the proxy sets (default: none)
  --oidc-issuer <url>         Browser sign-in to the pages with this OpenID provider (code flow + PKCE)
  --oidc-client-id <id>       ... as this client
  --oidc-client-secret <s>    ... with this secret (env:VARIABLE; none: a public client)
  --public-url <url>          The service's address in browsers (https; the redirect is <url>/signin/callback)
  --session-hours <hours>     How long a browser session lasts (default 8; without --oidc-issuer the
                              pages' sign-in form takes a service token)
  --path-auth <file>          Path authorization ([lint:/apis/<api>] sections, user = rw | r | empty)
  --repository <name>         The repository name its sections use (default lint)

Service tokens
  --create-token <name>       Create a service token, print it once, and exit (while serve runs on
                              the same --data, the running service makes it)
  --role <role>               ... with this role (repeatable)
  --expires-in-days <days>    ... living this long (default: --token-lifetime)
`;

const flags = {
  listen: { type: 'string' },
  data: { type: 'string' },
  database: { type: 'string' },
  'max-body': { type: 'string' },
  'lint-timeout': { type: 'string' },
  'drain-timeout': { type: 'string' },
  'lint-queue': { type: 'string' },
  'thread-nice': { type: 'string' },
  'lint-concurrency': { type: 'string' },
  'publish-wait': { type: 'string' },
  'rate-limit': { type: 'string' },
  'keep-revisions': { type: 'string' },
  'keep-days': { type: 'string' },
  'retention-interval': { type: 'string' },
  'rate-limit-lint-kb': { type: 'string' },
  'auth-failure-limit': { type: 'string' },
  'trust-forwarded-for': { type: 'string', multiple: true },
  'lint-url-origin': { type: 'string', multiple: true },
  'lint-url-private': { type: 'boolean' },
  issuer: { type: 'string', multiple: true },
  audience: { type: 'string', multiple: true },
  'jwks-url': { type: 'string' },
  'token-lifetime': { type: 'string' },
  'role-map': { type: 'string', multiple: true },
  'trusted-proxy': { type: 'string', multiple: true },
  'proxy-groups-header': { type: 'string' },
  'oidc-issuer': { type: 'string' },
  'oidc-client-id': { type: 'string' },
  'oidc-client-secret': { type: 'string' },
  'public-url': { type: 'string' },
  'session-hours': { type: 'string' },
  'path-auth': { type: 'string' },
  repository: { type: 'string' },
  'create-token': { type: 'string' },
  role: { type: 'string', multiple: true },
  'expires-in-days': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function number(flag: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new UserError(`--${flag} ${value} should be a number of at least ${min}.`);
  return n;
}

/** `--thread-nice`: a whole nice value from 0 to 19 (thread-priority.ts). */
function niceValue(value: string | undefined): number {
  if (value === undefined) return defaultThreadNice;
  if (!/^\d{1,2}$/.test(value) || Number(value) > 19) throw new UserError(`--thread-nice ${value} should be a whole number from 0 to 19 (a nice value; 0: lint threads as urgent as requests).`);
  return Number(value);
}

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * A duration flag in milliseconds: seconds, or a number with a unit (30m, 1h, 1d). At most 24 days:
 * a longer timer (past 2^31 ms) would fire at once in Node, a sweep after every sweep.
 */
function duration(flag: string, value: string | undefined, fallbackMs: number, minSeconds: number, maxSeconds: number): number {
  if (value === undefined) return fallbackMs;
  const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(value.trim());
  const seconds = m ? Number(m[1]) * durationUnits[m[2] || 's']! : NaN;
  if (!(seconds >= minSeconds && seconds <= maxSeconds)) {
    throw new UserError(`--${flag} ${value} should be a duration from ${minSeconds}s to ${maxSeconds / 86400}d: seconds, or a number with s, m, h or d, such as 30m.`);
  }
  return Math.round(seconds * 1000);
}

/** `--oidc-*` and `--public-url`: all or none. */
function signInOptions(values: { 'oidc-issuer'?: string; 'oidc-client-id'?: string; 'oidc-client-secret'?: string; 'public-url'?: string; 'session-hours'?: string }, io: ServeIo) {
  const issuer = values['oidc-issuer'];
  if (issuer === undefined) {
    if (values['oidc-client-id'] || values['oidc-client-secret'] || values['public-url']) throw new UserError('--oidc-client-id, --oidc-client-secret and --public-url go with --oidc-issuer <url>.');
    return undefined;
  }
  const loopback = (url: URL) => /^(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
  const issuerUrl = URL.parse(issuer);
  if (!issuerUrl || !(issuerUrl.protocol === 'https:' || (issuerUrl.protocol === 'http:' && loopback(issuerUrl)))) throw new UserError(`--oidc-issuer ${issuer} should be an https URL.`);
  const clientId = values['oidc-client-id'];
  if (!clientId) throw new UserError('--oidc-issuer needs --oidc-client-id, the client the identity provider knows this service as.');
  const publicUrl = URL.parse(values['public-url'] ?? '');
  // the session cookie is Secure: browsers keep it over https, and over http only on this machine
  if (!publicUrl || !(publicUrl.protocol === 'https:' || (publicUrl.protocol === 'http:' && loopback(publicUrl))) || publicUrl.pathname !== '/' || publicUrl.search) {
    throw new UserError(`--oidc-issuer needs --public-url, the https origin browsers reach the service at, such as https://lint.example.com${values['public-url'] ? ` ('${values['public-url']}' is not one)` : ''}.`);
  }
  return {
    issuer: issuerUrl.href.replace(/\/$/, ''),
    clientId,
    clientSecret: values['oidc-client-secret'] !== undefined ? fromEnv('oidc-client-secret', values['oidc-client-secret'], io) : undefined,
    publicUrl: publicUrl.origin,
    sessionSeconds: Math.round(number('session-hours', values['session-hours'], 8, 0.01) * 3600),
  };
}

/** `--lint-url-origin https://specs.example.com`: an origin, nothing more. */
function originFlag(value: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin + '/' !== url.href.replace(/\/?$/, '/')) {
    throw new UserError(`--lint-url-origin ${value} should be an origin, such as https://specs.example.com.`);
  }
  return url.origin;
}

/** `env:NAME` reads the variable, so a database password or token stays out of the process list. */
function fromEnv(flag: string, value: string, io: ServeIo): string {
  if (!value.startsWith('env:')) return value;
  const found = io.env[value.slice(4)];
  if (!found) throw new UserError(`--${flag} ${value}: the environment variable ${value.slice(4)} is not set.`);
  return found;
}

/** What `serve` runs: the service (with or without lint workers), or lint workers alone. */
export type ProcessRole = 'all' | 'api' | 'worker';

export function parseServeArgs(argv: string[], io: ServeIo): { options: ServeOptions; role: ProcessRole; createToken?: { name: string; roles: Role[]; days: number | undefined } } | 'help' {
  let values: ReturnType<typeof parseArgs<{ options: typeof flags; strict: true; allowPositionals: false }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: flags, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UserError(`${(error as Error).message.replace(/\.$/, '')}; see swaglint serve --help.`);
  }
  if (values.help) return 'help';
  const listen = /^(.+):(\d{1,5})$/.exec(values.listen ?? '127.0.0.1:8080');
  if (!listen || Number(listen[2]) > 65535) throw new UserError(`--listen ${values.listen} should read <host>:<port>, such as 0.0.0.0:8080.`);
  const database = values.database !== undefined ? fromEnv('database', values.database, io) : undefined;
  if (database !== undefined && !/^postgres(?:ql)?:\/\//.test(database)) throw new UserError('--database should be a postgres:// URL; without it, the embedded database keeps its data in --data.');
  let roleMap;
  try {
    roleMap = parseRoleMap(values['role-map'] ?? []);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
  const lifetimeDays = number('token-lifetime', values['token-lifetime'], 90, 0.0001);
  const jwksUrl = values['jwks-url'];
  if (jwksUrl !== undefined && !/^https?:\/\//.test(jwksUrl)) throw new UserError(`--jwks-url ${jwksUrl} should be an http(s) URL.`);
  if (jwksUrl !== undefined && !(values.issuer ?? []).length) throw new UserError('--jwks-url needs at least one --issuer whose tokens to accept.');
  // without an audience, any token the identity provider issues to any other application would do
  if (jwksUrl !== undefined && !(values.audience ?? []).length) throw new UserError('--jwks-url needs at least one --audience: the audience (aud) the identity provider puts in tokens for this service.');
  const rateLimit = Math.round(number('rate-limit', values['rate-limit'], 600, 0));
  const authFailureLimit = Math.round(number('auth-failure-limit', values['auth-failure-limit'], 60, 0));
  const forwardedFor = values['trust-forwarded-for'] ?? [];
  const notAddress = forwardedFor.find((a) => isIP(a) === 0);
  if (notAddress !== undefined) throw new UserError(`--trust-forwarded-for ${notAddress} should be an IP address, such as 10.0.0.5.`);
  const proxyGroupsHeader = values['proxy-groups-header'];
  if (proxyGroupsHeader !== undefined && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(proxyGroupsHeader)) throw new UserError(`--proxy-groups-header ${proxyGroupsHeader} should be a header name, such as X-Forwarded-Groups.`);
  if (proxyGroupsHeader !== undefined && !(values['trusted-proxy'] ?? []).length) throw new UserError('--proxy-groups-header goes with --trusted-proxy <address>: only a trusted proxy hands over groups.');
  const signIn = signInOptions(values, io);
  // an interval with nothing to sweep is a mistake worth saying (a keep flag left out)
  if (values['retention-interval'] !== undefined && values['keep-revisions'] === undefined && values['keep-days'] === undefined) {
    throw new UserError('--retention-interval goes with --keep-revisions <n> or --keep-days <days>: without them every revision is kept and nothing is swept.');
  }
  const options: ServeOptions = {
    host: listen[1]!.replace(/^\[(.*)\]$/, '$1'),
    port: Number(listen[2]),
    database: database !== undefined ? { url: database } : { dataDir: path.resolve(io.cwd(), values.data ?? 'swaglint-data') },
    auth: {
      issuers: values.issuer ?? [],
      audiences: values.audience ?? [],
      jwksUrl,
      tokenLifetimeSeconds: Math.round(lifetimeDays * 86400),
      trustedProxies: values['trusted-proxy'] ?? [],
      proxyGroupsHeader,
      roleMap,
    },
    pathAuthorization: values['path-auth'] !== undefined ? path.resolve(io.cwd(), values['path-auth']) : undefined,
    repository: values.repository ?? 'lint',
    maxBodyBytes: Math.round(number('max-body', values['max-body'], 16, 0.001) * 1024 * 1024),
    lint: {
      maxFiles: 500,
      timeoutMs: Math.round(number('lint-timeout', values['lint-timeout'], 60, 0.1) * 1000),
      concurrency: number('lint-concurrency', values['lint-concurrency'], availableParallelism(), 1),
      maxQueued: Math.round(number('lint-queue', values['lint-queue'], 100, 1)),
      threadNice: niceValue(values['thread-nice']),
    },
    signIn,
    rateLimitPerMinute: rateLimit === 0 ? undefined : rateLimit,
    lintBytesPerUnit: Math.round(number('rate-limit-lint-kb', values['rate-limit-lint-kb'], 256, 1) * 1024),
    authFailuresPerMinute: authFailureLimit === 0 ? undefined : authFailureLimit,
    trustForwardedFor: forwardedFor,
    lintUrls: { origins: (values['lint-url-origin'] ?? []).map(originFlag), allowPrivate: values['lint-url-private'] ?? false },
    log: (line) => io.stderr.write(`${new Date().toISOString()} ${line}\n`),
    drainTimeoutMs: Math.round(number('drain-timeout', values['drain-timeout'], 30, 0) * 1000),
    sessionSeconds: Math.round(number('session-hours', values['session-hours'], 8, 0.01) * 3600),
    retention: {
      keepRevisions: values['keep-revisions'] !== undefined ? Math.round(number('keep-revisions', values['keep-revisions'], 0, 1)) : undefined,
      keepDays: values['keep-days'] !== undefined ? number('keep-days', values['keep-days'], 0, 0.001) : undefined,
      intervalMs: duration('retention-interval', values['retention-interval'], 3_600_000, 1, 24 * 86400),
    },
    publishWaitMs: Math.round(number('publish-wait', values['publish-wait'], 30, 0) * 1000),
  };
  if (values['create-token'] === undefined) {
    if (values['expires-in-days']) throw new UserError('--expires-in-days goes with --create-token <name>.');
    // without --create-token, --role is the process's: a token's roles (publisher, ...) mean nothing here
    const given = values.role ?? [];
    const role = given[0] ?? 'all';
    if (given.length > 1 || !['all', 'api', 'worker'].includes(role)) {
      throw new UserError(`--role is all, api or worker for serve (${given.join(', ')} given); a token's roles go with --create-token <name>.`);
    }
    if (role !== 'all' && database === undefined) throw new UserError(`--role ${role} needs --database: lint jobs are shared through a PostgreSQL server; the embedded database lints in the instance that takes the publish.`);
    options.role = role === 'api' ? 'api' : 'all';
    return { options, role: role as ProcessRole };
  }
  const wanted = values.role ?? [];
  const unknown = wanted.find((r) => !(roles as readonly string[]).includes(r));
  if (wanted.length === 0 || unknown !== undefined) throw new UserError(`--create-token needs --role with one of ${roles.join(', ')}${unknown ? ` ('${unknown}' is none)` : ''}.`);
  if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(values['create-token'])) throw new UserError('--create-token <name>: 1 to 100 lower-case letters, digits, dots, dashes or underscores.');
  const days = values['expires-in-days'] !== undefined ? number('expires-in-days', values['expires-in-days'], 0, 0.0001) : undefined;
  if (days !== undefined && days > lifetimeDays) throw new UserError(`--expires-in-days ${days} is over --token-lifetime ${lifetimeDays}.`);
  return { options, role: 'all', createToken: { name: values['create-token'], roles: wanted as Role[], days } };
}

/** A database that cannot be reached, a port in use: one line that says which, not a stack. */
function startFailure(error: unknown, options: ServeOptions): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof UserError || typeof code !== 'string') return error;
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') return new UserError(`--listen ${options.host}:${options.port}: cannot listen there (${code}).`);
  return new UserError(`cannot use the ${describeDatabase(options.database)} (${code}${/^[0-9A-Z]{5}$/.test(code) ? `: ${(error as Error).message}` : ''}).`);
}

/** Where the data is, for the start-up line: never a database password. */
function describeDatabase(database: ServeOptions['database']): string {
  if ('dataDir' in database) return `embedded PostgreSQL (PGlite) in ${database.dataDir}`;
  // pg takes URLs that URL does not (`postgres://u@/db?host=/var/run/postgresql`, a Unix socket)
  const url = URL.parse(database.url);
  if (!url) return 'PostgreSQL server of --database';
  const host = url.hostname || url.searchParams.get('host') || 'the default host';
  return `PostgreSQL at ${host}${url.port ? ':' + url.port : ''}${url.pathname}`;
}

/** `swaglint serve`: runs until SIGINT or SIGTERM. Returns the exit code; bad input is one line and 2. */
export async function serveCommand(argv: string[], io: ServeIo): Promise<0 | 1 | 2> {
  try {
    return await serve(argv, io);
  } catch (error) {
    // the CLI's own copy of UserError (its bundle) is another class than this package's import
    if (!(error instanceof UserError)) throw error;
    io.stderr.write(`swaglint: ${error.message}\n`);
    return 2;
  }
}

async function serve(argv: string[], io: ServeIo): Promise<0 | 1 | 2> {
  const parsed = parseServeArgs(argv, io);
  if (parsed === 'help') {
    io.stdout.write(serveHelp);
    return 0;
  }
  const { options, createToken } = parsed;
  if (createToken) {
    const lifetimeSeconds = Math.round((createToken.days ?? options.auth.tokenLifetimeSeconds / 86400) * 86400);
    const order = { name: createToken.name, roles: createToken.roles, lifetimeSeconds };
    let database: Database | undefined;
    // a service running on this data folder holds it: it makes the token (admin-socket.ts). One that is
    // starting (`serve &` just before) holds the folder before its socket listens: waited for, up to a minute.
    for (const deadline = Date.now() + 60_000; database === undefined; ) {
      const answered = 'dataDir' in options.database ? await createTokenThroughSocket(options.database.dataDir, order) : undefined;
      if (answered && 'refused' in answered) throw new UserError(`--create-token: ${answered.refused}.`);
      if (answered) {
        io.stderr.write(`swaglint: created the token '${answered.record.name}' through the running service (id ${answered.record.id}, roles ${answered.record.roles.join(', ')}, expires ${answered.record.expires_at}); it is shown once:\n`);
        io.stdout.write(answered.token + '\n');
        return 0;
      }
      database = await openDatabase(options.database, 'token').catch(async (error: unknown) => {
        if (!(error instanceof UserError && / is in use by another swaglint serve /.test(error.message) && Date.now() < deadline)) throw startFailure(error, options);
        await sleep(500);
        return undefined;
      });
    }
    try {
      await migrate(database).catch((error: unknown) => {
        throw startFailure(error, options);
      });
      const { record, token } = await createServiceToken(new Store(database), {
        name: createToken.name,
        roles: createToken.roles,
        createdBy: 'swaglint serve --create-token',
        // the operator, who holds the database: the path authorization file alone bounds this token
        delegatedFrom: null,
        lifetimeSeconds,
      }).catch((error: unknown) => {
        if (error instanceof TokenNameTaken) throw new UserError(`--create-token: ${error.message}.`);
        throw error;
      });
      await new Store(database).audit('swaglint serve --create-token', 'create-token', `/tokens/${record.id}`);
      io.stderr.write(`swaglint: created the token '${record.name}' (id ${record.id}, roles ${record.roles.join(', ')}, expires ${record.expires_at}); it is shown once:\n`);
      io.stdout.write(token + '\n');
      return 0;
    } finally {
      await database.close();
    }
  }
  const service =
    parsed.role === 'worker'
      ? await startWorker({ ...options, database: options.database as { url: string } }).catch((error: unknown) => {
          throw startFailure(error, options);
        })
      : await startServer(options).catch((error: unknown) => {
          throw startFailure(error, options);
        });
  io.stderr.write(
    'url' in service
      ? `swaglint serve: listening on ${service.url}, ${describeDatabase(options.database)}\n`
      : `swaglint serve: lint worker (${options.lint.concurrency} at once) on ${describeDatabase(options.database)}; probes and metrics on ${service.probes}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await service.close();
  return 0;
}
