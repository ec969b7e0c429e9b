// Names a document chooses that are also names of every JavaScript object (issue 37): `__proto__`,
// `constructor`, `toString`. A lookup with `in`, or an index into a plain object, found them defined;
// each is reported like any other undefined name, in both formats.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { assertNoStack, findings, runMain, tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-names-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const requirements = `security:
  - __proto__: []
  - constructor: []
  - toString: []
  - key: []
paths: {}
`;

const documents = {
  'swagger2.yaml': `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: [https]
securityDefinitions:
  key: {type: apiKey, name: X-Service-Authentication, in: header}
${requirements}`,
  'openapi30.yaml': `openapi: 3.0.3
info: {title: Orders, version: '1.0', description: Orders API}
components:
  securitySchemes:
    key: {type: apiKey, name: X-Service-Authentication, in: header}
${requirements}`,
};

for (const [name, text] of Object.entries(documents)) {
  for (const version of name === 'openapi30.yaml' ? ['3.0.3', '3.1.0'] : ['2.0']) {
    test(`a security requirement naming __proto__, constructor or toString is an undefined scheme (${name}, ${version})`, async () => {
      const file = writeProjectFile(dir, `${version}-${name}`, text.replace('3.0.3', version));
      const run = await runMain(['lint', file, '--format', 'json'], dir);
      assertNoStack(run);
      assert.equal(run.code, 1, run.stderr);
      const found = findings(run);
      assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['7:5 security-scheme-defined', '8:5 security-scheme-defined', '9:5 security-scheme-defined']);
      for (const [i, scheme] of ['__proto__', 'constructor', 'toString'].entries()) assert.match(found[i]!.message, new RegExp(`Security scheme .${scheme}. is not defined`));
    });
  }
}

test('a required property named toString is missing from an example that lacks it, and an extra constructor is checked', async () => {
  const file = writeProjectFile(dir, 'values.yaml', `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: [https]
security: []
paths: {}
definitions:
  Order:
    type: object
    description: An order.
    required: [toString]
    properties:
      toString: {type: string, description: A name.}
    additionalProperties: false
    example: {constructor: 1}
`);
  const run = await runMain(['lint', file, '--format', 'json'], dir);
  assertNoStack(run);
  const found = findings(run);
  assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['14:14 value-fits-schema']);
  assert.match(found[0]!.message, /missing the required property 'toString'/);
});
