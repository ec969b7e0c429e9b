import { defineRule, type Node, type RuleContext } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { memberKeys } from './lib/declared-properties.js';
import { DeclaredIndex } from './lib/declared-index.js';
import { isObject } from './lib/resolve.js';
import { closest, distance } from '../src/text/edit-distance.js';

/** Keywords whose subschema constrains the same object as the schema holding it. */
const applicators = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']);

export default defineRule({
  meta: {
    id: 'required-properties-exist',
    // JSON Schema's `required` and `properties` are independent keywords: a required name that no property
    // describes is valid (OpenAPI and JSON Schema state no MUST against it), so this is a convention
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // and by its measured precision (bench/path-rules.mjs) it is in `all` only: its lower bound is under 0.9
    severity: 'off',
    allSeverity: 'warn',
    description: 'Every name in a schema\'s `required` list is one of its declared properties (its `allOf` included).',
    messages: {
      undeclared: "'{{name}}' is required but no property declares it{{meant}}; add it under properties, or remove it from required.",
    },
    docs: `A name in \`required\` that no property declares is usually a typo or a renamed property: the schema then
demands a field it never describes. JSON Schema allows it (\`required\` and \`properties\` are independent
keywords, and neither OpenAPI nor JSON Schema says a required name MUST be declared), so this is a convention,
not a validity error. The properties of \`allOf\` members count (and, for a schema that is itself
an \`allOf\` member, those of its siblings, also when another schema's \`allOf\` names it by \`$ref\`). A schema that declares no properties at all, or allows any with
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
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    // Every schema is collected and the required lists checked once the walk is done, against one
    // index of what each schema declares (declared-index.ts): asked schema by schema, an allOf chain
    // costs its length at each of its schemas.
    const schemas: Node[] = [];
    const checks: Array<{ node: Node; required: unknown[]; holder: Node | undefined }> = [];
    return {
      Schema(schema, node) {
        schemas.push(node);
        const required = schema['required'];
        if (!Array.isArray(required) || required.length === 0) return;
        // most required names are the schema's own properties: nothing to look up
        const own = schema['properties'];
        if (typeof schema['$ref'] !== 'string' && isObject(own) && required.every((name: unknown) => typeof name !== 'string' || Object.hasOwn(own, name))) return;
        const { pointer } = node;
        // under `not`, a required name is one the object must not carry: declaring it is not expected
        if (pointer.some((key, i) => key === 'not' && pointer[i - 1] !== 'properties')) return;
        // A member of allOf/oneOf/... may require what the schema holding it (or a sibling) declares.
        const depth = pointer.length >= 2 && memberKeys.has(pointer[pointer.length - 2]!) ? 2 : applicators.has(pointer[pointer.length - 1]!) ? 1 : 0;
        checks.push({ node, required, holder: depth > 0 ? ctx.nodeAt(node.source, pointer.slice(0, -depth), { kind: 'Schema' }) : undefined });
      },
      'Document:done'() {
        if (checks.length === 0) return;
        const index = new DeclaredIndex(ctx, [...schemas, ...checks.flatMap((c) => (c.holder ? [c.holder] : []))]);
        for (const { node, required, holder } of checks) {
          const first = holder ? [index.idOf(node), index.idOf(holder)] : [index.idOf(node)];
          if (index.isOpen(first) || !index.declaresAny(first)) continue;
          const undeclared = (ids: readonly number[]) => required.some((name: unknown) => typeof name === 'string' && !index.declares(ids, name));
          if (!undeclared(first)) continue;
          // composed by others' allOf (`SetupKey: {allOf: [{$ref: SetupKeyBase}, {properties: {key}}]}`): what the composition declares counts
          const all = [...first, ...index.composersOf(first[0]!)];
          if (index.isOpen(all)) continue;
          let names: string[] | undefined;
          required.forEach((name: unknown, i) => {
            if (typeof name !== 'string' || index.declares(all, name)) return;
            const meant = meantName(ctx, name, (names ??= index.namesOf(all)));
            ctx.report({ node: ctx.child(node, ['required', String(i)]), at: 'value', messageId: 'undeclared', data: { name, meant: meant ? ` (did you mean '${meant}'?)` : '' } });
          });
        }
      },
    };
  },
});

/**
 * The declared name a required one probably meant: on OpenAPI 3 only a close one ('response_id' is
 * not a misspelt 'type'); Swagger 2.0's findings keep the nearest name, as its pinned findings have it.
 */
function meantName(ctx: RuleContext, name: string, declared: readonly string[]): string | undefined {
  const best = closest(name, declared);
  if (ctx.format.id === 'swagger2') return best;
  const limit = Math.max(1, Math.min(3, Math.floor(best.length / 3)));
  return distance(name.toLowerCase(), best.toLowerCase()) <= limit ? best : undefined;
}
