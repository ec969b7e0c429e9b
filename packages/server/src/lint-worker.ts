// A worker thread of the lint pool (lint-pool.ts): lints one bundle at a time, already written to
// its scratch folder, and answers with the diagnostics. Its own thread, so a slow or hostile
// document neither blocks the service's requests nor outlives its time limit (the pool terminates it).
import { parentPort } from 'node:worker_threads';
import { lintInput, type RuleSetting } from 'swaglint';

export interface LintJob {
  /** The scratch folder that holds the bundle: the project root no `$ref` may leave. */
  dir: string;
  root: string;
  preset: 'recommended' | 'all';
  rules: Record<string, string>;
}

parentPort!.on('message', (job: LintJob) => {
  // no fetch options: a remote $ref is a finding, never a request
  lintInput({ path: job.root }, { preset: job.preset, rules: job.rules as Record<string, RuleSetting>, projectRoot: job.dir, cwd: job.dir, allowExternalRefs: false, strict: true })
    .then((result) => parentPort!.postMessage({ ok: true, diagnostics: result.diagnostics }))
    .catch((error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }));
});
