import type { Bundle } from './bundle.js';
import type { LintOutcome } from './lint-revision.js';
import type { Ruleset, Store } from './store.js';

/** Who a re-lint's revision names as its publisher. */
export const relintPublisher = 'swaglint serve (re-lint)';

/** What PUT /rulesets and PUT /apis call: in-process here (the embedded database), jobs on PostgreSQL (jobs/relint-job.ts). */
export interface RelintScheduler {
  /** Every API with this ruleset. */
  rulesetChanged(rulesetId: string): Promise<void>;
  /** One API, given another ruleset. */
  apiChanged(apiId: string): Promise<void>;
  /** Resolves when nothing waits or runs in this process (tests; a drain). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Re-lints an API's latest revision when its rules change (a ruleset is put, an API is given another
 * one): the same files under the new rules become a new revision, so the dashboard shows the API as
 * the rules now judge it and the diff shows what the change did. Stored revisions never change (their
 * pages and diffs are kept), hence a new revision rather than new findings for the old one.
 *
 * In the background and bounded: one API at a time per instance, each API waiting once however often
 * its rules change meanwhile (a change while it runs queues it again), and through the service's own
 * lint pool. A revision published meanwhile wins: the re-lint is not stored after it.
 * Limit: the queue lives in the instance that took the change; if it stops first, the APIs still
 * waiting keep their old findings until their next publish or rules change. Hence jobs on PostgreSQL.
 */
export class Relinter implements RelintScheduler {
  readonly #waiting = new Set<string>();
  #running: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly store: Store,
    private readonly lint: (bundle: Bundle, ruleset: Ruleset) => Promise<LintOutcome>,
    private readonly log: (line: string) => void,
  ) {}

  /** Every API with this ruleset. */
  async rulesetChanged(rulesetId: string): Promise<void> {
    for (const latest of await this.store.latestRevisions({ rulesetId })) this.#enqueue(latest.api_id);
  }

  /** One API, given another ruleset. */
  async apiChanged(apiId: string): Promise<void> {
    this.#enqueue(apiId);
  }

  /** Resolves when nothing waits or runs (tests; a drain). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#waiting.clear();
    await this.idle();
  }

  #enqueue(apiId: string): void {
    if (this.#closed) return;
    this.#waiting.add(apiId);
    this.#kick();
  }

  #kick(): void {
    if (this.#running || this.#closed || this.#waiting.size === 0) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      // one queued as the drain ended
      this.#kick();
    });
  }

  async #drain(): Promise<void> {
    for (let next = first(this.#waiting); next !== undefined; next = first(this.#waiting)) {
      this.#waiting.delete(next);
      await this.#relint(next).catch((error: unknown) => this.log(`re-lint of ${next}: ${(error as Error).message}`));
    }
  }

  async #relint(apiId: string): Promise<void> {
    const [latest] = await this.store.latestRevisions({ apiId });
    if (!latest) return;
    const ruleset = await this.store.ruleset(latest.ruleset_id);
    const revision = await this.store.revision(apiId, latest.number);
    if (!ruleset || !revision) return;
    const bundle: Bundle = { root: revision.root, files: await this.store.files(apiId, latest.number) };
    const outcome = await this.lint(bundle, ruleset);
    const stored = await this.store.addRevisionUnlessPublished({ apiId, root: bundle.root, ...outcome, publishedBy: relintPublisher, files: bundle.files }, latest.revision_count);
    this.log(stored ? `re-lint of ${apiId}: revision ${stored.id} under the ruleset '${ruleset.id}'` : `re-lint of ${apiId}: skipped, a revision was published meanwhile`);
  }
}

function first(set: ReadonlySet<string>): string | undefined {
  for (const value of set) return value;
  return undefined;
}
