// Links name operations that exist; callbacks and links use runtime expressions the specification defines.
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';

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
  description: 'A callback\'s key and a link\'s parameter or requestBody expressions are runtime expressions the specification defines ($url, $method, $statusCode, $request.…, $response.…); a link\'s operationId names an operation.',
  run(model, report) {
    const operationIds = new Set(model.nodes.filter((n) => n.kind === 'Operation' && typeof n.value['operationId'] === 'string').map((n) => n.value['operationId']));
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
      const id = node.value['operationId'];
      if (typeof id === 'string' && !operationIds.has(id)) report({ place: node, property: ['operationId'], at: 'value', message: `The link names operationId \`${id}\`, which no operation has.` });
      const parameters = isObject(node.value['parameters']) ? Object.entries(node.value['parameters']).map(([k, v]) => [['parameters', k], v] as const) : [];
      for (const [property, value] of [...parameters, [['requestBody'], node.value['requestBody']] as const]) {
        if (typeof value !== 'string' || !value.startsWith('$')) continue;
        if (!isRuntimeExpression(value)) report({ place: node, property, at: 'value', message: `\`${value}\` is not a runtime expression ($url, $method, $statusCode, $request.path.id, $response.body#/id, ...).` });
      }
    }
  },
};
