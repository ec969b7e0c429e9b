// The build: tsc, then the steps after it (dist/scripts/after-tsc.js). Plain JavaScript because it
// runs before anything is compiled.
//
//   node scripts/build.js             build (npm run build)
//   node scripts/build.js --if-stale  build unless dist/ was built from these very sources
//   node scripts/build.js --if-stale --package
//                                     the same, but only what the package ships when it builds (src,
//                                     rules and the steps after tsc; no tests, benches or lint service)
//
// `--if-stale` is what `prepack` (npm pack, and so pre-commit's install in its clone) and `npm test`
// run, so `npm ci && npm test` builds once. A hash of the sources, not their mtimes, decides: a git checkout touches
// every mtime. stdout stays silent (messages go to stderr): pre-commit reads `npm pack`'s stdout for
// the tarball's name. An install of the packed tarball runs none of this: `prepack` runs on packing only.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from './source-hash.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');

// the published package has no sources: nothing to build (this script is not shipped either)
if (!existsSync(path.join(root, 'tsconfig.json')) || !existsSync(path.join(root, 'src'))) process.exit(0);

const ifStale = process.argv.includes('--if-stale');
// `npm pack` (and so pre-commit's install from a clone) needs only what ships: compiling the tests and
// the lint service there took a third of the install's build
const packageOnly = process.argv.includes('--package');
const before = sourceHash(root);
if (ifStale && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === before) process.exit(0);

// A test-only shortcut, set by test/pre-commit.test.ts: a package build whose sources are the very ones
// a built checkout's dist/ was made from (its stamp is this tree's hash) copies what the package ships
// from there instead of compiling them again (tsc and the steps after it, some 35 s of CPU in that
// test). The full build emits the same bytes for these folders as the package build (compared file by
// file on 2026-11-29); a tree that differs from that checkout's build is built here as usual.
const prebuilt = process.env['SWAGLINT_PREBUILT_DIST'];
if (packageOnly && prebuilt && existsSync(path.join(prebuilt, '.build-stamp')) && readFileSync(path.join(prebuilt, '.build-stamp'), 'utf8').trim() === before) {
  const { files } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const entry of files.filter((f) => f.startsWith('dist/'))) {
    cpSync(path.join(prebuilt, entry.slice('dist/'.length)), path.join(root, entry), { recursive: true });
  }
  console.error(`swaglint: the package's dist/ copied from ${prebuilt}, built from these sources`);
  process.exit(0);
}

let tsc;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  // an install without devDependencies cannot build; say so, and let the install itself succeed
  console.error('swaglint: not built, typescript is not installed (devDependencies omitted?); run npm run build after installing it.');
  process.exit(ifStale ? 0 : 1);
}

rmSync(stampFile, { force: true });
// the lint service (packages/server, a workspace) compiles against the built linter, so it comes last
const server = path.join(root, 'packages', 'server');
// The package build emits without type-checking (`--noCheck`, TypeScript 5.6 on): it runs in every
// install from git (pre-commit's clone, `npm install github:...`), where a check finds nothing that the
// checked build (`npm run build`, which CI and `npm test` run) has not found first. tsconfig.package.json
// compiles only the scripts after-tsc.js imports. Emitting still asks the checker much (declarations,
// import elision), so the cut is small: the package build 36.4 → 32.4 s of CPU, tsc in it 24.4 → 19.9 s
// (2026-11-29, load about 2); what the package ships (dist/src, dist/rules, the WordNet table) is the
// same bytes as before (diff -r).
const packageTsc = [tsc, '-p', path.join(root, 'tsconfig.package.json'), '--noCheck'];
const steps = [packageOnly ? packageTsc : [tsc, '-p', root], [path.join(root, 'dist', 'scripts', 'after-tsc.js')]];
if (!packageOnly && existsSync(path.join(server, 'tsconfig.json'))) steps.push([tsc, '-p', server]);
for (const args of steps) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// a package-only build leaves the tests unbuilt: no stamp, so the next npm test builds everything
if (packageOnly) process.exit(0);
// the hash taken before building: a source edited during the build makes the next run build again
mkdirSync(path.dirname(stampFile), { recursive: true });
writeFileSync(stampFile, before + '\n');
