// Rules reach the engine and the loader only through the rule API (issue 13): src/lint/rule.ts (the
// context, defineRule, position helpers), src/formats/swagger2/kinds.ts (Swagger's shape as data) and src/types.ts
// (public types), besides rules/ itself, node builtins and npm packages. The engine can then change
// behind the API without a rule noticing, and a rule cannot depend on how the loader works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { importsOf, sourceFiles } from './helpers/import-graph.js';
import { projectDir } from './helpers/paths.js';

const ruleApi = ['src/lint/rule.ts', 'src/formats/swagger2/kinds.ts', 'src/types.ts'];

/**
 * OpenAPI 3's folder is its rules' API (docs/architecture.md, "Adding an API format"): its checks, the
 * model they share, its version and validators. Only src/formats/openapi3.ts imports rules/, so no cycle.
 */
const formatFolders = ['src/formats/openapi3/'];

/**
 * Modules outside the rule API that one rule may still import, each with why. Shrink this list; never
 * grow it without a reason a reviewer accepts.
 */
const exceptions: Record<string, { modules: string[]; why: string }> = {
  'rules/schema-valid.ts': {
    modules: ['src/formats/swagger2/validate/explain.ts', 'src/formats/swagger2/validate/load.ts', 'src/formats/swagger2/detect.ts'],
    why: 'the official schema compiled to code at build time, the explanations of its errors, and the misspelt swagger key another rule reports',
  },
  'rules/swagger-version.ts': {
    modules: ['src/formats/swagger2/detect.ts'],
    why: 'the misspelt swagger key that made the document Swagger 2.0 at all, as detection found it',
  },
  'rules/lib/lexicon.ts': {
    modules: ['src/paths.ts'],
    why: 'the WordNet table the build writes into dist/, found from the package root whether the rule runs bundled or not',
  },
  'rules/description-markdown.ts': {
    modules: ['src/markdown/constructs.ts'],
    why: 'the Markdown reader shared with swaglint render, so both agree on what a construct is',
  },
};

export function ruleImportProblems(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles([path.join(root, 'rules')])) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const allowed = new Set([...ruleApi, ...(exceptions[rel]?.modules ?? [])]);
    for (const { to } of importsOf(file)) {
      const target = path.relative(root, to).split(path.sep).join('/');
      if (target.startsWith('rules/') || formatFolders.some((f) => target.startsWith(f)) || allowed.has(target)) continue;
      problems.push(`${rel} imports ${target}`);
    }
  }
  return problems;
}

test('rules import only the rule API, rules/ itself, node builtins and npm packages', () => {
  assert.deepEqual(ruleImportProblems(projectDir), []);
});

test('the check sees a rule that reaches into the loader', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const root = mkdtempSync(path.join(tmpdir(), 'swaglint-rule-imports-'));
  mkdirSync(path.join(root, 'rules', 'lib'), { recursive: true });
  writeFileSync(path.join(root, 'rules', 'good.ts'), `import { defineRule } from '../src/lint/rule.js';\nimport { x } from './lib/x.js';\nimport fs from 'node:fs';\nimport yaml from 'js-yaml';\n`);
  writeFileSync(path.join(root, 'rules', 'lib', 'x.ts'), `import type { Kind } from '../../src/formats/swagger2/kinds.js';\nexport const x = 1;\n`);
  writeFileSync(path.join(root, 'rules', 'bad.ts'), `import { resolveRef } from '../src/load/refs.js';\nconst later = () => import('../src/lint/node.js');\n`);
  assert.deepEqual(ruleImportProblems(root), ['rules/bad.ts imports src/load/refs.ts', 'rules/bad.ts imports src/lint/node.ts']);
});
