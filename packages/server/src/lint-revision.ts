import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LintPool } from './lint-pool.js';
import { defaultThreadNice } from './thread-priority.js';
import { HttpError, badRequest } from './http/errors.js';
import { isStorable, storable } from './db/storable.js';
import type { Finding, Ruleset } from './store.js';

/** What CI posts: the root document and every file its `$ref`s name, by path relative to one folder. */
export interface Bundle {
  root: string;
  files: Map<string, string>;
}

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

/** A bundle path: relative, forward slashes, no `..`, no empty or dot segment, nothing odd. */
const bundlePath = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function parseBundle(body: unknown, limits: LintLimits): Bundle {
  const value = body as { root?: unknown; files?: unknown } | null;
  if (typeof value !== 'object' || value === null || typeof value.root !== 'string' || typeof value.files !== 'object' || value.files === null || Array.isArray(value.files)) {
    throw badRequest('invalid-bundle', 'The body should be { "root": "api.yaml", "files": { "api.yaml": "<text>", ... } }.');
  }
  const files = new Map<string, string>();
  for (const [name, text] of Object.entries(value.files as Record<string, unknown>)) {
    if (!bundlePath.test(name) || name.length > 1024 || name.split('/').some((segment) => segment.length > 255)) throw badRequest('invalid-bundle', `'${name.slice(0, 200)}' is not a bundle path: use relative paths with forward slashes, no '..', segments of at most 255 characters.`);
    if (typeof text !== 'string') throw badRequest('invalid-bundle', `files['${name}'] should be the file's text.`);
    // PostgreSQL stores neither in text: refused here rather than failing after the whole lint
    if (!isStorable(text)) throw badRequest('invalid-bundle', `files['${name}'] holds a NUL character or a lone UTF-16 surrogate, which no API description needs; remove it.`);
    files.set(name, text);
  }
  // `a` and `a/b` cannot both be files: the first would have to be a folder
  for (const name of files.keys()) {
    for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) {
      if (files.has(name.slice(0, slash))) throw badRequest('invalid-bundle', `'${name.slice(0, slash)}' is both a file and the folder of '${name.slice(0, 200)}'.`);
    }
  }
  if (files.size > limits.maxFiles) throw badRequest('invalid-bundle', `The bundle has ${files.size} files, over the limit of ${limits.maxFiles}.`);
  if (!files.has(value.root)) throw badRequest('invalid-bundle', `The root '${value.root.slice(0, 200)}' is not among the bundle's files.`);
  return { root: value.root, files };
}

/** Writes a bundle's files into the scratch folder `dir` (its paths were checked by parseBundle). */
export async function writeBundle(dir: string, bundle: Bundle): Promise<void> {
  for (const [name, text] of bundle.files) {
    const file = path.join(dir, ...name.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
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
