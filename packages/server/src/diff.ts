import type { Finding } from './store.js';

/** What changed between two revisions' findings. */
export interface FindingsDiff<F> {
  /** In the later revision and not in the earlier one. */
  new: F[];
  /** In the earlier revision and gone from the later one. */
  fixed: F[];
  /** In both (the later revision's copy: where it is now). */
  unchanged: F[];
}

/**
 * A finding's identity across revisions: its rule, file, JSON pointer and message, not its line, so
 * a finding keeps its identity when lines above it are added or removed. Two findings with one
 * identity pair up one to one, in order.
 */
function identity(f: Pick<Finding, 'rule_id' | 'file' | 'pointer' | 'message'>): string {
  return JSON.stringify([f.rule_id, f.file, f.pointer, f.message]);
}

export function diffFindings<F extends Pick<Finding, 'rule_id' | 'file' | 'pointer' | 'message'>>(before: readonly F[], after: readonly F[]): FindingsDiff<F> {
  return pairByIdentity(before, after, identity);
}

/** The pairing behind diffFindings, for findings whose identity is already a string (diff-worker.ts). */
export function pairByIdentity<F>(before: readonly F[], after: readonly F[], identity: (f: F) => string): FindingsDiff<F> {
  const waiting = new Map<string, F[]>();
  for (const f of before) {
    const key = identity(f);
    const list = waiting.get(key);
    if (list) list.push(f);
    else waiting.set(key, [f]);
  }
  const diff: FindingsDiff<F> = { new: [], fixed: [], unchanged: [] };
  for (const f of after) {
    const match = waiting.get(identity(f))?.shift();
    (match ? diff.unchanged : diff.new).push(f);
  }
  for (const list of waiting.values()) diff.fixed.push(...list);
  return diff;
}
