// A worker thread that pairs two revisions' findings (diff-runner.ts): a diff of 12,000 findings a
// side held the service's main thread, and with it /health, for seconds (issue 40). It gets each
// finding as its sequence number and identity, and answers with sequence numbers only.
import { parentPort, threadId } from 'node:worker_threads';
import { pairByIdentity } from './diff.js';

/** A finding as the diff needs it: its number in its revision and its identity (rule, file, pointer, message). */
export type KeyedFinding = readonly [seq: number, identity: string];

export interface DiffRequest {
  id: number;
  before: readonly KeyedFinding[];
  after: readonly KeyedFinding[];
}

export interface DiffReply {
  id: number;
  /** The thread that paired them: tests check that it is not the main one. */
  threadId: number;
  /** Sequence numbers in the later revision (new, unchanged) or the earlier one (fixed), ascending. */
  new: Int32Array;
  fixed: Int32Array;
  unchanged: Int32Array;
}

const seqs = (findings: readonly KeyedFinding[]) => Int32Array.from(findings, (f) => f[0]).sort();

parentPort!.on('message', (request: DiffRequest) => {
  const diff = pairByIdentity(request.before, request.after, (f) => f[1]);
  const reply: DiffReply = { id: request.id, threadId, new: seqs(diff.new), fixed: seqs(diff.fixed), unchanged: seqs(diff.unchanged) };
  parentPort!.postMessage(reply, [reply.new.buffer as ArrayBuffer, reply.fixed.buffer as ArrayBuffer, reply.unchanged.buffer as ArrayBuffer]);
});
