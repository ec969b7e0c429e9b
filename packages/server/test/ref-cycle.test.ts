// Two files whose whole content is a `$ref` to each other (issue 37) answered 500 on POST /lint and on
// publish. Over HTTP on 127.0.0.1: both answer with the bundle's findings and one cycle finding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from './helpers/service.js';

let service: TestService;
let publisher: string;
let reader: string;

before(async () => {
  service = await startService(undefined);
  publisher = (await service.token(['publisher'])).token;
  reader = (await service.token(['reader'])).token;
});
after(async () => service.dispose());

const bundle = {
  root: 'api.yaml',
  files: {
    'api.yaml': `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: [https]
security: []
paths:
  /getOrders:
    get:
      responses:
        '200': {description: OK, schema: {$ref: '#/definitions/Order'}}
definitions:
  Order: {$ref: cycle/b.yaml}
`,
    'cycle/b.yaml': '$ref: c.yaml\n',
    'cycle/c.yaml': '$ref: b.yaml\n',
  },
};

type Finding = { rule_id: string; file: string; start_line: number; start_character: number; message: string };
const at = (f: Finding) => `${f.file}:${f.start_line}:${f.start_character} ${f.rule_id}`;
const expected = ['api.yaml:6:4 path-no-verbs', 'cycle/c.yaml:1:7 ref-resolves'];

test('POST /lint on a bundle with a two-file $ref cycle: 200, its findings and one cycle finding', async () => {
  const linted = await service.call('POST', '/lint', { token: reader, body: bundle });
  assert.equal(linted.status, 200, JSON.stringify(linted.body));
  assert.deepEqual((linted.body.findings as Finding[]).map(at).sort(), [...expected].sort());
  assert.match((linted.body.findings as Finding[]).find((f) => f.rule_id === 'ref-resolves')!.message, /closes a cycle of \$refs \(b\.yaml → c\.yaml → b\.yaml\)/);
});

test('publishing a bundle with a two-file $ref cycle stores its findings', async () => {
  const published = await service.call('POST', '/apis/cycle/revisions', { token: publisher, body: bundle });
  assert.equal(published.status, 201, JSON.stringify(published.body));
  const stored = await service.call('GET', `/apis/cycle/revisions/${published.body.id}/findings`, { token: reader });
  assert.equal(stored.status, 200);
  assert.deepEqual((stored.body.items as Finding[]).map(at).sort(), [...expected].sort());
});
