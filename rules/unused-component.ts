import { defineRule, type JsonObject, type RuleContext } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';
import { isSchemaName } from './lib/discriminator.js';

export default defineRule({
  meta: {
    id: 'unused-component',
    category: 'convention',
    formats: ['openapi3'],
    severity: 'hint',
    description: 'Every component under `components` is named by a `$ref` (security schemes: by a security requirement; schemas also by a discriminator).',
    messages: {
      unused: '`{{name}}` in components/{{section}} is not used in this document.',
    },
    docs: `A component no \`$ref\` names (a security scheme no security requirement names) is dead weight, or a
sign that a \`$ref\` points somewhere else by mistake. It is a hint: a file of components may be meant for
other documents. A schema a discriminator chooses is used: one its \`mapping\` names (by name or by
reference), and one that names the discriminating schema in an \`allOf\` (chosen by its own name).

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths: {}
components:
  schemas:
    Order: {type: object}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json: {schema: {$ref: '#/components/schemas/Order'}}
components:
  schemas:
    Order: {type: object}
\`\`\``,
  },
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    const root = ctx.document.root;
    const used = new Set<string>(); // `components/<section>/<name>`
    const use = (source: unknown, pointer: readonly string[]) => {
      if (source === root) used.add(pointer.slice(0, 3).join('/'));
    };
    return {
      Ref(ref, node) {
        const target = ctx.resolveRef(node.source, ref);
        if (target.ok) use(target.source, target.pointer);
      },
      // a discriminator chooses schemas that no `$ref` names
      Schema(schema, node) {
        const discriminator = schema['discriminator'];
        if (!isObject(discriminator) || !isObject(discriminator['mapping'])) return;
        for (const target of Object.values(discriminator['mapping'])) {
          if (typeof target !== 'string') continue;
          if (isSchemaName(target)) used.add(`components/schemas/${target}`);
          else {
            const first = ctx.resolveRef(node.source, target);
            const found = first.ok ? ctx.resolve(ctx.nodeAt(first.source, first.pointer)) : first;
            if (found.ok) use(found.source, found.pointer);
          }
        }
      },
      SecurityRequirement(requirement) {
        for (const name of Object.keys(requirement)) used.add(`components/securitySchemes/${name}`);
      },
      'Document:done'() {
        const components = isObject(root.value) ? root.value['components'] : undefined;
        if (!isObject(components)) return;
        for (const name of discriminatedByName(ctx, components)) used.add(`components/schemas/${name}`);
        for (const [section, entries] of Object.entries(components)) {
          if (!isObject(entries) || section.startsWith('x-')) continue;
          const node = ctx.nodeAt(root, ['components', section]);
          for (const name of Object.keys(entries)) {
            if (!used.has(`components/${section}/${name}`)) ctx.report({ node, property: name, messageId: 'unused', data: { name, section } });
          }
        }
      },
    };
  },
});

/** The names under components/schemas whose allOf names a schema that has a discriminator: it may choose them by name. */
function discriminatedByName(ctx: RuleContext, components: JsonObject): string[] {
  const schemas = isObject(components['schemas']) ? components['schemas'] : {};
  const root = ctx.document.root;
  return Object.entries(schemas)
    .filter(([name, schema]) => {
      const allOf = isObject(schema) ? schema['allOf'] : undefined;
      if (!Array.isArray(allOf)) return false;
      return allOf.some((member, i) => {
        if (!isObject(member) || typeof member['$ref'] !== 'string') return false;
        const parent = ctx.resolve(ctx.nodeAt(root, ['components', 'schemas', name, 'allOf', String(i)]));
        return parent.ok && isObject(parent.value) && isObject(parent.value['discriminator']);
      });
    })
    .map(([name]) => name);
}
