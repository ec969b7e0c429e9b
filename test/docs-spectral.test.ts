// docs/spectral.md prints how `spectral:oas` runs in swaglint: a table of its rules that swaglint's own
// rules stand for (src/declarative/spectral-oas.ts) and a list of those that run as Spectral defines
// them (src/declarative/spectral-oas-rules.ts), recommended or not. The page and the code say the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spectralOas } from '../src/declarative/spectral-oas.js';
import { spectralOasRuleset } from '../src/declarative/spectral-oas-rules.js';
import { builtinRules } from '../rules/index.js';
import { projectDir } from './helpers/paths.js';

const page = readFileSync(path.join(projectDir, 'docs', 'spectral.md'), 'utf8');
const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

test("the page's spectral:oas table is spectral-oas.ts: each rule with the swaglint rules that stand for it", () => {
  const table = /^\| spectral:oas \| swaglint \|\n\|---\|---\|\n((?:\|.*\n)+)/m.exec(page)?.[1] ?? '';
  const rows = [...table.matchAll(/^\| (.+?) \| (.+?) \|$/gm)];
  assert.ok(rows.length > 0, 'no `| spectral:oas | swaglint |` table in docs/spectral.md');
  const printed = new Map<string, string[]>();
  for (const [, left, right] of rows) for (const name of names(left!)) printed.set(name, names(right!).sort());
  assert.deepEqual([...printed.keys()].sort(), Object.keys(spectralOas).sort(), 'the rules in the table');
  const ids = new Set(builtinRules.map((r) => r.meta.id));
  for (const [name, rule] of Object.entries(spectralOas)) {
    assert.deepEqual(printed.get(name), [...rule.swaglint].sort(), `${name}'s swaglint counterparts`);
    for (const id of rule.swaglint) assert.ok(ids.has(id), `${id} is a built-in rule`);
  }
});

test("the page's list of the rules run as Spectral defines them is spectral-oas-rules.ts, recommended ones first", () => {
  const start = page.indexOf('The others run as Spectral defines them');
  const end = page.indexOf('A rule a ruleset turns on never goes', start);
  assert.ok(start !== -1 && end !== -1, 'the paragraph listing the rules run as Spectral defines them');
  const list = page.slice(page.indexOf('):', start) + 2, end);
  const [recommendedPart, optionalPart] = list.split('and, not recommended,') as [string, string];
  const rules = spectralOasRuleset['rules'] as Record<string, { recommended?: boolean }>;
  const own = Object.keys(rules).filter((n) => !(n in spectralOas));
  assert.deepEqual(names(recommendedPart).sort(), own.filter((n) => rules[n]!.recommended !== false).sort(), 'recommended');
  assert.deepEqual(names(optionalPart ?? '').sort(), own.filter((n) => rules[n]!.recommended === false).sort(), 'not recommended');
});
