// A worker thread of the lint pool (lint-pool.ts): lints one bundle at a time in its scratch folder
// (written there already, or a lint job's text that this thread parses and writes), and answers with
// the diagnostics. Its own thread, so a slow or hostile
// document neither blocks the service's requests nor outlives its time limit (the pool terminates it).
import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { lintInput, load, ownRules, severitySettings, type RuleSetting } from './linter.js';
import { storable } from './db/storable.js';
import { parseBundle, writeBundle } from './bundle.js';
import { lowerThisThread } from './thread-priority.js';

export interface LintJob {
  /** The scratch folder that holds the bundle: the project root no `$ref` may leave. */
  dir: string;
  root: string;
  /** Names the ruleset's own rules in findings about them (a rule that stopped on its bounds). */
  rulesetId: string;
  preset: 'recommended' | 'all';
  /** Built-in rules' severities and the ruleset's own rules' definitions, as stored. */
  rules: Record<string, string | Record<string, unknown>>;
  /**
   * A lint job's data as its JSON text (jobs/queue.ts): parsed and its files written to `dir` here,
   * so a worker inside `serve` parses no 4 MB bundle on the event loop that answers the probes.
   * Absent: the files are in `dir` already.
   */
  data?: { text: string; maxFiles: number } | undefined;
}

lowerThisThread((workerData as { nice?: number } | null)?.nice ?? 0);

parentPort!.on('message', (job: LintJob) => {
  lintJob(job)
    .then((reply) => parentPort!.postMessage({ ok: true, ...reply }))
    .catch((error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }));
});

async function lintJob(job: LintJob) {
  if (job.data) {
    // checked again as a publish's body is (the names stay inside the scratch folder)
    const bundle = parseBundle(JSON.parse(job.data.text) as unknown, { maxFiles: job.data.maxFiles });
    await writeBundle(job.dir, bundle);
  }
  // no fetch options: a remote $ref is a finding, never a request
  // not strict: a file that is no API description comes back skipped, and the service refuses it
  const own = await ownRules(job.rulesetId, job.rules);
  const rules: Record<string, RuleSetting> = { ...severitySettings(job.rules), ...Object.fromEntries(own.map((spec) => [spec.id, spec.severity])) };
  // fold: false, the service stores every finding as it did before the library folded by default
  const result = await lintInput(
    { path: job.root },
    { preset: job.preset, rules, ...(own.length > 0 ? { config: { declarative: own } } : {}), projectRoot: job.dir, cwd: job.dir, allowExternalRefs: false, strict: false, fold: false },
  );
  return { diagnostics: result.diagnostics, skipped: result.skipped ?? null, ...(await describe(job.root)) };
}

/** The document's info.title and info.version for listings; null when it does not parse or lacks them. */
async function describe(file: string): Promise<{ title: string | null; version: string | null }> {
  try {
    // a relative uri: only the root is parsed, no $ref is followed
    const { root } = await load({ text: await readFile(file, 'utf8'), uri: 'root' });
    const info = (root.value as { info?: { title?: unknown; version?: unknown } } | null)?.info;
    const pick = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? storable(String(v).slice(0, 200)) : null);
    return { title: pick(info?.title), version: pick(info?.version) };
  } catch {
    return { title: null, version: null };
  }
}
