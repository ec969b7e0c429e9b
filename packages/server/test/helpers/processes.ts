// `swaglint serve` as separate processes, as an operator runs them: API instances and lint workers
// (`--role worker`) on one PostgreSQL server, killed and started again by the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
export const cli = path.join(repositoryRoot, 'bin', 'swaglint.js');

export interface ServeProcess {
  child: ChildProcess;
  /** The API's address; undefined for a worker. */
  base: string | undefined;
  /** Everything it wrote to stderr so far. */
  log(): string;
  /** SIGTERM (a drain) and the exit. */
  stop(): Promise<void>;
  /** SIGKILL: a machine lost mid-job. */
  kill(): Promise<void>;
}

/** Starts `swaglint serve --database <url> ...args` and waits for its start-up line. */
export async function startServe(databaseUrl: string, args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli, 'serve', '--database', 'env:SWAGLINT_TEST_DATABASE', '--listen', '127.0.0.1:0', ...args], {
    env: { ...process.env, SWAGLINT_TEST_DATABASE: databaseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string | undefined>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const listening = /listening on (http:\/\/\S+),/.exec(log);
      if (listening) resolve(listening[1]!);
      else if (/lint worker \(/.test(log)) resolve(undefined);
    });
    child.once('exit', (code) => reject(new Error(`swaglint serve exited ${code}: ${log}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { child, base, log: () => log, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/**
 * A Swagger 2.0 document of `paths` paths (two operations and a definition each): some 1.1 KB and
 * six findings under `all` a path, so its size sets how long its lint and its storing take.
 */
export function syntheticDocument(paths: number, title = 'Synthetic'): string {
  const doc: { swagger: string; info: object; host: string; basePath: string; schemes: string[]; paths: Record<string, object>; definitions: Record<string, object> } = {
    swagger: '2.0',
    info: { title, version: '1.0' },
    host: 'api.example.com',
    basePath: '/',
    schemes: ['https'],
    paths: {},
    definitions: {},
  };
  for (let i = 0; i < paths; i++) {
    doc.definitions[`Thing${i}`] = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' }, count: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } };
    const id = { name: 'thingId', in: 'path', required: true, type: 'string' };
    doc.paths[`/things${i}/{thingId}`] = {
      get: { operationId: `getThing${i}`, parameters: [id, { name: 'expand', in: 'query', type: 'string' }], responses: { 200: { description: 'ok', schema: { $ref: `#/definitions/Thing${i}` } } } },
      put: { parameters: [id, { name: 'body', in: 'body', schema: { $ref: `#/definitions/Thing${i}` } }], responses: { 200: { description: 'ok' } } },
    };
  }
  return JSON.stringify(doc, null, 1);
}
