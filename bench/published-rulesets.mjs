#!/usr/bin/env node
// Materialises the published Spectral rulesets bench/spectral.mjs --published compares on, at pinned
// commits, into bench/published/ (git-ignored: their licences differ, one is AGPL, so nothing of them
// is committed). TypeScript rulesets are bundled to an .mjs with esbuild, Spectral's packages left as
// imports (swaglint answers them itself; Spectral resolves its own).
//   node bench/published-rulesets.mjs                   clone each from GitHub at its commit
//   node bench/published-rulesets.mjs --mirror DIR      or read DIR/<owner>+<name>/repo (a bare mirror)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'published');
const args = process.argv.slice(2);
const mirror = args.includes('--mirror') ? path.resolve(args[args.indexOf('--mirror') + 1]) : undefined;

/** name → where it is, what of it is kept, and the ruleset file the bench runs. */
export const published = {
  owasp: {
    repo: 'stoplightio/spectral-owasp-ruleset', commit: '624d67f3a124de36502ad3d06c35917da19dff85', licence: 'MIT',
    take: ['src', 'package.json'], build: 'src/ruleset.ts', ruleset: 'ruleset.mjs', functions: true,
  },
  'italia-security': {
    repo: 'italia/api-oas-checker-rules', commit: '99568c9b0cb8e39ed1c9f5ee40eca90d3717d455', licence: 'AGPL-3.0',
    take: ['security', 'LICENSE'], ruleset: 'security/security.yml', functions: true,
  },
  documentation: {
    repo: 'stoplightio/spectral-documentation', commit: 'b1ea13a0c80e92a13352d028d3b36ece5783b16d', licence: 'MIT',
    take: ['src', 'package.json'], build: 'src/ruleset.ts', ruleset: 'ruleset.mjs',
  },
  'apisyouwonthate': {
    repo: 'apisyouwonthate/style-guide', commit: 'de07125b9087a9c9e1eb88778f93dfb3f0910388', licence: 'MIT',
    take: ['src', 'package.json'], build: 'src/ruleset.ts', ruleset: 'ruleset.mjs',
  },
  'openapi-contrib': {
    repo: 'openapi-contrib/style-guides', commit: 'c5326037027afb8bd0ce5a5d4ad88be7b048ef64', licence: 'see the repository',
    take: ['openapi.yml', 'README.md'], ruleset: 'openapi.yml',
  },
  // British Columbia's API guidelines: the strict ruleset extends the basic one, whose functions are
  // ES modules (one bundles a part-of-speech tagger, 3.8 MB); the licence is package.json's
  'bcgov': {
    repo: 'bcgov/csit-api-governance-spectral-style-guide', commit: 'c6fa741cebdcf5670b10cd5b51bf6ec7319ccc6a', licence: 'Apache-2.0',
    take: ['dist/spectral', 'package.json'], ruleset: 'dist/spectral/strict-ruleset.yaml', functions: true,
  },
};

function materialise(name, entry) {
  const dir = path.join(out, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let gitDir = mirror ? path.join(mirror, entry.repo.replace('/', '+'), 'repo') : undefined;
  if (!gitDir) {
    gitDir = path.join(out, '.git-' + name);
    if (!existsSync(gitDir)) {
      execFileSync('git', ['init', '-q', '--bare', gitDir]);
      execFileSync('git', ['--git-dir', gitDir, 'fetch', '-q', '--depth', '1', `https://github.com/${entry.repo}.git`, entry.commit], { stdio: 'inherit' });
    }
  }
  const tar = execFileSync('git', ['--git-dir', gitDir, 'archive', entry.commit, ...entry.take], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  // a .js function file beside a YAML ruleset is CommonJS unless a package.json says otherwise (Spectral's own choice)
  if (entry.build) {
    execFileSync(path.join(here, '..', 'node_modules', 'esbuild', 'bin', 'esbuild'), [path.join(dir, entry.build), '--bundle', '--format=esm', '--platform=node', `--outfile=${path.join(dir, entry.ruleset)}`, '--external:@stoplight/*', '--log-level=warning'], { stdio: 'inherit' });
  }
  writeFileSync(path.join(dir, 'SOURCE'), `${entry.repo} at ${entry.commit}; licence: ${entry.licence}\n`);
  return path.join(dir, entry.ruleset);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, entry] of Object.entries(published)) console.log(`${name}: ${path.relative(process.cwd(), materialise(name, entry))}`);
}
