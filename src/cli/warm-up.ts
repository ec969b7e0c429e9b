import { lintText } from '../pipeline/lint.js';
import { getFormatter } from '../format/index.js';
import { ruleInfos } from './rule-info.js';
import { version } from '../version.js';

/**
 * What the first run of a new build does after its own work, before the CLI's code cache is written
 * (src/startup/cli-start.ts): V8 caches only the functions that have run. Lints three small documents
 * in memory (Swagger 2.0 in YAML and in JSON: their parsers differ; OpenAPI 3.0, whose model, checks and
 * rule branches a Swagger 2.0 document never runs) as a plain `swaglint lint` does, and formats the
 * findings. No file is read, no configuration searched, nothing printed.
 *
 * Only what most runs need: each function in the cache costs every run its loading, so markdown-it
 * (loaded only for a description with a link, a table or HTML in it), colours and the other formats
 * are left to compile when a run needs them. Measured on a small document: a cache of every rule,
 * markdown-it and colour made each start some 5 to 10 ms slower than this one.
 */
export async function warmUp(): Promise<void> {
  const documents = [
    { uri: '/warm-up/api.yaml', text: yamlDocument },
    { uri: '/warm-up/api.json', text: JSON.stringify(jsonDocument, null, 2) },
    { uri: '/warm-up/openapi.yaml', text: openapi3Document },
  ];
  const reports = [];
  for (const { uri, text } of documents) {
    const result = await lintText(text, uri, { cwd: '/warm-up', projectRoot: '/warm-up' });
    reports.push({ uri, diagnostics: result.diagnostics, texts: result.texts });
  }
  const stylish = await getFormatter('stylish');
  const context = { cwd: '/warm-up', rules: ruleInfos(), version: version() };
  stylish(reports, { ...context, color: false });
}

/** Findings of most kinds: verbs and singular collections in paths, schema errors, missing definitions. */
const yamlDocument = `swagger: '2.0'
info:
  title: Orders
  version: '1.0'
  description: |
    Orders and their **lines**.
host: api.example.com
schemes: [http]
basePath: /v1
securityDefinitions:
  key: {type: apiKey, name: key, in: query}
paths:
  /orders:
    get:
      operationId: listOrders
      parameters:
        - {name: api-version, in: query, type: string, required: true}
      responses:
        '200': {description: The orders, schema: {type: array, items: {$ref: '#/definitions/Order'}}}
    post:
      parameters:
        - {name: body, in: body, schema: {$ref: '#/definitions/Order'}}
      responses:
        '201': {description: Created}
  /order/{id}:
    delete:
      parameters:
        - {name: id, in: path, type: string}
      responses:
        '204': {description: Gone}
  /orders/createOrder:
    post:
      responses:
        default: {description: Done}
definitions:
  Order:
    type: object
    required: [id, missing]
    properties:
      id: {type: string, pattern: '^[a-z]+$', example: 42}
      lines: {type: array}
`;

const jsonDocument = {
  swagger: '2.0',
  info: { title: 'Pets', version: '2' },
  paths: {
    '/pets/{petId}/getOwner': {
      get: {
        parameters: [{ name: 'petId', in: 'path', required: true, type: 'integer' }],
        responses: { '200': { description: 'The owner', schema: { $ref: '#/definitions/Missing' } } },
      },
    },
  },
  definitions: { Pet: { type: 'object', properties: { name: { type: 'string', enum: ['a', 'a'] } } } },
};

/**
 * OpenAPI 3's own code (the model its checks share, the checks, the rules' OpenAPI 3 side), which a
 * Swagger 2.0 document never runs: without it in the cache every OpenAPI 3 lint compiled it again.
 */
const openapi3Document = `openapi: 3.0.3
info:
  title: Orders
  version: '1.0'
  description: Orders and their **lines**.
servers:
  - url: http://api.example.com/{version}
    variables:
      version: {default: v1, enum: [v1, v2]}
security:
  - key: []
paths:
  /orders:
    get:
      operationId: listOrders
      parameters:
        - {name: api-version, in: query, required: true, schema: {type: string}, example: '1.0'}
      responses:
        '200':
          description: The orders
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Order'}}
              example: [{id: abc, lines: []}]
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Order'}
            examples:
              one: {value: {id: 7}}
      responses:
        '201': {description: Created, links: {self: {operationId: getOrder}}}
  /order/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string, pattern: '^[a-z]+$'}}
      responses:
        '200': {description: The order, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}
  /orders/createOrder:
    post:
      callbacks:
        done:
          '{$request.body#/url}':
            post: {responses: {'200': {description: Done}}}
      responses:
        default: {description: Done}
components:
  schemas:
    Order:
      type: object
      required: [id, missing]
      discriminator: {propertyName: id, mapping: {x: '#/components/schemas/Missing'}}
      properties:
        id: {type: string, default: 1, enum: [abc, 2], nullable: true}
        lines: {type: array, readOnly: true, items: {type: integer, format: int32}}
    Unused: {type: string}
  securitySchemes:
    key: {type: apiKey, name: key, in: query}
`;
