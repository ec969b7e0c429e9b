// A rule written for both formats says the same thing about the same fault in each: the same message
// id (and so the same wording), whichever format the document is. One small fault per rule, written
// once as Swagger 2.0 and once as OpenAPI 3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRules } from '../rules/index.js';
import { formatsOf } from '../src/formats/index.js';
import { lintWithOnly } from './helpers/test-rule.js';

const swagger = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0'}\n`;
const openapi = `openapi: 3.0.3\ninfo: {title: Orders, version: '1.0'}\n`;
const ok = `responses: {'200': {description: OK}}`;

interface Place {
  swagger2: string;
  openapi3: string;
}

interface Pair {
  rule: string;
  messageId: string;
  swagger2: string;
  openapi3: string;
  /** Where the format keeps what the message names (`securityDefinitions`, `components/securitySchemes`): the parts of the text that differ. */
  place?: Place | Place[];
}

const pairs: Pair[] = [
  {
    rule: 'operation-id-unique', messageId: 'duplicate',
    swagger2: swagger + `paths:\n  /a:\n    get: {operationId: x, ${ok}}\n  /b:\n    get: {operationId: x, ${ok}}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get: {operationId: x, ${ok}}\n  /b:\n    get: {operationId: x, ${ok}}\n`,
  },
  {
    rule: 'operation-id-unique', messageId: 'reused',
    swagger2: swagger + `paths:\n  /a:\n    $ref: '#/paths/~1b'\n  /b:\n    get: {operationId: x, ${ok}}\n`,
    openapi3: openapi + `paths:\n  /a:\n    $ref: '#/paths/~1b'\n  /b:\n    get: {operationId: x, ${ok}}\n`,
  },
  {
    rule: 'parameter-unique', messageId: 'duplicate',
    swagger2: swagger + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: string}\n        - {name: q, in: query, type: string}\n      ${ok}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, schema: {type: string}}\n        - {name: q, in: query, schema: {type: string}}\n      ${ok}\n`,
  },
  {
    rule: 'array-items', messageId: 'missing',
    swagger2: swagger + `paths: {}\ndefinitions:\n  Tags: {type: array}\n`,
    openapi3: openapi + `paths: {}\ncomponents:\n  schemas:\n    Tags: {type: array}\n`,
  },
  {
    rule: 'ref-resolves', messageId: 'unresolved',
    swagger2: swagger + `paths: {}\ndefinitions:\n  Orders: {type: array, items: {$ref: '#/nowhere/Order'}}\n`,
    openapi3: openapi + `paths: {}\ncomponents:\n  schemas:\n    Orders: {type: array, items: {$ref: '#/nowhere/Order'}}\n`,
  },
  {
    rule: 'required-properties-exist', messageId: 'undeclared',
    swagger2: swagger + `paths: {}\ndefinitions:\n  Order: {type: object, required: [totl], properties: {total: {type: number}}}\n`,
    openapi3: openapi + `paths: {}\ncomponents:\n  schemas:\n    Order: {type: object, required: [totl], properties: {total: {type: number}}}\n`,
  },
  {
    rule: 'tag-name-unique', messageId: 'duplicate',
    swagger2: swagger + `tags: [{name: pets}, {name: pets, description: Again.}]\npaths: {}\n`,
    openapi3: openapi + `tags: [{name: pets}, {name: pets, description: Again.}]\npaths: {}\n`,
  },
  {
    rule: 'operation-no-ref', messageId: 'one',
    swagger2: swagger + `paths:\n  /a:\n    get: {$ref: '#/x-ops/a'}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get: {$ref: '#/x-ops/a'}\n`,
    // the message names the specification the document follows
    place: { swagger2: 'Swagger 2.0', openapi3: 'OpenAPI 3.0' },
  },
  {
    rule: 'path-no-query-or-fragment', messageId: 'queryOrFragment',
    swagger2: swagger + `paths:\n  /token#refresh:\n    post: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /token#refresh:\n    post: {${ok}}\n`,
  },
  {
    rule: 'security-scheme-defined', messageId: 'undefined',
    swagger2: swagger + `securityDefinitions: {}\nsecurity: [{apiKey: []}]\npaths: {}\n`,
    openapi3: openapi + `components: {securitySchemes: {}}\nsecurity: [{apiKey: []}]\npaths: {}\n`,
    place: { swagger2: 'securityDefinitions', openapi3: 'components/securitySchemes' },
  },
  {
    rule: 'apikey-not-in-query', messageId: 'inQuery',
    swagger2: swagger + `securityDefinitions: {key: {type: apiKey, in: query, name: api_key}}\nsecurity: [{key: []}]\npaths: {}\n`,
    openapi3: openapi + `components: {securitySchemes: {key: {type: apiKey, in: query, name: api_key}}}\nsecurity: [{key: []}]\npaths: {}\n`,
  },
  {
    rule: 'auth-header-name', messageId: 'otherName',
    swagger2: swagger + `securityDefinitions: {key: {type: apiKey, in: header, name: X-Api-Key}}\nsecurity: [{key: []}]\npaths: {}\n`,
    openapi3: openapi + `components: {securitySchemes: {key: {type: apiKey, in: header, name: X-Api-Key}}}\nsecurity: [{key: []}]\npaths: {}\n`,
  },
  {
    rule: 'path-trailing-slash', messageId: 'trailingSlash',
    swagger2: swagger + `paths:\n  /orders/:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /orders/:\n    get: {${ok}}\n`,
  },
  {
    rule: 'path-case', messageId: 'otherCase',
    swagger2: swagger + `paths:\n  /order-lines:\n    get: {${ok}}\n  /line-items:\n    get: {${ok}}\n  /orderNotes:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /order-lines:\n    get: {${ok}}\n  /line-items:\n    get: {${ok}}\n  /orderNotes:\n    get: {${ok}}\n`,
  },
  {
    rule: 'path-template-valid', messageId: 'twice',
    swagger2: swagger + `paths:\n  /a/{id}/b/{id}:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /a/{id}/b/{id}:\n    get: {${ok}}\n`,
  },
  {
    rule: 'description-nonempty', messageId: 'empty',
    swagger2: swagger + `paths:\n  /a:\n    get: {description: '', ${ok}}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get: {description: '', ${ok}}\n`,
  },
  {
    rule: 'security-defined', messageId: 'uncovered',
    swagger2: swagger + `securityDefinitions: {key: {type: apiKey, in: header, name: X-Key}}\npaths:\n  /a:\n    get: {${ok}}\n  /b:\n    get: {security: [], ${ok}}\n`,
    openapi3: openapi + `components: {securitySchemes: {key: {type: apiKey, in: header, name: X-Key}}}\npaths:\n  /a:\n    get: {${ok}}\n  /b:\n    get: {security: [], ${ok}}\n`,
  },
  {
    rule: 'info-title', messageId: 'missing',
    swagger2: `swagger: '2.0'\ninfo: {version: '1.0'}\npaths: {}\n`,
    openapi3: `openapi: 3.0.3\ninfo: {version: '1.0'}\npaths: {}\n`,
  },
  {
    rule: 'info-version', messageId: 'number',
    swagger2: `swagger: '2.0'\ninfo: {title: Orders, version: 1.0}\npaths: {}\n`,
    openapi3: `openapi: 3.0.3\ninfo: {title: Orders, version: 1.0}\npaths: {}\n`,
  },
  {
    rule: 'info-description', messageId: 'missing',
    swagger2: swagger + `paths: {}\n`,
    openapi3: openapi + `paths: {}\n`,
  },
  {
    rule: 'info-nonempty', messageId: 'empty',
    swagger2: `swagger: '2.0'\ninfo: {title: '', version: '1.0'}\npaths: {}\n`,
    openapi3: `openapi: 3.0.3\ninfo: {title: '', version: '1.0'}\npaths: {}\n`,
  },
  {
    rule: 'api-version-consistent', messageId: 'infoVersion',
    swagger2: swagger + `paths:\n  /a:\n    get:\n      parameters: [{name: api-version, in: query, required: true, type: string, enum: ['2.0']}]\n      ${ok}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get:\n      parameters: [{name: api-version, in: query, required: true, schema: {type: string, enum: ['2.0']}}]\n      ${ok}\n`,
  },
  {
    rule: 'api-version-param', messageId: 'notString',
    swagger2: swagger + `paths:\n  /a:\n    get:\n      parameters: [{name: api-version, in: query, required: true, type: integer}]\n      ${ok}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get:\n      parameters: [{name: api-version, in: query, required: true, schema: {type: integer}}]\n      ${ok}\n`,
    place: { swagger2: 'type: string', openapi3: 'schema: {type: string}' },
  },
  {
    rule: 'create-response-schema', messageId: 'noSchema',
    swagger2: swagger + `paths:\n  /orders:\n    post: {responses: {'201': {description: Created}}}\n`,
    openapi3: openapi + `paths:\n  /orders:\n    post: {responses: {'201': {description: Created}}}\n`,
    place: { swagger2: 'schema: …', openapi3: 'content: {application/json: {schema: …}}' },
  },
  {
    rule: 'credentials-over-https', messageId: 'clearText',
    swagger2: swagger + `schemes: [http]\nsecurityDefinitions: {key: {type: apiKey, in: header, name: X-Key}}\nsecurity: [{key: []}]\npaths:\n  /a:\n    get: {${ok}}\n`,
    openapi3: openapi + `servers: [{url: 'http://api.example.com'}]\ncomponents: {securitySchemes: {key: {type: apiKey, in: header, name: X-Key}}}\nsecurity: [{key: []}]\npaths:\n  /a:\n    get: {${ok}}\n`,
    // the place that offers http: Swagger 2.0's schemes, OpenAPI 3's server; and its https form
    place: [
      { swagger2: "'http' in schemes", openapi3: "Server 'http://api.example.com' (plain http), serving GET /a," },
      { swagger2: 'schemes: [https]', openapi3: 'an https:// URL' },
    ],
  },
  {
    rule: 'delete-member-only', messageId: 'collection',
    swagger2: swagger + `paths:\n  /orders:\n    delete: {${ok}}\n  /orders/{order_id}:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /orders:\n    delete: {${ok}}\n  /orders/{order_id}:\n    get: {${ok}}\n`,
  },
  {
    rule: 'description-markdown', messageId: 'unsupported',
    swagger2: swagger + `paths:\n  /a:\n    get: {description: 'See [the guide](https://example.com/guide).', ${ok}}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get: {description: 'See [the guide](https://example.com/guide).', ${ok}}\n`,
  },
  {
    rule: 'get-no-body', messageId: 'body',
    swagger2: swagger + `paths:\n  /a:\n    get:\n      parameters: [{name: filter, in: body, schema: {type: object}}]\n      ${ok}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get:\n      requestBody: {content: {application/json: {schema: {type: object}}}}\n      ${ok}\n`,
    // the format's body: an `in: body` parameter, a requestBody
    place: { swagger2: "'filter' is in: body", openapi3: 'it has a requestBody' },
  },
  {
    rule: 'path-member-id', messageId: 'loneParameter',
    swagger2: swagger + `paths:\n  /{order_id}:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /{order_id}:\n    get: {${ok}}\n`,
  },
  {
    rule: 'path-no-multi-id', messageId: 'packed',
    swagger2: swagger + `paths:\n  /orders/{first_id},{second_id}:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /orders/{first_id},{second_id}:\n    get: {${ok}}\n`,
  },
  {
    rule: 'path-param-names-consistent', messageId: 'otherNames',
    swagger2: swagger + `paths:\n  /teams/{id}:\n    get: {${ok}}\n  /teams/{team}:\n    put: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /teams/{id}:\n    get: {${ok}}\n  /teams/{team}:\n    put: {${ok}}\n`,
  },
  {
    rule: 'path-params-match', messageId: 'unused',
    swagger2: swagger + `paths:\n  /a:\n    get:\n      parameters: [{name: id, in: path, required: true, type: string}]\n      ${ok}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get:\n      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n      ${ok}\n`,
  },
  {
    rule: 'path-params-match', messageId: 'undeclared',
    swagger2: swagger + `paths:\n  /a/{id}:\n    get: {${ok}}\n    put: {parameters: [{name: id, in: path, required: true, type: string}], ${ok}}\n`,
    openapi3: openapi + `paths:\n  /a/{id}:\n    get: {${ok}}\n    put: {parameters: [{name: id, in: path, required: true, schema: {type: string}}], ${ok}}\n`,
    place: { swagger2: 'type: string', openapi3: 'schema: {type: string}' },
  },
  {
    rule: 'path-subcollection-nesting', messageId: 'flat',
    swagger2: swagger + `paths:\n  /orders/{order_id}: {}\n  /orders/lines: {}\n`,
    openapi3: openapi + `paths:\n  /orders/{order_id}: {}\n  /orders/lines: {}\n`,
  },
  {
    rule: 'path-unique-template', messageId: 'sharedMethod',
    swagger2: swagger + `paths:\n  /orders/{order_id}:\n    get: {${ok}}\n  /orders/{id}:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /orders/{order_id}:\n    get: {${ok}}\n  /orders/{id}:\n    get: {${ok}}\n`,
  },
  {
    rule: 'pattern-valid', messageId: 'invalid',
    swagger2: swagger + `paths: {}\ndefinitions:\n  Code: {type: string, pattern: 'a(b'}\n`,
    openapi3: openapi + `paths: {}\ncomponents:\n  schemas:\n    Code: {type: string, pattern: 'a(b'}\n`,
  },
  {
    rule: 'post-collection-only', messageId: 'member',
    swagger2: swagger + `paths:\n  /orders:\n    get: {${ok}}\n  /orders/{order_id}:\n    post: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /orders:\n    get: {${ok}}\n  /orders/{order_id}:\n    post: {${ok}}\n`,
  },
  {
    rule: 'put-member-only', messageId: 'collection',
    swagger2: swagger + `paths:\n  /orders:\n    put: {${ok}}\n  /orders/{order_id}:\n    get: {${ok}}\n`,
    openapi3: openapi + `paths:\n  /orders:\n    put: {${ok}}\n  /orders/{order_id}:\n    get: {${ok}}\n`,
  },
  {
    rule: 'request-body-schema', messageId: 'noProperties',
    swagger2: swagger + `paths:\n  /orders:\n    post:\n      parameters: [{name: order, in: body, schema: {type: object}}]\n      ${ok}\n`,
    openapi3: openapi + `paths:\n  /orders:\n    post:\n      requestBody: {content: {application/json: {schema: {type: object}}}}\n      ${ok}\n`,
    // the body as the format has it: a parameter, a media type
    place: { swagger2: "The body 'order' of POST /orders", openapi3: 'The application/json body of POST /orders' },
  },
  {
    rule: 'response-success', messageId: 'noSuccess',
    swagger2: swagger + `paths:\n  /a:\n    get: {responses: {'404': {description: Not found}}}\n`,
    openapi3: openapi + `paths:\n  /a:\n    get: {responses: {'404': {description: Not found}}}\n`,
  },
  {
    rule: 'schema-valid', messageId: 'type',
    swagger2: swagger + `tags: [{name: 5}]\npaths: {}\n`,
    openapi3: openapi + `tags: [{name: 5}]\npaths: {}\n`,
  },
  {
    rule: 'value-fits-schema', messageId: 'misfit',
    swagger2: swagger + `paths: {}\ndefinitions:\n  Count: {type: integer, default: many}\n`,
    openapi3: openapi + `paths: {}\ncomponents:\n  schemas:\n    Count: {type: integer, default: many}\n`,
  },
];

