import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { splitRef } from '../src/lint/rule-helpers.js';
import { openapi3Version } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';
import { paramList } from './lib/param-list.js';

export default defineRule({
  meta: {
    id: 'link-operation',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'A link names an operation of the document, by an `operationId` an operation has or an `operationRef` that resolves to one, and passes it parameters (and a request body) it takes.',
    messages: {
      unknownId: 'The link names operationId `{{id}}`, which no operation has.',
      refUnresolved: "The link's operationRef `{{ref}}` does not resolve; write a JSON pointer to an operation, such as #/paths/~1orders~1%7Bid%7D/get.",
      refNotOperation: "The link's operationRef `{{ref}}` names something that is not an operation; point it at a method under a path item, such as #/paths/~1orders~1%7Bid%7D/get.",
      noOperation: 'A link names no operation: "A linked operation MUST be identified using either an operationRef or operationId"; add one.',
      noRequestBody: 'The link passes a requestBody, but {{operation}} takes none; remove it, or link to the operation that takes it.',
      notParameter: 'The link passes `{{key}}`, which is not a parameter of {{operation}} ({{has}}); name one of its parameters, as `name` or `in.name`.',
    },
    docs: `A Link Object names the operation it leads to: "A linked operation MUST be identified using either an
\`operationRef\` or \`operationId\`". An \`operationId\` must be one an operation of the document has (under
\`paths\`, \`webhooks\` or a callback); an \`operationRef\` must resolve to an Operation Object: a JSON pointer
in a URI fragment, with \`/\` in the path written \`~1\` and braces percent-encoded
(\`#/paths/~1orders~1%7Bid%7D/get\`). An \`operationRef\` into a document swaglint did not load (a remote URL, a
file no \`$ref\` reaches) is not checked. A 3.0 link with neither is reported here; with both, or a 3.1 link
with neither, is \`schema-valid\`'s (the official schemas say so).

The keys of the link's \`parameters\` name parameters of that operation (its path item's included), as
\`name\` or, where two locations share a name, \`in.name\` (\`path.id\`). One it does not have is a warning: the
specification does not say MUST, but a client following the link cannot pass it. The values, when they are
runtime expressions, are \`runtime-expression-valid\`'s. A link's \`requestBody\` for an operation that takes
none is a warning too.

Fails:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created
          links:
            order:
              operationId: getOrdr
              parameters: {id: $response.body#/id}
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: OK}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created
          links:
            order:
              operationId: getOrder
              parameters: {id: $response.body#/id}
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: OK}}
\`\`\``,
  },
  create: (ctx) => {
    const version = openapi3Version(ctx);
    if (version === undefined) return {};
    const operations: Array<Node<JsonObject>> = [];
    const links: Array<Node<JsonObject>> = [];
    return {
      Operation: (_op, node) => void operations.push(node),
      Link: (_link, node) => void links.push(node),
      'Document:done'() {
        const byId = new Map<unknown, Node<JsonObject>>();
        for (const operation of operations) if (!byId.has(operation.value['operationId'])) byId.set(operation.value['operationId'], operation);
        const at = new Map(operations.map((o) => [`${o.source.uri}#${o.pointer.join('/')}`, o]));
        for (const node of links) {
          const { operationId: id, operationRef: ref } = node.value;
          let target: Node<JsonObject> | undefined;
          if (typeof id === 'string') {
            target = byId.get(id);
            if (!target) ctx.report({ node, property: 'operationId', at: 'value', messageId: 'unknownId', data: { id } });
          } else if (typeof ref === 'string') {
            const found = operationAt(ctx, node, ref, at);
            if (typeof found === 'string') ctx.report({ node, property: 'operationRef', at: 'value', messageId: found, data: { ref } });
            else target = found;
          } else if (version === '3.0' && id === undefined && ref === undefined) {
            // 3.1's schema requires one of the two (schema-valid); 3.0's says it in prose only
            ctx.report({ node, messageId: 'noOperation' });
          }
          if (target) linkParameters(ctx, node, target);
        }
      },
    };
  },
});

/**
 * The operation an `operationRef` names, the message id saying why it names none, or undefined when its
 * file is one swaglint did not load (a remote document, a file no `$ref` reaches): nothing to say about it.
 */
function operationAt(ctx: RuleContext, link: Node, ref: string, operations: Map<string, Node<JsonObject>>): Node<JsonObject> | 'refUnresolved' | 'refNotOperation' | undefined {
  const doc = ctx.document;
  const { uri } = splitRef(link.source.uri, ref);
  if (uri !== link.source.uri && !doc.sources.has(uri) && !doc.spellings.has(uri)) return undefined;
  const first = ctx.resolveRef(link.source, ref);
  const target = first.ok ? ctx.resolve(ctx.nodeAt(first.source, first.pointer)) : first;
  if (!target.ok) return 'refUnresolved';
  return operations.get(`${target.source.uri}#${target.pointer.join('/')}`) ?? 'refNotOperation';
}

/** The parameters an operation takes: its path item's and its own, `$ref`s followed. */
function parametersOf(ctx: RuleContext, operation: Node<JsonObject>): JsonObject[] {
  const item = ctx.nodeAt(operation.source, operation.pointer.slice(0, -1), { kind: 'PathItem' });
  const lists = isObject(item.value) ? [...paramList(ctx, item), ...paramList(ctx, operation)] : paramList(ctx, operation);
  return lists.flatMap(({ param }) => (param ? [param.value] : []));
}

/** Whether a link's parameter key, `name` or `in.name` (`path.id`), names one of the parameters. */
function passes(key: string, parameters: readonly JsonObject[]): boolean {
  if (parameters.some((p) => p['name'] === key)) return true;
  const dot = key.indexOf('.');
  return dot > 0 && parameters.some((p) => p['in'] === key.slice(0, dot) && p['name'] === key.slice(dot + 1));
}

function linkParameters(ctx: RuleContext, link: Node<JsonObject>, operation: Node<JsonObject>): void {
  const name = typeof operation.value['operationId'] === 'string' ? `operation \`${operation.value['operationId']}\`` : 'the operation';
  if (link.value['requestBody'] !== undefined && operation.value['requestBody'] === undefined) {
    ctx.report({ node: link, property: 'requestBody', severity: 'warn', messageId: 'noRequestBody', data: { operation: name } });
  }
  const given = link.value['parameters'];
  if (!isObject(given)) return;
  const parameters = parametersOf(ctx, operation);
  const names = parameters.map((p) => String(p['name']));
  for (const key of Object.keys(given)) {
    if (passes(key, parameters)) continue;
    ctx.report({ node: link, property: ['parameters', key], severity: 'warn', messageId: 'notParameter', data: { key, operation: name, has: names.length === 0 ? 'it has none' : `it has ${names.join(', ')}` } });
  }
}
