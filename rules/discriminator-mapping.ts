import { defineRule } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';
import { isSchemaName } from './lib/discriminator.js';

export default defineRule({
  meta: {
    id: 'discriminator-mapping',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'Each `discriminator.mapping` value names a schema: a name under components/schemas or a `$ref` that resolves.',
    messages: {
      unknownName: 'Mapping `{{value}}` names `{{target}}`, which is not a schema under components/schemas.',
      unresolved: 'Mapping `{{value}}` names `{{target}}`, which does not resolve to a schema.',
    },
    docs: `A discriminator's \`mapping\` maps values of the discriminating property to schemas: each target is a
schema's name under components/schemas or a \`$ref\` to one, and must exist; a typo sends every payload of that
kind to no schema.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Pets, version: '1.0'}
paths: {}
components:
  schemas:
    Cat: {type: object}
    Pet:
      type: object
      discriminator:
        propertyName: kind
        mapping: {cat: '#/components/schemas/Kat'}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Pets, version: '1.0'}
paths: {}
components:
  schemas:
    Cat: {type: object}
    Pet:
      type: object
      discriminator:
        propertyName: kind
        mapping: {cat: '#/components/schemas/Cat'}
\`\`\``,
  },
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    const root = ctx.document.root.value;
    const components = isObject(root) ? root['components'] : undefined;
    const named = isObject(components) && isObject(components['schemas']) ? components['schemas'] : {};
    return {
      Schema(schema, node) {
        const discriminator = schema['discriminator'];
        if (!isObject(discriminator) || !isObject(discriminator['mapping'])) return;
        const mapping = ctx.child(node, ['discriminator', 'mapping']);
        for (const [value, target] of Object.entries(discriminator['mapping'])) {
          if (typeof target !== 'string') continue;
          if (isSchemaName(target)) {
            if (!Object.hasOwn(named, target)) ctx.report({ node: mapping, property: value, at: 'value', messageId: 'unknownName', data: { value, target } });
            continue;
          }
          const first = ctx.resolveRef(node.source, target);
          const resolved = first.ok && ctx.resolve(ctx.nodeAt(first.source, first.pointer)).ok;
          if (!resolved) ctx.report({ node: mapping, property: value, at: 'value', messageId: 'unresolved', data: { value, target } });
        }
      },
    };
  },
});
