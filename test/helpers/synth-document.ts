// A large, valid Swagger 2.0 document made here, so tests that need size (a write that takes a
// while, many findings) do not depend on ../shared/tools/synth.py. Each of `n` collections has a
// collection path and a member path with four methods and a definition: about 40 lines apiece.
export function synthDocument(n: number): string {
  const lines = [
    'swagger: "2.0"',
    'info:',
    '  title: Synthetic',
    '  version: "1.0"',
    '  description: |',
    `    A **synthetic** API with \`${n}\` collections.`,
    'host: api.example.com',
    'schemes: [https]',
    'securityDefinitions:',
    '  basic: {type: basic}',
    'security: [{basic: []}]',
    'paths:',
  ];
  for (let i = 0; i < n; i++) {
    const c = `widgets${i}`;
    const ref = `{$ref: '#/definitions/W${i}'}`;
    const body = `[{name: body, in: body, required: true, schema: ${ref}}]`;
    lines.push(
      `  /${c}:`,
      '    get:',
      `      operationId: list${c}`,
      `      description: Lists the *${c}*.`,
      '      parameters:',
      '        - {name: limit, in: query, type: integer, minimum: 1, maximum: 100}',
      "      responses: {'200': {description: The collection., schema: {type: array, items: " + ref + '}}}',
      '    post:',
      `      operationId: create${c}`,
      '      description: Adds one.',
      `      parameters: ${body}`,
      `      responses: {'201': {description: Created., schema: ${ref}}}`,
      `  /${c}/{widget_id}:`,
      '    parameters: [{name: widget_id, in: path, required: true, type: string}]',
      '    get:',
      `      operationId: get${c}`,
      '      description: Reads one.',
      `      responses: {'200': {description: One., schema: ${ref}}}`,
      '    put:',
      `      operationId: replace${c}`,
      '      description: Replaces one.',
      `      parameters: ${body}`,
      `      responses: {'200': {description: Replaced., schema: ${ref}}}`,
      '    delete:',
      `      operationId: delete${c}`,
      '      description: Deletes one.',
      "      responses: {'204': {description: Deleted.}}",
    );
  }
  lines.push('definitions:');
  for (let i = 0; i < n; i++) {
    lines.push(
      `  W${i}:`,
      '    type: object',
      '    required: [id, name]',
      '    properties:',
      '      id: {type: string, description: The id.}',
      '      name: {type: string, description: The name.}',
      '      tags: {type: array, items: {type: string}}',
    );
  }
  return lines.join('\n') + '\n';
}
