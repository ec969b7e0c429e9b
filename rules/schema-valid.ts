import { defineRule, type Node, type RefTarget, type RuleContext, type Source, type Visitors } from '../src/lint/rule.js';
import type { ObjectKind as Oa3Kind } from '../src/formats/openapi3/kinds.js';
import type { EntryKind } from '../src/formats/openapi3/entry-points.js';
import { openapi3Validators, openapi3Version, setupOpenApi3 } from './lib/openapi3.js';
import { describe } from '../src/formats/openapi3/kinds.js';
import { isEntryKind } from '../src/formats/openapi3/entry-points.js';
import { checkedDialects } from '../src/formats/openapi3/dialects.js';
import { misspeltVersionKey } from '../src/formats/swagger2/detect.js';
import { kindAt, type ObjectKind } from '../src/formats/swagger2/kinds.js';
import { explain, kindNames, schemaMessages, type SchemaProblem } from '../src/formats/swagger2/validate/explain.js';
import { loadSwagger2Validators } from '../src/formats/swagger2/validate/load.js';
import { refInTheWay, replacedAll, type RefPlace } from './lib/ref-places.js';
import { isObject } from './lib/resolve.js';

type Validators = Awaited<ReturnType<typeof loadSwagger2Validators>>;
type CompiledValidator = Validators['Document'];

// compiled at build time (scripts/build-validator.ts); loaded by `setup`, on the first run that needs it
let validators: Validators | undefined;

/**
 * Errors other rules own, so that one problem is one finding: `swagger` (swagger-version) and
 * info.title / info.version (info-title, info-version, on OpenAPI 3 too) get a finding that says how to fix them.
 */
function ownedElsewhere(problem: SchemaProblem, misspelt: string | undefined): boolean {
  const { pointer, missing } = problem;
  if (pointer[0] === 'swagger' || (misspelt !== undefined && pointer.length === 1 && pointer[0] === misspelt)) return true;
  return (pointer.length === 0 && missing === 'swagger') || infoOwned(pointer, missing);
}

/** A missing info object, or a missing or wrong `info.title` / `info.version` (info-title, info-version), in either format. */
function infoOwned(pointer: readonly string[], missing: string | undefined): boolean {
  if (pointer.length === 0 && missing === 'info') return true;
  if (pointer[0] === 'info' && (pointer[1] === 'title' || pointer[1] === 'version')) return true;
  return pointer.length === 1 && pointer[0] === 'info' && (missing === 'title' || missing === 'version');
}

/**
 * A path parameter without `required: true`: path-params-match reports it, naming the parameter and
 * the fix, so a missing `required` is one finding, not two (issue 30).
 */
function pathParameterRequired({ pointer, missing }: SchemaProblem, root: unknown): boolean {
  // missing (at the parameter) or not `true` (at its `required`)
  const parameter = missing === 'required' ? pointer : pointer.at(-1) === 'required' ? pointer.slice(0, -1) : undefined;
  if (!parameter) return false;
  let value = root;
  for (const key of parameter) value = isObject(value) ? value[key] : Array.isArray(value) ? (value as unknown[])[Number(key)] : undefined;
  return isObject(value) && value['in'] === 'path';
}

/**
 * Two equal tag objects break the schema's `uniqueItems` on `tags` (Swagger 2.0, OpenAPI 3.0): a name
 * used twice, which tag-name-unique reports at the repeat, naming the first. The problem is at the
 * `tags` key (a `type` error would be at its value).
 */
function tagNameRepeated(pointer: readonly string[], at: string | undefined, root: unknown): boolean {
  if (pointer.length !== 1 || pointer[0] !== 'tags' || at !== 'key' || !isObject(root)) return false;
  const tags = root['tags'];
  if (!Array.isArray(tags)) return false;
  const names = tags.map((t: unknown) => (isObject(t) && typeof t['name'] === 'string' ? t['name'] : undefined)).filter((n) => n !== undefined);
  return new Set(names).size < names.length;
}

/** The misspelt `swagger` key (`swager:`) of a document without `swagger`: swagger-version reports it. */
function misspelt(doc: unknown): string | undefined {
  const value = doc as Record<string, unknown>;
  return value['swagger'] === undefined ? misspeltVersionKey(value) : undefined;
}

/** A part of a file that was validated as a kind: what lies below it is covered. */
interface Checked {
  source: Source;
  pointer: string[];
  kind: ObjectKind;
  value: unknown;
}

