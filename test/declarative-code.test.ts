// A Spectral ruleset's JavaScript (issue 28): functions of functionsDir, .mjs and .cjs rulesets, a
// ruleset package in the linted project's node_modules, imports of Spectral's packages answered by
// swaglint, options checked by createRulesetFunction's schema; and where code may not run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, findings, runCli, type CliRun } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';
import { loadConfig, CodeNotAllowed } from '../src/config/resolve-config.js';

const api = `swagger: '2.0'
info:
  title: T
  version: '1'
paths:
  /orders:
    get:
      responses:
        '200':
          description: ok
          schema:
            $ref: '#/definitions/Order'
definitions:
  Order:
    type: object
    properties:
      id: {type: string}
`;

const shown = (run: CliRun, ids: string[]) =>
  findings(run)
    .filter((f) => ids.includes(f.ruleId))
    .map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message}`);

const ownerFunction = `import { createRulesetFunction } from '@stoplight/spectral-core';
export default createRulesetFunction(
  { input: { type: 'object' }, options: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'], additionalProperties: false } },
  function hasKey(target, options, context) {
    return options.key in target ? [] : [{ message: context.rule.name + ': ' + context.path.join('.') + ' has no ' + options.key, path: [...context.path, options.key] }];
  },
);
`;

test('a function of functionsDir runs with Spectral\'s arguments: the resolved value, the options, the context', () => {
  const dir = projectWith({
    'api.yaml': api,
    'package.json': '{"type": "module"}\n',
    'rules/fns/hasKey.js': ownerFunction,
    // the value a function is given has its $refs replaced, as Spectral's resolver does
    'rules/fns/schemaType.js': `export default (target, _o, context) => target.type === 'object' ? [{ message: 'resolved ' + Object.keys(target.properties).join(',') + ' at ' + context.path.join('/') }] : [];\n`,
    'rules/.spectral.yaml': `functionsDir: fns
functions: [hasKey, schemaType]
rules:
  op-owner:
    given: $.paths[*][*]
    then: {function: hasKey, functionOptions: {key: x-owner}}
  schema-seen:
    given: $.paths[*][*].responses[*]
    then: {field: schema, function: schemaType}
`,
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', 'rules/.spectral.yaml', '--format', 'json'], dir);
  assert.deepEqual(shown(run, ['op-owner', 'schema-seen']), ['7:9 op-owner op-owner: paths./orders.get has no x-owner', '14:9 schema-seen resolved id at paths//orders/get/responses/200/schema']);
});

test('a function whose options its schema refuses is a configuration error at the options', () => {
  const dir = projectWith({
    'api.yaml': api,
    'package.json': '{"type": "module"}\n',
    'functions/hasKey.js': ownerFunction,
    '.spectral.yaml': 'functions: [hasKey]\nrules:\n  op-owner:\n    given: $.paths[*][*]\n    then: {function: hasKey, functionOptions: {name: x-owner}}\n',
  });
  assertUserError(runCli(['lint', 'api.yaml', '--ruleset', '.spectral.yaml'], dir), /\.spectral\.yaml:5:30: "functionOptions" of "hasKey" function must be valid: the options must have required property 'key'\./);
});

test('.mjs and .cjs rulesets, Spectral\'s packages imported, and an imported ruleset extended in place', () => {
  const dir = projectWith({
    'api.yaml': api,
    'base.cjs': `const { truthy } = require('@stoplight/spectral-functions');
module.exports = { rules: { 'op-summary': { given: '$.paths[*][*]', severity: 'error', then: { field: 'summary', function: truthy } } } };
`,
    '.spectral.mjs': `import { pattern, casing } from '@stoplight/spectral-functions';
import { oas } from '@stoplight/spectral-rulesets';
import { oas2 } from '@stoplight/spectral-formats';
import { DiagnosticSeverity } from '@stoplight/types';
import base from './base.cjs';
export default {
  extends: [[oas, 'off'], base],
  formats: [oas2],
  rules: {
    'title-lower': { given: '$.info.title', severity: DiagnosticSeverity.Warning, then: { function: pattern, functionOptions: { match: '^[a-z]' } } },
    'prop-pascal': { given: '$.definitions[*].properties[*]~', then: { function: casing, functionOptions: { type: 'pascal' } } },
    'inline': { given: '$.info', then: { function: (info) => (info.version === '1' ? [{ message: 'version ' + info.version }] : undefined) } },
  },
};
`,
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', '.spectral.mjs', '--format', 'json'], dir);
  assert.deepEqual(shown(run, ['op-summary', 'title-lower', 'prop-pascal', 'inline']), [
    '2:6 inline version 1',
    '3:10 title-lower "T" must match the pattern "^[a-z]"',
    '7:9 op-summary "get.summary" property must be truthy',
    '17:10 prop-pascal must be pascal case',
  ]);
});

test('a ruleset package is found in the linted project\'s node_modules', () => {
  const dir = projectWith({
    'api.yaml': api,
    'node_modules/@acme/api-rules/package.json': '{"name": "@acme/api-rules", "version": "1.0.0", "main": "ruleset.js"}\n',
    'node_modules/@acme/api-rules/ruleset.js': `const { defined } = require('@stoplight/spectral-functions');
module.exports = { rules: { 'acme-desc': { given: '$.info', then: { field: 'description', function: defined } } } };
`,
    '.spectral.yaml': 'extends: ["@acme/api-rules"]\n',
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json'], dir);
  assert.deepEqual(shown(run, ['acme-desc']), ['2:6 acme-desc "info.description" property must be defined']);
});

test('under "type": "module", a CommonJS function is read as CommonJS (as Spectral does) and run once; an ES module one is imported', () => {
  const dir = projectWith({
    'api.yaml': api,
    'package.json': '{"type": "module"}\n',
    // counts its evaluations (an import as an ES module would run this line before failing at \`module\`)
    'functions/cjsTitle.js': `globalThis.cjsTitleRuns = (globalThis.cjsTitleRuns ?? 0) + 1;
module.exports = (info) => [{ message: 'cjs ' + info.title + ', evaluated ' + globalThis.cjsTitleRuns + ' time(s)' }];
`,
    'functions/esmTitle.js': `export default (info) => [{ message: 'esm ' + info.title }];\n`,
    '.spectral.yaml': 'functions: [cjsTitle, esmTitle]\nrules:\n  cjs-title:\n    given: $.info\n    then: {function: cjsTitle}\n  esm-title:\n    given: $.info\n    then: {function: esmTitle}\n',
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json'], dir);
  assert.deepEqual(shown(run, ['cjs-title', 'esm-title']), ['2:6 cjs-title cjs T, evaluated 1 time(s)', '2:6 esm-title esm T']);
});

test('a function that throws stops its rule with a config-error naming it, and the run fails', () => {
  const dir = projectWith({
    'api.yaml': api,
    'functions/boom.js': 'module.exports = function boom() { throw new Error("kaboom"); };\n',
    'functions/package.json': '{"type": "commonjs"}\n',
    '.spectral.yaml': 'functions: [boom]\nrules:\n  boom-rule:\n    given: $.info\n    then: {function: boom}\n',
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json'], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(shown(run, ['config-error']), ["1:1 config-error Rule 'boom-rule' was stopped for this document: its function 'boom' threw: kaboom. Fix the rule in its configuration."]);
});

test('what cannot run is an error, never a rule silently off: an unknown function, a URL in extends', () => {
  const dir = projectWith({
    'api.yaml': api,
    'unknown.yaml': 'rules:\n  r:\n    given: $.info\n    then: {function: nosuch}\n',
    'url.yaml': 'extends: [https://example.com/ruleset.yaml]\n',
  });
  assertUserError(runCli(['lint', 'api.yaml', '--ruleset', 'unknown.yaml'], dir), /unknown\.yaml:4:12: 'nosuch' is neither a core function .* nor one of the ruleset's functions/);
  assertUserError(runCli(['lint', 'api.yaml', '--ruleset', 'url.yaml'], dir), /url\.yaml:1:11: the ruleset extends https:\/\/example\.com\/ruleset\.yaml, a URL; swaglint never loads a ruleset \(which may run code\) from the network/);
});

test('in a workspace the editor has not trusted, a ruleset that runs code is refused before any of it runs', async () => {
  const dir = projectWith({
    '.swaglint.yaml': 'extends: ./.spectral.yaml\n',
    '.spectral.yaml': 'functions: [mark]\nrules:\n  r:\n    given: $.info\n    then: {function: mark}\n',
    // would leave a file behind if it ran
    'functions/mark.js': `require('node:fs').writeFileSync(require('node:path').join(__dirname, 'ran'), 'x'); module.exports = () => [];\n`,
    'functions/package.json': '{"type": "commonjs"}\n',
    'js/.swaglint.yaml': 'extends: ./.spectral.mjs\n',
    'js/.spectral.mjs': 'export default { rules: {} };\n',
  });
  await assert.rejects(loadConfig(path.join(dir, '.swaglint.yaml'), { allowCode: false }), (e: unknown) => e instanceof CodeNotAllowed && /its rule 'r' runs the JavaScript function 'mark'/.test(e.message));
  await assert.rejects(loadConfig(path.join(dir, 'js', '.swaglint.yaml'), { allowCode: false }), (e: unknown) => e instanceof CodeNotAllowed && /it is a JavaScript ruleset/.test(e.message));
  const { existsSync } = await import('node:fs');
  assert.equal(existsSync(path.join(dir, 'functions', 'ran')), false);
  // trusted (the CLI), it runs
  const config = await loadConfig(path.join(dir, '.swaglint.yaml'));
  assert.deepEqual(config.declarative?.map((d) => d.id), ['r']);
  assert.equal(existsSync(path.join(dir, 'functions', 'ran')), true);
});

test('an ES module function reaching Spectral\'s packages through a relative import gets swaglint\'s, as one importing them itself', () => {
  const dir = projectWith({
    'api.yaml': api,
    '.spectral.yaml': 'functions: [summaryByHelper, plainCheck]\nrules:\n  op-summary:\n    given: "$.paths[*][*]"\n    then: {field: summary, function: summaryByHelper}\n  title-lower:\n    given: "$.info.title"\n    then: {function: plainCheck}\n',
    'functions/package.json': '{"type": "module"}\n',
    'functions/summaryByHelper.js': "import { missing } from './lib/missing.js';\nexport default (value, options, context) => missing(value, context);\n",
    'functions/lib/missing.js': "import { truthy } from '@stoplight/spectral-functions';\nexport const missing = (value, context) => truthy(value, null, context);\n",
    'functions/plainCheck.js': "export default (title) => (title === title.toLowerCase() ? [] : [{ message: 'the title is not in lower case' }]);\n",
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json'], dir);
  assert.deepEqual(shown(run, ['op-summary', 'title-lower']), ['3:10 title-lower the title is not in lower case', '7:9 op-summary "get.summary" property must be truthy']);
});

test('the cache keys on a function file\'s content: an edit is a new configuration', () => {
  const fn = (word: string) => `module.exports = () => [{ message: '${word}' }];\n`;
  const dir = projectWith({
    'api.yaml': api,
    'functions/package.json': '{"type": "commonjs"}\n',
    'functions/say.js': fn('first'),
    '.swaglint.yaml': 'extends: ./.spectral.yaml\n',
    '.spectral.yaml': 'functions: [say]\nrules:\n  said:\n    given: $.info\n    then: {function: say}\n',
  });
  const cli = () => shown(runCli(['lint', 'api.yaml', '--format', 'json', '--cache'], dir), ['said']);
  assert.deepEqual(cli(), ['2:6 said first']);
  assert.deepEqual(cli(), ['2:6 said first']);
  writeFileSync(path.join(dir, 'functions', 'say.js'), fn('again'));
  assert.deepEqual(cli(), ['2:6 said again']);
});

test("a JavaScript ruleset's rule for oas3_2 (Spectral's format of OpenAPI 3.2) runs on 3.2 documents only", () => {
  const dir = projectWith({
    'a.yaml': "openapi: 3.2.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    'b.yaml': "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    '.spectral.mjs': `import { oas3_2 } from '@stoplight/spectral-formats';
import { truthy } from '@stoplight/spectral-functions';
export default { rules: { 'only-3-2': { formats: [oas3_2], given: '$.info', then: { field: 'summary', function: truthy } } } };
`,
  });
  const run = runCli(['lint', 'a.yaml', 'b.yaml', '--ruleset', '.spectral.mjs', '--format', 'json'], dir);
  assert.deepEqual(
    findings(run)
      .filter((f) => f.ruleId === 'only-3-2')
      .map((f) => `${f.file}:${f.line}:${f.column}`),
    ['a.yaml:2:6'],
  );
});
