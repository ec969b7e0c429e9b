// Bundles the CLI (dist/src/cli/main.js and everything it imports eagerly) into one script, after
// tsc: loading some 150 small modules cost more than Node's own start (resolving, reading and
// compiling each), and a cold `swaglint lint file.yaml` is what editors and pre-commit run most
// (docs/architecture.md, "Performance habits"). bin/swaglint.js runs it through `vm.Script` with a V8 code
// cache (src/startup/code-cache.ts), so it is a script, not a module: CommonJS format inside a
// function whose parameters stand for what a module would have (`import.meta.url`, `import()`).
// It sits in dist/src/ so that paths relative to it (`../../package.json`, the lint worker, dist/wordnet-senses.bin through src/paths.ts) resolve
// as from the unbundled modules. Heavy modules that only some runs need stay separate and lazily imported.
//   run by `npm run build`
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const outfile = path.join(root, 'dist', 'src', 'cli-bundle.vm.js');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/**
 * markdown-it is loaded on first use through `createRequire(import.meta.url)` (src/markdown/instance.ts),
 * which a bundler cannot follow. In the bundle it becomes a plain `require` of the package in
 * node_modules (every package is external), still run only on first use.
 */
const bundleMarkdownIt: Plugin = {
  name: 'bundle-markdown-it',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]src[\\/]markdown[\\/]instance\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      const lazy = "createRequire(import.meta.url)('markdown-it')";
      if (!code.includes(lazy)) throw new Error(`${args.path} no longer loads markdown-it as ${lazy}; update scripts/bundle-cli.ts`);
      return { contents: code.replace(lazy, "require('markdown-it')"), loader: 'js' };
    });
  },
};

/**
 * js-yaml's CommonJS entry is some twenty files under lib/: requiring them (resolve, read, compile
 * each) took 10-11 ms of every cold run, a tenth of a small lint. The package also publishes the same
 * code rolled into one file, dist/js-yaml.js (4 ms), which its `exports` map does not name: the bundle
 * finds it beside the entry at run time. Still the one js-yaml in node_modules, not a copy in the bundle.
 * In a CLI run it goes through the V8 code cache beside the bundle's (src/startup/script-cache.ts:
 * 11 ms required, 6 ms from the cache, cold, round nine); elsewhere it is required as before.
 */
const jsYamlSingleFile: Plugin = {
  name: 'js-yaml-single-file',
  setup(b) {
    const rolled = path.join(root, 'node_modules', 'js-yaml', 'dist', 'js-yaml.js');
    if (!existsSync(rolled)) throw new Error(`${rolled} is gone; update scripts/bundle-cli.ts`);
    b.onResolve({ filter: /^js-yaml$/ }, () => ({ path: 'js-yaml', namespace: 'js-yaml-single-file' }));
    b.onLoad({ filter: /.*/, namespace: 'js-yaml-single-file' }, () => ({
      resolveDir: path.join(root, 'dist', 'src', 'startup'),
      contents: `module.exports = require('./script-cache.js').requireCached(require('node:path').join(require('node:path').dirname(require.resolve('js-yaml/package.json')), 'dist', 'js-yaml.js'), require);`,
      loader: 'js',
    }));
  },
};

