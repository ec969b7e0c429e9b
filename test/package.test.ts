// The package as a user gets it: `npm pack`, then an install of the tarball into a fresh folder, offline
// (from the npm cache that `npm ci` filled), and both bins and the library run from there. Measures the
// installed size (the whole node_modules a consumer gets).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

interface PackedFile {
  path: string;
  size: number;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ownPackage = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { name: string; version: string };
// Issue 30's budget, 12 MB (decimal, the stricter reading), OpenAPI 3.0 and 3.1's compiled schemas
// included (3.2's too since, all three brotli-compressed): met by compacting the validators (scripts/validator-module.ts), compressing the WordNet
// table, shipping only the declaration files the type entries read (scripts/pack-types.ts) and the
// modules without comments or indentation (scripts/compact-modules.ts): 11,821,697 bytes measured.
const maxInstalledBytes = 12_000_000;

let outer = '';
let consumer = '';
let tarball = '';
let packed: PackedFile[] = [];
let installLog = '';

function sh(cmd: string, args: readonly string[], cwd: string, input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: hangGuardMs, input, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A lockfile for the consumer: the production entries of swaglint's own lockfile, under swaglint. An
 * offline install can then take every tarball from the cache by its integrity, as `npm ci` put them
 * there; without it npm would ask the registry for each package's metadata, which `npm ci` never fetched.
 */
function consumerLockfile(tarballName: string): object {
  const lock = JSON.parse(readFileSync(path.join(projectDir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean; link?: boolean }> };
  const packages: Record<string, object> = { '': { dependencies: { [ownPackage.name]: `file:${tarballName}` } } };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || entry.dev || entry.devOptional || entry.link) continue;
    packages[key] = entry;
  }
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages };
}

before(() => {
  outer = mkdtempSync(path.join(tmpdir(), 'swaglint-package-'));
  // what dist/ holds now: `npm test` built it; --ignore-scripts so packing does not build again
  const pack = sh(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', outer], projectDir);
  assert.equal(pack.code, 0, pack.stderr);
  const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; files: PackedFile[] }>;
  packed = info!.files;
  tarball = path.join(outer, info!.filename);
  consumer = path.join(outer, 'consumer');
  mkdirSync(consumer);
  writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, dependencies: { [ownPackage.name]: `file:../${info!.filename}` } }, null, 2));
  writeFileSync(path.join(consumer, 'package-lock.json'), JSON.stringify(consumerLockfile(`../${info!.filename}`), null, 2));
  const install = sh(npm, ['install', '--offline', '--no-audit', '--no-fund', tarball], consumer);
  installLog = install.stdout + install.stderr;
  assert.equal(install.code, 0, `the offline install failed:\n${installLog}`);
});

after(() => rmSync(outer, { recursive: true, force: true }));

test('npm pack builds (prepack), the test script builds only when the sources changed since, and no script runs on install', async () => {
  const manifest = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  // prepare runs on an install from git and npm warns of it; prepack runs only when packing
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) assert.equal(manifest.scripts[hook], undefined, `a ${hook} script runs for consumers`);
  assert.equal(manifest.scripts['prepack'], 'node scripts/build.js --if-stale --package');
  // scripts/test.js runs node --test after the build (and a run's temporary folder in memory)
  assert.match(manifest.scripts['test']!, /^node scripts\/build\.js --if-stale && node scripts\/test\.js$/);
  assert.doesNotMatch(manifest.scripts['test']!, /npm run build/);
  // the build that this run tests recorded the hash of the sources it was made from: --if-stale skips
  const { sourceHash } = (await import(pathToFileURL(path.join(projectDir, 'scripts', 'source-hash.js')).href)) as { sourceHash(root: string): string };
  assert.equal(readFileSync(path.join(projectDir, 'dist', '.build-stamp'), 'utf8').trim(), sourceHash(projectDir));
});

