// One name, four places (docs/architecture.md, "Rules and the rule API"): every rule has its file, test, fixtures and docs page, and
// the page's header is the one generated from the rule's meta.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { builtinRules } from '../rules/index.js';
import { docsPath, marker, ruleHeader } from '../scripts/rule-docs.js';
import { preset } from '../src/lint/presets.js';
import { runsOn } from '../src/lint/rule.js';
import { formats } from '../src/formats/index.js';
import { builtinRules as catalog, rulesFor, rulesOf } from '../src/pipeline/catalog.js';
import { projectDir } from './helpers/paths.js';

const at = (...p: string[]) => path.join(projectDir, ...p);

test('rule ids are unique and kebab-case', () => {
  const ids = builtinRules.map((r) => r.meta.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
});

for (const rule of builtinRules) {
  const { id } = rule.meta;
  test(`${id} is complete: file, test, fixtures, docs page`, () => {
    for (const f of [at('rules', `${id}.ts`), at('test', 'rules', `${id}.ts`)]) assert.ok(existsSync(f), `missing ${path.relative(projectDir, f)}`);
    const fixtures = at('fixtures', 'rules', id);
    assert.ok(existsSync(fixtures) && readdirSync(fixtures).some((n) => /\.(ya?ml|json)$/.test(n)), `missing fixtures/rules/${id}/`);
    const page = docsPath(projectDir, id);
    assert.ok(existsSync(page), `missing docs/rules/${id}.md (run npm run docs)`);
    const text = readFileSync(page, 'utf8');
    assert.equal(text.slice(0, text.indexOf(marker) + marker.length + 1), ruleHeader(rule), `docs/rules/${id}.md is out of date (run npm run docs)`);
    assert.ok(rule.meta.description.length > 10, 'a one-line description');
    assert.ok(rule.meta.category === 'validity' || rule.meta.category === 'convention', 'meta.category: validity or convention');
    const ids = formats.map((f) => f.id);
    const named = rule.meta.formats;
    assert.ok(named === 'all' || (named && named.length > 0 && named.every((f) => ids.includes(f))), `meta.formats is 'all' or names formats of src/formats/index.ts (${ids.join(', ')})`);
  });
}

test("every built-in rule is some format's, and each format's rules are written for it", () => {
  assert.deepEqual(new Set(catalog), new Set(builtinRules));
  assert.deepEqual(new Set(rulesOf(formats)), new Set(builtinRules));
  assert.deepEqual(new Set(formats.flatMap((f) => rulesFor(f))), new Set(builtinRules), 'every rule runs on some format');
  for (const format of formats) for (const rule of rulesFor(format)) assert.ok(runsOn(rule, format.id), `${rule.meta.id} in ${format.id}`);
  for (const rule of builtinRules.filter((r) => r.meta.formats === 'all')) for (const format of formats) assert.ok(rulesFor(format).includes(rule), `${rule.meta.id} (every format) in ${format.id}`);
  // a list of formats gives its rules in catalogue order, each once
  assert.deepEqual(rulesOf([formats[1]!, formats[0]!]), builtinRules.filter((r) => formats.some((f) => runsOn(r, f.id))));
});

test('recommended takes each rule\'s severity; all turns every rule on', () => {
  const rec = preset('recommended', builtinRules);
  const all = preset('all', builtinRules);
  for (const { meta } of builtinRules) {
    assert.equal(rec[meta.id], meta.severity);
    assert.notEqual(all[meta.id], 'off');
  }
});
