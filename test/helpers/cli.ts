// Runs the real CLI (`node bin/swaglint.js`) in a child process, with a hang guard, and checks the
// promises every run keeps on stderr.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { binPath } from './paths.js';
import { hangGuardMs } from './hang-guard.js';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCli(args: readonly string[], cwd: string, options: { nodeArgs?: string[]; input?: string } = {}): CliRun {
  const started = performance.now();
  const r = spawnSync(process.execPath, [...(options.nodeArgs ?? []), binPath, ...args], {
    cwd,
    encoding: 'utf8',
    ...(options.input !== undefined ? { input: options.input } : {}),
    timeout: hangGuardMs,
    maxBuffer: 64 * 1024 * 1024, // past it the child is killed: a large report must not look like a hang
    env: cliEnv(),
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - started };
}

/** The environment a test's CLI run sees: this process's, no colour, no debug output, then `overrides` (undefined removes). */
export function cliEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', SWAGLINT_DEBUG: '' };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export interface MainOptions {
  /** Variables set (a string) or removed (undefined) in the environment main() is given. */
  env?: Record<string, string | undefined>;
  /** What stdin holds, then its end (a stream, never a terminal; without it main() has no stdin). */
  input?: string;
}

/**
 * The CLI's main() in this process, with the streams, folder and environment runCli gives a child: for
 * what main() decides (which parser, refusals, messages, exit codes, files named, URLs fetched), where a
 * child adds only its start (some 0.25 s of CPU each). What the process itself does (signals, the
 * bundle, a hang, Spectral's JavaScript functions, which hook the process's imports) needs runCli. Files
 * the run writes (--output, --baseline-write) land in the folder given here. A run still going at the
 * hang guard fails its test (it cannot be killed, but the test does not wait for it). Imported on first
 * use, so that a test file that only spawns does not load the CLI.
 */
export async function runMain(args: readonly string[], cwd: string, options: MainOptions = {}): Promise<CliRun> {
  const { main } = await import('../../src/cli/main.js');
  const env = cliEnv(options.env);
  let stdout = '';
  let stderr = '';
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`swaglint ${args[0] ?? ''} still running in this process after the hang guard`)), hangGuardMs);
  });
  try {
    const code = await Promise.race([
      main([...args], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        ...(options.input !== undefined ? { stdin: Readable.from([options.input]) } : {}),
        cwd: () => cwd,
        env,
      }),
      hung,
    ]);
    return { code, signal: null, stdout, stderr, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Exit 2 with exactly one line on stderr, matching `message`, and no stack trace. */
export function assertUserError(run: CliRun, message: RegExp): void {
  assert.equal(run.signal, null, 'killed by the time limit');
  assert.equal(run.code, 2, `exit ${run.code}; stderr: ${run.stderr}`);
  assertNoStack(run);
  const lines = run.stderr.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, `one line expected on stderr, got:\n${run.stderr}`);
  assert.match(lines[0]!, /^swaglint: /);
  assert.match(lines[0]!, message);
}

export function assertNoStack(run: CliRun): void {
  assert.doesNotMatch(run.stderr, /^\s+at /m, 'a stack trace on stderr');
  assert.doesNotMatch(run.stdout, /^\s+at .*:\d+:\d+\)?$/m, 'a stack trace on stdout');
  assert.doesNotMatch(run.stderr, /internal error/);
}

/** A fresh directory that is its own project (a `.git` marks the root `$ref`s may not leave). */
export function tempProject(prefix = 'swaglint-'): string {
  const outer = mkdtempSync(path.join(tmpdir(), prefix));
  const dir = path.join(outer, 'project');
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  return dir;
}

/** The findings of a `--format json` run. */
export function findings(run: CliRun): Array<{ ruleId: string; message: string; line: number; column: number; file: string; category?: string }> {
  return JSON.parse(run.stdout) as Array<{ ruleId: string; message: string; line: number; column: number; file: string; category?: string }>;
}