test('the tarball ships what runs: bins, compiled sources and rules, rule pages, LICENSE; no tests, build scripts or sources', () => {
  const names = packed.map((f) => f.path);
  for (const needed of ['LICENSE', 'README.md', 'package.json', 'bin/swaglint.js', 'bin/swaglint-lsp.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/index.cjs', 'dist/src/index.d.cts', 'dist/src/cli-bundle.vm.js', 'dist/wordnet-senses.bin', 'docs/rules/path-no-verbs.md']) {
    assert.ok(names.includes(needed), `${needed} is missing from the tarball`);
  }
  // the CLI's bundle holds swaglint's own code (and chalk, an ES module only): its other dependencies are
  // required from node_modules, never copied in; some on first use, by name (src/lazy-package.ts)
  const bundle = readFileSync(path.join(consumer, 'node_modules', ownPackage.name, 'dist', 'src', 'cli-bundle.vm.js'), 'utf8');
  assert.match(bundle, /require\("markdown-it"\)/, 'the bundle does not require markdown-it');
  // js-yaml by the one file its package rolls its code into (scripts/bundle-cli.ts), found through the package
  assert.match(bundle, /require\.resolve\("js-yaml\/package\.json"\)\),"dist","js-yaml\.js"\)/, 'the bundle does not require js-yaml');
  for (const dependency of ['picomatch', 're2js', 'jsonc-parser']) assert.match(bundle, new RegExp(`\\w\\("${dependency}"\\)`), `the bundle does not require ${dependency} on first use`);
  assert.ok(packed.find((f) => f.path === 'dist/src/cli-bundle.vm.js')!.size < 1024 * 1024, 'the bundle is over 1 MB: a dependency was bundled');
  const stray = names.filter((n) => /^(dist\/(test|scripts|bench)\/|src\/|test\/|scripts\/|bench\/|fixtures\/)|\.ts$(?<!\.d\.ts)|\.tsbuildinfo$|\.build-stamp$/.test(n));
  assert.deepEqual(stray, [], 'files that do not run');
  const license = readFileSync(path.join(consumer, 'node_modules', ownPackage.name, 'LICENSE'), 'utf8');
  assert.match(license, /^MIT License\n\nCopyright \(c\) \d{4} the swaglint authors\n/);
});

test('the installed package names no path of the machine that packed it, and runs no install script', () => {
  const root = path.join(consumer, 'node_modules', ownPackage.name);
  const leaks: string[] = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) visit(file);
      else if (readFileSync(file, 'latin1').includes(projectDir)) leaks.push(path.relative(root, file));
    }
  };
  visit(root);
  assert.deepEqual(leaks, [], `files that hold ${projectDir}`);
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) assert.equal(manifest.scripts?.[hook], undefined, `a consumer-facing ${hook} script`);
  assert.doesNotMatch(installLog, /swaglint@[\d.]+ (?:pre|post)?install|swaglint@[\d.]+ prepare|install-scripts/);
});

test('swaglint from the install: --version, and a lint of a sample with its findings', () => {
  const bin = path.join(consumer, 'node_modules', '.bin', 'swaglint');
  const v = sh(bin, ['--version'], consumer);
  assert.equal(v.code, 0, v.stderr);
  assert.equal(v.stdout.trim(), ownPackage.version);
  copyFileSync(path.join(projectDir, 'fixtures', 'samples', 'orders.yaml'), path.join(consumer, 'orders.yaml'));
  const lint = sh(bin, ['lint', 'orders.yaml'], consumer);
  assert.equal(lint.code, 0, `the sample's one finding is a warning (path-no-verbs is warn since issue 26):\n${lint.stdout}${lint.stderr}`);
  // the sample's one finding, from path-no-verbs, which reads the WordNet table built into dist/ and its shipped weights
  assert.match(lint.stdout, /^orders\.yaml:77:14 warning 'show' in '\/questions\/show\/\{id\}' names an action.* path-no-verbs$/m);
  assert.doesNotMatch(lint.stdout, /internal-error/);
  assert.match(lint.stdout, /✖ 1 problem \(0 errors, 1 warning\)/);
  assert.equal(lint.stderr, '');
});

