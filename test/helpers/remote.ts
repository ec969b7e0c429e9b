// Real HTTP servers on 127.0.0.1 (ephemeral ports) for the remote-document tests, and the CLI run
// asynchronously so that a server in this process can answer it: in a child (runCliAsync) or, for what
// main() decides (what is fetched, sent and reported), in this process (runMainAsync).
import { spawn } from 'node:child_process';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { binPath } from './paths.js';
import { cliEnv, runMain, type CliRun } from './cli.js';
import { hangGuardMs } from './hang-guard.js';

export interface Recorded {
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every request received, in order. */
  requests: Recorded[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves `files` (path → text) to requests that `authorized` accepts; 401 with `challenge` otherwise. */
export function documentServer(files: Record<string, string>, authorized: (req: IncomingMessage) => boolean, challenge?: string): Handler {
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (!authorized(req)) {
      res.writeHead(401, challenge ? { 'www-authenticate': challenge } : {});
      res.end('no');
      return;
    }
    const text = files[path];
    if (text === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': path.endsWith('.json') ? 'application/json' : 'application/yaml' });
    res.end(text);
  };
}

export interface AsyncRunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed (stdin is a pipe: never a terminal). */
  input?: string;
}

/** A run's environment overrides: the user's own credentials removed (never the test's), then the test's `env`. */
function runOverrides(env: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const overrides: Record<string, string | undefined> = {};
  for (const k of Object.keys(process.env)) if (k.startsWith('SWAGLINT_OAUTH_') || k === 'SWAGLINT_AUTH') overrides[k] = undefined;
  return Object.assign(overrides, env);
}

/**
 * The CLI's main() in this process (helpers/cli.ts runMain), with runCliAsync's environment: a child's
 * start costs some 0.25 s of CPU a run and proves nothing about fetching. stdin holds `input` (empty
 * otherwise, as the child's pipe is), never a terminal.
 */
export function runMainAsync(args: readonly string[], cwd: string, options: AsyncRunOptions = {}): Promise<CliRun> {
  return runMain(args, cwd, { env: runOverrides(options.env), input: options.input ?? '' });
}

/** Runs `node bin/swaglint.js` without blocking this process's event loop. */
export function runCliAsync(args: readonly string[], cwd: string, options: AsyncRunOptions = {}): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], { cwd, env: cliEnv(runOverrides(options.env)), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), hangGuardMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** A Swagger 2.0 document with no findings under the recommended preset, optionally with a `$ref`'d schema. */
export function cleanDocument(schemaRef?: string): string {
  const schema = schemaRef ? `{$ref: '${schemaRef}'}` : '{type: object, properties: {id: {type: string}}, required: [id]}';
  return `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: [https]
paths:
  /orders:
    get:
      security: []
      responses:
        '200':
          description: The orders
          schema:
            type: array
            items: ${schema}
`;
}

export const definitions = `definitions:
  Order:
    type: object
    properties:
      id: {type: string}
    required: [id]
`;

/** Every secret value must be absent from `text` (and its Basic form, when given). */
export function assertNoSecret(text: string, secrets: readonly string[], where: string): void {
  for (const s of secrets) {
    if (text.includes(s)) throw new Error(`a secret appears in ${where}:\n${text}`);
  }
}
