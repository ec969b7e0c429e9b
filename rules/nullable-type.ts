import { defineRule, type JsonObject } from '../src/lint/rule.js';
import { openapi3Version } from './lib/openapi3.js';

export default defineRule({
  meta: {
    id: 'nullable-type',
    reach: 'node',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'warn',
    description: 'OpenAPI 3.0: `nullable: true` stands beside a `type` (without one it has no effect); 3.1 has no `nullable`, it lists `\'null\'` in `type`.',
    messages: {
      // OpenAPI 3.1 (JSON Schema 2020-12 has no `nullable`): what to write instead
      nullListed: "`nullable` is not a keyword in OpenAPI {{version}}; `type` already lists 'null': remove `nullable`.",
      addNull: '`nullable` is not a keyword in OpenAPI {{version}} (JSON Schema 2020-12 ignores it, {{effect}}); write type: [{{types}}] instead.',
      noType: "`nullable` is not a keyword in OpenAPI {{version}} (JSON Schema 2020-12 ignores it); this schema has no `type` to add 'null' to: to allow null, write anyOf: [{{alone}}, {type: 'null'}].",
      nullBranch: "`nullable` is not a keyword in OpenAPI {{version}} (JSON Schema 2020-12 ignores it): this {{of}} branch allows every value, not only null; write the branch as {type: 'null'}.",
      // OpenAPI 3.0
      withoutType: '`nullable: true` takes effect only beside a `type` in the same schema (OpenAPI 3.0.3), so here it allows nothing more{{composed}}: add the type, such as type: object.',
      // a branch of anyOf/oneOf: a type added here would make the branch accept every value of that type
      withoutTypeBranch: "`nullable: true` takes effect only beside a `type` in the same schema (OpenAPI 3.0.3), so this {{of}} branch allows nothing, not null; adding a type here would let it accept every value of that type: OpenAPI 3.0 has no null-only schema, so make the schemas of the other branches nullable (`nullable: true` beside their `type`), or move to OpenAPI 3.1 and write {type: 'null'}.",
      besideRef: '`nullable: true` beside `$ref` is ignored in OpenAPI 3.0 (a Reference Object has no other properties): make the referenced schema nullable, or write a oneOf of the reference and a nullable schema.',
    },
    docs: `OpenAPI 3.0's \`nullable: true\` "adds \`"null"\` to the allowed values of the type … This keyword only
takes effect if \`type\` is explicitly defined within the same Schema Object" (3.0.3, which clarified it). So
\`nullable: true\` without a \`type\` allows nothing more, and beside a \`$ref\` it is ignored with every other
sibling of a Reference Object: a schema written so still rejects null, though its author meant otherwise.

OpenAPI 3.1 has no \`nullable\`: its Schema Object is JSON Schema 2020-12, which ignores unknown keywords, so
\`nullable: true\` left over from 3.0 silently rejects null. List \`'null'\` in \`type\` instead
(\`type: [string, 'null']\`).

These are warnings: the document is valid, but the schema does not say what it was written to say.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths: {}
components:
  schemas:
    Note:
      type: string
      nullable: true
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths: {}
components:
  schemas:
    Note:
      type: [string, 'null']
\`\`\``,
  },
  create: (ctx) => {
    const version = openapi3Version(ctx);
    if (version === undefined) return {};
    if (version !== '3.0') {
      return {
        Schema(schema, node) {
          if (schema['nullable'] === undefined) return;
          const of = branchOf(node.pointer);
          const { messageId, data } = of && onlyNullable(schema) ? { messageId: 'nullBranch', data: { of } } : instead31(schema);
          ctx.report({ node, property: 'nullable', messageId, data: { ...data, version } });
        },
      };
    }
    return {
      Schema(schema, node) {
        if (schema['nullable'] !== true || schema['type'] !== undefined) return;
        const of = branchOf(node.pointer);
        if (of) ctx.report({ node, property: 'nullable', messageId: 'withoutTypeBranch', data: { of } });
        else ctx.report({ node, property: 'nullable', messageId: 'withoutType', data: { composed: Array.isArray(schema['allOf']) ? ' (an `allOf` member still rejects null)' : '' } });
      },
      // a Reference Object's siblings are ignored in 3.0: `{$ref: ..., nullable: true}` is the referenced schema as it is
      Ref(_ref, node) {
        if (node.refKind === 'Schema' && node.value['nullable'] === true) ctx.report({ node, property: 'nullable', messageId: 'besideRef' });
      },
    };
  },
});

/** What a 3.1 schema with `nullable` should say instead, and whether null is rejected as it stands. */
function instead31(schema: JsonObject): { messageId: string; data?: Record<string, string> } {
  const type = schema['type'];
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.map(String) : [];
  if (types.includes('null')) return { messageId: 'nullListed' };
  if (types.length > 0) {
    const effect = schema['nullable'] === true ? 'so null is still rejected' : 'so null is not affected';
    return { messageId: 'addNull', data: { effect, types: [...types, "'null'"].join(', ') } };
  }
  // no type to add 'null' to: `type: ['null']` beside a `$ref` or a composition would allow null only
  const ref = schema['$ref'];
  return { messageId: 'noType', data: { alone: typeof ref === 'string' ? `{$ref: '${ref}'}` : '<this schema>' } };
}

/** `anyOf` or `oneOf` when the schema at `pointer` is one of their branches (`…/anyOf/1`), else undefined. */
function branchOf(pointer: readonly string[]): string | undefined {
  const n = pointer.length;
  const list = pointer[n - 2];
  if ((list !== 'anyOf' && list !== 'oneOf') || !/^\d+$/.test(pointer[n - 1] ?? '')) return undefined;
  // `properties: {anyOf: …}` names a property, not the keyword
  return pointer[n - 3] === 'properties' ? undefined : list;
}

/** A schema that says nothing but `nullable` (and words about itself): a branch meant as "or null". */
function onlyNullable(schema: JsonObject): boolean {
  return Object.keys(schema).every((k) => k === 'nullable' || k === 'description' || k === 'title' || k.startsWith('x-'));
}
