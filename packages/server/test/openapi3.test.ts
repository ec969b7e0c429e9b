// OpenAPI 3.0 and 3.1 revisions over HTTP on 127.0.0.1 with the embedded database: published, linted
// with the API's ruleset (positions in the file each finding is in, a `$ref`'d one included), read
// back, diffed, shown on the revision page, and linted without storing; a file that is no API
// description is refused with the formats the service takes.
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

interface RestFinding {
  rule_id: string;
  file: string;
  start_line: number;
  start_character: number;
}

/** `file:line:column rule` (the REST findings' lines and columns are 1-based, as a person reads them). */
const at = (f: RestFinding) => `${f.file}:${f.start_line}:${f.start_character} ${f.rule_id}`;

/** The one path both revisions have, its GET returning orders of the $ref'd schema. */
const ordersPath = `  /orders:
    get:
      description: Lists the orders.
      responses:
        '200':
          description: The orders.
          content:
            application/json:
              schema:
                type: array
                items: {$ref: 'schemas/order.yaml'}
`;

const v30 = {
  root: 'api.yaml',
  files: {
    'api.yaml': `openapi: 3.0.3
info:
  title: Orders
  version: '3.0'
servers:
  - url: 'https://api.example.com/v1'
paths:
${ordersPath}`,
    'schemas/order.yaml': `type: object
description: An order, see [the guide](https://example.com/guide).
properties:
  id: {type: string}
`,
  },
};

const v31 = {
  root: 'api.yaml',
  files: {
    'api.yaml': `openapi: 3.1.0
info:
  title: Orders
  summary: Orders and their lines
  version: '3.1'
  description: Orders and their lines.
servers:
  - url: 'https://api.example.com/v1'
paths:
${ordersPath}  /getOrders:
    get:
      description: The same, the old way.
      responses: {'200': {description: The orders.}}
webhooks:
  orderPaid:
    post:
      description: Sent when an order is paid.
      responses: {'200': {description: Received.}}
`,
    'schemas/order.yaml': `type: object
description: An order.
properties:
  id: {type: [string, 'null']}
`,
  },
};

test('an OpenAPI 3.0 revision is published, linted at its places (a $ref\'d file\'s too), and read back', async () => {
  const published = await service.call('POST', '/apis/orders3/revisions', { token: publisher, body: v30 });
  assert.equal(published.status, 201, JSON.stringify(published.body));
  assert.equal(published.body.id, 1);
  assert.equal(published.body.title, 'Orders');
  assert.equal(published.body.version, '3.0');
  const read = await service.call('GET', '/apis/orders3/revisions/1', { token: reader });
  assert.equal(read.status, 200);
  assert.deepEqual([read.body.id, read.body.root, read.body.title, read.body.version], [1, 'api.yaml', 'Orders', '3.0']);
  const findings = await service.call('GET', '/apis/orders3/revisions/1/findings?limit=1000', { token: reader });
  assert.equal(findings.status, 200);
  const found = (findings.body.items as RestFinding[]).map(at);
  // a valid document: no schema finding, the $ref'd file found in the bundle
  assert.ok(!found.some((f) => / (schema-valid|ref-resolves|openapi-version|swagger-version)$/.test(f)), found.join('\n'));
  assert.ok(found.includes('api.yaml:2:1 info-description'), found.join('\n'));
  assert.ok(found.includes('schemas/order.yaml:2:28 description-markdown'), found.join('\n'));
  assert.equal(found.length, published.body.errors + published.body.warnings + published.body.infos + published.body.hints);
});

test('an OpenAPI 3.1 revision after it: the diff names what is new and what was fixed; the revision page shows it', async () => {
  const published = await service.call('POST', '/apis/orders3/revisions', { token: publisher, body: v31 });
  assert.equal(published.status, 201, JSON.stringify(published.body));
  assert.deepEqual([published.body.id, published.body.version], [2, '3.1']);
  const findings = await service.call('GET', '/apis/orders3/revisions/2/findings?limit=1000', { token: reader });
  const found = (findings.body.items as RestFinding[]).map(at);
  assert.ok(!found.some((f) => / (schema-valid|ref-resolves|openapi-version)$/.test(f)), found.join('\n'));
  assert.ok(found.includes('api.yaml:21:4 path-no-verbs'), found.join('\n'));
  const diff = await service.call('GET', '/apis/orders3/revisions/2/diff?from=1&limit=1000', { token: reader });
  assert.equal(diff.status, 200, JSON.stringify(diff.body));
  const items = diff.body.items as (RestFinding & { change: string })[];
  assert.ok(items.filter((f) => f.change === 'new').map(at).includes('api.yaml:21:4 path-no-verbs'), JSON.stringify(items));
  const fixed = items.filter((f) => f.change === 'fixed').map(at);
  assert.ok(fixed.includes('api.yaml:2:1 info-description') && fixed.includes('schemas/order.yaml:2:28 description-markdown'), fixed.join('\n'));
  const page = await service.call('GET', '/ui/apis/orders3/revisions/2', { token: reader, version: null });
  assert.equal(page.status, 200);
  // each finding with its place and the lines around it, from the stored 3.1 file
  assert.match(page.body, /path-no-verbs<\/span><\/h3><div>api\.yaml:21:4<\/div><pre>[\s\S]*21 \|   \/getOrders:/);
});

test('linting an OpenAPI 3.1 document without storing it; a file that is no API description is refused', async () => {
  const linted = await service.call('POST', '/lint', { token: reader, body: { root: 'api.json', files: { 'api.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/orders': { get: { responses: {} } } } }, null, 2) } } });
  assert.equal(linted.status, 200, JSON.stringify(linted.body));
  assert.equal(linted.body.title, 'T');
  assert.ok((linted.body.findings as RestFinding[]).some((f) => f.rule_id === 'schema-valid'), JSON.stringify(linted.body.findings));
  const version = await service.call('POST', '/lint', { token: reader, body: { root: 'api.yaml', files: { 'api.yaml': "openapi: 3.3.0\ninfo: {title: T}\npaths: {}\n" } } });
  assert.deepEqual((version.body.findings as RestFinding[]).map(at), ['api.yaml:1:10 openapi-version']);
  // OpenAPI 3.2 is linted: its `query` operation's path parameters are checked like any operation's
  const v32 = "openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths:\n  /orders/{id}:\n    query:\n      responses: {'200': {description: OK}}\n";
  const in32 = await service.call('POST', '/lint', { token: reader, body: { root: 'api.yaml', files: { 'api.yaml': v32 } } });
  assert.equal(in32.status, 200, JSON.stringify(in32.body));
  const found32 = (in32.body.findings as RestFinding[]).map(at);
  assert.ok(found32.includes('api.yaml:5:5 path-params-match') && !found32.some((f) => / (openapi-version|schema-valid)$/.test(f)), found32.join('\n'));
  const refused = await service.call('POST', '/apis/orders3/revisions', { token: publisher, body: { root: 'ci.yaml', files: { 'ci.yaml': 'stages: [build]\n' } } });
  assert.equal(refused.status, 422);
  assert.equal(refused.body.error.code, 'not-an-api');
  assert.match(refused.body.error.message, /publish a Swagger 2\.0 or OpenAPI 3 document/);
});
