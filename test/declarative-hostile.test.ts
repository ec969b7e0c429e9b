// A ruleset's filters are bounded (issue 28): string methods that build values (`split('')`, `join`,
// arrays joined into strings) stop at a size and a per-document budget. The rule that goes past them
// is a config-error naming it, the run fails, and the ruleset's other rules still run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoStack, findings, runCli, tempProject, type CliRun } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-decl-hostile-');
const file = (name: string, content: string) => writeProjectFile(dir, name, content);
const long = 'a'.repeat(20_000);
file('api.yaml', `swagger: '2.0'\ninfo: {title: T, version: '1', description: ${long}}\npaths: {}\n`);

const lint = (ruleset: string): CliRun => runCli(['lint', 'api.yaml', '--ruleset', ruleset, '--format', 'json'], dir);
const shown = (run: CliRun) => findings(run).map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.ruleId === 'config-error' ? f.message : ''}`.trim());

function assertStopped(run: CliRun, rule: string, step: RegExp): void {
  assert.equal(run.signal, null, 'the run was killed by the time limit');
  assert.equal(run.code, 1, run.stderr);
  assertNoStack(run);
  const lines = shown(run);
  const error = lines.find((l) => l.includes('config-error'));
  assert.ok(error, `no config-error in ${JSON.stringify(lines)}`);
  assert.match(error, new RegExp(`^1:1 config-error Rule '${rule}' was stopped for this document: in '`));
  assert.match(error, step);
  // the other rule of the ruleset ran
  assert.ok(lines.includes('2:15 fine'), JSON.stringify(lines));
}

test("split('') then join with the string itself (400 MB per node) is stopped before it is built", () => {
  file('join.yaml', `rules:
  blow-join:
    given: "$[?(@.description && @.description.split('').join(@.description).length > 5)]"
    then: {field: title, function: falsy}
  fine: {given: $.info, then: {field: title, function: falsy}}
`);
  assertStopped(lint('join.yaml'), 'blow-join', /'join\(\)' would build 400000000 characters or items \(at most 1000000 per step\)/);
});

test('the array form (split, join, split again) at every node is stopped instead of exhausting the heap', () => {
  file('array.yaml', `rules:
  blow-array:
    given: "$..[?(@.length > 0 && @.split('').join(',').split(',').join(@).split('').length > 1)]"
    then: {function: falsy}
  fine: {given: $.info, then: {field: title, function: falsy}}
`);
  assertStopped(lint('array.yaml'), 'blow-array', /'join\(\)' would build 400000000 characters/);
});

test('an array literal joined into a string by + is counted as the string it makes', () => {
  file('plus.yaml', `rules:
  blow-plus:
    given: "$[?(@.description && ([@.description.split(''), 1] + @.description + @.description).length > 5)]"
    then: {field: title, function: falsy}
  fine: {given: $.info, then: {field: title, function: falsy}}
`);
  // 20,000 items and their commas, then the string twice: small enough, so the rule runs and reports
  const run = lint('plus.yaml');
  assert.deepEqual(shown(run), ['2:15 blow-plus', '2:15 fine']);
});

test('many cheap steps over many strings run out of the per-document budget', () => {
  // 200 strings of 20,000 characters, five split/join pairs each: 80 million units against 64 million
  const strings = Array.from({ length: 200 }, (_, i) => `  x-note-${i}: ${long}\n`).join('');
  file('many.yaml', `swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\nx-notes:\n${strings}`);
  const pair = ".split('').join('')";
  file('budget.yaml', `rules:
  blow-budget:
    given: "$['x-notes'][?(@${pair.repeat(5)}.length > 5)]"
    then: {function: falsy}
  fine: {given: $.info, then: {field: title, function: falsy}}
`);
  const run = runCli(['lint', 'many.yaml', '--ruleset', 'budget.yaml', '--format', 'json'], dir);
  assertStopped(run, 'blow-budget', /read and built more than 64000000 characters or items in one document/);
});
