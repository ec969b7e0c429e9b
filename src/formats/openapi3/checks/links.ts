// Links name operations that exist, and pass them parameters they have; callbacks and links use runtime
// expressions the specification defines.
import { isObject } from '../../../json.js';
import { getAt } from '../../../load/pointer.js';
import { splitRef } from '../../../load/refs.js';
import type { Check, CheckFinding } from '../check.js';
import type { Json, Model, Visited } from '../model.js';
import { parameterList } from './operations.js';

/** A runtime expression (OpenAPI 3, "Runtime Expressions"). */
const source = "(?:header\\.[!#$%&'*+.^_`|~0-9A-Za-z-]+|query\\.[^{}]+|path\\.[^{}]+|body(?:#(?:/[^{}]*)?)?)";
const expression = new RegExp(`^\\$(?:url|method|statusCode|request\\.${source}|response\\.(?:header\\.[!#$%&'*+.^_\`|~0-9A-Za-z-]+|body(?:#(?:/[^{}]*)?)?))$`);

export function isRuntimeExpression(text: string): boolean {
  return expression.test(text);
}

export const runtimeExpressions: Check = {
  id: 'runtime-expression-valid',
  category: 'validity',
  severity: 'error',
  description: 'A callback\'s key and a link\'s parameter or requestBody expressions are runtime expressions the specification defines ($url, $method, $statusCode, $request.…, $response.…).',
  run(model, report) {
    for (const node of model.nodes) {
      if (node.kind === 'Callback') {
        for (const key of Object.keys(node.value)) {
          if (key.startsWith('x-')) continue;
          for (const match of key.matchAll(/\{([^{}]*)\}/g)) {
            if (!isRuntimeExpression(match[1]!)) report({ place: node, property: [key], message: `\`{${match[1]}}\` in the callback URL is not a runtime expression: write one such as {$request.body#/callbackUrl} or {$request.query.url}.` });
          }
        }
      }
      if (node.kind !== 'Link') continue;
      const parameters = isObject(node.value['parameters']) ? Object.entries(node.value['parameters']).map(([k, v]) => [['parameters', k], v] as const) : [];
      for (const [property, value] of [...parameters, [['requestBody'], node.value['requestBody']] as const]) {
        if (typeof value !== 'string' || !value.startsWith('$')) continue;
        if (!isRuntimeExpression(value)) report({ place: node, property, at: 'value', message: `\`${value}\` is not a runtime expression ($url, $method, $statusCode, $request.path.id, $response.body#/id, ...).` });
      }
    }
  },
};

/** The names of an operation's parameters, its path item's included (`$ref`s followed), by location. */
function parametersOf(model: Model, operation: Visited): Json[] {
  const itemPointer = operation.pointer.slice(0, -1);
  const item = getAt(operation.source.value, itemPointer);
  const shared = item.found && isObject(item.value) ? parameterList(model, { source: operation.source, pointer: [...itemPointer, 'parameters'] }, item.value['parameters']) : [];
  const own = parameterList(model, { source: operation.source, pointer: [...operation.pointer, 'parameters'] }, operation.value['parameters']);
  return [...shared, ...own].map((p) => p.value);
}

/** Whether a link's parameter key, `name` or `in.name` (`path.id`), names one of the parameters. */
function passes(key: string, parameters: readonly Json[]): boolean {
  if (parameters.some((p) => p['name'] === key)) return true;
  const dot = key.indexOf('.');
  return dot > 0 && parameters.some((p) => p['in'] === key.slice(0, dot) && p['name'] === key.slice(dot + 1));
}

export const linkOperation: Check = {
  id: 'link-operation',
  category: 'validity',
  severity: 'error',
  description: 'A link names an operation of the document, by an `operationId` an operation has or an `operationRef` that resolves to one, and passes it parameters (and a request body) it takes.',
  run(model, report) {
    const operations = model.nodes.filter((n) => n.kind === 'Operation');
    const byId = new Map<unknown, Visited>();
    for (const operation of operations) if (!byId.has(operation.value['operationId'])) byId.set(operation.value['operationId'], operation);
    const at = new Map(operations.map((o) => [`${o.source.uri}#${o.pointer.join('/')}`, o]));
    for (const node of model.nodes) {
      if (node.kind !== 'Link') continue;
      const { operationId: id, operationRef: ref } = node.value;
      let target: Visited | undefined;
      if (typeof id === 'string') {
        target = byId.get(id);
        if (!target) report({ place: node, property: ['operationId'], at: 'value', message: `The link names operationId \`${id}\`, which no operation has.` });
      } else if (typeof ref === 'string') {
        const found = operationAt(model, node, ref, at);
        if (typeof found === 'string') report({ place: node, property: ['operationRef'], at: 'value', message: found });
        else target = found;
      } else if (model.version === '3.0' && id === undefined && ref === undefined) {
        // 3.1's schema requires one of the two (schema-valid); 3.0's says it in prose only
        report({ place: node, message: 'A link names no operation: "A linked operation MUST be identified using either an operationRef or operationId"; add one.' });
      }
      if (target) linkParameters(model, node, target, report);
    }
  },
};

/**
 * The operation an `operationRef` names, a sentence saying why it names none, or undefined when its file
 * is one swaglint did not load (a remote document, a file no `$ref` reaches): nothing to say about it.
 */
function operationAt(model: Model, link: Visited, ref: string, operations: Map<string, Visited>): Visited | string | undefined {
  const { uri } = splitRef(link.source.uri, ref);
  if (uri !== link.source.uri && !model.doc.sources.has(uri) && !model.doc.spellings.has(uri)) return undefined;
  const target = model.deref(link, { $ref: ref });
  if (!target) return `The link's operationRef \`${ref}\` does not resolve; write a JSON pointer to an operation, such as #/paths/~1orders~1%7Bid%7D/get.`;
  const operation = operations.get(`${target.source.uri}#${target.pointer.join('/')}`);
  return operation ?? `The link's operationRef \`${ref}\` names something that is not an operation; point it at a method under a path item, such as #/paths/~1orders~1%7Bid%7D/get.`;
}

function linkParameters(model: Model, link: Visited, operation: Visited, report: (finding: CheckFinding) => void): void {
  const name = typeof operation.value['operationId'] === 'string' ? `operation \`${operation.value['operationId']}\`` : 'the operation';
  if (link.value['requestBody'] !== undefined && operation.value['requestBody'] === undefined) {
    report({ place: link, property: ['requestBody'], severity: 'warn', message: `The link passes a requestBody, but ${name} takes none; remove it, or link to the operation that takes it.` });
  }
  const given = link.value['parameters'];
  if (!isObject(given)) return;
  const parameters = parametersOf(model, operation);
  const names = parameters.map((p) => String(p['name']));
  for (const key of Object.keys(given)) {
    if (passes(key, parameters)) continue;
    report({ place: link, property: ['parameters', key], severity: 'warn', message: `The link passes \`${key}\`, which is not a parameter of ${name} (${names.length === 0 ? 'it has none' : `it has ${names.join(', ')}`}); name one of its parameters, as \`name\` or \`in.name\`.` });
  }
}
