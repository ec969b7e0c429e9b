// Every machine format on one realistic run through the real CLI: findings in two documents, one of
// them inside a $ref'd file, a file that does not parse, a clean document and a skipped non-API file.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { runCli, assertNoStack } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';
import { junit } from '../src/format/junit.js';
import { github } from '../src/format/github.js';
import type { Diagnostic } from '../src/types.js';

// CommonJS packages: under NodeNext their default export is the module object
const Ajv = AjvDraft04Module.default;
const addFormats = addFormatsModule.default;

// the repository's .swaglintignore leaves out fixtures/; --no-ignore lints them as a project's own files
const dir = path.join(projectDir, 'fixtures', 'ci');
const runAlone = (format: string) => {
  const r = runCli(['lint', '.', '--no-ignore', '--format', format], dir);
  assertNoStack(r);
  assert.equal(r.code, 1, r.stderr);
  return r.stdout;
};
// one run writes every format (a run per format cost a process each): each but the last to a file
// (the same bytes as on stdout), the last on stdout
const formats = ['json', 'sarif', 'junit', 'github', 'checkstyle', 'gitlab', 'compact', 'summary'];
const reports = mkdtempSync(path.join(tmpdir(), 'swaglint-formats-'));
after(() => rmSync(reports, { recursive: true, force: true }));
const every = runCli(['lint', '.', '--no-ignore', ...formats.slice(0, -1).flatMap((f) => ['--format', f, '--output', path.join(reports, f)]), '--format', formats.at(-1)!], dir);
assertNoStack(every);
assert.equal(every.code, 1, every.stderr);
const run = (format: string): string => (format === formats.at(-1) ? every.stdout : readFileSync(path.join(reports, format), 'utf8'));
/** What the json format says, the reference the other formats are compared with. */
const expected = JSON.parse(run('json')) as Array<{ file: string; line: number; column: number; endLine: number; endColumn: number; severity: string; ruleId: string; message: string }>;

test('the fixture run has findings in two documents, a $ref\'d file and a parse error', () => {
  const files = new Set(expected.map((f) => f.file));
  assert.deepEqual([...files], ['broken.yaml', 'definitions.yaml', 'orders.yaml', 'users.json']);
  assert.ok(expected.some((f) => f.severity === 'warn'));
  assert.ok(expected.some((f) => f.ruleId === 'parse-error'));
});

