import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText, type LintOptions } from '../../src/pipeline/lint.js';
import { builtinRules } from '../../rules/index.js';
import type { AnyRule } from '../../src/lint/rule.js';
import type { RuleLevel } from '../../src/types.js';

/** The Swagger 2.0 document most rule cases start from: its info complete, so only the rule under test speaks. */
export const ordersHead = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\n`;

/** `ordersHead` with these path keys, each an empty path item. */
export const ordersPaths = (...keys: string[]): string => `${ordersHead}paths:\n${keys.map((k) => `  ${k}: {}\n`).join('')}`;

export interface ValidCase {
  name: string;
  yaml: string;
  options?: Record<string, unknown>;
  /** The file name, for cases that depend on it (`.json`). */
  uri?: string;
}

export interface ExpectedError {
  line: number;
  column: number;
  message?: RegExp;
  /** The finding's message id (`meta.messages`), for a rule that reports by id. */
  messageId?: string;
  ruleId?: string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
}

/** Lints `text` with only `rule` turned on (at its default severity, or warn for an opt-in rule). */
export async function lintWithOnly(rule: AnyRule, text: string, uri = '/virtual/api.yaml', options?: Record<string, unknown>, extra: LintOptions = {}) {
  const rules: Record<string, RuleLevel | [RuleLevel, Record<string, unknown>]> = {};
  for (const r of builtinRules) rules[r.meta.id] = 'off';
  const level = rule.meta.severity === 'off' ? (rule.meta.allSeverity ?? 'warn') : rule.meta.severity;
  rules[rule.meta.id] = options ? [level, options] : level;
  const plugins = builtinRules.includes(rule) ? [] : [rule];
  return lintText(text, uri, { ...extra, rules, plugins });
}

/**
 * Valid cases must give no finding of the rule; invalid ones exactly the listed findings, at 1-based
 * line:column. A rule without both kinds of case, or with a repeated case, fails.
 */
export function testRule(rule: AnyRule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const id = rule.meta.id;
  test(`${id}: has valid and invalid cases, none repeated`, () => {
    assert.ok(cases.valid.length > 0, 'no valid cases');
    assert.ok(cases.invalid.length > 0, 'no invalid cases');
    const texts = [...cases.valid, ...cases.invalid].map((c) => c.yaml + JSON.stringify(c.options ?? {}));
    assert.equal(new Set(texts).size, texts.length, 'a case is repeated');
  });
  for (const c of cases.valid) {
    test(`${id}: valid: ${c.name}`, async () => {
      const result = await lintWithOnly(rule, c.yaml, c.uri, c.options);
      assert.equal(result.skipped, undefined, 'the case is not a Swagger document');
      const found = result.diagnostics.filter((d) => d.ruleId === id || d.ruleId === 'internal-error');
      assert.deepEqual(found.map(show), []);
    });
  }
  for (const c of cases.invalid) {
    test(`${id}: invalid: ${c.name}`, async () => {
      const result = await lintWithOnly(rule, c.yaml, c.uri, c.options);
      const found = result.diagnostics.filter((d) => d.ruleId === id || d.ruleId === 'internal-error');
      assert.deepEqual(
        found.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`),
        c.errors.map((e) => `${e.line}:${e.column} ${e.ruleId ?? id}`),
        found.map(show).join('\n'),
      );
      c.errors.forEach((e, i) => {
        if (e.message) assert.match(found[i]!.message, e.message);
        if (e.messageId) assert.equal(found[i]!.messageId, e.messageId);
      });
    });
  }
}

function show(d: { range: { start: { line: number; character: number } }; ruleId: string; message: string }) {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId} ${d.message}`;
}
