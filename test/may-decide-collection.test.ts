// path-no-verbs asks `mayDecideCollection` before it computes path-collection-plural's features for a segment it would
// report (issue 41, round thirteen): a cheap fact each decisive feature needs. The check must never say "no" where a
// decisive feature is present, or path-no-verbs would report a collection; this holds it to that on every segment of
// both rules' fixtures and the OpenAPI 3 corpus, in Swagger 2.0 and OpenAPI 3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectDir } from './helpers/paths.js';
import { defineRule } from '../src/lint/rule.js';
import { lintInput } from '../src/pipeline/lint.js';
import type { RuleLevel } from '../src/types.js';
import { builtinRules } from '../rules/index.js';
import { PathIndex } from '../rules/lib/path-classifier.js';
import { mayDecideCollection, pluralFeatures } from '../rules/lib/segment-features.js';
import { shippedModels } from '../rules/lib/segment-model.js';

function documents(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return documents(file);
    return /\.(ya?ml|json)$/.test(name) ? [file] : [];
  });
}

test('mayDecideCollection is true wherever a decisive feature of path-collection-plural is present', async (t) => {
  const model = shippedModels['path-collection-plural'];
  const decisive = model.decisive ?? [];
  const seen = { segments: 0, ruledOut: 0 };
  const decidedBy = new Map<string, number>();
  const missed: string[] = [];
  let current = '';
  const probe = defineRule({
    meta: { id: 'may-decide-probe', category: 'convention', severity: 'warn', formats: ['swagger2', 'openapi3'], description: 'Checks mayDecideCollection against the features (test only).' },
    create: (ctx) => ({
      Paths(paths, node) {
        const index = PathIndex.of(node, ctx);
        for (const key of Object.keys(paths)) {
          if (!key.startsWith('/')) continue;
          index.segments(key).forEach((_, i) => {
            seen.segments++;
            const may = mayDecideCollection(ctx, node, index, key, i, decisive);
            const present = decisive.filter((name) => pluralFeatures(ctx, node, index, key, i)?.[name] === 1);
            for (const name of present) decidedBy.set(name, (decidedBy.get(name) ?? 0) + 1);
            if (!may) seen.ruledOut++;
            if (present.length > 0 && !may) missed.push(`${path.relative(projectDir, current)} ${key} segment ${i}: ${present.join(', ')}`);
          });
        }
      },
    }),
  });
  const rules: Record<string, RuleLevel> = {};
  for (const r of builtinRules) rules[r.meta.id] = 'off';
  rules[probe.meta.id] = 'warn';
  const files = ['path-collection-plural', 'path-no-verbs'].flatMap((rule) => documents(path.join(projectDir, 'fixtures', 'rules', rule)));
  files.push(...documents(path.join(projectDir, 'fixtures', 'openapi3-corpus')));
  for (const file of files) {
    current = file;
    await lintInput({ path: file }, { rules, projectRoot: projectDir, plugins: [probe] });
  }
  t.diagnostic(`${files.length} documents, ${seen.segments} segments, ${seen.ruledOut} ruled out; decided by ${[...decidedBy].map(([n, c]) => `${n} ${c}`).join(', ')}`);
  assert.deepEqual(missed, []);
  // not vacuous: the fixtures hold segments each decisive feature decides, and the check rules most segments out
  assert.deepEqual(decisive.filter((name) => !decidedBy.has(name)), [], 'a decisive feature no fixture segment has');
  assert.ok(seen.ruledOut > seen.segments / 2, `${seen.ruledOut} of ${seen.segments} segments ruled out`);
});
