// Bundles the CLI (dist/src/cli/main.js and everything it imports eagerly) into one module, after tsc:
// loading some 150 small modules cost more than Node's own start (resolving, reading and compiling
// each), and a cold `swaglint lint file.yaml` is what editors and pre-commit run most (DESIGN.md,
// "Performance habits"). The bundle sits in dist/src/ so that paths relative to a module
// (`../../package.json` for the version, dist/wordnet-senses.tsv through src/paths.ts) resolve as from the
// unbundled modules. Heavy modules that only some runs need stay separate and lazily imported.
//   run by `npm run build`
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const outfile = path.join(root, 'dist', 'src', 'cli-bundle.js');

await build({
  entryPoints: [path.join(root, 'dist', 'src', 'cli', 'main.js')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // lazily imported by runs that need them (flags and help, external $refs, globs, --output; and
  // write-file-atomic reads CommonJS's __filename, which an ES module bundle has not)
  external: ['yargs', '@apidevtools/json-schema-ref-parser', 'tinyglobby', 'write-file-atomic'],
  // ES module builds where a package has both (jsonc-parser's UMD build hides its requires)
  mainFields: ['module', 'main'],
  // bundled CommonJS modules (pluralize, @babel/code-frame) require Node's built-ins
  banner: { js: "import { createRequire as __swaglintRequire } from 'node:module';\nconst require = __swaglintRequire(import.meta.url);" },
});

// CommonJS's module-relative names do not exist in an ES module: a bundled package that uses them
// would fail only when that code runs. Such a package must be external (see above).
const stray = readFileSync(outfile, 'utf8').match(/\b__(?:file|dir)name\b/);
if (stray) throw new Error(`the CLI bundle uses ${stray[0]}; make the package that does external in scripts/bundle-cli.ts`);