test('swaglint from the install checks OpenAPI 3.0, 3.1 and 3.2 against their compiled schemas (each loaded from its own module)', () => {
  const bin = path.join(consumer, 'node_modules', '.bin', 'swaglint');
  for (const version of ['3.0.3', '3.1.1', '3.2.0']) {
    const file = `openapi-${version}.yaml`;
    writeFileSync(path.join(consumer, file), `openapi: ${version}\ninfo:\n  title: T\n  version: '1'\n  colour: blue\npaths: {}\n`);
    const lint = sh(bin, ['lint', file], consumer);
    assert.equal(lint.code, 1, lint.stdout + lint.stderr);
    assert.match(lint.stdout, new RegExp(`^${file.replace(/\./g, '\\.')}:5:3 error Unknown property \`colour\` in the info object.* schema-valid$`, 'm'));
    assert.doesNotMatch(lint.stdout, /internal-error/);
  }
});

test('the install without the lint service: --help does not offer serve; swaglint-lsp --version answers', () => {
  const help = sh(path.join(consumer, 'node_modules', '.bin', 'swaglint'), ['--help'], consumer);
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /swaglint lint/);
  assert.doesNotMatch(help.stdout, /serve/);
  const lsp = sh(path.join(consumer, 'node_modules', '.bin', 'swaglint-lsp'), ['--version'], consumer);
  assert.equal(lsp.code, 0, lsp.stderr);
  assert.equal(lsp.stdout, `${ownPackage.version}\n`);
});

test('swaglint-lsp from the install answers the initialize handshake', async () => {
  const bin = path.join(consumer, 'node_modules', '.bin', 'swaglint-lsp');
  const child = spawn(bin, ['--stdio'], { cwd: consumer, stdio: ['pipe', 'pipe', 'pipe'] });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  let out = '';
  const reply = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no initialize reply; got: ${out}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /Content-Length: (\d+)\r\n\r\n/.exec(out);
      if (m && Buffer.byteLength(out.slice(m.index + m[0].length)) >= Number(m[1])) {
        clearTimeout(timer);
        resolve(out.slice(m.index + m[0].length));
      }
    });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
  child.kill();
  const message = JSON.parse(reply) as { id: number; result?: { capabilities?: { textDocumentSync?: unknown } } };
  assert.equal(message.id, 1);
  assert.ok(message.result?.capabilities?.textDocumentSync !== undefined, reply);
});

test('the library imports from the install and lints text', () => {
  const script = `import { lint } from '${ownPackage.name}';
const found = await lint({ text: "swagger: '2.0'\\ninfo: {title: T, version: '1.0'}\\npaths: {}\\n", uri: '/x/api.yaml' });
console.log(JSON.stringify(found.map((d) => d.ruleId)));`;
  const r = sh(process.execPath, ['--input-type=module', '-e', script], consumer);
  assert.equal(r.code, 0, r.stderr);
  const ids = JSON.parse(r.stdout) as string[];
  assert.ok(ids.includes('info-description'), r.stdout);
});

test('the library requires from the install in CommonJS, without require(esm)', () => {
  const script = `require('${ownPackage.name}').lint({ text: "swagger: '2.0'\\ninfo: {title: T, version: '1.0'}\\npaths: {}\\n", uri: '/x/api.yaml' }).then((found) => console.log(JSON.stringify(found.map((d) => d.ruleId))));`;
  const r = sh(process.execPath, ['--no-experimental-require-module', '-e', script], consumer);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), ['info-description']);
});

