// -o as ESLint users type it (issue 30): alone it writes the default (stylish) report to the file and
// nothing to the terminal; -o /dev/null discards the report (a character device is written, never
// renamed over); a FIFO stays refused (hostile.test.ts).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runMain, tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-output-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
writeProjectFile(dir, 'api.yaml', "swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\nschemes: [https]\nsecurity: []\npaths:\n  /getOrders:\n    get:\n      responses: {'200': {description: OK}}\n");

test('-o without -f: the stylish report goes to the file, the terminal gets nothing, the exit code is the lint one', async () => {
  const run = await runMain(['lint', 'api.yaml', '--rule', 'path-no-verbs=error', '-o', 'report.txt'], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stdout, '');
  const report = readFileSync(path.join(dir, 'report.txt'), 'utf8');
  assert.match(report, /^api\.yaml:6:4 error 'get' in '\/getOrders' names an action/);
  assert.match(report, /✖ 1 problem \(1 error, 0 warnings\)/);
  // a second output without a format is still a mistake to name
  const two = await runMain(['lint', 'api.yaml', '-o', 'a.txt', '-o', 'b.txt'], dir);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /Each --output needs a --format before it/);
});

test('-o /dev/null discards the report and leaves /dev/null a device', async () => {
  const run = await runMain(['lint', 'api.yaml', '--rule', 'path-no-verbs=error', '-f', 'json', '-o', '/dev/null'], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stderr, '');
  assert.ok(lstatSync('/dev/null').isCharacterDevice());
  assert.equal((await runMain(['lint', 'api.yaml', '--rule', 'path-no-verbs=error', '-o', '/dev/null'], dir)).code, 1);
});
