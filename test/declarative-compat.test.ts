// Spectral's compatibility mode for Spectral rulesets (issue 28): positions, placeholders and $refs
// as Spectral 6.16.3 reported them for the same ruleset and documents (`spectral lint -r
// .spectral.yaml api.yaml -f json` in bench/): rule, file, line, Spectral's path and message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findings, runMain } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';

const api = `swagger: '2.0'
info:
  title: T
  version: '1'
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          schema:
            $ref: '#/definitions/Pet'
  /b:
    get:
      responses:
        '200':
          description: ok
          schema:
            $ref: 'other.yaml#/Dog'
        '401':
          description:
            multi
definitions:
  Pet:
    type: object
    properties:
      Name:
        $ref: '#/definitions/Str'
  Str:
    type: string
`;

const ruleset = `rules:
  resp-missing:
    message: "{{property}} missing; value {{value}} path {{path}}"
    given: $.paths[*][*].responses
    then: {field: '401.x-foo', function: truthy}
  resp-val:
    message: "{{property}} is {{value}} at {{path}}"
    given: $.paths[*][*].responses[*]
    then: {field: description, function: pattern, functionOptions: {match: '^zzz'}}
  sch-type:
    message: "{{error}}"
    given: $.paths[*][*].responses[*].schema
    then: {field: type, function: enumeration, functionOptions: {values: [string]}}
  sch-missing:
    given: $.paths[*][*].responses[*].schema
    then: {field: 'properties.Name.format', function: truthy}
`;

test("missing fields at the nearest parent, {{property}} in dot style, {{value}} unquoted, a $ref's finding at what it names, once", async () => {
  const dir = projectWith({ 'api.yaml': api, 'other.yaml': 'Dog:\n  type: object\n  properties:\n    Bark:\n      type: string\n', '.spectral.yaml': ruleset });
  const run = await runMain(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json', '--allow-external-refs'], dir);
  const got = (findings(run) as unknown as Array<{ ruleId: string; file: string; line: number; pointer: string; message: string }>)
    .filter((f) => f.ruleId.startsWith('resp-') || f.ruleId.startsWith('sch-'))
    .map((f) => `${f.ruleId} ${f.file} ${f.line} ${f.pointer} | ${f.message}`)
    .sort();
  // Spectral 6.16.3's answer
  const spectral = [
    'resp-missing api.yaml 8 /paths/~1a/get/responses | responses[401].x-foo missing; value [object Object] path #/paths/~1a/get/responses',
    'resp-val api.yaml 10 /paths/~1a/get/responses/200/description | description is ok at #/paths/~1a/get/responses/200/description',
    'resp-val api.yaml 17 /paths/~1b/get/responses/200/description | description is ok at #/paths/~1b/get/responses/200/description',
    'resp-missing api.yaml 20 /paths/~1b/get/responses/401 | [401].x-foo missing; value [object Object] path #/paths/~1b/get/responses/401',
    'resp-val api.yaml 22 /paths/~1b/get/responses/401/description | description is multi at #/paths/~1b/get/responses/401/description',
    'sch-type api.yaml 25 /definitions/Pet/type | "object" must be equal to one of the allowed values: "string"',
    'sch-missing api.yaml 29 /definitions/Str | "Str.format" property must be truthy',
    'sch-type other.yaml 2 /Dog/type | "object" must be equal to one of the allowed values: "string"',
    'sch-missing other.yaml 3 /Dog/properties | "properties.Name.format" property must be truthy',
  ];
  assert.deepEqual(got, spectral.sort());
});

test('rules that give the same JSONPath share its matches, each in its view: resolved, or as written', async () => {
  const doc = "swagger: '2.0'\ninfo:\n  title: T\n  version: '1'\npaths: {}\ndefinitions:\n  Pet:\n    type: object\n    properties:\n      Name:\n        $ref: '#/definitions/Str'\n  Str:\n    type: string\n";
  const rules = `rules:
  name-typed:
    given: $.definitions.Pet.properties.Name
    then: {field: type, function: truthy}
  name-typed-as-written:
    given: $.definitions.Pet.properties.Name
    resolved: false
    then: {field: type, function: truthy}
  name-untyped:
    given: $.definitions.Pet.properties.Name
    then: {field: type, function: falsy}
`;
  const dir = projectWith({ 'api.yaml': doc, '.spectral.yaml': rules });
  const run = await runMain(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json'], dir);
  const got = (findings(run) as unknown as Array<{ ruleId: string; line: number; pointer: string; message: string }>)
    .filter((f) => f.ruleId.startsWith('name-'))
    .map((f) => `${f.ruleId} ${f.line} ${f.pointer} | ${f.message}`)
    .sort();
  // Spectral 6.16.3's answer: the resolved Name has a type (a string's), the Name as written has none
  assert.deepEqual(got, ['name-typed-as-written 10 /definitions/Pet/properties/Name | "Name.type" property must be truthy', 'name-untyped 13 /definitions/Str/type | "type" property must be falsy']);
});

test("a schema function's message keeps the ruleset's pattern as written, and words ajv's own NOT as Spectral does", async () => {
  const dir = projectWith({
    'api.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1', x-code: abc}\npaths: {}\n",
    'r.yaml': `rules:
  code:
    given: $.info
    then: {field: x-code, function: schema, functionOptions: {schema: {type: string, pattern: "^NOT_'x"}}}
  long:
    given: $.info
    then: {field: title, function: schema, functionOptions: {schema: {type: string, minLength: 3}}}
`,
  });
  const run = await runMain(['lint', 'api.yaml', '--ruleset', 'r.yaml', '--format', 'json'], dir);
  assert.deepEqual(
    findings(run)
      .filter((f) => f.ruleId === 'code' || f.ruleId === 'long')
      .map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message}`)
      .sort(),
    [`2:15 long "title" property must not have fewer than 3 characters`, `2:40 code "x-code" property must match pattern "^NOT_'x"`],
  );
});