test('tsc type-checks the installed package from an ES module and from CommonJS, with only the declaration files it ships', () => {
  const root = path.join(consumer, 'node_modules', ownPackage.name);
  // the build leaves out of the tarball the declarations no type entry reads (scripts/pack-types.ts)
  assert.ok(!packed.some((f) => f.path === 'dist/src/cli/argv-checks.d.ts'), 'an internal module\'s declarations were packed');
  assert.ok(readdirSync(path.join(root, 'dist', 'src', 'lint')).includes('rule.d.ts'));
  const typesDir = path.join(consumer, 'node_modules', '@types');
  mkdirSync(typesDir, { recursive: true });
  symlinkSync(path.join(projectDir, 'node_modules', '@types', 'node'), path.join(typesDir, 'node'));
  const tsc = path.join(projectDir, 'node_modules', 'typescript', 'bin', 'tsc');
  const use = `const found = await lint({ text: 'swagger: "2.0"', uri: '/x/api.yaml' });
const first: Diagnostic | undefined = found[0];
const id: string | undefined = first?.ruleId;
const rule: Rule = { meta: { id: 'house-rule', description: 'd', severity: 'warn', category: 'convention' }, create: (ctx) => ({ 'Document:done': () => ctx.report({ node: ctx.nodeAt(ctx.document.root, []), message: 'm' }) }) };
export { id, rule };
`;
  // what a CommonJS consumer also names through the namespace require() gives: the options' type, the
  // error class as a type and a value, the rule list (this run stands for library-cjs's, once apart)
  const cjsUse = `const options: swaglint.LintOptions = { preset: 'all' };
const pending: Promise<Diagnostic[]> = swaglint.lint({ text: "swagger: '2.0'\\n", uri: '/x/api.yaml' }, options);
const failure: swaglint.UserError = new swaglint.UserError('bad input');
export const ids: readonly string[] = swaglint.builtinRules.map((r) => r.meta.id);
void pending; void failure;
`;
  // one tsc run over both projects (a run costs seconds): with nodenext each file is an ES module or
  // CommonJS by its folder's package.json; the good files type-check and each misuse is an error
  const projects = [
    ['esm', 'module', "import { lint, type Diagnostic, type Rule } from 'swaglint';\n"],
    ['cjs', 'commonjs', "import swaglint = require('swaglint');\nconst { lint } = swaglint;\ntype Diagnostic = swaglint.Diagnostic;\ntype Rule = swaglint.Rule;\n"],
  ] as const;
  for (const [dir, type, header] of projects) {
    const project = path.join(consumer, dir);
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type }));
    writeFileSync(path.join(project, 'use.ts'), type === 'module' ? header + use : header + use.replace('await lint', 'void lint').replace(/const found = [^\n]*\n/, 'const found: Diagnostic[] = [];\nvoid lint;\n') + cjsUse);
    // a misuse is an error: the types are there, not `any`
    writeFileSync(path.join(project, 'misuse.ts'), `${header}const wrong: number = lint;\nexport { wrong };\n`);
  }
  const files = projects.flatMap(([dir]) => [`${dir}/use.ts`, `${dir}/misuse.ts`]);
  // skipDefaultLibCheck: TypeScript's own lib files (lib.es2022.d.ts, lib.dom.d.ts...) are read as any
  // consumer's are, but not checked again (about a third of the run); every declaration file the
  // package ships, and @types/node beside them, is still checked (no skipLibCheck)
  writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: ['node'], skipDefaultLibCheck: true }, files }));
  const r = sh(process.execPath, [tsc, '-p', '.'], consumer);
  const errors = r.stdout.split('\n').filter((l) => /error TS\d+/.test(l)).map((l) => l.replace(/\\/g, '/'));
  assert.equal(r.code, 2, r.stdout + r.stderr);
  // the misuse is on the line after each header; nothing else is an error
  assert.deepEqual(errors.map((l) => l.replace(/: error .*/, '')).sort(), projects.map(([dir, , header]) => `${dir}/misuse.ts(${header.split('\n').length},7)`).sort(), r.stdout);
  assert.ok(errors.every((l) => /error TS2322/.test(l)), r.stdout);
});

test(`the installed size (swaglint and its dependencies) is under ${maxInstalledBytes / 1e6} MB`, (t) => {
  const size = bytesUnder(path.join(consumer, 'node_modules'));
  const biggest = readdirSync(path.join(consumer, 'node_modules'))
    .filter((n) => !n.startsWith('.'))
    .map((n) => ({ n, b: bytesUnder(path.join(consumer, 'node_modules', n)) }))
    .sort((a, b) => b.b - a.b)
    .slice(0, 3)
    .map(({ n, b }) => `${n} ${(b / 1024 / 1024).toFixed(1)} MB`)
    .join(', ');
  t.diagnostic(`installed size ${(size / 1e6).toFixed(2)} MB, ${size} bytes (largest: ${biggest})`);
  assert.ok(size <= maxInstalledBytes, `installed size is ${(size / 1e6).toFixed(2)} MB (at most ${maxInstalledBytes / 1e6} MB); largest: ${biggest}`);
});

/** Bytes of the files under a folder (symlinks counted as links, not followed). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) total += bytesUnder(file);
    else total += lstatSync(file).size;
  }
  return total;
}
