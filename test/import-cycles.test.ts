// No import cycles in src/ or rules/ (a cycle makes load order matter, and the layers — load and the
// engine below, formats, config and filters above them, the pipeline above those, and the CLI, the
// library, the language server and the server on top — run one way): no file cycle, no pair of folders
// importing each other, and rules reaching the engine only through the rule API (docs/architecture.md).
// Type-only imports count too: a cycle of types is the same tangle, waiting for its first value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { findCycles, folderPairs, importsOf, sourceFiles } from './helpers/import-graph.js';
import { ruleImportProblems } from './helpers/rule-api.js';
import { projectDir } from './helpers/paths.js';

test('the cycle detector finds a cycle, a self-import and a type-only cycle, and passes a diamond', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
  assert.deepEqual(findCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })), [['a', 'b', 'c']]);
  assert.deepEqual(findCycles(graph({ a: ['a'] })), [['a']]);
  assert.deepEqual(findCycles(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] })), []);
  // imports read from source text by the compiler's parser: a static, a type-only, a dynamic and a re-export
  const a = importsOf('/p/a.ts', `import { b } from './b.js';\n// import { z } from './z.js';\nconst s = "import './q.js'";\nexport * from './c.js';`);
  assert.deepEqual(a, [{ to: '/p/b.ts', typeOnly: false }, { to: '/p/c.ts', typeOnly: false }]);
  const b = importsOf('/p/b.ts', `import type { A } from './a.js';\nexport const b = 1;\nconst later = () => import('./c.js');`);
  assert.deepEqual(b, [{ to: '/p/a.ts', typeOnly: true }, { to: '/p/c.ts', typeOnly: false }]);
  const c = importsOf('/p/c.ts', `import { type B } from './b.js';\nimport pkg from 'picomatch';\nimport fs from 'node:fs';`);
  assert.deepEqual(c, [{ to: '/p/b.ts', typeOnly: true }]);
  const files = new Map([['/p/a.ts', a], ['/p/b.ts', b], ['/p/c.ts', c]].map(([f, e]) => [f as string, (e as typeof a).map((x) => x.to)]));
  // a → b is a value import, b → a a type-only one: still a cycle (the shortest of the component)
  assert.deepEqual(findCycles(files), [['/p/a.ts', '/p/b.ts']]);
});

test('no import cycle in src/ and rules/', () => {
  const files = sourceFiles([path.join(projectDir, 'src'), path.join(projectDir, 'rules')]);
  assert.ok(files.length > 100, `found only ${files.length} files`);
  const graph = new Map(files.map((f) => [f, importsOf(f).map((e) => e.to)]));
  const cycles = findCycles(graph).map((cycle) => [...cycle, cycle[0]!].map((f) => path.relative(projectDir, f)).join(' → '));
  assert.deepEqual(cycles, []);
});

const graphOf = (dirs: string[]) => new Map(sourceFiles(dirs.map((d) => path.join(projectDir, d))).map((f) => [f, importsOf(f).map((e) => e.to)]));

test('the folder check finds two folders that import each other, and passes layers', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
  assert.deepEqual(folderPairs(graph({ '/p/a/x.ts': ['/p/b/y.ts'], '/p/b/z.ts': ['/p/a/w.ts'], '/p/c/v.ts': ['/p/a/x.ts'] })), [['/p/a', '/p/b']]);
  assert.deepEqual(folderPairs(graph({ '/p/a/x.ts': ['/p/a/y.ts', '/p/b/y.ts'], '/p/a/y.ts': ['/p/a/x.ts'] })), []);
  // by top-level folder, a subfolder's import back counts: /p/a/sub and /p/b are /p/a and /p/b
  const nested = graph({ '/p/a/sub/x.ts': ['/p/b/y.ts'], '/p/b/y.ts': ['/p/a/w.ts'] });
  assert.deepEqual(folderPairs(nested), []);
  assert.deepEqual(folderPairs(nested, (f) => f.split('/').slice(0, 3).join('/')), [['/p/a', '/p/b']]);
});

/**
 * A file's layer: its top-level folder (`src/formats`, whatever subfolder it is in; `rules`, with
 * `rules/lib`). A module directly in src/ (types.ts, errors.ts) is a leaf of its own.
 */
function topFolder(file: string): string {
  const [top, second, ...rest] = path.relative(projectDir, file).split(path.sep);
  if (top === 'rules') return path.join(projectDir, 'rules');
  return rest.length ? path.join(projectDir, top!, second!) : file;
}

test('no pair of top-level folders in src/ and rules/ imports each other (rules/ and src/formats/ included)', () => {
  // the library's entry re-exports every layer: it is the top, not one with the leaf modules beside it
  const entry = path.join(projectDir, 'src', 'index.ts');
  const graph = new Map([...graphOf(['src', 'rules'])].map(([from, tos]) => [from === entry ? path.join(entry, 'entry') : from, tos]));
  const pairs = folderPairs(graph, topFolder).map(([a, b]) => `${path.relative(projectDir, a)} ⇄ ${path.relative(projectDir, b)}`);
  assert.deepEqual(pairs, []);
});

test('the engine (src/lint/) imports no configuration, filter, format, pipeline or rule', () => {
  const engine = path.join(projectDir, 'src', 'lint');
  const above = ['src/config', 'src/filters', 'src/formats', 'src/pipeline', 'src/declarative', 'rules'].map((d) => path.join(projectDir, d));
  const problems = [...graphOf(['src/lint'])].flatMap(([from, tos]) =>
    tos.filter((to) => above.some((d) => to.startsWith(d + path.sep))).map((to) => `${path.relative(engine, from)} imports ${path.relative(projectDir, to)}`),
  );
  assert.deepEqual(problems, []);
});

test('rules import only the rule API, rules/ itself, node builtins and npm packages', () => {
  assert.deepEqual(ruleImportProblems(projectDir), []);
});

test('the CLI and the language server call the pipeline and nothing below it', () => {
  // below the pipeline: the loader, configuration, formats, the engine, the filters and what they use.
  // Beside it, and so allowed: src/format/ (pure functions turning the pipeline's results into text),
  // src/text/ (string helpers: the CLI's did-you-mean), and src/'s own leaf modules (errors, types, version).
  const below = ['load', 'config', 'config-file', 'formats', 'lint', 'filters', 'declarative', 'markdown', 'values'].map((d) => path.join(projectDir, 'src', d));
  const problems = [...graphOf(['src/cli', 'src/lsp'])].flatMap(([from, tos]) =>
    tos.filter((to) => below.some((d) => to.startsWith(d + path.sep))).map((to) => `${path.relative(projectDir, from)} imports ${path.relative(projectDir, to)}`),
  );
  assert.deepEqual(problems, []);
});
