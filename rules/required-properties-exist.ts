import { defineRule, type Node, type RuleContext } from '../src/lint/rule.js';
import { isObject } from './lib/resolve.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { requiredPropertiesExist, undeclaredRequiredMessage, type Declared } from '../src/formats/openapi3/checks/properties.js';

/** The property names a schema declares, its `allOf` members' included (`$ref`s followed, loops cut). */
function collect(ctx: RuleContext, node: Node, into: Declared, seen: Set<unknown>): void {
  // an explicit stack in the order recursion would take: an `allOf` chain of `$ref`s is as deep as it is long
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const target = ctx.resolve(next);
    if (!target.ok || !isObject(target.value) || seen.has(target.value)) continue;
    const schema = target.value;
    seen.add(schema);
    if (isObject(schema['properties'])) for (const name of Object.keys(schema['properties'])) into.names.add(name);
    const extra = schema['additionalProperties'];
    if (extra === true || isObject(extra)) into.open = true;
    const allOf = schema['allOf'];
    if (!Array.isArray(allOf)) continue;
    const at: Node = { ...next, source: target.source, pointer: target.pointer, value: schema };
    for (let i = allOf.length - 1; i >= 0; i--) stack.push(ctx.child(at, ['allOf', String(i)]));
  }
}

export default defineRule({
  meta: {
    id: 'required-properties-exist',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: requiredPropertiesExist.description,
    docs: `A name in \`required\` that no property declares is usually a typo or a renamed property: the schema then
demands a field it never describes. The properties of \`allOf\` members count (and, for a schema that is itself
an \`allOf\` member, those of its siblings). A schema that declares no properties at all, or allows any with
\`additionalProperties\`, is not checked: there the name may be meant for a free-form object.

OpenAPI 3.0 and 3.1: the same, with the properties of \`allOf\`, \`anyOf\` and \`oneOf\` members (a branch
\`{required: [email]}\` of a \`oneOf\` may require what the schema holding it declares), 3.1's \`$ref\` beside
other keywords, and \`patternProperties\` or \`unevaluatedProperties\` allowing any name like
\`additionalProperties\`. A \`required\` under \`not\` names what must be absent and is not checked.

Fails:

\`\`\`yaml
definitions:
  Order:
    type: object
    required: [id, totl]
    properties:
      id: {type: string}
      total: {type: number}
\`\`\`

Passes:

\`\`\`yaml
definitions:
  Order:
    type: object
    required: [id, total]
    properties:
      id: {type: string}
      total: {type: number}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => ctx.format.id === 'openapi3' ? openapi3Visitors(ctx, requiredPropertiesExist) : ({
    Schema(schema, node) {
      const required = schema['required'];
      if (!Array.isArray(required) || required.length === 0) return;
      const declared: Declared = { names: new Set(), open: false };
      const seen = new Set<unknown>();
      collect(ctx, node, declared, seen);
      // An allOf member may require what its siblings or the schema holding them declare.
      const parent = node.parent;
      if (parent && parent.kind === 'Schema' && node.pointer[node.pointer.length - 2] === 'allOf') collect(ctx, parent, declared, seen);
      if (declared.open || declared.names.size === 0) return;
      const names = [...declared.names];
      required.forEach((name: unknown, i) => {
        if (typeof name !== 'string' || declared.names.has(name)) return;
        ctx.report({ node: ctx.child(node, ['required', String(i)]), at: 'value', message: undeclaredRequiredMessage(name, names, 'nearest') });
      });
    },
  }),
});
