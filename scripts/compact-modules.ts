// Build step, last: the modules the package ships (dist/src, dist/rules) lose their comments and
// indentation (issue 30's installed size: about 0.4 MB of 12). The sources keep the comments, which say
// why; the published JavaScript is read by Node, not by people, as the CLI bundle already is (minified,
// names kept). Identifiers are not renamed, so a rule's or an error's class name in a report, and a stack
// under SWAGLINT_DEBUG, still name what they name; licence comments stay. Tests run on the result: what
// is tested is what ships.
//   run by `npm run build` (scripts/after-tsc.ts)
import { transform } from 'esbuild';
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Already minified by the steps that write them: the CLI bundle and the compiled schemas. */
const minifiedAlready = /(?:^cli-bundle\.vm\.js|-validator\.c?js)$/;

async function compact(file: string): Promise<void> {
  const code = readFileSync(file, 'utf8');
  // a module's format is kept as it is (no `format`): ES modules stay ES modules, CommonJS stays CommonJS
  const { code: compacted } = await transform(code, { loader: 'js', supported: { 'import-attributes': true, 'import-assertions': true }, target: 'node20', minifyWhitespace: true, legalComments: 'inline', sourcefile: file });
  if (compacted.length >= code.length) return;
  writeFileSync(`${file}.tmp`, compacted);
  renameSync(`${file}.tmp`, file);
}

const files = ['src', 'rules'].flatMap((shipped) =>
  readdirSync(path.join(root, 'dist', shipped), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.c?js$/.test(e.name) && !minifiedAlready.test(e.name))
    .map((e) => path.join(e.parentPath, e.name)),
);
await Promise.all(files.map(compact));
