// Every suggestion a rule makes as a text change (`Diagnostic.fix`) is itself right: for each fixture of
// each rule, each fix of a finding in the fixture's own file is applied alone and the result linted
// with the recommended rules and the fixture's rule. The finding it fixes must be gone, the text must
// still parse, and no rule may report more errors than before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { builtinRules } from '../rules/index.js';
import { lintText, type LintOptions } from '../src/pipeline/lint.js';
import type { Diagnostic, Range, TextEdit } from '../src/types.js';
import { projectDir } from './helpers/paths.js';

const root = path.join(projectDir, 'fixtures', 'rules');

function errorsByRule(list: readonly Diagnostic[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of list) if (d.severity === 'error') out.set(d.ruleId, (out.get(d.ruleId) ?? 0) + 1);
  return out;
}

/** The same finding after an edit: rule, message and (the edit may move lines) nothing about its place. */
const sameFinding = (a: Diagnostic, b: Diagnostic) => a.ruleId === b.ruleId && a.message === b.message && a.pointer === b.pointer;

/**
 * A finding's text change: its fix, or else its suggestion when that is the text for the finding's
 * place (a key or a value on one line: schema-keyword-typo's keyword, ref-resolves' `$ref`) or for the
 * whole path key the finding marks part of (`wholePathKey`), unless the rule's suggestion is advice in
 * words (`notReplacements`).
 */
function editsOf(d: Diagnostic, text: string): TextEdit[] | undefined {
  if (d.fix) return d.fix.edits;
  const { start, end } = d.range;
  if (d.suggestion === undefined || notReplacements.has(d.ruleId) || start.line !== end.line || start.character === end.character) return undefined;
  if (wholePathKey.has(d.ruleId)) {
    const range = pathKeyRange(d, text);
    return range ? [{ range, newText: d.suggestion }] : undefined;
  }
  return [{ range: d.range, newText: d.suggestion }];
}

/** Rules whose `suggestion` is advice, not the text for the finding's place, with what it is. */
const notReplacements: ReadonlyMap<string, string> = new Map([
  ['path-no-verbs', 'a method and a path to move the operation to ("PATCH /orders/{order_id}"): a change to the operation, not to the key'],
]);

/**
 * Rules whose finding marks part of a path key (a segment, the trailing `/`) and whose suggestion is the
 * whole key as it should read: the suggestion replaces the key, not the part.
 */
const wholePathKey = new Set(['path-collection-plural', 'path-trailing-slash']);

/** The path key the finding is in, on its line: the pointer's last token, found around the finding's start. */
function pathKeyRange(d: Diagnostic, text: string): Range | undefined {
  const token = d.pointer.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  const line = text.split(/\r?\n/)[d.range.start.line];
  if (!token || line === undefined) return undefined;
  for (let at = line.indexOf(token); at !== -1; at = line.indexOf(token, at + 1)) {
    if (at <= d.range.start.character && d.range.end.character <= at + token.length) {
      return { start: { line: d.range.start.line, character: at }, end: { line: d.range.start.line, character: at + token.length } };
    }
  }
  return undefined;
}

let applied = 0;
// Each fixture is linted once here, and a test is declared for each one whose findings offer a text
// change: most fixtures offer none, and a skipped test apiece would say nothing.
const cases: Array<{ id: string; name: string; file: string; text: string; options: LintOptions; before: Diagnostic[]; fixable: Diagnostic[] }> = [];
for (const rule of builtinRules) {
  const dir = path.join(root, rule.meta.id);
  if (!existsSync(dir)) continue;
  const id = rule.meta.id;
  const level = rule.meta.severity === 'off' ? (rule.meta.allSeverity ?? 'warn') : rule.meta.severity;
  for (const name of readdirSync(dir).filter((n) => /\.(json|ya?ml)$/.test(n)).sort()) {
    const file = path.join(dir, name);
    const text = readFileSync(file, 'utf8');
    const options = { rules: { [id]: level } };
    const before = (await lintText(text, file, options)).diagnostics;
    const fixable = before.filter((d) => d.ruleId === id && d.uri === file && editsOf(d, text) !== undefined);
    if (fixable.length > 0) cases.push({ id, name, file, text, options, before, fixable });
  }
}

