// A publish's body made into its lint job's data in worker threads (publish-reader-worker.ts), so an
// API instance's event loop only moves bytes: sixteen clients publishing 1-4 MB had it decode, parse,
// check and serialise again up to 64 MB at once, and the readiness probe waited behind that. On
// PostgreSQL the thread also writes the body into the database itself (publish_bodies): pg copying
// 4 MB into the loop's connection and writing it out held the loop for up to 400 ms under load.
import type { IncomingMessage } from 'node:http';
import { Worker } from 'node:worker_threads';
import { checkJsonHead, tooLarge } from '../http/body.js';
import { HttpError } from '../http/errors.js';

/**
 * To a reader thread: a body's chunks as they arrive (copied: 64 KB each, never the whole body at
 * once on the event loop), then its end with what the job carries besides; or `drop` (refused
 * mid-body, 413).
 */
export type ReaderMessage = { kind: 'chunk'; id: number; chunk: Uint8Array } | ({ kind: 'end' } & ReadRequest) | { kind: 'drop'; id: number };

export interface ReadRequest {
  id: number;
  maxFiles: number;
  apiId: string;
  publishedBy: string;
  idempotencyKey: string | null;
}

export type ReadReply =
  | ({ id: number; ok: true; root: string; bytes: number } & ({ payload: Uint8Array; numberAt: number } | { bodyId: string }))
  | { id: number; ok: false; status: number; code: string; message: string; headers?: Record<string, string> };

/** Room left for the revision number, taken later in the queueing transaction: JSON allows the spaces. */
export const numberWidth = 12;

/**
 * A publish ready to queue: its root, its files' size in bytes (for the rate limit), and either the
 * id of its body's row (publish_bodies, written by the reader thread: the job carries only that) or,
 * with no database for the threads (tests), the job's whole data.
 */
export type PreparedPublish = { root: string; bytes: number } & (InlinePublish | { bodyId: string });

export interface InlinePublish {
  /** jsonb's binary form of the job's data, with room for the revision number at `numberAt`. */
  payload: Buffer;
  numberAt: number;
}

/** The job's data with its revision number written in: pg sends a Buffer as is, in binary. */
export function withNumber(prepared: InlinePublish, number: number): Buffer {
  const digits = String(number);
  if (digits.length > numberWidth) throw new Error(`revision number ${digits} is too long`);
  prepared.payload.fill(' ', prepared.numberAt, prepared.numberAt + numberWidth);
  prepared.payload.write(digits, prepared.numberAt);
  return prepared.payload;
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (reply: ReadReply) => void; reject: (error: unknown) => void }>;
}

export class PublishReader {
  readonly #slots: Slot[] = [];
  #next = 1;

  constructor(
    private readonly size: number,
    /** The threads' nice value (thread-priority.ts); 0 leaves them at the process's. */
    private readonly nice = 0,
    /**
     * The PostgreSQL server the threads write bodies into, each on a connection of its own (the event
     * loop's pool never carries a body); absent, a body comes back as the job's data.
     */
    private readonly databaseUrl?: string,
  ) {}

  async read(request: IncomingMessage, limits: { maxBodyBytes: number; maxFiles: number }, head: { apiId: string; publishedBy: string; idempotencyKey: string | null }): Promise<PreparedPublish> {
    checkJsonHead(request, limits.maxBodyBytes);
    const slot = this.#slot();
    const id = this.#next++;
    const reply = new Promise<ReadReply>((resolve, reject) => slot.pending.set(id, { resolve, reject }));
    // a thread lost while the body still arrives rejects it now; it is awaited after the body
    reply.catch(() => undefined);
    // the body goes to the thread as it arrives: the event loop never holds, joins or copies it whole
    let size = 0;
    try {
      for await (const chunk of request as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limits.maxBodyBytes) throw tooLarge(limits.maxBodyBytes);
        slot.worker.postMessage({ kind: 'chunk', id, chunk } satisfies ReaderMessage);
      }
    } catch (error) {
      slot.pending.delete(id);
      slot.worker.postMessage({ kind: 'drop', id } satisfies ReaderMessage);
      throw error;
    }
    slot.worker.postMessage({ kind: 'end', id, maxFiles: limits.maxFiles, ...head } satisfies ReaderMessage);
    return this.#prepared(await reply);
  }

  #prepared(reply: ReadReply): PreparedPublish {
    if (!reply.ok) throw new HttpError(reply.status, reply.code, reply.message, reply.headers);
    if ('bodyId' in reply) return { root: reply.root, bytes: reply.bytes, bodyId: reply.bodyId };
    return { root: reply.root, bytes: reply.bytes, payload: Buffer.from(reply.payload.buffer, reply.payload.byteOffset, reply.payload.byteLength), numberAt: reply.numberAt };
  }

  /** The thread with the fewest bodies in hand, started on first use. */
  #slot(): Slot {
    if (this.#slots.length < this.size && this.#slots.every((s) => s.pending.size > 0)) this.#slots.push(this.#start());
    return this.#slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  #start(): Slot {
    const worker = new Worker(new URL('./publish-reader-worker.js', import.meta.url), { workerData: { nice: this.nice, databaseUrl: this.databaseUrl } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (reply: ReadReply) => {
      const waiting = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const lost = (error: unknown) => {
      // its bodies fail (their publishes are answered 500 and retried); the next read starts another
      const at = this.#slots.indexOf(slot);
      if (at !== -1) this.#slots.splice(at, 1);
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.once('error', lost);
    worker.once('exit', () => lost(new Error('the publish reader thread stopped')));
    return slot;
  }

  async close(): Promise<void> {
    await Promise.all(this.#slots.splice(0).map((s) => s.worker.terminate()));
  }
}
