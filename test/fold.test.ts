// The fold stage (src/filters/fold.ts) and what every output format makes of it: one root cause is one
// finding, its consequences folded into it, and --no-fold lists them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { foldFindings } from '../src/filters/fold.js';
import type { Diagnostic } from '../src/types.js';
import { runCli, runMain, tempProject } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';
import { formatNames } from '../src/format/index.js';

const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const d = (ruleId: string, pointer: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({ ruleId, severity: 'error', message: `${ruleId} at ${pointer}`, uri: '/a.yaml', pointer, range: at, ...extra });

test('fold: findings at or under a cause’s places go into it, in order; nothing is lost', async () => {
  const cause = d('operation-no-ref', '/paths/~1a/get/$ref', { consequences: [{ uri: '/a.yaml', pointer: '/paths/~1a/get', exceptRules: ['ref-resolves'] }] });
  const list = [
    d('security-defined', '/paths'),
    d('path-params-match', '/paths/~1a/get'),
    cause,
    d('schema-valid', '/paths/~1a/get/$ref'),
    d('ref-resolves', '/paths/~1a/get/$ref'),
    d('schema-valid', '/paths/~1a/getter'), // a sibling whose name starts the same is not under it
    d('schema-valid', '/paths/~1a/get', { uri: '/b.yaml' }), // another file
    d('parse-error', '/paths/~1a/get'), // the engine's own: never a consequence
  ];
  const out = foldFindings(list);
  assert.deepEqual(out.map((f) => `${f.ruleId} ${f.pointer}`), [
    'security-defined /paths',
    'operation-no-ref /paths/~1a/get/$ref',
    'ref-resolves /paths/~1a/get/$ref',
    'schema-valid /paths/~1a/getter',
    'schema-valid /paths/~1a/get',
    'parse-error /paths/~1a/get',
  ]);
  assert.deepEqual(out[1]!.folded!.map((f) => `${f.ruleId} ${f.pointer}`), ['path-params-match /paths/~1a/get', 'schema-valid /paths/~1a/get/$ref']);
  assert.equal(out.length + out[1]!.folded!.length, list.length);
  assert.equal(cause.folded, undefined, 'the input is not changed');
});

test('fold: the most specific place wins, the first cause on a tie; a cause is never folded; rules limit a place', async () => {
  const wide = d('wide', '/x', { consequences: [{ uri: '/a.yaml', pointer: '' }] });
  const narrow = d('narrow', '/paths/~1a', { consequences: [{ uri: '/a.yaml', pointer: '/paths/~1a' }] });
  const tie = d('tie', '/paths/~1a/x', { consequences: [{ uri: '/a.yaml', pointer: '/paths/~1a' }] });
  const only = d('only', '/y', { consequences: [{ uri: '/a.yaml', pointer: '/paths/~1a/get', rules: ['response-success'] }] });
  const out = foldFindings([wide, narrow, tie, only, d('response-success', '/paths/~1a/get'), d('schema-valid', '/paths/~1a/get'), d('info-title', '/info')]);
  const shape = out.map((f) => `${f.ruleId}: ${(f.folded ?? []).map((g) => g.ruleId).join(' ')}`);
  assert.deepEqual(shape, ['wide: info-title', 'narrow: schema-valid', 'tie: ', 'only: response-success']);
  // the same findings in another order of causes: the same folding
  const again = foldFindings([only, wide, narrow, tie, d('response-success', '/paths/~1a/get'), d('schema-valid', '/paths/~1a/get'), d('info-title', '/info')]);
  assert.deepEqual(new Set(again.map((f) => `${f.ruleId}: ${(f.folded ?? []).map((g) => g.ruleId).join(' ')}`)), new Set(shape));
});

/** The operation-no-ref fixture folder (an API whose operations are $refs to files of their own) in a project of its own. */
function fixtureProject(): string {
  const dir = tempProject('swaglint-fold-');
  cpSync(path.join(projectDir, 'fixtures', 'rules', 'operation-no-ref'), dir, { recursive: true });
  return dir;
}

interface Row { ruleId: string; line: number; column: number; pointer: string; folded?: Row[] }

test('CLI: the Operation $ref case is one finding at the cause, the rest folded; --no-fold lists them; the exit code is the same', async () => {
  const dir = fixtureProject();
  const folded = await runMain(['lint', 'oas3.0-fail.yaml', '--format', 'json'], dir);
  const all = await runMain(['lint', 'oas3.0-fail.yaml', '--format', 'json', '--no-fold'], dir);
  assert.equal(folded.code, 1, folded.stderr);
  assert.equal(all.code, folded.code);
  const rows = JSON.parse(folded.stdout) as Row[];
  const cause = rows.find((r) => r.ruleId === 'operation-no-ref')!;
  assert.deepEqual([cause.line, cause.column], [10, 7]);
  // every finding about the three operations is folded: none of these is left at the top
  const consequences = new Set(cause.folded!.map((r) => r.ruleId));
  for (const id of ['schema-valid', 'path-params-match', 'response-success']) assert.ok(consequences.has(id), `${id} folded`);
  assert.deepEqual(rows.filter((r) => r.pointer.startsWith('/paths/') && r !== cause).map((r) => r.ruleId), []);
  const flat = JSON.parse(all.stdout) as Row[];
  assert.equal(flat.length, rows.length + cause.folded!.length);
  assert.ok(flat.every((r) => r.folded === undefined));
  assert.deepEqual(
    flat.filter((r) => r.ruleId !== 'operation-no-ref' && r.pointer.startsWith('/paths/')).map((r) => `${r.line}:${r.column} ${r.ruleId}`).sort(),
    cause.folded!.map((r) => `${r.line}:${r.column} ${r.ruleId}`).sort(),
  );
});

test('CLI: every output format says how many findings the cause holds', () => {
  const dir = fixtureProject();
  // every format from one run, folded and with --no-fold (a run per format took a process each): each
  // but the last to a file beside the project, the last on stdout
  const everyFormat = (extra: string[]): Map<string, string> => {
    const [last, ...rest] = [...formatNames].reverse();
    const report = (format: string) => path.join(path.dirname(dir), `report${extra.join('')}.${format}`);
    const run = runCli(['lint', 'oas3.0-fail.yaml', ...extra, ...rest.flatMap((f) => ['--format', f, '--output', report(f)]), '--format', last!], dir);
    assert.equal(run.code, 1, run.stderr);
    return new Map([...rest.map((f): [string, string] => [f, readFileSync(report(f), 'utf8')]), [last!, run.stdout]]);
  };
  const folded = everyFormat([]);
  const unfolded = everyFormat(['--no-fold']);
  const n = (JSON.parse(folded.get('json')!) as Row[]).find((r) => r.ruleId === 'operation-no-ref')!.folded!.length;
  assert.ok(n >= 5, `${n} folded`);
  for (const format of formatNames) {
    if (format === 'json') continue; // its `folded` field, above
    const said = format === 'summary' ? `${n} more folded into its cause` : `and ${n} more caused by this`;
    assert.ok(folded.get(format)!.includes(said), `${format} does not say "${said}":\n${folded.get(format)}`);
    const text = unfolded.get(format)!;
    assert.ok(!text.includes(`and ${n} more caused by this`) && !text.includes(`${n} more folded into`), `${format} --no-fold still folds`);
  }
  const sarif = JSON.parse(folded.get('sarif')!) as { runs: Array<{ results: Array<{ ruleId: string; properties?: { foldedCount?: number } }> }> };
  assert.equal(sarif.runs[0]!.results.find((r) => r.ruleId === 'operation-no-ref')!.properties!.foldedCount, n);
});
