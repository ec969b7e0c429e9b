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

test('Neovim as the client: diagnostics on a YAML buffer, and a quick fix applied', { skip, timeout: hangGuardMs }, (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-nvim-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'api.yaml');
  writeFileSync(file, `swagger: 2.0\ninfo:\n  title: Orders\n  version: '1.0'\nsecurity: []\npaths: {}\n`);
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
  // the rule's page at the package's repository, as Neovim shows it (never a file:// path of this machine)
  const docs = ruleDocsHref;
  assert.deepEqual(result['opened'], [
    { code: 'swagger-version', source: 'swaglint', severity: 1, lnum: 0, col: 0, end_lnum: 0, end_col: 7, href: docs('swagger-version') },
    { code: 'info-description', source: 'swaglint', severity: 2, lnum: 1, col: 0, end_lnum: 1, end_col: 4, href: docs('info-description') },
  ]);
  assert.deepEqual(result['titles'], ["Write swagger: '2.0'", 'Ignore swagger-version on this line']);
  assert.equal(result['first_line'], "swagger: '2.0'");
  assert.deepEqual((result['after'] as Array<{ code: string }>).map((d) => d.code), ['info-description']);
});
