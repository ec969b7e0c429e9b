// `npm test` after the build: node's test runner over every test file, two files at a time, with the
// temporary folder the tests write to in memory when the machine has room for it. Plain JavaScript,
// like build.js, so that it needs nothing compiled.
//
//   node scripts/test.js [node --test options...] [test files...]
//                                     every test file (those scripts/test-groups.js lists together in one
//                                     process a group), or those named, each alone; `npm test -- ...`
//                                     passes them on
//
// Why in memory: the tests write and delete much (pre-commit's clone and npm installs, PGlite data
// folders, PostgreSQL clusters, chromium profiles), and on this project's ext4 disk the journal made
// that a tenth of some files' CPU (pre-commit 69.8 s of CPU with its temporary folder on the disk,
// 63.1 s in /dev/shm, the same run otherwise). A run's folder is /dev/shm/swaglint-test-<pid>-XXXXXX,
// removed when the run ends however it ends (a signal too); one that a killed run left is removed by
// the next. A TMPDIR the caller set is kept as it is, as is the disk when /dev/shm has under 4 GB free.
// SWAGLINT_TEST_KEEP is the temporary folder there was before, for what should outlive the run (the
// lint service's migrated PGlite template).
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { groups } from './test-groups.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shm = '/dev/shm';
const prefix = 'swaglint-test-';
const roomBytes = 4 * 1024 ** 3;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** A run's own temporary folder in memory, or undefined to leave TMPDIR as it is. */
function memoryTmp() {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    accessSync(shm, constants.W_OK);
    const stats = statfsSync(shm);
    if (stats.bavail * stats.bsize < roomBytes) return undefined;
    for (const name of readdirSync(shm)) {
      const owner = name.startsWith(prefix) ? Number(name.slice(prefix.length).split('-')[0]) : NaN;
      if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(path.join(shm, name), { recursive: true, force: true });
    }
    const dir = mkdtempSync(path.join(shm, `${prefix}${process.pid}-`));
    // as /tmp: the PostgreSQL tests run initdb as the postgres user when run as root
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Every test file, named one by one: node 20's `--test` given a folder called test runs every .js file
 * beneath it, so `--test dist/test/` also ran the 20 helpers and the 61 rule case files that
 * rules.test.js imports (572 tests twice, 87 processes, about 49 s of CPU). The files scripts/test-groups.js
 * groups run in one process a group, through an entry file in `entries` that imports them in turn.
 */
function allTestFiles(entries) {
  // the groups first: each is one long process, which the single files then run beside on the other core
  const files = [];
  const single = [];
  for (const folder of ['dist/test', 'packages/server/dist/test']) {
    const grouped = groups[folder] ?? {};
    const inGroup = new Set(Object.values(grouped).flat());
    const present = readdirSync(path.join(root, folder)).filter((n) => n.endsWith('.test.js')).map((n) => n.slice(0, -'.test.js'.length));
    for (const name of present.sort()) if (!inGroup.has(name)) single.push(path.join(root, folder, `${name}.test.js`));
    for (const [group, names] of Object.entries(grouped)) {
      const members = names.filter((n) => present.includes(n));
      const missing = names.filter((n) => !present.includes(n));
      if (missing.length > 0) console.error(`scripts/test.js: ${missing.join(', ')} named in scripts/test-groups.js but not in ${folder}`);
      const entry = path.join(entries, `${group}.test.mjs`);
      const urls = members.map((n) => pathToFileURL(path.join(root, folder, `${n}.test.js`)).href);
      // a file that fails to load is a failing test, and the files after it still run
      writeFileSync(entry, `import { test } from 'node:test';\nfor (const file of ${JSON.stringify(urls, null, 1)}) {\n  try {\n    await import(file);\n  } catch (error) {\n    test(\`\${file} loads\`, () => {\n      throw error;\n    });\n  }\n}\n`);
      files.push(entry);
    }
  }
  return [...files, ...single];
}

const dir = memoryTmp();
const env = dir ? { ...process.env, TMPDIR: dir, SWAGLINT_TEST_KEEP: tmpdir() } : process.env;
const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('-')).map((f) => path.resolve(f));
const options = args.filter((a) => a.startsWith('-'));
// the groups' entry files: in the run's temporary folder when it has one (removed with it), else their own
const entries = files.length > 0 ? undefined : mkdtempSync(path.join(dir ?? tmpdir(), 'swaglint-test-groups-'));
const child = spawn(process.execPath, ['--test', '--test-concurrency=2', ...options, ...(entries ? allTestFiles(entries) : files)], { cwd: root, env, stdio: 'inherit' });

const cleanUp = () => {
  if (entries && existsSync(entries)) rmSync(entries, { recursive: true, force: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
};
// the terminal's Ctrl-C reaches the runner too; a signal sent to this process alone is passed on
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  cleanUp();
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
child.on('error', (error) => {
  cleanUp();
  console.error(`scripts/test.js: ${error.message}`);
  process.exit(1);
});