/**
 * Rules for both formats that still report text rather than message ids, each with why.
 */
const byTextStill = new Map([
  // being retrained by another engineer (path-no-verbs and path-collection-plural, rules/lib/segment-*.ts): converted after that lands
  ['path-collection-plural', 'retrained elsewhere now'],
  ['path-no-verbs', 'retrained elsewhere now'],
]);

const bothFormats = builtinRules.filter((rule) => {
  const formats = formatsOf(rule);
  return formats.includes('swagger2') && formats.includes('openapi3') && rule.meta.formats !== 'all';
});

test('every rule for both formats reports by message id and has a pair of faults here, or is listed as not yet', () => {
  const covered = new Set(pairs.map((p) => p.rule));
  const missing = bothFormats.filter((r) => !covered.has(r.meta.id) && !byTextStill.has(r.meta.id)).map((r) => r.meta.id);
  assert.deepEqual(missing, [], 'rules for both formats with no pair of faults here');
  const stale = bothFormats.filter((r) => byTextStill.has(r.meta.id) && r.meta.messages !== undefined).map((r) => r.meta.id);
  assert.deepEqual(stale, [], 'rules that report by id now: give them pairs and take them off byTextStill');
  for (const id of covered) assert.ok(bothFormats.some((r) => r.meta.id === id), `${id} is a rule for both formats`);
});

for (const pair of pairs) {
  test(`${pair.rule}: the same fault is '${pair.messageId}' in Swagger 2.0 and in OpenAPI 3, worded alike`, async () => {
    const rule = builtinRules.find((r) => r.meta.id === pair.rule)!;
    const found = async (text: string) => (await lintWithOnly(rule, text)).diagnostics.filter((d) => d.ruleId === pair.rule || d.ruleId === 'internal-error');
    const [s, o] = [await found(pair.swagger2), await found(pair.openapi3)];
    assert.deepEqual(s.map((d) => d.messageId), [pair.messageId], s.map((d) => d.message).join('\n'));
    assert.deepEqual(o.map((d) => d.messageId), [pair.messageId], o.map((d) => d.message).join('\n'));
    // the same data in both (the faults are the same), so the same text
    const places = pair.place === undefined ? [] : Array.isArray(pair.place) ? pair.place : [pair.place];
    const general = (text: string, format: 'swagger2' | 'openapi3') => places.reduce((t, place) => t.split(place[format]).join('<place>'), text);
    assert.equal(general(s[0]!.message, 'swagger2'), general(o[0]!.message, 'openapi3'));
  });
}