/**
 * OpenAPI 3: the document against the official schema of its version (3.0, or 3.1 with Schema Objects as
 * JSON Schema 2020-12), and each file a `$ref` reaches against the part of the schema for the place that
 * names it (its first), once.
 */
function openapi3SchemaValid(ctx: RuleContext): Visitors {
  const version = openapi3Version(ctx);
  if (version === undefined) return {};
  const sites: Array<{ kind: string; target: RefTarget }> = [];
  return {
    Ref(ref, node) {
      sites.push({ kind: node.refKind, target: ctx.resolveRef(node.source, ref) });
    },
    'Document:done'() {
      const forVersion = openapi3Validators()[version];
      const root = ctx.document.root;
      const rootValue = root.value as Record<string, unknown>;
      const dialect = rootValue['jsonSchemaDialect'];
      // the 3.1 validator itself leaves a document's Schema Objects unchecked when its dialect is another
      const otherDialect = version !== '3.0' && typeof dialect === 'string' && !checkedDialects.includes(dialect);
      const document = forVersion.document;
      if (!document(rootValue)) {
        const at = ctx.nodeAt(root, []);
        for (const problem of explain(document.errors ?? [], rootValue, (pointer) => describe(rootValue, pointer))) {
          // `openapi` was checked first (openapi-version); info.title and info.version are info-title's and
          // info-version's; a repeated tag name is tag-name-unique's
          if (infoOwned(problem.pointer, problem.missing) || tagNameRepeated(problem.pointer, problem.at, rootValue)) continue;
          ctx.report({ node: at, property: [...problem.pointer], at: problem.at, messageId: problem.messageId, data: problem.data });
        }
      }
      // targets in other files, each once, as the kind of the first place that names it
      const checked = new Set<string>();
      for (const { kind, target } of sites) {
        if (!target.ok || target.source === root || !isEntryKind(kind as Oa3Kind) || (otherDialect && kind === 'Schema')) continue;
        const key = `${target.source.uri}#${target.pointer.join('/')}`;
        if (checked.has(key) || !isObject(target.value) || typeof target.value['$ref'] === 'string') continue;
        checked.add(key);
        const validate = forVersion[kind as EntryKind];
        if (validate(target.value)) continue;
        const value = target.value;
        const at = ctx.nodeAt(target.source, target.pointer);
        for (const problem of explain(validate.errors ?? [], value, (pointer) => describe(value, pointer, kind as Oa3Kind))) {
          ctx.report({ node: at, property: [...problem.pointer], at: problem.at, messageId: problem.messageId, data: problem.data });
        }
      }
    },
  };
}