for (const { id, name, file, text, options, before, fixable } of cases) {
  test(`fixes of ${id}/${name} are right`, async () => {
    const wrong: string[] = [];
    for (const d of fixable) {
      const fixed = TextDocument.applyEdits(TextDocument.create(file, name.endsWith('.json') ? 'json' : 'yaml', 1, text), editsOf(d, text)!);
      const after = (await lintText(fixed, file, options)).diagnostics;
      applied++;
      const problems: string[] = [];
      if (after.some((a) => a.ruleId === 'parse-error')) problems.push('the fixed text does not parse');
      // a renamed path key moves the finding's pointer: look for the rule's finding at the new key
      const moved = wholePathKey.has(d.ruleId) ? { ...d, pointer: d.pointer.replace(/[^/]*$/, d.suggestion!.replace(/~/g, '~0').replace(/\//g, '~1')) } : d;
      if (after.some((a) => (moved === d ? sameFinding(a, d) : a.ruleId === d.ruleId && a.pointer === moved.pointer))) problems.push('the finding is still there');
      const [was, is] = [errorsByRule(before), errorsByRule(after)];
      for (const [r, n] of is) if (n > (was.get(r) ?? 0)) problems.push(`${n - (was.get(r) ?? 0)} more ${r} error(s): ${after.filter((a) => a.ruleId === r && a.severity === 'error').map((a) => a.message).join(' | ')}`);
      if (problems.length) wrong.push(`${d.range.start.line + 1}:${d.range.start.character + 1} ${d.fix ? `fix "${d.fix.title}"` : `suggestion "${d.suggestion}"`}: ${problems.join('; ')}`);
    }
    assert.deepEqual(wrong, []);
  });
}

test('the check above applied fixes', () => {
  assert.ok(applied > 0, 'no fixture offered a fix: the check tested nothing');
});

test('path-no-verbs advises a method and a path made of the reported key\'s own segments and words, with no parameter added', async () => {
  const dir = path.join(root, 'path-no-verbs');
  const advised: string[] = [];
  for (const name of readdirSync(dir).filter((n) => /\.(json|ya?ml)$/.test(n)).sort()) {
    const file = path.join(dir, name);
    const { diagnostics } = await lintText(readFileSync(file, 'utf8'), file, { rules: { 'path-no-verbs': 'warn' } });
    for (const d of diagnostics) {
      if (d.ruleId !== 'path-no-verbs' || d.suggestion === undefined) continue;
      const key = d.pointer.split('/')[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
      const advice = /^(GET|PUT|POST|DELETE|PATCH) (\/\S*)$/.exec(d.suggestion);
      assert.ok(advice, `${name} ${key}: "${d.suggestion}" is not a method and a path`);
      // each literal segment is one of the key's, or a word of one (`uploadImage` → `images`), and no
      // parameter is added (one may be named for what it picks: `{id}` → `{question_id}`)
      const keySegments = new Set(key.split('/'));
      const lowerKey = key.toLowerCase();
      const segments = advice[2]!.split('/').filter((s) => s !== '');
      const invented = segments.filter((s) => !s.startsWith('{') && !keySegments.has(s) && !lowerKey.includes(s.toLowerCase().replace(/e?s$/, '')));
      assert.deepEqual(invented, [], `${name} ${key}: "${d.suggestion}" adds segments the key does not have`);
      const params = (text: string[]) => text.filter((s) => s.startsWith('{')).length;
      assert.ok(params(segments) <= params(key.split('/')), `${name} ${key}: "${d.suggestion}" adds a parameter`);
      advised.push(d.suggestion);
    }
  }
  assert.ok(advised.length >= 5, `only ${advised.length} pieces of advice in path-no-verbs' fixtures`);
});
