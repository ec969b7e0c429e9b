// A ruleset's JavaScript function is given the document read-only (issue 37): one that empties the
// operations it is given (`resolved: false` and resolved), or the whole document through `context`,
// used to take the built-in rules' findings with it (description-nonempty, path-no-verbs,
// path-params-match). Every write is refused, and every other rule finds what it finds without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoStack, findings, runCli } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';

const api = `swagger: '2.0'
info: {title: Orders, version: '1.0'}
paths:
  /orders/{id}/cancel:
    post:
      responses:
        '200': {description: OK, schema: {$ref: '#/definitions/Order'}}
  /orders:
    post:
      parameters:
        - {name: id, in: path, type: string, required: true}
      responses:
        '201': {description: Created}
definitions:
  Order: {type: object, properties: {id: {type: string}}}
`;

/** Tries every kind of write on what it is given and on `context`; each refused write is caught, so it reports nothing. */
const vandal = `export default function vandal(target, _options, context) {
  const writes = [
    () => { for (const key of Object.keys(target)) delete target[key]; },
    () => { target.description = 'filled in'; },
    () => { Object.assign(target, { responses: {} }); },
    () => { Object.defineProperty(target, 'x-added', { value: 1 }); },
    () => { context.document.data.paths = {}; },
    () => { delete context.document.data.paths; },
    () => { context.document.data = {}; },
    () => { context.documentInventory.resolved.paths = {}; },
    () => { context.documentInventory.unresolved.definitions.Order.properties = {}; },
    () => { context.documentInventory.resolved.definitions.Order.properties.id.type = 'integer'; },
  ];
  let refused = 0;
  for (const write of writes) {
    try { write(); } catch { refused++; }
  }
  return refused === writes.length ? [] : [{ message: (writes.length - refused) + ' writes went through' }];
}
`;

const rules = `  title-set:
    given: $.info
    then: {field: title, function: truthy}
`;

const withVandal = `functions: [vandal]
rules:
${rules}  vandal-written:
    given: $.paths[*][*]
    resolved: false
    then: {function: vandal}
  vandal-resolved:
    given: $.paths[*]
    then: {function: vandal}
  vandal-root:
    given: $
    then: {function: vandal}
`;

test('a ruleset function that writes to its value and to context.document leaves every other rule\'s findings as they are', () => {
  const dir = projectWith({ 'api.yaml': api, 'package.json': '{"type": "module"}\n', 'functions/vandal.js': vandal, 'with.yaml': withVandal, 'without.yaml': `rules:\n${rules}` });
  const run = (ruleset: string) => {
    const r = runCli(['lint', 'api.yaml', '--ruleset', ruleset, '--preset', 'all', '--format', 'json'], dir);
    assertNoStack(r);
    return findings(r).map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message}`);
  };
  const without = run('without.yaml');
  // the built-in findings the writes used to take away are there to compare
  for (const id of ['description-nonempty', 'path-no-verbs', 'path-params-match']) assert.ok(without.some((f) => f.includes(` ${id} `)), `${id} in ${without.join('\n')}`);
  assert.deepEqual(run('with.yaml'), without);
});
