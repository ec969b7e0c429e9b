// The hook as teams use it: a repository whose .pre-commit-config.yaml names this checkout by path
// and commit (`repo:` + `rev:` + `id: swaglint`), so pre-commit clones it, installs it with npm (`npm
// install` in the clone; `npm pack`, whose `prepack` builds it and whose stdout must be the tarball's name
// alone, see .npmrc; a global install of the tarball) and runs `swaglint lint` on the staged files. The
// prepack's build is the one step taken from this checkout (see SWAGLINT_PREBUILT_DIST below): the
// package test checks what that dist/ ships.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;
// CI installs pre-commit (.ci/run): there a missing pre-commit is a failure, never a skip
const skip = !hasPreCommit && process.env['CI'] !== 'true' ? 'pre-commit is not installed (apt-get install pre-commit)' : false;

const head = "swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\nschemes: [https]\nsecurity: []\n";

test('pre-commit refuses a commit with a broken spec, with the finding, and accepts clean and non-API files', { skip, timeout: hangGuardMs }, () => {
  const outer = mkdtempSync(path.join(tmpdir(), 'swaglint-pre-commit-'));
  try {
    const repo = path.join(outer, 'repo');
    const env = {
      ...process.env,
      PRE_COMMIT_HOME: path.join(outer, 'pre-commit-home'),
      GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid',
      GIT_CONFIG_NOSYSTEM: '1', HOME: outer, NO_COLOR: '1',
      // pre-commit's npm installs as an offline-first CI runs them: packages from the cache that `npm ci`
      // filled where they are there, no audit or funding request (what is installed and built is the same)
      npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false',
      // HOME is the temporary folder below, so npm's default cache (~/.npm) would be an empty one there:
      // every install would download each package again; the user's (or CI's) cache is kept
      npm_config_cache: process.env['npm_config_cache'] ?? path.join(homedir(), '.npm'),
      // the clone's `prepack` copies what ships from this checkout's dist/ when that was built from the
      // committed sources (scripts/build.js), instead of compiling the same files again; the install,
      // the pack and its stdout, the global install and the hook's run are the same
      SWAGLINT_PREBUILT_DIST: path.join(projectDir, 'dist'),
    };
    const sh = (cmd: string, args: string[], cwd = repo) => {
      const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: hangGuardMs });
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    };
    const ok = (cmd: string, args: string[], cwd = repo) => {
      const r = sh(cmd, args, cwd);
      assert.equal(r.code, 0, `${cmd} ${args.join(' ')}:\n${r.out}`);
      return r.out;
    };
    const rev = ok('git', ['rev-parse', 'HEAD'], projectDir).trim();
    ok('git', ['init', '-q', repo], outer);
    writeFileSync(path.join(repo, '.pre-commit-config.yaml'), `repos:\n  - repo: ${projectDir}\n    rev: ${rev}\n    hooks:\n      - id: swaglint\n`);
    writeFileSync(path.join(repo, 'broken.yaml'), head + 'paths:\n  /orders: {get: {responses: {"200": {description: Orders.}}}}\n  /getOrders: {get: {responses: {"200": {description: Orders.}}}}\n');
    // the team makes path-no-verbs an error (a warning in recommended since issue 26), so the verb breaks the commit
    writeFileSync(path.join(repo, '.swaglint.yaml'), 'rules:\n  path-no-verbs: error\n');
    writeFileSync(path.join(repo, 'clean.yaml'), head + 'paths:\n  /orders: {get: {responses: {"200": {description: Orders.}}}}\n');
    writeFileSync(path.join(repo, 'compose.yaml'), 'services:\n  web: {image: nginx}\n');
    writeFileSync(path.join(repo, 'package.json'), '{"name": "not-an-api", "private": true}\n');
    // YAML that only its own tool reads: a custom tag does not parse as plain YAML, and is skipped too
    writeFileSync(path.join(repo, '.gitlab-ci.yml'), 'test:\n  script:\n    - !reference [.setup, script]\n');
    ok('pre-commit', ['install']);

    ok('git', ['add', '-A']);
    const refused = sh('git', ['commit', '-m', 'everything']);
    assert.equal(refused.code, 1, refused.out);
    assert.match(refused.out, /swaglint\.+Failed/);
    assert.match(refused.out, /^broken\.yaml:7:4 error 'get' in '\/getOrders' names an action.* path-no-verbs$/m);
    const reported = [...refused.out.matchAll(/^([\w.-]+):\d+:\d+ (?:error|warning)/gm)].map((m) => m[1]);
    assert.deepEqual([...new Set(reported)], ['broken.yaml'], 'only the broken spec has findings');
    assert.equal(sh('git', ['rev-parse', '--verify', '-q', 'HEAD']).code, 1, 'nothing was committed');

    ok('git', ['rm', '-q', '--cached', 'broken.yaml']);
    const accepted = ok('git', ['commit', '-m', 'clean spec and non-API files']);
    assert.match(accepted, /swaglint\.+Passed/);
    assert.equal(ok('git', ['show', '--name-only', '--format=', 'HEAD']).trim().split('\n').sort().join(' '), '.gitlab-ci.yml .pre-commit-config.yaml .swaglint.yaml clean.yaml compose.yaml package.json');
  } finally {
    rmSync(outer, { recursive: true, force: true });
  }
});
