import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { servedPaths } from './lib/served-paths.js';
import { operationParams } from './lib/operation-params.js';
import { objectShape } from './lib/schema-shape.js';
import { isObject, resolveChild } from './lib/resolve.js';

/** Media types whose body is a document of named fields. */
const structured = /[/+](json|xml)\b|^application\/x-www-form-urlencoded\b|^multipart\//i;

/** The message id for a body's schema that lacks properties or required names; undefined when it is fine. */
function shapeProblem(ctx: RuleContext, schema: Node<Record<string, unknown>>): 'noProperties' | 'noRequired' | undefined {
  const shape = objectShape(ctx, schema);
  if (!shape || (shape.properties > 0 && shape.required > 0)) return undefined;
  return shape.properties === 0 ? 'noProperties' : 'noRequired';
}

export default defineRule({
  meta: {
    id: 'request-body-schema',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'A POST or PUT body (OpenAPI 3: each structured `requestBody` media type) has an object schema with `properties` and a `required` list.',
    messages: {
      // `body` names the body as its format has it: Swagger 2.0's `in: body` parameter, OpenAPI 3's media type
      noProperties: '{{body}} declares no properties; describe the document: properties, and the required ones in required: [...].',
      noRequired: '{{body}} lists no required properties; say which fields a request must carry: required: [...].',
      noSchema: '{{body}} has no schema; describe the document: schema: {type: object, properties: …, required: [...]}.',
    },
    docs: `A create or replace document can be large; a request without its required fields is error-prone when
the document does not say which they are. The body parameter of a POST or PUT has a schema (inline or by
\`$ref\`, \`allOf\` parts included) that declares its \`properties\` and lists the \`required\` ones. Bodies that
are no object (an array, a string, a file) and maps (\`additionalProperties\` only) are not checked.

OpenAPI 3: the \`requestBody\` (inline or by \`$ref\`) is checked under each of its structured media types (JSON,
XML, a form or multipart); such a media type without a \`schema\` is reported too, since it says nothing of the
document. Other media types (\`application/octet-stream\`, \`image/png\`, \`text/plain\`) carry no fields.

Fails:

\`\`\`yaml
paths:
  /orders:
    post:
      parameters:
        - {name: definition, in: body, schema: {type: object}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    post:
      parameters:
        - name: definition
          in: body
          schema:
            type: object
            required: [name]
            properties: {name: {type: string}, path: {type: string}}
\`\`\`

Fails:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders:
    post:
      requestBody:
        content:
          application/json: {}
      responses: {'201': {description: Created}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, required: [name], properties: {name: {type: string}}}
      responses: {'201': {description: Created}}
\`\`\``,
  },
  create: (ctx) => {
    // A schema shared by several bodies (a `$ref`'d definition) is reported once, at its first use: one fix serves all.
    const reported = new Set<string>();
    const once = (node: Node) => {
      const where = `${node.source.uri}#${node.pointer.join('/')}`; // only for a finding: pointers cost
      if (reported.has(where)) return false;
      reported.add(where);
      return true;
    };
    /** OpenAPI 3: each structured media type of a path item's POST and PUT requestBody. */
    const checkRequestBodies = (node: Node<JsonObject>, key: string) => {
      for (const method of ['post', 'put'] as const) {
        const body = node.value[method] === undefined ? undefined : resolveChild(ctx, node, [method, 'requestBody'], 'RequestBody');
        const content = body?.value['content'];
        if (!body || !isObject(content)) continue;
        for (const type of Object.keys(content).filter((t) => structured.test(t))) {
          const media = resolveChild(ctx, body, ['content', type], 'MediaType');
          if (!media) continue;
          const what = `The ${type} body of ${method.toUpperCase()} ${key}`;
          if (media.value['schema'] === undefined) {
            if (once(media)) ctx.report({ node: media, messageId: 'noSchema', data: { body: what } });
            continue;
          }
          const schema = resolveChild(ctx, media, 'schema', 'Schema');
          const problem = schema && shapeProblem(ctx, schema);
          if (problem && once(schema)) ctx.report({ node: media, property: 'schema', messageId: problem, data: { body: what } });
        }
      }
    };
    /** Swagger 2.0: the `in: body` parameter of a path item's POST and PUT. */
    const checkBodyParams = (node: Node<JsonObject>, key: string) => {
      for (const method of ['post', 'put'] as const) {
        if (node.value[method] === undefined) continue;
        for (const param of operationParams(ctx, node, method)) {
          const schema = param.value['in'] === 'body' ? resolveChild(ctx, param, 'schema', 'Schema') : undefined;
          const problem = schema && shapeProblem(ctx, schema);
          const body = `The body '${String(param.value['name'])}' of ${method.toUpperCase()} ${key}`;
          if (problem && once(schema)) ctx.report({ node: param, property: 'schema', messageId: problem, data: { body } });
        }
      }
    };
    // the path items under `paths` (a callback's body is what the API sends); the format says where a body is
    return servedPaths(ctx, (key, node) => (ctx.format.id === 'openapi3' ? checkRequestBodies(node, key) : checkBodyParams(node, key)));
  },
});
