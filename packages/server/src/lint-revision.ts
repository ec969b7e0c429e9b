import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LintPool } from './lint-pool.js';
import { defaultThreadNice } from './thread-priority.js';
import { HttpError } from './http/errors.js';
import { writeBundle, type Bundle } from './bundle.js';
import { storable } from './db/storable.js';
import type { Finding, Ruleset } from './store.js';

export interface LintLimits {
  /** Files in one bundle. */
  maxFiles: number;
  /** How long one lint may run, in milliseconds. */
  timeoutMs: number;
  /** Lints at once in this instance (worker threads); more wait their turn. */
  concurrency: number;
  /** Lints that may wait for a worker; past that, 503 with Retry-After (default 100). */
  maxQueued?: number | undefined;
  /** The nice value of lint threads (and publish-reader threads): below the event loop (thread-priority.ts). */
  threadNice?: number | undefined;
}

/**
 * The library writes its messages for a command line: they name the scratch folder (the project
 * root here) and suggest flags. A publisher sees the bundle's own paths and what the service does.
 */
export function serviceMessage(message: string, dir: string): string {
  return message
    .replace(/swaglint does not read files outside it unless --allow-external-refs is given/g, "the service reads only the bundle's files")
    .replace(/pass --resolve-remote to fetch it/g, "the service never fetches one; add the file to the bundle and $ref it by a relative path")
    .replaceAll(`${dir}${path.sep}`, '')
    .replaceAll(`(${dir})`, '(the bundle)')
    .replaceAll(dir, 'the bundle');
}

export interface LintOutcome {
  findings: Array<Omit<Finding, 'seq'>>;
  title: string | null;
  version: string | null;
}

/**
 * A lint job's data (jobs/queue.ts) as its JSON text, as the database sent it: parsed in the lint
 * thread, not here. `root` is the bundle's root, read apart (a small query) to name it.
 */
export interface JobBundle {
  root: string;
  jobText: string;
}

export interface Linter {
  /** `signal`: the client that asked has gone; a lint not started yet is dropped. */
  lint(bundle: Bundle | JobBundle, ruleset: Ruleset, signal?: AbortSignal): Promise<LintOutcome>;
  /** Lints waiting for a worker. */
  readonly queued: number;
  close(): Promise<void>;
}

export function createLinter(limits: LintLimits): Linter {
  const pool = new LintPool(limits.concurrency, limits.timeoutMs, undefined, limits.maxQueued, Date.now, limits.threadNice ?? defaultThreadNice);
  return {
    lint: (bundle, ruleset, signal) => lintBundle(pool, bundle, ruleset, limits.maxFiles, signal),
    get queued() {
      return pool.queued;
    },
    close: () => pool.close(),
  };
}

/**
 * Lints a bundle with swaglint's library under its hostile-input bounds, in the worker pool. The
 * files go to a scratch folder that is the project root, so a `$ref` cannot leave the bundle; remote
 * `$ref`s are never fetched. The folder is removed afterwards: the service keeps nothing on disk.
 */
async function lintBundle(pool: LintPool, bundle: Bundle | JobBundle, ruleset: Ruleset, maxFiles: number, signal?: AbortSignal): Promise<LintOutcome> {
  const dir = await mkdtemp(path.join(tmpdir(), 'swaglint-server-'));
  try {
    // a job's text is parsed and written by the lint thread itself (lint-worker.ts)
    if ('files' in bundle) await writeBundle(dir, bundle);
    const root = path.join(dir, ...bundle.root.split('/'));
    const data = 'jobText' in bundle ? { text: bundle.jobText, maxFiles } : undefined;
    const { diagnostics, skipped, title, version } = await pool.run({ dir, root, rulesetId: ruleset.id, preset: ruleset.preset, rules: ruleset.rules, data }, signal);
    if (skipped !== null) throw new HttpError(422, 'not-an-api', `The root '${bundle.root}' is ${skipped}; publish a Swagger 2.0 or OpenAPI 3 document.`);
    const relative = (uri: string) => (path.isAbsolute(uri) ? path.relative(dir, uri).split(path.sep).join('/') : uri);
    return {
      findings: diagnostics.map((d) => ({
        rule_id: d.ruleId,
        severity: d.severity,
        message: storable(serviceMessage(d.message, dir)),
        file: relative(d.uri),
        pointer: storable(d.pointer ?? ''),
        start_line: d.range.start.line,
        start_character: d.range.start.character,
        end_line: d.range.end.line,
        end_character: d.range.end.character,
      })),
      title,
      version,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
