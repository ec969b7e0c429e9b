// Property tests: corpus documents, damaged in the ways editors and hostile pull requests damage them,
// never make lint throw, hang, crash a rule, or leak a stack trace through the CLI.
//
// FUZZ_RUNS scales the number of cases (default 1,500 plus 150 through the CLI: `npm test` replays the
// same seed every time, so more cases there re-check the same documents at a cost of CPU each run);
// FUZZ_SEED=random (as `npm run fuzz` sets, with 50,000 cases) draws a fresh seed, printed so a failure
// can be replayed with FUZZ_SEED=<seed>. A failure found becomes a file in fixtures/fuzz/, checked by
// fuzz-fixtures.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { main } from '../src/cli/main.js';
import { checkLint, fuzzSample } from './helpers/fuzz-check.js';
import { mutate, mutationArb, type Mutation } from './helpers/mutate.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const runs = Number(process.env['FUZZ_RUNS'] ?? 1500);
const seedEnv = process.env['FUZZ_SEED'];
const seed = seedEnv === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(seedEnv ?? 20240610);
const sample = fuzzSample();

/** Where a failing case is written, for the person who turns it into a fixture. */
function keep(m: Mutation, text: string): void {
  const file = path.join(tmpdir(), `swaglint-fuzz-${seed}-${m.doc}.${m.format}`);
  writeFileSync(file, text);
  console.error(`fuzz: failing text (from ${sample[m.doc]!.file}) written to ${file}`);
}

test(`fuzz: the sample covers small and medium corpus documents (seed ${seed}, ${runs} runs)`, () => {
  assert.ok(sample.length >= 40, `only ${sample.length} documents`);
});

test('fuzz: lintText on mutated documents', { timeout: hangGuardMs }, async () => {
  await fc.assert(
    fc.asyncProperty(mutationArb(sample.length), async (m) => {
      const doc = sample[m.doc]!;
      const text = mutate(doc.value, m);
      // named like the original, in the original's directory, so its relative $refs still resolve
      const uri = doc.uri.replace(/\.(ya?ml|json)$/i, '') + '.fuzz.' + m.format;
      try {
        await checkLint(text, uri);
      } catch (error) {
        keep(m, text);
        throw error;
      }
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
});

test('fuzz: the CLI on mutated files answers with findings or one clear line, never a stack', { timeout: hangGuardMs }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-fuzz-'));
  try {
    await fc.assert(
      fc.asyncProperty(mutationArb(sample.length), async (m) => {
        const file = path.join(dir, `api.${m.format}`);
        const text = mutate(sample[m.doc]!.value, m);
        writeFileSync(file, text);
        let out = '';
        let err = '';
        const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, cwd: () => dir, env: {} };
        const code = await main(['lint', file, '--format', 'json', '--preset', 'all', '--strict'], io);
        try {
          assert.ok(code === 0 || code === 1, `exit ${code}: ${err}`);
          assert.doesNotMatch(err, /^\s+at /m, 'a stack trace');
          assert.equal(err, '', 'stderr should be empty for a file that exists');
          assert.ok(Array.isArray(JSON.parse(out)), 'stdout is one JSON array');
        } catch (error) {
          keep(m, text);
          throw error;
        }
      }),
      { numRuns: Math.max(1, Math.floor(runs / 10)), seed: seed + 1, endOnFailure: true },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