test('sarif validates against the official SARIF 2.1.0 schema, with rules, locations and snippets', () => {
  const schema = JSON.parse(readFileSync(path.join(projectDir, 'test', 'vendor', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as { $schema: string };
  assert.match(schema.$schema, /draft-04/, 'the schema is draft-04: ajv-draft-04 is the matching class');
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const log: any = JSON.parse(run('sarif'));
  const valid: boolean = validate(log);
  assert.ok(valid, ajv.errorsText(validate.errors));

  const [sarifRun] = log.runs;
  const { driver } = sarifRun.tool;
  assert.equal(driver.name, 'swaglint');
  // links to the repository package.json names, never a file:// path of the machine that ran the lint
  const own = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { version: string };
  assert.equal(driver.informationUri, 'https://github.com/swaglint/swaglint#readme');
  const verbs = driver.rules.find((r: { id: string }) => r.id === 'path-no-verbs');
  assert.equal(verbs.helpUri, `https://github.com/swaglint/swaglint/blob/v${own.version}/docs/rules/path-no-verbs.md`);
  assert.ok(driver.rules.every((r: { helpUri: string }) => r.helpUri.startsWith('https://github.com/swaglint/swaglint/blob/')));
  assert.ok(!driver.rules.some((r: { helpUri?: string }) => r.helpUri?.startsWith('file:')), 'a helpUri names this machine');
  assert.match(verbs.help.text, /Paths name objects/);
  assert.equal(verbs.defaultConfiguration.level, 'warning'); // path-no-verbs is warn in recommended (issue 26)
  assert.equal(driver.rules.find((r: { id: string }) => r.id === 'path-case').defaultConfiguration.enabled, false);

  assert.equal(sarifRun.results.length, expected.length);
  sarifRun.results.forEach((r: any, i: number) => {
    const e = expected[i]!;
    assert.equal(r.ruleId, e.ruleId);
    assert.equal(driver.rules[r.ruleIndex].id, e.ruleId);
    assert.equal(r.level, { error: 'error', warn: 'warning', info: 'note', hint: 'note' }[e.severity]);
    const { artifactLocation, region } = r.locations[0].physicalLocation;
    assert.deepEqual([artifactLocation.uri, artifactLocation.uriBaseId], [e.file, '%SRCROOT%']);
    assert.equal(sarifRun.artifacts[artifactLocation.index].location.uri, e.file);
    assert.deepEqual([region.startLine, region.startColumn, region.endLine, region.endColumn], [e.line, e.column, e.endLine, e.endColumn]);
    assert.match(r.partialFingerprints['swaglint/v1'], /^[0-9a-f]{32}$/);
  });
  const verb = sarifRun.results.find((r: any) => r.ruleId === 'path-no-verbs');
  assert.equal(verb.locations[0].physicalLocation.region.snippet.text, 'getOrders');
  const pattern = sarifRun.results.find((r: any) => r.ruleId === 'pattern-valid');
  assert.equal(pattern.locations[0].physicalLocation.region.snippet.text, "'[a-z'");
  assert.ok(driver.rules.some((r: { id: string }) => r.id === 'parse-error'), 'engine findings have a rule entry too');
  assert.match(sarifRun.originalUriBaseIds['%SRCROOT%'].uri, /^file:\/\/.*\/fixtures\/ci\/$/);
});

test('junit parses as XML: one testcase per document, a failure per finding, skips skipped', () => {
  const text = run('junit');
  assert.equal(XMLValidator.validate(text), true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testcase', 'failure', 'testsuite'].includes(name) }).parse(text);
  const [suite] = doc.testsuites.testsuite;
  const cases = suite.testcase as Array<{ name: string; failure?: Array<{ message: string; type: string }>; skipped?: unknown }>;
  assert.deepEqual(cases.map((c) => c.name), ['broken.yaml', 'clean.yaml', 'compose.yaml', 'definitions.yaml', 'orders.yaml', 'users.json']);
  const byName = new Map(cases.map((c) => [c.name, c]));
  assert.equal(byName.get('clean.yaml')!.failure, undefined, 'a clean file is a passing testcase');
  assert.ok(byName.get('compose.yaml')!.skipped !== undefined);
  // the findings in definitions.yaml belong to orders.yaml, the document that $refs it
  assert.deepEqual(byName.get('orders.yaml')!.failure!.map((f) => f.type), expected.filter((e) => e.file === 'orders.yaml' || e.file === 'definitions.yaml').map((e) => e.ruleId));
  assert.equal(Number(suite.failures), expected.length);
  assert.equal(Number(suite.tests), 6);
  assert.equal(byName.get('orders.yaml')!.failure!.find((f) => f.type === 'path-no-verbs')!.message, expected.find((e) => e.ruleId === 'path-no-verbs')!.message);
});

test('junit escapes markup and characters XML cannot carry', () => {
  const d: Diagnostic = { ruleId: 'info-title', severity: 'error', message: 'a <b>"&\'</b> \u0001\u001b[31m \ud800 end', uri: '/w/a&b.yaml', pointer: '', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
  const text = junit([{ uri: '/w/a&b.yaml', diagnostics: [d] }], { cwd: '/w', color: false, rules: [], version: '0' });
  assert.equal(XMLValidator.validate(text), true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);
  assert.equal(doc.testsuites.testsuite.testcase.name, 'a&b.yaml');
  assert.equal(doc.testsuites.testsuite.testcase.failure.message, 'a <b>"&\'</b> \ufffd\ufffd[31m \ufffd end');
});

test('github prints one workflow command per finding, escaped', () => {
  const lines = run('github').trimEnd().split('\n');
  assert.equal(lines.length, expected.length);
  const command = /^::(error|warning|notice) file=([^,:]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([a-z-]+)::([^\r\n]*)$/;
  lines.forEach((line, i) => {
    const m = command.exec(line);
    assert.ok(m, `not a workflow command: ${line}`);
    const e = expected[i]!;
    assert.deepEqual(m.slice(1, 8), [{ error: 'error', warn: 'warning', info: 'notice', hint: 'notice' }[e.severity], e.file, String(e.line), String(e.column), String(e.endLine), String(e.endColumn), e.ruleId]);
  });
  const d: Diagnostic = { ruleId: 'info-title', severity: 'hint', message: '100% wrong\r\nsecond: line, a', uri: '/w/a,b:c.yaml', pointer: '', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } } };
  assert.equal(github([{ uri: d.uri, diagnostics: [d] }], { cwd: '/w', color: false, rules: [], version: '0' }), '::notice file=a%2Cb%3Ac.yaml,line=3,col=1,endLine=3,endColumn=2,title=info-title::100%25 wrong%0D%0Asecond: line, a\n');
});

test('checkstyle parses as XML with an error per finding, grouped by file', () => {
  const text = run('checkstyle');
  assert.equal(XMLValidator.validate(text), true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['file', 'error'].includes(name) }).parse(text);
  const files = doc.checkstyle.file as Array<{ name: string; error?: Array<{ line: string; column: string; severity: string; source: string; message: string }> }>;
  const flat = files.flatMap((f) => (f.error ?? []).map((e) => ({ file: f.name, line: Number(e.line), column: Number(e.column), source: e.source, severity: e.severity })));
  assert.deepEqual(
    flat.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
    expected.map((e) => ({ file: e.file, line: e.line, column: e.column, source: `swaglint.${e.ruleId}`, severity: e.severity === 'warn' ? 'warning' : e.severity })).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
  );
  assert.ok(files.some((f) => f.name === 'clean.yaml' && !f.error), 'a clean document is listed');
});

test('gitlab is a code quality report with stable, unique fingerprints', () => {
  const issues = JSON.parse(run('gitlab')) as Array<Record<string, any>>;
  assert.equal(issues.length, expected.length);
  issues.forEach((issue, i) => {
    const e = expected[i]!;
    assert.deepEqual(Object.keys(issue).sort(), ['check_name', 'description', 'fingerprint', 'location', 'severity', 'type']);
    assert.equal(issue['type'], 'issue');
    assert.equal(issue['description'], e.message);
    assert.equal(issue['check_name'], e.ruleId);
    assert.ok(['info', 'minor', 'major', 'critical', 'blocker'].includes(issue['severity']));
    assert.equal(issue['severity'], { error: 'major', warn: 'minor', info: 'info', hint: 'info' }[e.severity]);
    assert.equal(issue['location'].path, e.file);
    assert.equal(issue['location'].lines.begin, e.line);
    assert.match(issue['fingerprint'], /^[0-9a-f]{32}$/);
  });
  assert.equal(new Set(issues.map((i) => i['fingerprint'])).size, issues.length);
  assert.deepEqual(JSON.parse(runAlone('gitlab')).map((i: any) => i.fingerprint), issues.map((i) => i['fingerprint']), 'the same on every run (and on stdout as in a file)');
});

test('sarif and junit go to files while stylish stays on the terminal', () => {
  const r = runCli(['lint', '.', '--no-ignore', '-f', 'sarif', '-o', '../../dist/ci-report.sarif', '-f', 'junit', '-o', '../../dist/ci-report.xml'], dir);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /path-no-verbs/);
  assert.match(r.stdout, /✖ \d+ problems/);
  assert.equal(JSON.parse(readFileSync(path.join(projectDir, 'dist', 'ci-report.sarif'), 'utf8')).version, '2.1.0');
  assert.equal(XMLValidator.validate(readFileSync(path.join(projectDir, 'dist', 'ci-report.xml'), 'utf8')), true);
});

test('compact is one line per finding, the json findings in order', () => {
  const labels: Record<string, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };
  assert.deepEqual(run('compact').trimEnd().split('\n'), expected.map((e) => `${e.file}:${e.line}:${e.column}: ${labels[e.severity]} ${e.ruleId} ${e.message}`));
});

test('summary counts the json findings per rule and per file', () => {
  const text = run('summary');
  const count = (pick: (e: (typeof expected)[number]) => boolean) => expected.filter(pick).length;
  for (const id of new Set(expected.map((e) => e.ruleId))) {
    const row = new RegExp(`^ +(\\d+) +(\\d+)  ${id}( \\(|$)`, 'm').exec(text);
    assert.ok(row, `no row for ${id}`);
    assert.deepEqual([Number(row[1]), Number(row[2])], [count((e) => e.ruleId === id && e.severity === 'error'), count((e) => e.ruleId === id && e.severity === 'warn')]);
  }
  // the most findings first, then the most errors, then by name: as the json findings count them
  const files = text.split('Files with the most findings\n')[1]!.split('\n\n')[0]!.split('\n').slice(1).map((l) => l.trim().split(/ +/).pop());
  const names = [...new Set(expected.map((e) => path.basename(e.file)))];
  const byFile = (name: string, severity?: string) => count((e) => path.basename(e.file) === name && (severity === undefined || e.severity === severity));
  names.sort((a, b) => byFile(b) - byFile(a) || byFile(b, 'error') - byFile(a, 'error') || a.localeCompare(b));
  assert.equal(names.length, 4, 'the four files with findings');
  assert.deepEqual(files, names);
  assert.match(text, new RegExp(`^✖ ${expected.length} problems \\(${count((e) => e.severity === 'error')} errors, ${count((e) => e.severity === 'warn')} warnings\\) in 4 files \\(4 documents linted, 2 files skipped\\)$`, 'm'));
});
