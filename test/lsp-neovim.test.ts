import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectDir, ruleDocsHref } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const hasNvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
// CI installs neovim (.ci/run): there a missing nvim is a failure, never a skip
const skip = !hasNvim && process.env['CI'] !== 'true' ? 'nvim is not installed (apt-get install neovim)' : false;

/** Opens `text` in headless Neovim with the server attached (test/lsp-neovim/init.lua) and returns what it wrote. */
function inNeovim(t: { after: (fn: () => void) => void }, text: string): Record<string, unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-nvim-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'api.yaml');
  writeFileSync(file, text);
  const out = path.join(dir, 'out.json');
  const run = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', path.join(projectDir, 'test', 'lsp-neovim', 'init.lua'), file], {
    cwd: dir,
    encoding: 'utf8',
    timeout: hangGuardMs,
    env: { ...process.env, SWAGLINT_WAIT_MS: String(hangGuardMs / 2), SWAGLINT_OUT: out, SWAGLINT_LSP: path.join(projectDir, 'bin', 'swaglint-lsp.js'), XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, XDG_STATE_HOME: dir },
  });
  assert.equal(run.error, undefined, String(run.error));
  const result = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
  assert.equal(result['error'], undefined, String(result['error']));
  assert.equal(run.status, 0, run.stderr);
  return result;
}

// the rule's page at the package's repository, as Neovim shows it (never a file:// path of this machine)
const docs = ruleDocsHref;

test('Neovim as the client: diagnostics on a YAML buffer, and a quick fix applied', { skip, timeout: hangGuardMs }, (t) => {
  const result = inNeovim(t, `swagger: 2.0\ninfo:\n  title: Orders\n  version: '1.0'\nsecurity: []\npaths: {}\n`);
  assert.deepEqual(result['opened'], [
    { code: 'swagger-version', source: 'swaglint', severity: 1, lnum: 0, col: 0, end_lnum: 0, end_col: 7, href: docs('swagger-version') },
    { code: 'info-description', source: 'swaglint', severity: 2, lnum: 1, col: 0, end_lnum: 1, end_col: 4, href: docs('info-description') },
  ]);
  assert.deepEqual(result['titles'], ["Write swagger: '2.0'", 'Ignore swagger-version on this line']);
  assert.equal(result['first_line'], "swagger: '2.0'");
  assert.deepEqual((result['after'] as Array<{ code: string }>).map((d) => d.code), ['info-description']);
});

test('Neovim as the client on an OpenAPI 3.1 buffer: its diagnostics, and the info.description stub applied', { skip, timeout: hangGuardMs }, (t) => {
  // info first, so that the script's quick fix on the first line is the info.description stub
  const result = inNeovim(t, `info:\n  title: Orders\n  version: '1.0'\nopenapi: 3.1.0\npaths:\n  /orders:\n    get:\n      description: See [the guide](https://example.com/guide).\n      responses: {'200': {description: The orders.}}\nsecurity: []\n`);
  assert.deepEqual(result['opened'], [
    { code: 'info-description', source: 'swaglint', severity: 2, lnum: 0, col: 0, end_lnum: 0, end_col: 4, href: docs('info-description') },
    { code: 'description-markdown', source: 'swaglint', severity: 2, lnum: 7, col: 23, end_lnum: 7, end_col: 61, href: docs('description-markdown') },
  ]);
  assert.deepEqual(result['titles'], ['Add an info.description stub', 'Ignore info-description on this line']);
  assert.deepEqual((result['after'] as Array<{ code: string; lnum: number }>).map((d) => `${d.lnum} ${d.code}`), ['8 description-markdown']);
});
