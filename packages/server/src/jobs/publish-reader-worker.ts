// A worker thread of the publish reader (publish-reader.ts): turns a publish's raw body into its lint
// job's data, off the API instance's event loop. A 4 MB body costs tens of milliseconds to decode,
// parse, check and serialise again for the queue, and sixteen of them at once held the readiness probe.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread } from '../thread-priority.js';
import { HttpError } from '../http/errors.js';
import { parseBundle } from '../lint-revision.js';
import { numberWidth, type ReaderMessage, type ReadReply, type ReadRequest } from './publish-reader.js';

// body work waits for the event loop that answers the probes (thread-priority.ts)
lowerThisThread((workerData as { nice?: number } | null)?.nice ?? 0);

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
  const reply = read(message, Buffer.concat(chunks));
  parentPort!.postMessage(reply, reply.ok ? [reply.payload.buffer as ArrayBuffer] : []);
});

function read(request: ReadRequest, body: Buffer): ReadReply {
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (error) {
      throw new HttpError(400, 'invalid-json', `The body is not JSON: ${(error as Error).message}.`);
    }
    const bundle = parseBundle(parsed, { maxFiles: request.maxFiles, timeoutMs: 0, concurrency: 0 });
    let bytes = 0;
    for (const text of bundle.files.values()) bytes += Buffer.byteLength(text);
    // jsonb's binary form: a version byte, then the JSON text; the number goes in the spaces at the end
    const head = JSON.stringify({ apiId: request.apiId, root: bundle.root, publishedBy: request.publishedBy, idempotencyKey: request.idempotencyKey, files: Object.fromEntries(bundle.files) });
    const text = `\u0001${head.slice(0, -1)},"number":${' '.repeat(numberWidth)}}`;
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