export default defineRule({
  meta: {
    id: 'schema-valid',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'The document conforms to the official JSON Schema of its format: Swagger 2.0, OpenAPI 3.0, 3.1 or 3.2 (from 3.1 on, its Schema Objects as JSON Schema 2020-12).',
    messages: {
      // what the official schema says of a misfit, explained (explain.ts) the same way whichever format's schema found it
      ...schemaMessages,
      // a misfit inside what a $ref names, and a $ref that names what does not fit its place: the misfit's own text as data
      inTarget: "{{problem}} (This is what $ref '{{ref}}' stands for.)",
      refMisfit: "$ref '{{ref}}' stands for what it names, {{named}}, and that does not fit here: {{problem}} Point the $ref at something that fits, or write the value here.",
      refNotList: "$ref '{{ref}}' stands for what it names, {{named}}, and that does not fit here: {{problem}} Put the $ref inside a list: [{$ref: '{{ref}}'}].",
      otherKind: "'{{ref}}' names {{there}} where {{kind}} belongs; point the $ref at {{kind}}.",
    },
    docs: `The document is checked against the official Swagger 2.0 JSON Schema. Where the schema offers a
choice (a parameter is a body parameter or a query, header, path or formData one; a security scheme is
basic, apiKey or one of four OAuth 2 flows), the choice the document made decides which rules apply, so
a typo in a query parameter gets one finding about that typo, not one per kind of parameter it is not.
Each finding is placed at the offending key and says what to write instead: an unknown property gets
the closest allowed name, a value outside a list gets the list.

A file reached through \`$ref\` is checked against the part of the schema for the place that uses it
(a parameter, a response, a schema or a path item), and its findings point into that file.

A \`$ref\` stands for what it names, so what it names must fit the place where the \`$ref\` is, also where
the schema takes no reference object: \`parameters: {$ref: '#/parameters/sid'}\` puts one parameter where a
list belongs, and \`items: {$ref: '#/definitions/Id'}\` in a query parameter puts a schema where an items
object belongs. The finding is at the \`$ref\`; a misfit deep inside a target that nothing else checks
(a list under an extension, another file) is reported there, naming the \`$ref\`.

An OpenAPI 3.0, 3.1 or 3.2 document is checked against the official schema of its version (from
OAI/OpenAPI-Specification), with the same messages: 3.0's "a Reference Object or an X" choices and its
parameter and security scheme kinds are decided the same way, and 3.1's and 3.2's Schema Objects are checked as the
OpenAPI dialect of JSON Schema 2020-12 (unless \`jsonSchemaDialect\` names another dialect). URLs, URIs and
emails the specification requires are checked as such (relative references are allowed). A file reached
through a \`$ref\` is checked as the kind of object its place expects.

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
  async setup(format) {
    await setupOpenApi3(format);
    if (format !== 'swagger2') return;
    validators ??= await loadSwagger2Validators();
  },
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return openapi3SchemaValid(ctx);
    const loaded = validators;
    if (!loaded) throw new Error('the Swagger 2.0 validator was not loaded (setup did not run)');
    const checked: Checked[] = [];
    const check = (validate: CompiledValidator, value: unknown, node: Node, kind: ObjectKind) => {
      checked.push({ source: node.source, pointer: node.pointer, kind, value });
      if (validate(value)) return;
      const places = new Map<string, RefPlace>(); // $refs where the schema takes no reference object
      for (const problem of explain(validate.errors ?? [], value, kind)) {
        if ((kind === 'Document' && (ownedElsewhere(problem, misspelt(value)) || tagNameRepeated(problem.pointer, problem.at, value))) || pathParameterRequired(problem, value)) continue;
        const inTheWay = problem.refSibling ? undefined : refInTheWay(value, problem.pointer, problem.aboutKey);
        if (inTheWay === 'ignore') continue;
        if (inTheWay) places.set(inTheWay.place.pointer.join('/'), inTheWay.place);
        else ctx.report({ node, property: problem.pointer, at: problem.at, messageId: problem.messageId, data: problem.data });
      }
      if (places.size > 0) checkTargets(validate, value, node, kind, [...places.values()]);
    };
    /**
     * Validates `value` once more with each $ref in `places` replaced by its target, as a resolver
     * reads it: a target that does not fit is reported at the $ref, or inside the target when it lies
     * where nothing else checks it (an extension, another file) and the misfit is deeper in it.
     */
    const checkTargets = (validate: CompiledValidator, value: unknown, node: Node, kind: ObjectKind, places: RefPlace[]) => {
      const standIns: Array<RefPlace & { target: RefTarget & { ok: true } }> = [];
      for (const place of places) {
        const at = ctx.child(node, place.pointer);
        const target = ctx.resolve(at);
        if (!target.ok) continue; // ref-resolves reports it
        standIns.push({ ...place, target });
      }
      if (standIns.length === 0) return;
      const substituted = replacedAll(value, standIns.map((s) => [s.pointer, s.target.value] as const));
      if (validate(substituted)) return;
      // the first stand-in (in order) whose pointer starts the problem's, found by the problem's prefixes
      const standInAt = new Map<string, number>();
      standIns.forEach((s, i) => {
        const id = `${s.pointer.length}\0${s.pointer.join('\0')}`;
        if (!standInAt.has(id)) standInAt.set(id, i);
      });
      const standInFor = (pointer: readonly string[]) => {
        let first: number | undefined;
        for (let k = 0; k <= pointer.length; k++) {
          const i = standInAt.get(`${k}\0${pointer.slice(0, k).join('\0')}`);
          if (i !== undefined && (first === undefined || i < first)) first = i;
        }
        return first === undefined ? undefined : standIns[first];
      };
      const reportedAt = new Set<RefPlace>();
      for (const problem of explain(validate.errors ?? [], substituted, kind)) {
        const standIn = standInFor(problem.pointer);
        if (!standIn || (kind === 'Document' && ownedElsewhere(problem, misspelt(substituted)))) continue;
        const rest = problem.pointer.slice(standIn.pointer.length);
        const { target, ref } = standIn;
        if (!problem.refSibling && refInTheWay(target.value, rest, problem.aboutKey) !== undefined) continue; // a $ref in the target: its own step
        if (rest.length > 0 && !checkedElsewhere(target)) {
          const inTarget = ctx.nodeAt(target.source, target.pointer, { kind: node.kind, parent: node });
          ctx.report({ node: inTarget, property: rest, at: problem.at, messageId: 'inTarget', data: { problem: problem.message, ref } });
          continue;
        }
        if (reportedAt.has(standIn)) continue; // one finding per $ref: the first misfit says it
        reportedAt.add(standIn);
        ctx.report({ node: ctx.child(node, standIn.pointer), property: '$ref', at: 'value', ...misfit(ref, target, problem, rest) });
      }
    };
    /** Whether the document's own validation covers the target where it is (not an extension, not another file). */
    const checkedElsewhere = (target: RefTarget & { ok: true }) =>
      target.source === ctx.document.root && kindAt(target.source.value, 'Document', target.pointer) !== undefined;
    /** What the $ref names, in Swagger's words, for a message. */
    const named = (target: RefTarget & { ok: true }) => {
      const there = target.source === ctx.document.root ? kindAt(target.source.value, 'Document', target.pointer)?.kind : undefined;
      if (there) return kindNames[there];
      return Array.isArray(target.value) ? 'a list' : target.value !== null && typeof target.value === 'object' ? 'an object' : `the value ${JSON.stringify(target.value)}`;
    };
    const misfit = (ref: string, target: RefTarget & { ok: true }, problem: SchemaProblem, rest: string[]) => {
      const data = { ref, named: named(target), problem: problem.message };
      const notList = rest.length === 0 && problem.expected?.includes('array') && !Array.isArray(target.value);
      return { messageId: notList ? 'refNotList' : 'refMisfit', data };
    };
    /** Whether a validated part holds this place as this kind (a `$ref` to where such objects live). */
    const covered = (source: Source, pointer: readonly string[], kind: ObjectKind) =>
      checked.some((c) => c.source === source && c.pointer.every((s, i) => pointer[i] === s) && kindAt(c.value, c.kind, pointer.slice(c.pointer.length))?.kind === kind);
    /** Per file and `$ref` text, per kind of place: what `settle` found (see there). */
    const settled = new Map<Source, Map<string, Map<ObjectKind, ObjectKind | undefined>>>();
    return {
      Document(value, node) {
        // an OpenAPI 3 document gets swagger-version's one finding; one without `swagger` is checked
        if (node.source !== ctx.document.root || (value['swagger'] === undefined && value['openapi'] !== undefined)) return;
        check(loaded.Document, value, node, 'Document');
      },
      // A $ref names an object that must be what its place expects: `/products: {$ref: '#/definitions/Product'}`
      // names a schema where a path item belongs. Targets in places of their own kind are already checked.
      Ref(ref, node) {
        const refKind = node.refKind as ObjectKind; // this side runs on Swagger 2.0: the walk gives Swagger's kinds
        const validate = loaded[refKind];
        if (!validate) return;
        let byRef = settled.get(node.source);
        if (!byRef) settled.set(node.source, (byRef = new Map()));
        let byKind = byRef.get(ref);
        if (!byKind) byRef.set(ref, (byKind = new Map()));
        if (byKind.has(refKind)) {
          const there = byKind.get(refKind);
          if (there) otherKind(node, ref, there, refKind);
          return;
        }
        byKind.set(refKind, settle(ref, node, refKind, validate));
      },
    };
    /**
     * What one `$ref` (its file, its text) asks of this place's kind: nothing (it does not resolve, its
     * target is covered, or it is checked now and covered from then on), or the kind it names instead.
     * The same `$ref` written again asks the same: DocuSign's 4,543 `$ref`s are 456 texts.
     */
    function settle(ref: string, node: Node, refKind: ObjectKind, validate: CompiledValidator): ObjectKind | undefined {
      const target = ctx.resolve(node);
      if (!target.ok || covered(target.source, target.pointer, refKind)) return undefined;
      const root = ctx.document.root;
      const there = target.source === root ? kindAt(root.value, 'Document', target.pointer)?.kind : undefined;
      if (there) {
        // An object of another kind, checked as such where it is. If it is not also what this place
        // takes (a response `{description}` is also a schema; a schema is not a path item), the
        // mistake is the $ref.
        if (validate(target.value)) return undefined;
        otherKind(node, ref, there, refKind);
        return there;
      }
      check(validate, target.value, { kind: refKind, value: target.value, source: target.source, pointer: target.pointer, key: target.pointer[target.pointer.length - 1] ?? '', parent: node }, refKind);
      return undefined;
    }
    function otherKind(node: Node, ref: string, there: ObjectKind, refKind: ObjectKind): void {
      ctx.report({ node, property: '$ref', at: 'value', messageId: 'otherKind', data: { ref, there: kindNames[there], kind: kindNames[refKind] } });
    }
  },
});
