import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyOnlyFix } from '../helpers/apply-fix.js';
import rule from '../../rules/info-description.js';
import { lintWithOnly, testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'a description', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\n  description: Orders and lines.\npaths: {}\n` },
    { name: 'a block scalar', yaml: `swagger: '2.0'\ninfo:\n  description: |\n    Orders and **lines**.\n` },
  ],
  invalid: [
    { name: 'missing', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\npaths: {}\n`, errors: [{ line: 2, column: 1, message: /info\.description is missing/ }] },
    { name: 'empty string', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  description: ""\n`, errors: [{ line: 4, column: 16, message: /empty/ }] },
    { name: 'in JSON', yaml: `{\n  "swagger": "2.0",\n  "info": {"title": "t", "version": "1"}\n}`, uri: '/virtual/api.json', errors: [{ line: 3, column: 3 }] },
  ],
});

const stub = `'TODO: say in a sentence or more what this API is for.'`;

test('info-description: the fix adds a stub below the last info entry, at its indentation', async () => {
  const text = `swagger: '2.0'\ninfo:\n    title: Orders\n    version: '1.0' # keep\npaths: {}\n`;
  assert.equal(await applyOnlyFix(rule, text), `swagger: '2.0'\ninfo:\n    title: Orders\n    version: '1.0' # keep\n    description: ${stub}\npaths: {}\n`);
});

test('info-description: the fix at the end of a file without a final newline', async () => {
  assert.equal(await applyOnlyFix(rule, `swagger: '2.0'\ninfo:\n  title: Orders`), `swagger: '2.0'\ninfo:\n  title: Orders\n  description: ${stub}`);
});

test('info-description: the fix in a flow mapping and in an empty one', async () => {
  assert.equal(await applyOnlyFix(rule, `swagger: '2.0'\ninfo: {title: Orders, version: '1'}\n`), `swagger: '2.0'\ninfo: {title: Orders, version: '1', description: ${stub}}\n`);
  assert.equal(await applyOnlyFix(rule, `swagger: '2.0'\ninfo: {}\n`), `swagger: '2.0'\ninfo: {description: ${stub}}\n`);
});

test('info-description: the fix in multi-line JSON', async () => {
  const text = `{\n  "swagger": "2.0",\n  "info": {\n    "title": "t",\n    "version": "1"\n  }\n}`;
  const fixed = await applyOnlyFix(rule, text, '/virtual/api.json');
  assert.equal(fixed, `{\n  "swagger": "2.0",\n  "info": {\n    "title": "t",\n    "version": "1",\n    "description": "TODO: say in a sentence or more what this API is for."\n  }\n}`);
});

test('info-description: an empty description gets no stub (the user is writing it)', async () => {
  const [d] = (await lintWithOnly(rule, `swagger: '2.0'\ninfo:\n  description: ""\n`)).diagnostics;
  assert.equal(d?.fix, undefined);
});