await build({
  entryPoints: [path.join(root, 'dist', 'src', 'startup', 'bundle-entry.js')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // Every npm package stays in node_modules, where the library takes it from too: the published
  // package holds each dependency once (issue 30), and the bundle is swaglint's own code only. The
  // lazily imported ones (yargs, the $ref resolver, globs, --output) load only in runs that need them.
  // chalk alone is bundled: it is an ES module only, and the bundle (also the CommonJS library) must
  // not need require(esm)
  external: Object.keys(manifest.dependencies).filter((name) => name !== 'chalk'),
  // Minified, without `keepNames`: esbuild keeps a renamed function's name by an `Object.defineProperty`
  // call each time the function is made, closures made in hot loops included (issue 41, round fifteen:
  // 1.7% of a cold run on Bungie, bench/instructions.mjs). Nothing reports a function's or class's
  // `name` (the errors name themselves), and the library's exports get theirs back (loadLibrary in
  // src/startup/cli-start.ts). Identifiers left unminified counted 2.4% fewer instructions more, but
  // raised DocuSign's peak RSS by 4 MB (outside V8's heap), which issue 41 does not allow.
  minify: true,
  // the wrapper's parameter (src/startup/code-cache.ts)
  define: { 'import.meta.url': '__swaglintModuleUrl' },
  plugins: [bundleMarkdownIt, jsYamlSingleFile],
});

// A script has no `import()` of its own module loader (vm.Script's needs an experimental flag and is
// lost with cached code): every dynamic import calls the wrapper's importer, found in the syntax tree.
let code = readFileSync(outfile, 'utf8');
const imports: number[] = [];
const sourceFile = ts.createSourceFile(outfile, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
const visit = (node: ts.Node): void => {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) imports.push(node.expression.getStart(sourceFile));
  ts.forEachChild(node, visit);
};
visit(sourceFile);
for (const at of imports.sort((a, b) => b - a)) code = code.slice(0, at) + '__swaglintImport' + code.slice(at + 'import'.length);

// CommonJS's module-relative names are not given by the wrapper, nor is `import.meta`: a bundled
// package that uses them would fail only when that code runs. Such a package must be external (see above).
const stray = code.match(/\b__(?:file|dir)name\b|\bimport\.meta\b/);
if (stray) throw new Error(`the CLI bundle uses ${stray[0]}; make the package that does external in scripts/bundle-cli.ts`);
// The first line names the content: the code cache is keyed by it without hashing 1.5 MB at each start.
code = `// swaglint-bundle ${createHash('sha256').update(code).digest('hex')}\n${code}`;
writeFileSync(outfile, code);
// bin/swaglint.js is CommonJS (an ES module entry loads Node's ES module loader, streams and
// fs/promises with it): its start, src/startup/cli-start.ts with the code cache, as one CommonJS file
await build({
  entryPoints: [path.join(root, 'dist', 'src', 'startup', 'cli-start.js')],
  outfile: path.join(root, 'dist', 'src', 'startup', 'cli-start.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});
// A worker thread of the CLI's many-file pool: the same bundle through its code cache
// (src/cli/pool-entry.ts). Plain CommonJS written here, as bin/swaglint.js is, so that its `import()`
// is Node's (esbuild would turn it into `require`, and a configuration's ES module plugin could not load)
writeFileSync(
  path.join(root, 'dist', 'src', 'startup', 'pool-worker.cjs'),
  `'use strict';
// a worker thread of the CLI's many-file pool (src/cli/pool-entry.ts, startPoolWorker in src/startup/cli-start.ts)
const { parentPort, workerData } = require('node:worker_threads');
require('./cli-start.cjs').startPoolWorker(workerData, parentPort, (specifier) => import(specifier));
`,
);
// require('swaglint'): the library from the same bundle, for CommonJS consumers (loadLibrary in
// src/startup/cli-start.ts), with its types: the ES module declarations, for a CommonJS resolver
writeFileSync(
  path.join(root, 'dist', 'src', 'index.cjs'),
  `'use strict';
// require('swaglint'): the library from the CLI bundle (src/startup/cli-start.ts, loadLibrary)
module.exports = require('./startup/cli-start.cjs').loadLibrary(require('node:path').join(__dirname, 'cli-bundle.vm.js'));
`,
);
writeFileSync(path.join(root, 'dist', 'src', 'index.d.cts'), commonJsDeclarations(path.join(root, 'dist', 'src', 'index.d.ts')));

/**
 * The library's types for a CommonJS resolver (index.d.cts): a CommonJS declaration file may not
 * re-export an ES module's, but may take its types with `resolution-mode: import`. So: every type, and
 * each value export declared with the ES module's type (a class also as a type, its instances').
 */
function commonJsDeclarations(esmDeclarations: string): string {
  const program = ts.createProgram([esmDeclarations], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true });
  const checker = program.getTypeChecker();
  const lines = [
    '// require(\'swaglint\')\'s types: those of the ES module (index.d.ts), written by scripts/bundle-cli.ts',
    "import type * as esm from './index.js' with { 'resolution-mode': 'import' };",
    "export type * from './index.js' with { 'resolution-mode': 'import' };",
  ];
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(esmDeclarations)!)!)) {
    const typeOnly = exported.declarations?.some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (typeOnly || !(target.flags & ts.SymbolFlags.Value)) continue;
    lines.push(`export declare const ${exported.name}: typeof esm.${exported.name};`);
    if (target.flags & ts.SymbolFlags.Class) lines.push(`export type ${exported.name} = esm.${exported.name};`);
  }
  return lines.join('\n') + '\n';
}
// the ES module bundle of earlier builds
rmSync(path.join(root, 'dist', 'src', 'cli-bundle.js'), { force: true });
