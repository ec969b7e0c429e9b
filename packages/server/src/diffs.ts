import { DiffRunner, type SeqDiff } from './diff-runner.js';
import { ImmutableCache } from './web/immutable-cache.js';
import type { RevisionSummary, Store } from './store.js';

export type Change = 'new' | 'fixed' | 'unchanged';
/** The order a diff is listed in: new, then fixed, then unchanged; each by sequence number. */
export const changes: readonly Change[] = ['new', 'fixed', 'unchanged'];

/** One entry of a diff's list: which finding (of the later revision, or of the earlier for `fixed`). */
export interface DiffEntry {
  change: Change;
  seq: number;
}

/**
 * Diffs of two revisions, paired in a worker thread and kept: stored revisions never change, so a
 * diff is computed once and its pages are slices of it (a page reads only its own findings).
 */
export class Diffs {
  readonly #runner = new DiffRunner();
  // sequence numbers only: 4 bytes a finding, so 16 MB holds some 4 million
  readonly #cache = new ImmutableCache<SeqDiff>(16 * 1024 * 1024, (d) => 4 * (d.new.length + d.fixed.length + d.unchanged.length));

  constructor(private readonly store: Store) {}

  of(from: RevisionSummary, to: RevisionSummary): Promise<SeqDiff> {
    // keyed by when each was published too: after an API is deleted and published again, its numbers name other revisions
    const key = JSON.stringify([to.api_id, from.id, from.published_at, to.id, to.published_at]);
    return this.#cache.get(key, async () => this.#runner.compute(await this.store.findingIdentities(from.api_id, from.id), await this.store.findingIdentities(to.api_id, to.id)));
  }

  close(): Promise<void> {
    return this.#runner.close();
  }
}

/** Up to `count` entries after `after` (or from the start), of one change or all. */
export function diffEntries(diff: SeqDiff, after: DiffEntry | undefined, count: number, only?: Change): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const change of changes) {
    if (only !== undefined && change !== only) continue;
    const order = changes.indexOf(change);
    if (after !== undefined && order < changes.indexOf(after.change)) continue;
    const seqs = diff[change];
    let i = after !== undefined && after.change === change ? firstAbove(seqs, after.seq) : 0;
    for (; i < seqs.length && entries.length < count; i++) entries.push({ change, seq: seqs[i]! });
    if (entries.length >= count) break;
  }
  return entries;
}

/** The index of the first element above `value` in an ascending array. */
function firstAbove(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
