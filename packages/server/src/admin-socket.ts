import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import { createServiceToken, TokenNameTaken } from './auth/service-tokens.js';
import type { Role } from './auth/claims.js';
import type { Store, TokenRecord } from './store.js';

// `swaglint serve --create-token` while `serve` runs on the embedded database: PGlite is one process's,
// so a second process cannot open the data folder (its lock says so). The running service listens on
// a Unix socket inside the data folder instead, in a folder only the folder's owner may enter (0700):
// whoever may connect could read and write the database files beside it anyway, so the socket gives
// no one more than the data folder does. It creates operator tokens (the path rules alone bound them),
// nothing else. On PostgreSQL there is no socket: --create-token writes to the shared database itself.

export interface TokenOrder {
  name: string;
  roles: Role[];
  lifetimeSeconds: number;
}

export interface TokenAnswer {
  record: TokenRecord;
  token: string;
}

/** Who the audit log and the token name as the creator of operator tokens. */
export const operator = 'swaglint serve --create-token';

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin', 'serve.sock');
}

/** Listens on the data folder's admin socket; undefined where a socket cannot be (a path over the system's limit). */
export async function listenAdminSocket(dataDir: string, store: Store, log: (line: string) => void): Promise<Server | undefined> {
  const socket = adminSocketPath(dataDir);
  // Unix socket paths are short (108 bytes on Linux)
  if (process.platform === 'win32' || Buffer.byteLength(socket) > 100) {
    log(`admin socket: ${socket} is too long for a Unix socket; --create-token works only while the service is stopped`);
    return undefined;
  }
  try {
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    chmodSync(path.dirname(socket), 0o700);
    // one left by a service that died: this process holds the data folder's lock, so it is no one's now
    rmSync(socket, { force: true });
  } catch (error) {
    log(`admin socket: cannot prepare ${path.dirname(socket)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); --create-token works only while the service is stopped`);
    return undefined;
  }
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/tokens') return answer(404, { message: 'the admin socket creates tokens only: POST /tokens' });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let order: TokenOrder;
      try {
        order = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TokenOrder;
      } catch {
        return answer(400, { message: 'the order is not JSON' });
      }
      createServiceToken(store, { ...order, createdBy: operator, delegatedFrom: null })
        .then(async (made) => {
          await store.audit(operator, 'create-token', `/tokens/${made.record.id}`);
          answer(201, made);
        })
        .catch((error: unknown) => answer(error instanceof TokenNameTaken ? 409 : 500, { message: (error as Error).message }));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
  } catch (error) {
    // the service runs without it: a token is then made with the service stopped
    log(`admin socket: cannot listen on ${socket} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); --create-token works only while the service is stopped`);
    return undefined;
  }
  return server;
}

/**
 * Asks the service running on `dataDir` to create a token. Undefined when none answers there (no
 * socket, or one left by a service that stopped): the caller opens the database itself.
 */
export async function createTokenThroughSocket(dataDir: string, order: TokenOrder): Promise<TokenAnswer | { refused: string } | undefined> {
  const socket = adminSocketPath(dataDir);
  if (!existsSync(socket)) return undefined;
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(order);
    const outgoing = httpRequest({ socketPath: socket, path: '/tokens', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TokenAnswer & { message?: string };
        if (response.statusCode === 201) resolve(parsed);
        else if (response.statusCode === 409) resolve({ refused: parsed.message ?? 'refused' });
        else reject(new Error(`the running service could not create the token: ${parsed.message ?? response.statusCode}`));
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
    outgoing.end(body);
  });
}
