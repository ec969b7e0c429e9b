// The bad-input table: one test per kind of hostile or broken input, through the real CLI. Each ends
// with findings or one clear stderr sentence and exit 2; never a stack trace, never a hang.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { lintText } from '../src/pipeline/lint.js';
import { assertNoStack, assertUserError, findings, runCli, tempProject, type CliRun } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-bad-input-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const head = 'swagger: "2.0"\ninfo: {title: Orders, version: "1.0", description: Orders API}\n';
const valid = head + 'paths: {}\n';

const file = (name: string, content: string | Buffer): string => writeProjectFile(dir, name, content);

const lint = (...args: string[]): CliRun => runCli(['lint', ...args], dir);

/** A run that linted: exit 0 or 1 from findings, nothing but skip notices on stderr. */
function assertLinted(run: CliRun): void {
  assert.equal(run.signal, null, 'killed by the time limit');
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}; stderr: ${run.stderr}`);
  assertNoStack(run);
}

test('an empty file is skipped with one notice (not an API description)', () => {
  const run = lint(file('empty.yaml', ''));
  assertLinted(run);
  assert.equal(run.code, 0);
  assert.match(run.stderr, /^swaglint: skipped empty\.yaml: not an API description[^\n]*\n$/);
});

test('a file of whitespace only is skipped the same way', () => {
  const run = lint(file('blank.yaml', '  \n\n\t\n  '));
  assertLinted(run);
  assert.match(run.stderr, /^swaglint: skipped blank\.yaml: not an API description[^\n]*\n$/);
});

test('a BOM is ignored, and does not shift columns', () => {
  const run = lint(file('bom.yaml', '\ufeff' + 'swagger: "2.0"\ninfo: {title: Orders, version: "1.0"}\npaths: {}\n'), '--format', 'json');
  assertLinted(run);
  const info = findings(run).find((f) => f.ruleId === 'info-description');
  assert.deepEqual(info && [info.line, info.column], [2, 1]);
  assert.ok(!findings(run).some((f) => f.ruleId === 'parse-error'));
});

test('invalid UTF-8 is read as U+FFFD and linted', () => {
  const bytes = Buffer.concat([Buffer.from('swagger: "2.0"\ninfo: {title: Orders, version: "1.0", description: "Orders '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}\npaths: {}\n')]);
  const run = lint(file('latin.yaml', bytes), '--format', 'json');
  assertLinted(run);
  assert.equal(run.stderr, '');
  assert.ok(!findings(run).some((f) => f.ruleId === 'parse-error'), run.stdout);
});

test('a binary file is skipped, and one parse-error finding under --strict', () => {
  const bytes = Buffer.alloc(4096);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + 7) % 256;
  const skipped = lint(file('blob.yaml', bytes), '--format', 'json');
  assertLinted(skipped);
  assert.equal(skipped.code, 0);
  assert.match(skipped.stderr, /^swaglint: skipped blob\.yaml: not an API description \(it does not parse/);
  const run = lint('blob.yaml', '--format', 'json', '--strict');
  assertLinted(run);
  assert.equal(run.code, 1);
  assert.deepEqual(findings(run).map((f) => f.ruleId), ['parse-error']);
});

test('YAML and JSON that only other tools read (custom tags, comments) are skipped; a broken API description is not', () => {
  const gitlab = file('.gitlab-ci.yml', 'job:\n  script:\n    - !reference [.setup, script]\n');
  const cfn = file('cfn.yaml', 'Resources:\n  B:\n    Properties:\n      Name: !Ref Foo\n');
  const tsconfig = file('tsconfig.json', '{\n  // comment\n  "compilerOptions": {}\n}\n');
  const others = lint(gitlab, cfn, tsconfig, '--format', 'json');
  assertLinted(others);
  assert.equal(others.code, 0, others.stdout);
  assert.equal(others.stderr.split('\n').filter((l) => /^swaglint: skipped .*does not parse/.test(l)).length, 3, others.stderr);
  const broken = lint(file('broken-api.json', '{\n  // comment\n  "swagger": "2.0"\n}\n'), file('broken-api.yaml', "swagger: '2.0'\ninfo: {title: X\n"), '--format', 'json');
  assert.deepEqual(findings(broken).map((f) => `${f.file} ${f.ruleId}`), ['broken-api.json parse-error', 'broken-api.yaml parse-error']);
});

test('a directory lints the YAML and JSON files inside it', () => {
  file('apis/orders.yaml', valid);
  file('apis/nested/users.json', JSON.stringify({ swagger: '2.0', info: { title: 'Users', version: '1.0', description: 'Users API' }, paths: {} }));
  file('apis/notes.txt', 'not a document');
  const run = lint('apis', '--format', 'json');
  assertLinted(run);
  assert.equal(run.stderr, '');
  assert.equal(run.code, 0, run.stdout);
});

test('a directory with no YAML or JSON files is an error', () => {
  file('docs-only/readme.txt', 'nothing to lint');
  assertUserError(lint('docs-only'), /docs-only holds no YAML or JSON files/);
});

test('a glob that matches nothing is an error', () => {
  assertUserError(lint('nowhere/**/*.yaml'), /No files match 'nowhere\/\*\*\/\*\.yaml'/);
});

test('a missing file is an error', () => {
  assertUserError(lint('missing.yaml'), /No such file or directory: missing\.yaml/);
});

test('an unreadable file is an error (root reads anything: then it is linted)', () => {
  const name = file('locked.yaml', valid);
  chmodSync(path.join(dir, name), 0o000);
  try {
    const run = lint(name);
    if (process.getuid?.() === 0) {
      // permissions do not bind root (as in CI containers): the honest expectation is a normal lint
      assertLinted(run);
      assert.equal(run.code, 0, run.stderr);
    } else assertUserError(run, /Cannot read .*locked\.yaml: permission denied\./);
  } finally {
    chmodSync(path.join(dir, name), 0o644);
  }
});

for (const [name, text] of [
  ['deep.yaml', head + 'paths: {}\nx-deep: ' + '['.repeat(100_000) + ']'.repeat(100_000) + '\n'],
  ['deep-block.yaml', head + 'paths: {}\nx-deep:\n  ' + '- '.repeat(100_000) + 'x\n'],
  ['deep.json', '{"swagger": "2.0", "x-deep": ' + '{"a": '.repeat(100_000) + '1' + '}'.repeat(100_000) + '}'],
] as const) {
  test(`nesting 100,000 levels deep (${name}) is one parse-error at the level that passes the limit`, () => {
    const run = lint(file(name, text), '--format', 'json');
    assertLinted(run);
    const [f, ...rest] = findings(run);
    assert.deepEqual(rest, []);
    assert.equal(f!.ruleId, 'parse-error');
    assert.match(f!.message, /nests more than 500 levels deep/);
    assert.ok(f!.column > 500, `points into the nesting, at column ${f!.column}`);
  });
}

test('a YAML alias bomb is refused quickly, with a bounded cost', () => {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    levels.push(`${name}: &${name} [${Array(9).fill('*' + prev).join(',')}]`);
  }
  // quoted in the swagger-version message and crawled by the $ref resolver, it used to hang
  const text = levels.join('\n') + '\nswagger: *j\ninfo: {title: *j, version: "1"}\npaths: {}\nx: {$ref: "other.yaml#/X"}\n';
  file('other.yaml', 'X: {type: object}\n');
  const run = runCli(['lint', file('bomb.yaml', text), '--format', 'json'], dir, { nodeArgs: ['--max-old-space-size=128'], timeoutMs: 20_000 });
  assertLinted(run);
  assert.deepEqual(findings(run).map((f) => [f.ruleId, f.line]), [['parse-error', 2]]);
  assert.match(findings(run)[0]!.message, /alias bomb/);
});

test('duplicate keys are findings, in YAML and in JSON', () => {
  const yamlRun = lint(file('dup.yaml', valid + 'paths: {}\n'), '--format', 'json');
  const jsonRun = lint(file('dup.json', '{"swagger": "2.0", "swagger": "2.0", "info": {"title": "t", "version": "1", "description": "d"}, "paths": {}}'), '--format', 'json');
  for (const [run, line] of [[yamlRun, 4], [jsonRun, 1]] as const) {
    assertLinted(run);
    assert.deepEqual(findings(run).filter((f) => f.ruleId === 'duplicate-key').map((f) => f.line), [line]);
  }
});

test('__proto__, constructor and prototype keys pollute nothing and are linted as ordinary keys', async () => {
  const yamlText = head + 'paths:\n  /orders:\n    __proto__: {polluted: 1}\n    __proto__: {polluted: 2}\n    constructor: {prototype: {polluted: 3}}\n    get: {responses: {"200": {description: ok}}}\ndefinitions:\n  __proto__: {type: object, polluted: 4}\n';
  const json = '{"swagger": "2.0", "info": {"title": "t", "version": "1", "description": "d"}, "__proto__": {"polluted": 5}, "paths": {"/orders": {"__proto__": {"polluted": 6}, "__proto__": {}, "constructor": {"prototype": {"polluted": 7}}}}}';
  for (const [name, text, dupLine] of [['proto.yaml', yamlText, 6], ['proto.json', json, 1]] as const) {
    const result = await lintText(text, path.join(dir, name));
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined, `${name} polluted Object.prototype`);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
    // the repeated __proto__ key is reported like any other repeated key: it was read as a key
    assert.deepEqual(result.diagnostics.filter((d) => d.ruleId === 'duplicate-key').map((d) => [d.range.start.line + 1, d.message.includes('__proto__')]), [[dupLine, true]]);
    assert.ok(!result.diagnostics.some((d) => d.ruleId === 'internal-error' || d.ruleId === 'parse-error'), JSON.stringify(result.diagnostics));
    const run = lint(file(name, text), '--format', 'json');
    assertLinted(run);
  }
});

test('a self-referencing and a mutually circular $ref end', () => {
  const text = head + 'paths:\n  /orders:\n    get:\n      responses:\n        "200": {description: ok, schema: {$ref: "#/definitions/Self"}}\n        "201": {description: ok, schema: {$ref: "#/definitions/A"}}\ndefinitions:\n  Self: {$ref: "#/definitions/Self"}\n  A: {$ref: "#/definitions/B"}\n  B: {$ref: "#/definitions/A"}\n  Tree: {type: object, properties: {children: {type: array, items: {$ref: "#/definitions/Tree"}}}}\n';
  const run = lint(file('circular.yaml', text), '--preset', 'all', '--format', 'json');
  assertLinted(run);
  assert.ok(!findings(run).some((f) => f.ruleId === 'parse-error'));
});

test('$refs to a missing file, /etc/passwd, ../../outside and a symlink out of the project are refused, never read or echoed', async () => {
  const outside = path.join(path.dirname(dir), 'outside');
  mkdirSync(outside, { recursive: true });
  const secret = 'SECRET-' + process.pid;
  writeFileSync(path.join(outside, 'secret.yaml'), `X: {type: object, description: ${secret}}\n`);
  symlinkSync(path.join(outside, 'secret.yaml'), path.join(dir, 'link.yaml'));
  const text = head + 'paths: {}\ndefinitions:\n' +
    '  Missing: {$ref: "missing.yaml#/X"}\n' +
    '  Passwd: {$ref: "/etc/passwd"}\n' +
    '  Outside: {$ref: "../outside/secret.yaml#/X"}\n' +
    '  Climb: {$ref: "../../../../../../../../etc/passwd#/root"}\n' +
    '  Link: {$ref: "link.yaml#/X"}\n';
  const name = file('refs.yaml', text);
  const result = await lintText(text, path.join(dir, name));
  // texts holds every file that was read: only the document itself
  assert.deepEqual([...result.texts.keys()], [path.join(dir, name)]);
  const run = lint(name, '--preset', 'all', '--format', 'json');
  assertLinted(run);
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')[0]!;
  for (const out of [run.stdout, run.stderr, JSON.stringify(result.diagnostics)]) {
    assert.ok(!out.includes(secret), 'the outside file was echoed');
    assert.ok(!passwd || !out.includes(passwd), '/etc/passwd was echoed');
  }
});

test('a 100 MB document is refused before it is read, with the limit named', () => {
  const name = 'huge.yaml';
  const fd = openSync(path.join(dir, name), 'w');
  try {
    const chunk = Buffer.from(('  /orders' + '/x'.repeat(20) + ': {get: {responses: {"200": {description: ok}}}}\n').repeat(4096));
    writeSync(fd, valid.replace('paths: {}\n', 'paths:\n'));
    for (let written = 0; written < 100 * 1024 * 1024; written += chunk.length) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  // 64 MB of heap could not even hold the text: the refusal must come before reading it
  const run = runCli(['lint', name], dir, { nodeArgs: ['--max-old-space-size=64'], timeoutMs: 30_000 });
  assertUserError(run, /huge\.yaml is 100\.\d MB, over swaglint's limit of 64\.0 MB for one document/);
  rmSync(path.join(dir, name));
});

test('an unknown format name is an error', () => {
  assertUserError(lint(file('ok.yaml', valid), '--format', 'nope'), /--format nope is not a format swaglint knows/);
});

test('an unknown flag is an error', () => {
  assertUserError(lint(file('ok2.yaml', valid), '--frobnicate'), /unknown option --frobnicate; see swaglint --help/);
});
