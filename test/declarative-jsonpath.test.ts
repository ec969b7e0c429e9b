// Every JSONPath form Spectral rulesets write in `given` and `field` (issue 28), on
// fixtures/spectral-jsonpath/: the expected findings (rule, file, line, Spectral's path) are what
// Spectral 6.16.3 reported for the same ruleset and documents (`spectral lint -r .spectral.yaml
// api.yaml -f json` in bench/), lines 1-based, paths as JSON pointers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { findings, runMain, tempProject } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

const fixture = path.join(projectDir, 'fixtures', 'spectral-jsonpath');

/** main() in this process: a YAML ruleset runs no JavaScript, so nothing of the process is touched. */
async function lint(ruleset: string): Promise<Array<{ ruleId: string; file: string; line: number; pointer: string }>> {
  const dir = tempProject('swaglint-jsonpath-');
  cpSync(fixture, dir, { recursive: true });
  const run = await runMain(['lint', 'api.yaml', '--ruleset', ruleset, '--format', 'json'], dir);
  assert.ok(run.code === 0 || run.code === 1, run.stderr);
  return findings(run) as unknown as Array<{ ruleId: string; file: string; line: number; pointer: string }>;
}

const row = (f: { ruleId: string; file: string; line: number; pointer: string }) => `${f.ruleId} ${f.file} ${f.line} ${f.pointer}`;

test('given and field forms: `.~` key selector, `$ref` as a field, @property, @path, @parentProperty, filters over $refs', async () => {
  const rules = new Set(['keys-pascal', 'ref-local', 'get-summary', 'orders-path', 'query-lower', 'parent-prop']);
  const got = (await lint('.spectral.yaml')).filter((f) => rules.has(f.ruleId)).map(row).sort();
  // Spectral 6.16.3's answer
  const spectral = [
    'get-summary api.yaml 7 /paths/~1orders/get',
    'orders-path api.yaml 20 /paths/~1orders/post/summary',
    'parent-prop api.yaml 23 /paths/~1orders/post/responses/201/description',
    'ref-local api.yaml 25 /paths/~1orders/post/responses/201/schema/$ref',
    'get-summary api.yaml 27 /paths/~1users/get',
    'query-lower api.yaml 34 /parameters/Limit/in',
    'keys-pascal api.yaml 36 /definitions',
    'keys-pascal api.yaml 37 /definitions/order_list',
    'keys-pascal api.yaml 39 /definitions/order_list/items',
    'parent-prop models.yaml 1 /Order',
  ];
  assert.deepEqual(got, spectral.sort());
});

test('a filter that reads below a missing value selects nothing there instead of stopping the run (Spectral 6 stops: "Cannot read properties of undefined")', async () => {
  const got = (await lint('missing.spectral.yaml')).filter((f) => f.ruleId === 'missing-deep').map(row);
  // the one response whose schema (through its $ref) has object items; the others have no schema.items
  assert.deepEqual(got, ['missing-deep api.yaml 16 /paths/~1orders/get/responses/200/description']);
});
