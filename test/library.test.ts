import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectDir } from './helpers/paths.js';
import { AbortError, defineRule, getFormatter, lint, load, UserError, validate, type Diagnostic } from '../src/index.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const indexUrl = pathToFileURL(path.join(projectDir, 'dist', 'src', 'index.js')).href;

test('importing the library prints nothing and leaves nothing running', () => {
  // resources are read before anything touches process.stdout, which would itself open a pipe
  const script = `await import(${JSON.stringify(indexUrl)});
    await new Promise((r) => setImmediate(r));
    const left = process.getActiveResourcesInfo();
    process.stdout.write(JSON.stringify(left));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: hangGuardMs });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.deepEqual(JSON.parse(run.stdout), []);
});

const broken = `swagger: 2.0\ninfo:\n  title: Orders\n  version: '1.0'\npaths:\n  /getOrders:\n    get:\n      responses:\n        '200': {description: OK}\n`;

test('lint takes unsaved text with a uri and reports in it', async () => {
  const found = await lint({ text: broken, uri: '/unsaved/orders.yaml' });
  assert.ok(found.length > 0);
  assert.ok(found.every((d) => d.uri === '/unsaved/orders.yaml'));
  assert.deepEqual(at(found.filter((d) => d.ruleId === 'swagger-version' || d.ruleId === 'info-description')), ['1:1 swagger-version', '2:1 info-description']);
  assert.ok(found.some((d) => d.ruleId === 'path-no-verbs'), 'the conventions run too');
});

test('validate runs the validity rules only (info.description is a convention: Swagger 2.0 does not ask for it)', async () => {
  const found = await validate({ text: broken, uri: '/unsaved/orders.yaml' });
  assert.deepEqual(at(found), ['1:1 swagger-version']);
  assert.ok(found.every((d) => d.category === 'validity'));
});

test('every finding carries its rule\'s category, and the category option runs one kind only', async () => {
  const uri = '/unsaved/orders.yaml';
  const all = await lint({ text: broken, uri });
  assert.equal(all.find((d) => d.ruleId === 'swagger-version')?.category, 'validity');
  assert.equal(all.find((d) => d.ruleId === 'path-no-verbs')?.category, 'convention');
  const conventions = await lint({ text: broken, uri }, { category: 'convention' });
  assert.deepEqual(conventions, all.filter((d) => d.category === 'convention'));
  assert.ok(conventions.length > 0);
  const validity = await lint({ text: broken, uri }, { category: 'validity' });
  assert.deepEqual(validity, all.filter((d) => d.category === 'validity'));
  // an empty title is valid Swagger 2.0: reported, as a convention
  const empty = await lint({ text: broken.replace('title: Orders', "title: ''"), uri });
  assert.deepEqual(empty.filter((d) => d.ruleId.startsWith('info-t') || d.ruleId === 'info-nonempty').map((d) => [d.ruleId, d.category]), [['info-nonempty', 'convention']]);
  // findings about the file itself come whatever the category
  const unparsable = await lint({ text: 'swagger: "2.0"\ninfo: [\n', uri }, { category: 'convention' });
  assert.deepEqual(unparsable.map((d) => [d.ruleId, d.category]), [['parse-error', 'validity']]);
});

test('load gives the parsed tree, and a clear error for text that does not parse', async () => {
  const doc = await load({ text: broken, uri: '/unsaved/orders.yaml' });
  assert.equal((doc.root.value as { swagger: unknown }).swagger, 2);
  await assert.rejects(load({ text: 'swagger: "2.0"\ninfo: [\n', uri: '/unsaved/bad.yaml' }), (error: unknown) => {
    assert.ok(error instanceof UserError);
    assert.match(error.message, /^\/unsaved\/bad\.yaml:\d+:\d+: the file does not parse/);
    return true;
  });
});

test('getFormatter turns results into text', async () => {
  const json = await getFormatter('json');
  const found = await validate({ text: broken, uri: '/unsaved/orders.yaml' });
  const out = json([{ uri: '/unsaved/orders.yaml', diagnostics: found }], { cwd: '/unsaved', color: false, rules: [], version: '0' });
  assert.match(out, /swagger-version/);
});

/** A document of `n` paths, each with one operation, so the walk has many chunks to go through. */
function manyPaths(n: number): string {
  const lines = [`swagger: '2.0'`, 'info: {title: T, version: "1", description: D}', 'paths:'];
  for (let i = 0; i < n; i++) lines.push(`  /orders${i}:`, '    get:', '      responses:', `        '200': {description: OK}`);
  return lines.join('\n') + '\n';
}

/** A custom rule that counts operations and can abort the run at the first one. */
function counter(onFirst?: () => void) {
  const seen = { operations: 0 };
  const rule = defineRule({
    meta: { id: 'count-operations', severity: 'hint', description: 'Counts operations (a test probe).' },
    create: () => ({
      Operation() {
        if (seen.operations++ === 0) onFirst?.();
      },
    }),
  });
  return { rule, seen };
}

test('an aborted signal stops a run between walk chunks with an AbortError', async () => {
  const text = manyPaths(3000);
  const control = counter();
  await lint({ text, uri: '/unsaved/big.yaml' }, { plugins: [control.rule], signal: new AbortController().signal });
  assert.equal(control.seen.operations, 3000, 'without an abort the probe sees every operation');

  const controller = new AbortController();
  const probe = counter(() => controller.abort());
  await assert.rejects(lint({ text, uri: '/unsaved/big.yaml' }, { plugins: [probe.rule], signal: controller.signal }), (error: unknown) => {
    assert.ok(error instanceof AbortError);
    assert.equal(error.name, 'AbortError');
    return true;
  });
  assert.ok(probe.seen.operations > 0 && probe.seen.operations < 3000, `the walk went on to ${probe.seen.operations} operations`);
});

test('a signal aborted before the run starts rejects at once', async () => {
  await assert.rejects(lint({ text: broken, uri: '/unsaved/orders.yaml' }, { signal: AbortSignal.abort() }), { name: 'AbortError' });
});

function at(list: Diagnostic[]): string[] {
  return list.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`);
}

