// No import cycles in src/ or rules/ (a cycle makes load order matter, and the layers of issue 13's
// shape — load → lint → filters → format, the CLI, the library and the server on top — run one way).
// Type-only imports count too: a cycle of types is the same tangle, waiting for its first value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { findCycles, importsOf, sourceFiles } from './helpers/import-graph.js';
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
