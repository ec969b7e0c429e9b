// A worker thread of the publish reader (publish-reader.ts): turns a publish's raw body into its lint
// job's data, off the API instance's event loop. A 4 MB body costs tens of milliseconds to decode,
// parse, check and serialise again for the queue, and sixteen of them at once held the readiness probe.
import { parentPort, workerData } from 'node:worker_threads';
import type { Client } from 'pg';
import { lowerThisThread } from '../thread-priority.js';
import { HttpError } from '../http/errors.js';
import { parseBundle } from '../bundle.js';
import { databaseUnavailable } from '../db/unavailable.js';
import { numberWidth, type ReaderMessage, type ReadReply, type ReadRequest } from './publish-reader.js';

const settings = (workerData as { nice?: number; databaseUrl?: string } | null) ?? {};
// body work waits for the event loop that answers the probes (thread-priority.ts)
lowerThisThread(settings.nice ?? 0);

/** This thread's own connection, opened on first use and again after it is lost (a restart). */
let connection: Promise<Client> | undefined;

function connect(url: string): Promise<Client> {
  connection ??= (async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    const forget = () => {
      connection = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    try {
      await client.connect();
    } catch (error) {
      forget();
      throw error;
    }
    return client;
  })();
  return connection;
}

/** Bodies arriving, by request id. */
const bodies = new Map<number, Uint8Array[]>();

parentPort!.on('message', (message: ReaderMessage) => {
  if (message.kind === 'chunk') {
    const chunks = bodies.get(message.id);
    if (chunks) chunks.push(message.chunk);
    else bodies.set(message.id, [message.chunk]);
    return;
  }
  const chunks = bodies.get(message.id) ?? [];
  bodies.delete(message.id);
  if (message.kind === 'drop') return;
  void answer(message, Buffer.concat(chunks));
});

async function answer(request: ReadRequest, body: Buffer): Promise<void> {
  const reply = read(request, body, settings.databaseUrl === undefined);
  if (!reply.ok || !('payload' in reply) || settings.databaseUrl === undefined) {
    parentPort!.postMessage(reply, reply.ok && 'payload' in reply ? [reply.payload.buffer as ArrayBuffer] : []);
    return;
  }
  try {
    const client = await connect(settings.databaseUrl);
    // a Buffer parameter goes out as it is, in binary: jsonb's binary form (a version byte, the text)
    const { rows } = await client.query<{ id: string }>('INSERT INTO publish_bodies (data) VALUES ($1) RETURNING id', [Buffer.from(reply.payload.buffer, reply.payload.byteOffset, reply.payload.byteLength)]);
    parentPort!.postMessage({ id: reply.id, ok: true, root: reply.root, bytes: reply.bytes, bodyId: rows[0]!.id } satisfies ReadReply);
  } catch (error) {
    const unavailable = databaseUnavailable(error);
    parentPort!.postMessage({
      id: reply.id,
      ok: false,
      status: unavailable ? 503 : 500,
      code: unavailable ? 'database-unavailable' : 'internal',
      message: unavailable ? 'The database does not answer; try again shortly.' : `Storing the publish failed: ${(error as Error).message}`,
      ...(unavailable ? { headers: { 'retry-after': '2' } } : {}),
    } satisfies ReadReply);
  }
}

/**
 * The body checked and serialised in jsonb's binary form: the job's whole data with room for its
 * number (`inline`), or the body's row alone (root and files), which the job names by id.
 */
function read(request: ReadRequest, body: Buffer, inline: boolean): ReadReply {
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (error) {
      throw new HttpError(400, 'invalid-json', `The body is not JSON: ${(error as Error).message}.`);
    }
    const bundle = parseBundle(parsed, { maxFiles: request.maxFiles });
    let bytes = 0;
    for (const text of bundle.files.values()) bytes += Buffer.byteLength(text);
    // jsonb's binary form: a version byte, then the JSON text; the number goes in the spaces at the end
    const head = inline
      ? JSON.stringify({ apiId: request.apiId, root: bundle.root, publishedBy: request.publishedBy, idempotencyKey: request.idempotencyKey, files: Object.fromEntries(bundle.files) })
      : JSON.stringify({ root: bundle.root, files: Object.fromEntries(bundle.files) });
    const text = inline ? `\u0001${head.slice(0, -1)},"number":${' '.repeat(numberWidth)}}` : `\u0001${head}`;
    const length = Buffer.byteLength(text);
    // its own ArrayBuffer, moved to the main thread rather than copied
    const payload = new Uint8Array(new ArrayBuffer(length));
    Buffer.from(payload.buffer).write(text);
    return { id: request.id, ok: true, root: bundle.root, bytes, payload, numberAt: length - 1 - numberWidth };
  } catch (error) {
    if (error instanceof HttpError) return { id: request.id, ok: false, status: error.status, code: error.code, message: error.message };
    return { id: request.id, ok: false, status: 500, code: 'internal', message: error instanceof Error ? error.message : String(error) };
  }
}
