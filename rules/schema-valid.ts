import { defineRule, type Node, type Source } from '../src/lint/rule.js';
import { kindAt, type ObjectKind } from '../src/lint/kinds.js';
import { explain, kindNames, type SchemaProblem } from '../src/validate/explain.js';
import type { CompiledValidator } from '../src/validate/swagger2-validator.js';

type Validators = Record<'document' | 'pathItem' | 'parameter' | 'response' | 'schema', CompiledValidator>;

// compiled at build time (scripts/build-validator.ts); loaded by `setup`, on the first run that needs it
let validators: Validators | undefined;

/** The validator for each kind a `$ref` may name. */
const entryFor: Partial<Record<ObjectKind, keyof Validators>> = {
  PathItem: 'pathItem',
  Parameter: 'parameter',
  Response: 'response',
  Schema: 'schema',
};

/**
 * Errors other rules own, so that one problem is one finding: `swagger` (swagger-version) and
 * info.title / info.version (info-title, info-version) get a finding that says how to fix them.
 */
function ownedElsewhere({ pointer, missing }: SchemaProblem): boolean {
  if (pointer[0] === 'swagger') return true;
  if (pointer.length === 0 && (missing === 'info' || missing === 'swagger')) return true;
  if (pointer[0] === 'info' && (pointer[1] === 'title' || pointer[1] === 'version')) return true;
  return pointer.length === 1 && pointer[0] === 'info' && (missing === 'title' || missing === 'version');
}

function isRefObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)['$ref'] === 'string';
}

/**
 * A `$ref` where the schema expects the object itself (`definitions: {$ref: defs.yaml}`): every
 * resolver replaces it by its target, so the schema's complaint about the `$ref` is not the
 * document's problem. Whether it resolves is ref-resolves' question.
 */
function atUnexpectedRef(value: unknown, pointer: readonly string[]): boolean {
  if (pointer[pointer.length - 1] === '$ref') return true;
  let current = value;
  for (const key of pointer) {
    if (isRefObject(current)) return true;
    current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  }
  return isRefObject(current);
}

/** A part of a file that was validated as a kind: what lies below it is covered. */
interface Checked {
  source: Source;
  pointer: string[];
  kind: ObjectKind;
  value: unknown;
}

export default defineRule({
  meta: {
    id: 'schema-valid',
    category: 'validity',
    severity: 'error',
    description: 'The document conforms to the official Swagger 2.0 JSON Schema.',
    docs: `The document is checked against the official Swagger 2.0 JSON Schema. Where the schema offers a
choice (a parameter is a body parameter or a query, header, path or formData one; a security scheme is
basic, apiKey or one of four OAuth 2 flows), the choice the document made decides which rules apply, so
a typo in a query parameter gets one finding about that typo, not one per kind of parameter it is not.
Each finding is placed at the offending key and says what to write instead: an unknown property gets
the closest allowed name, a value outside a list gets the list.

A file reached through \`$ref\` is checked against the part of the schema for the place that uses it
(a parameter, a response, a schema or a path item), and its findings point into that file.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      summery: List orders          # did you mean summary?
      parameters:
        - name: limit
          in: querystring           # must be one of: body, header, formData, query, path
          type: integer
      responses:
        '200': {description: OK}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      summary: List orders
      parameters:
        - {name: limit, in: query, type: integer}
      responses:
        '200': {description: OK}
\`\`\``,
  },
  async setup() {
    validators ??= (await import('../src/validate/swagger2-validator.js')) as unknown as Validators;
  },
  create: (ctx) => {
    const loaded = validators;
    if (!loaded) throw new Error('the Swagger 2.0 validator was not loaded (setup did not run)');
    const checked: Checked[] = [];
    const check = (validate: CompiledValidator, value: unknown, node: Node, kind: ObjectKind) => {
      checked.push({ source: node.source, pointer: node.pointer, kind, value });
      if (validate(value)) return;
      for (const problem of explain(validate.errors ?? [], value, kind)) {
        if (kind === 'Document' && ownedElsewhere(problem)) continue;
        if (!problem.refSibling && atUnexpectedRef(value, problem.pointer)) continue;
        ctx.report({ node, property: problem.pointer, at: problem.at, message: problem.message });
      }
    };
    /** Whether a validated part holds this place as this kind (a `$ref` to where such objects live). */
    const covered = (source: Source, pointer: readonly string[], kind: ObjectKind) =>
      checked.some((c) => c.source === source && c.pointer.every((s, i) => pointer[i] === s) && kindAt(c.value, c.kind, pointer.slice(c.pointer.length))?.kind === kind);
    return {
      Document(value, node) {
        if (node.source !== ctx.document.root || value['swagger'] === undefined) return;
        check(loaded.document, value, node, 'Document');
      },
      // A $ref names an object that must be what its place expects: `/products: {$ref: '#/definitions/Product'}`
      // names a schema where a path item belongs. Targets in places of their own kind are already checked.
      Ref(ref, node) {
        const entry = entryFor[node.refKind];
        const target = ctx.resolve(node);
        if (!entry || !target.ok || covered(target.source, target.pointer, node.refKind)) return;
        const root = ctx.document.root;
        const there = target.source === root ? kindAt(root.value, 'Document', target.pointer)?.kind : undefined;
        if (there) {
          // An object of another kind, checked as such where it is. If it is not also what this place
          // takes (a response `{description}` is also a schema; a schema is not a path item), the
          // mistake is the $ref.
          if (loaded[entry](target.value)) return;
          ctx.report({ node, property: '$ref', at: 'value', message: `'${ref}' names ${kindNames[there]} where ${kindNames[node.refKind]} belongs; point the $ref at ${kindNames[node.refKind]}.` });
          return;
        }
        check(loaded[entry], target.value, { kind: node.refKind, value: target.value, source: target.source, pointer: target.pointer, key: target.pointer[target.pointer.length - 1] ?? '', parent: node }, node.refKind);
      },
    };
  },
});
