import { lintText } from '../pipeline/lint.js';
import { getFormatter } from '../format/index.js';
import { ruleInfos } from './rule-info.js';
import { version } from '../version.js';

/**
 * What the first run of a new build does after its own work, before the CLI's code cache is written
 * (src/startup/cli-start.ts): V8 caches only the functions that have run. Lints two small documents in
 * memory (one YAML, one JSON: their parsers differ) as a plain `swaglint lint` does, and formats the
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
