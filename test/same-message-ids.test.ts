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

interface Pair {
  rule: string;
  messageId: string;
  swagger2: string;
  openapi3: string;
  /** Where the format keeps what the message names (`securityDefinitions`, `components/securitySchemes`): the one part of the text that differs. */
  place?: { swagger2: string; openapi3: string };
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
];

/**
 * Rules for both formats that still report text rather than message ids: each is one implementation
 * already, or still runs an OpenAPI 3 check of its own (src/formats/openapi3/checks/). Converting one
 * takes it off this list and adds its pairs above.
 */
const byTextStill = new Set([
  'api-version-consistent', 'api-version-param', 'create-response-schema',
  'credentials-over-https', 'delete-member-only', 'description-markdown', 'get-no-body',
  'path-collection-plural', 'path-member-id',
  'path-no-multi-id', 'path-no-verbs', 'path-param-names-consistent', 'path-params-match', 'path-subcollection-nesting',
  'path-unique-template', 'pattern-valid', 'post-collection-only',
  'put-member-only', 'request-body-schema', 'response-success', 'schema-valid',
  'value-fits-schema',
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
    const general = (text: string, format: 'swagger2' | 'openapi3') => (pair.place ? text.split(pair.place[format]).join('<place>') : text);
    assert.equal(general(s[0]!.message, 'swagger2'), general(o[0]!.message, 'openapi3'));
  });
}