test('the library honours a baseline and a severity floor, through the same filter stage as the CLI', async () => {
  const { baselineEntries, baselineText, loadBaseline } = await import('../src/index.js');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const uri = '/unsaved/orders.yaml';
  const all = await lint({ text: broken, uri });
  const verbs = all.filter((d) => d.ruleId === 'path-no-verbs');
  assert.ok(verbs.length > 0 && all.length > verbs.length);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-baseline-')), 'baseline.json');
  writeFileSync(file, baselineText(baselineEntries(file, verbs)));
  const baseline = await loadBaseline(file);
  assert.deepEqual(await lint({ text: broken, uri }, { baseline }), all.filter((d) => d.ruleId !== 'path-no-verbs'));
  const floor = await lint({ text: broken, uri }, { minSeverity: 'error' });
  assert.deepEqual(floor, all.filter((d) => d.severity === 'error'));
  assert.ok(all.some((d) => d.severity !== 'error'), 'the floor drops something');
});

test('loadConfig and loadBaseline read a relative file from the cwd they are given, not the process\'s', async () => {
  const { baselineEntries, baselineText, loadBaseline, loadConfig } = await import('../src/index.js');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-cwd-'));
  assert.notEqual(process.cwd(), dir);
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  path-no-verbs: off\n');
  const config = await loadConfig('.swaglint.yaml', { cwd: dir });
  assert.equal(config.rules?.['path-no-verbs'], 'off');
  assert.deepEqual(config.files, [path.join(dir, '.swaglint.yaml')]);

  const uri = path.join(dir, 'orders.yaml');
  const verbs = (await lint({ text: broken, uri })).filter((d) => d.ruleId === 'path-no-verbs');
  const entries = baselineEntries('baseline.json', verbs, { cwd: dir });
  assert.deepEqual(entries.map((e) => e.file), ['orders.yaml'], 'entries name files relative to the baseline in the given cwd');
  writeFileSync(path.join(dir, 'baseline.json'), baselineText(entries));
  const baseline = await loadBaseline('baseline.json', { cwd: dir });
  assert.equal(baseline.file, path.join(dir, 'baseline.json'));
  assert.deepEqual(await lint({ text: broken, uri }, { baseline }), (await lint({ text: broken, uri })).filter((d) => d.ruleId !== 'path-no-verbs'));
});
