// Fixtures that carry their own expectations (docs/architecture.md, "Rules and the rule API"): each file in fixtures/rules/<id>/ is linted
// with rule <id> alone, and its markers must match the findings both ways.
//   `# expect: <rule> <column>`    a finding on this line
//   `# expect+1: <rule> <column>`  on the next line (also `expect+2`…)
// JSON fixtures keep `<line>:<column> <rule>` lines in a sibling `<name>.expected`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinRules } from '../rules/index.js';
import { lintWithOnly } from './helpers/test-rule.js';
import { projectDir } from './helpers/paths.js';

const root = path.join(projectDir, 'fixtures', 'rules');

function expectations(file: string, text: string): string[] {
  const sibling = file.replace(/\.(json|ya?ml)$/, '.expected');
  if (existsSync(sibling)) return readFileSync(sibling, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/#\s*expect(?:\+(\d+))?:\s*([a-z0-9-]+)\s+(\d+)/g)) {
      out.push(`${i + 1 + Number(m[1] ?? 0)}:${m[3]} ${m[2]}`);
    }
  });
  return out;
}

for (const rule of builtinRules) {
  const dir = path.join(root, rule.meta.id);
  if (!existsSync(dir)) continue; // the catalog test reports a missing folder
  for (const name of readdirSync(dir).filter((n) => /\.(json|ya?ml)$/.test(n)).sort()) {
    test(`fixture ${rule.meta.id}/${name}`, async () => {
      const file = path.join(dir, name);
      const text = readFileSync(file, 'utf8');
      const result = await lintWithOnly(rule, text, file);
      const found = result.diagnostics
        .filter((d) => d.ruleId === rule.meta.id || d.ruleId === 'internal-error')
        .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`);
      const sort = (a: string[]) => [...a].sort((x, y) => parseInt(x) - parseInt(y) || x.localeCompare(y));
      assert.deepEqual(sort(found), sort(expectations(file, text)), result.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId} ${d.message}`).join('\n'));
    });
  }
}
