// Build step, after the CLI bundle (which writes index.d.cts): the published package ships the
// declaration files a consumer's compiler reads for `import 'swaglint'` and `require('swaglint')`, and no
// others. The `exports` map offers no path into dist/, so the other ~130 files (140 KB, issue 30's
// installed size) could never be read; they stay in dist/ for the lint service's workspace, which
// compiles against them. A `.npmignore` in each shipped folder of dist/ lists them (npm honours one
// below the root even with package.json's `files`).
//   run by `npm run build` (scripts/after-tsc.ts)
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entries = ['index.d.ts', 'index.d.cts'].map((name) => path.join(root, 'dist', 'src', name));

/** Every declaration file of dist/ that the compiler loads from the package's type entries. */
function reachableDeclarations(): Set<string> {
  const program = ts.createProgram(entries, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, types: [], skipLibCheck: true });
  return new Set(program.getSourceFiles().map((f) => path.resolve(f.fileName)).filter((f) => f.startsWith(path.join(root, 'dist') + path.sep)));
}

function declarationsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.d\.c?ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const needed = reachableDeclarations();
for (const name of ['index.d.ts', 'index.d.cts']) if (!needed.has(path.join(root, 'dist', 'src', name))) throw new Error(`the type entry dist/src/${name} was not loaded`);
for (const shipped of ['src', 'rules']) {
  const dir = path.join(root, 'dist', shipped);
  const unread = declarationsUnder(dir).filter((f) => !needed.has(f)).map((f) => '/' + path.relative(dir, f).split(path.sep).join('/'));
  const file = path.join(dir, '.npmignore');
  writeFileSync(`${file}.tmp`, ['# written by scripts/pack-types.ts: declarations no type entry of the package reads', ...unread.sort(), ''].join('\n'));
  renameSync(`${file}.tmp`, file);
}
