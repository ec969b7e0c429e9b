// Rules reach the engine and the loader only through the rule API (test/helpers/rule-api.ts, checked on
// the project in test/import-cycles.test.ts): src/lint/rule.ts (the context, defineRule),
// src/lint/rule-helpers.ts (positions, $ref syntax), a format's kinds, src/types.ts and src/text/. Here:
// the checker itself, and the rule API's own surface.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { importsOf } from './helpers/import-graph.js';
import { ruleImportProblems } from './helpers/rule-api.js';
import { projectDir } from './helpers/paths.js';

test('the loader functions the rule API offers are these and no more (src/lint/rule-helpers.ts)', async () => {
  const helpers = await import('../src/lint/rule-helpers.js');
  assert.deepEqual(Object.keys(helpers).sort(), ['closingQuote', 'escapesRefCharacter', 'isObject', 'locate', 'offsetRange', 'rangeOf', 'refOf', 'scalarOffsets', 'splitRef', 'subRange']);
});

test('the rule API re-exports nothing of the loader but rule-helpers.ts (type-only exports of the context excepted)', () => {
  const api = path.join(projectDir, 'src', 'lint', 'rule.ts');
  const reexports = importsOf(api).filter((e) => !e.typeOnly && !e.to.startsWith(path.join(projectDir, 'src', 'lint')));
  assert.deepEqual(reexports, []);
});

test('the check sees a rule that reaches into the loader', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const root = mkdtempSync(path.join(tmpdir(), 'swaglint-rule-imports-'));
  mkdirSync(path.join(root, 'rules', 'lib'), { recursive: true });
  writeFileSync(path.join(root, 'rules', 'good.ts'), `import { defineRule } from '../src/lint/rule.js';\nimport { x } from './lib/x.js';\nimport fs from 'node:fs';\nimport yaml from 'js-yaml';\n`);
  writeFileSync(path.join(root, 'rules', 'lib', 'x.ts'), `import type { Kind } from '../../src/formats/swagger2/kinds.js';\nimport { quote } from '../../src/text/quote.js';\nexport const x = 1;\n`);
  writeFileSync(path.join(root, 'rules', 'bad.ts'), `import { resolveRef } from '../src/load/refs.js';\nconst later = () => import('../src/lint/node.js');\n`);
  assert.deepEqual(ruleImportProblems(root), ['rules/bad.ts imports src/load/refs.ts', 'rules/bad.ts imports src/lint/node.ts']);
});
