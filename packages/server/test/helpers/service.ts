// Starts the service as its users do (startServer, real HTTP on 127.0.0.1, PGlite in a temporary
// folder) and an identity provider's JWKS endpoint whose keys sign the tests' JWTs.
import { createServer, type Server } from 'node:http';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { removeScratch, scratchDir } from './scratch.js';
import { startServer, type RunningService, type ServeOptions } from '../../src/server.js';
import { parseRoleMap, type Role } from '../../src/auth/claims.js';
import type { AuthenticationOptions } from '../../src/auth/authentication.js';
import { createServiceToken } from '../../src/auth/service-tokens.js';
import { Store } from '../../src/store.js';
import { openDatabase } from '../../src/db/database.js';
import { migrate, migrations } from '../../src/db/migrations.js';

/**
 * A migrated PGlite data folder, made once and copied for each service: a fresh one takes PGlite's
 * initdb (some 10 s on a busy machine), a copy opens in under one. Keyed by PGlite's version and the
 * migrations, so a change to either makes a new one.
 */
async function templateDataDir(): Promise<string> {
  // the version pinned in the package's manifest (PGlite's own package.json is not exported)
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
  const key = `${manifest.dependencies['@electric-sql/pglite']}-${migrations.length}-${migrations.join('').length}-sb16`;
  // outside the run's own temporary folder (scripts/test.js), which goes when the run ends
  const template = path.join(process.env['SWAGLINT_TEST_KEEP'] ?? tmpdir(), `swaglint-server-pglite-${key}`);
  if (existsSync(template)) return template;
  const fresh = mkdtempSync(path.join(path.dirname(template), 'swaglint-server-pglite-new-'));
  const db = await openDatabase({ dataDir: fresh });
  await migrate(db);
  // A test-only setting: PGlite's buffer pool lives in its WASM memory and an open's CPU grows with
  // it; at PostgreSQL's 128 MB (what a data folder the service makes itself keeps) it was half of it:
  // 0.75 → 0.38 s an open at 16 MB (4 MB no less), for test databases of a few megabytes
  await db.query("ALTER SYSTEM SET shared_buffers = '16MB'");
  await db.close();
  try {
    renameSync(fresh, template);
  } catch {
    // another test file made it at the same time: use theirs
    rmSync(fresh, { recursive: true, force: true });
  }
  return template;
}

export const issuer = 'https://idp.test/realm';
export const audience = 'swaglint-service';

export interface IdentityProvider {
  jwksUrl: string;
  sign(payload: JWTPayload, options?: { issuer?: string; audience?: string; expiresIn?: string | number; issuedAt?: number; otherKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startIdentityProvider(): Promise<IdentityProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  const base = await listen(server);
  return {
    jwksUrl: `${base}/jwks.json`,
    async sign(payload, options = {}) {
      const jwt = new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? audience)
        .setIssuedAt(options.issuedAt)
        .setExpirationTime(options.expiresIn ?? '10m');
      return jwt.sign(options.otherKey ? stranger.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestService extends RunningService {
  logs: string[];
  store: Store;
  /** A service token with these roles, made as `swaglint serve --create-token` does. */
  token(roles: Role[], lifetimeSeconds?: number): Promise<{ id: string; token: string }>;
  call(method: string, route: string, init?: { token?: string | undefined; body?: unknown; headers?: Record<string, string>; version?: string | null }): Promise<{ status: number; body: any; headers: Headers }>;
  dispose(): Promise<void>;
}

/** A fresh data folder with the schema in place, removed at the latest when the test file's process exits. */
export async function freshDataDir(): Promise<string> {
  const dataDir = scratchDir('swaglint-server-test');
  cpSync(await templateDataDir(), dataDir, { recursive: true });
  return dataDir;
}

/** The tests' authentication: JWTs from `idp`, no trusted proxy, groups and a scope mapped to roles. */
export function testAuth(idp: IdentityProvider | undefined): AuthenticationOptions {
  return {
    issuers: [issuer],
    audiences: [audience],
    jwksUrl: idp?.jwksUrl,
    tokenLifetimeSeconds: 3600,
    trustedProxies: [],
    roleMap: parseRoleMap(['group:api-guild=ruleset-admin,token-admin,publisher', 'group:developers=publisher', 'scope:lint.read=reader']),
  };
}

export async function startService(idp: IdentityProvider | undefined, overrides: Partial<ServeOptions> = {}): Promise<TestService> {
  // a service on a PostgreSQL server (overrides.database) needs no PGlite folder: no copy of the template
  const database: ServeOptions['database'] = overrides.database ?? { dataDir: await freshDataDir() };
  const dataDir = overrides.database === undefined && 'dataDir' in database ? database.dataDir : undefined;
  const logs: string[] = [];
  const service = await startServer({
    host: '127.0.0.1',
    port: 0,
    database,
    auth: testAuth(idp),
    repository: 'lint',
    maxBodyBytes: 2 * 1024 * 1024,
    lint: { maxFiles: 50, timeoutMs: 20_000, concurrency: 2 },
    log: (line) => logs.push(line),
    ...overrides,
  });
  const store = new Store(service.database);
  const made = new Map<string, number>();
  return {
    ...service,
    logs,
    store,
    async token(roles, lifetimeSeconds = 3600) {
      // a live token's name is its own (test-publisher, then test-publisher-2, ...)
      const base = `test-${roles.join('-')}`;
      const n = (made.get(base) ?? 0) + 1;
      made.set(base, n);
      const { record, token } = await createServiceToken(store, { name: n === 1 ? base : `${base}-${n}`, roles, createdBy: 'test', delegatedFrom: null, lifetimeSeconds });
      return { id: record.id, token };
    },
    async call(method, route, init = {}) {
      const url = new URL(route, service.url);
      if (init.version !== null) url.searchParams.set('api-version', init.version ?? '1.0');
      const headers: Record<string, string> = { ...init.headers };
      if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, headers, ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}) });
      const text = await response.text();
      let body: unknown = text;
      if ((response.headers.get('content-type') ?? '').startsWith('application/json')) body = JSON.parse(text);
      return { status: response.status, body, headers: response.headers };
    },
    async dispose() {
      await service.close();
      if (dataDir !== undefined) removeScratch(dataDir);
    },
  };
}

/** A small Swagger 2.0 document with one `$ref`'d file and a known finding or two. */
export function sampleBundle(title = 'Orders'): { root: string; files: Record<string, string> } {
  return {
    root: 'api.yaml',
    files: {
      'api.yaml': `swagger: '2.0'
info:
  title: ${title}
  version: '1.0'
paths:
  /orders:
    get:
      responses:
        '200':
          description: The orders.
          schema:
            $ref: 'definitions/order.yaml'
`,
      'definitions/order.yaml': `type: object
properties:
  id:
    type: string
`,
    },
  };
}
