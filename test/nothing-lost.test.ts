// Nothing lost: a command that writes a file, killed with SIGINT or SIGTERM at any moment, leaves the
// target absent or whole (the previous content or the complete new one) and no temp file beside it;
// and it refuses to write over one of its inputs.
//
// A table of commands, one row per writer. (`init` writes through the same atomic write but never over
// an existing file, so it has no previous content to lose: its own test is in config-cli.test.ts.)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { binPath } from './helpers/paths.js';
import { synthDocument } from './helpers/synth-document.js';
import { assertUserError, runCli, tempProject } from './helpers/cli.js';

interface Writer {
  name: string;
  /** The command's arguments; `target` is the file it writes, `input` the document it reads. */
  args: (target: string, input: string) => string[];
  /** Whether a complete target is well-formed. */
  complete: (text: string) => boolean;
  /** What the refusal to write over the input says (default: the lint commands' sentence). */
  refusal?: RegExp;
}

const isJson = (text: string, test: (value: unknown) => boolean) => test(JSON.parse(text));

const writers: Writer[] = [
  {
    name: 'lint --format json --output',
    args: (target, input) => ['lint', input, '--format', 'json', '--output', target],
    complete: (text) => Array.isArray(JSON.parse(text)),
  },
  {
    name: 'lint --format json --output (and stylish on stdout)',
    args: (target, input) => ['lint', input, '--format', 'json', '--output', target, '--format', 'stylish'],
    complete: (text) => Array.isArray(JSON.parse(text)),
  },
  {
    name: 'lint --baseline-write',
    args: (target, input) => ['lint', input, '--format', 'json', '--baseline-write', target],
    complete: (text) => isJson(text, (v) => Array.isArray((v as { findings?: unknown }).findings)),
  },
  {
    name: 'lint --cache-location',
    args: (target, input) => ['lint', input, '--format', 'json', '--cache-location', target],
    complete: (text) => isJson(text, (v) => (v as { swaglintCache?: unknown }).swaglintCache === 1),
  },
  {
    name: 'render -o',
    args: (target, input) => ['render', input, '-o', target],
    complete: (text) => text.startsWith('<!doctype html>') && text.trimEnd().endsWith('</html>'),
    refusal: /is the document being rendered/,
  },
];

const dir = tempProject('swaglint-nothing-lost-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
const input = path.join(dir, 'big.yaml');
// big enough that a run lasts a few tenths of a second, so timed kills land before, during and after
// the write; 85 runs of a larger one cost minutes of CPU and prove no more
writeFileSync(input, synthDocument(200));
const previous = '["the previous report"]\n';

/** Runs the command and sends `signal` after `killAfterMs` (0: at once, before it can write; never: not at all). */
function run(args: string[], killAfterMs: number | 'never', signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binPath, ...args], { cwd: dir, stdio: 'ignore' });
    if (killAfterMs === 0) child.kill(signal);
    const timer = typeof killAfterMs === 'number' && killAfterMs > 0 ? setTimeout(() => child.kill(signal), killAfterMs) : undefined;
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function duration(args: string[]): Promise<number> {
  const started = performance.now();
  await run(args, 'never', 'SIGTERM');
  return performance.now() - started;
}

for (const w of writers) {
  test(`${w.name}: killed at any moment, the target is the previous or the complete report, with no temp file`, async () => {
    const target = path.join(dir, 'report.json');
    const args = w.args(target, input);
    /** What a run left: the previous report or a complete new one, and no temp file beside it. */
    const outcome = (label: string): 'previous' | 'new' => {
      const left = readdirSync(dir).filter((n) => n.startsWith('report.json'));
      assert.deepEqual(left, ['report.json'], `${label}: a temp file was left`);
      const text = readFileSync(target, 'utf8');
      assert.ok(text === previous || w.complete(text), `${label}: a partial report (${text.length} chars)`);
      return text === previous ? 'previous' : 'new';
    };
    // the run never killed, over the previous report, also times the kills below (the signal is never
    // sent, so one such run stands for both signals)
    writeFileSync(target, previous);
    const full = await duration(args);
    assert.equal(outcome('never killed'), 'new', 'an uninterrupted run writes a complete report');
    // Dense around the end of the run, where the write happens. The first kill is sent as the process
    // starts and the run above was never killed, so the outcomes straddle the write however loaded the
    // machine is (a timed kill between them may land before or after it: either must leave a whole file).
    const fractions = [0, 0.9, 1.0, 1.1] as const;
    const seen = new Set<'previous' | 'new'>(['new']);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const f of fractions) {
        writeFileSync(target, previous);
        await run(args, Math.round(full * f), signal);
        seen.add(outcome(`${signal} at ${f}`));
      }
    }
    // the kills straddled the write: some before it, some after; otherwise the test proved nothing
    assert.deepEqual([...seen].sort(), ['new', 'previous']);
  });

  test(`${w.name}: naming one of the inputs as the target is refused, and the input is untouched`, () => {
    const doc = path.join(dir, 'small.yaml');
    const text = 'swagger: "2.0"\ninfo: {title: t, version: "1.0", description: d}\npaths: {}\n';
    writeFileSync(doc, text);
    const r = runCli(w.args('small.yaml', doc), dir);
    assertUserError(r, w.refusal ?? /is one of the documents being linted/);
    assert.equal(readFileSync(doc, 'utf8'), text);
    assert.ok(existsSync(doc));
  });
}
