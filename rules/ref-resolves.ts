import path from 'node:path';
import { defineRule, type Node, type Source } from '../src/lint/rule.js';
import { closingQuote, escapesRefCharacter, refOf } from '../src/lint/rule-helpers.js';
import { versionChecked } from './lib/openapi3.js';
import { refCycleVisitor } from './lib/ref-cycle.js';

export default defineRule({
  meta: {
    id: 'ref-resolves',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `$ref` names something that exists: a JSON pointer into this document or a readable file.',
    messages: {
      noSlash: "$ref '{{ref}}' lacks the '/' that starts a JSON pointer; write '{{fixed}}'.",
      letterCase: "$ref does not resolve: {{why}}; write '{{fixed}}'.",
      unresolved: '$ref does not resolve: {{why}}; {{hint}}.',
    },
    docs: `A \`$ref\` that points at nothing leaves a hole where a schema, parameter, response or path item should
be. The finding is at the \`$ref\`'s value and says why it does not resolve: the pointer's first missing
segment, a missing or unparsable file, a file outside the project (not read unless
\`--allow-external-refs\`), a remote URL (not fetched unless asked). A pointer without its leading slash
(\`#definitions/Pet\`), which some tools accept, gets a warning that shows the right form.

Every \`$ref\` counts, also those in vendor extensions (\`x-ms-examples: {name: {$ref: ./examples/get.json}}\`)
and in places that take no reference object: they are checked for existence (what they name is no
Swagger object). A \`$ref\` inside \`example\`, \`default\` or \`enum\` is a literal value and is left alone.
When a file is missing but exists with other letter case (\`examples/Get.json\` written, \`examples/get.json\`
on disk), the finding names the file that exists: a case-insensitive file system finds it, Linux CI does not.

A cycle of \`$ref\`s that names no object (\`Item: {$ref: '#/definitions/Line'}\` and \`Line: {$ref:
'#/definitions/Item'}\`, or two files each holding only a \`$ref\` to the other) resolves at every step and
never reaches a schema: it is reported once, at the \`$ref\` that closes it, with the whole cycle (inside one
file a warning, as swagger-parser and swagger-cli accept it as a circular \`$ref\`; across files an error). A
recursive schema (\`items: {$ref: '#/definitions/Lines'}\` inside \`Lines\`) is an object and is fine.

Fails:

\`\`\`yaml
definitions:
  Order: {type: object}
  Orders:
    type: array
    items:
      $ref: '#/definitions/Ordr'
\`\`\`

Passes:

\`\`\`yaml
definitions:
  Order: {type: object}
  Orders:
    type: array
    items:
      $ref: '#/definitions/Order'
\`\`\``,
  },
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    const cycle = refCycleVisitor(ctx);
    const walked = new Set<object>(); // the $ref objects the walk met (and this rule checked there)
    let walkedInRoot = 0;
    return {
      Ref(ref, node) {
        walked.add(node.value);
        if (node.source === ctx.document.root) walkedInRoot++;
        check(ref, node);
        cycle(ref, node);
      },
      'Document:done'() {
        // Every other $ref of the document: in vendor extensions (`x-ms-examples: {name: {$ref: ./examples/x.json}}`),
        // in Swagger's own places where the walk takes none (an items object), or hidden behind a $ref where
        // the walk does not go (`definitions: {$ref: defs.json}`). Checked for existence only: what they name
        // is no Swagger object. The root is scanned only when its text has more `$ref`s than the walk met (a
        // clean large document is not scanned twice); other files only for $refs to files that failed to load.
        const root = ctx.document.root;
        const escaped = root.aliases > 0 || escapesRefCharacter(root.text);
        // the walk met fewer `$ref`s than the text holds (Bungie's 960 in vendor extensions): the value
        // is walked for the others, unless every `$ref` the JSON text writes resolves, when none can be reported
        const scanRoot = escaped || (countRefs(root.text) > walkedInRoot && !(root.format === 'json' && everyJsonRefResolves(root)));
        const failed = ctx.document.failures;
        for (const source of ctx.document.sources.values()) {
          const isRoot = source === root;
          if (isRoot ? !scanRoot : failed.size === 0) continue;
          for (const { ref, pointer, object } of refsIn(source.value, source.aliases > 0)) {
            if (walked.has(object)) continue;
            // the file a `$ref` names is the loader's answer (against the file's `$self` where it has one), not the file's folder's
            if (!isRoot && !namesFailedFile(source, ref)) continue;
            check(ref, ctx.nodeAt(source, pointer, { kind: 'Ref' }));
          }
        }
      },
    };

    /**
     * Whether each `"$ref": "..."` of a JSON text resolves. A superset of the `$ref`s the value holds
     * outside data (`refsIn`), as a key can be spelt no other way in JSON once no escape hides one
     * (`escapesRefCharacter`, asked first): a `$ref` inside `example`, or the first of two in one
     * object, may fail here and send the value to the full walk, which decides as before. On Bungie's
     * 1.8 MB document the walk of its value and the check of what it found were some 70 ms of a cold
     * run; these searches and lookups (most `$ref`s are resolved already) a few.
     */
    function everyJsonRefResolves(source: Source): boolean {
      const text = source.text;
      for (let i = text.indexOf('"$ref"'); i !== -1; i = text.indexOf('"$ref"', i + 6)) {
        let j = jsonSpaceEnd(text, i + 6);
        if (text.charCodeAt(j) !== 58) continue; // not a key: a value in a list
        j = jsonSpaceEnd(text, j + 1);
        if (text.charCodeAt(j) !== 34) continue; // an object or a list: no reference
        const close = closingQuote(text, j);
        if (close === -1) return false;
        const raw = text.slice(j + 1, close);
        const ref = raw.includes('\\') ? (JSON.parse(text.slice(j, close + 1)) as string) : raw;
        if (!ctx.resolveRef(source, ref).ok) return false;
      }
      return true;
    }
    /** Whether a `$ref` names a file that failed to load (what `ctx.document.failures` holds). */
    function namesFailedFile(source: Source, ref: string): boolean {
      const target = ctx.resolveRef(source, ref);
      return !target.ok && target.failure !== undefined;
    }
    /** Reports the $ref at `node` when it does not resolve: only its own step (the next $ref of a chain is checked where it is written). */
    function check(ref: string, node: Node) {
      const target = ctx.resolveRef(node.source, ref);
      if (target.ok) return;
      const hash = ref.indexOf('#');
      const fragment = hash === -1 ? '' : ref.slice(hash + 1);
      if (fragment !== '' && !fragment.startsWith('/')) {
        // `#definitions/Pet`: go-openapi and others read it as `#/definitions/Pet`; say how to write it.
        const fixed = `${ref.slice(0, hash)}#/${fragment}`;
        if (ctx.resolveRef(node.source, fixed).ok) {
          ctx.report({ node, property: '$ref', at: 'value', severity: 'warn', messageId: 'noSlash', data: { ref, fixed } });
          return;
        }
      }
      const variant = target.failure?.caseVariant;
      if (variant !== undefined && !/^https?:\/\//i.test(node.source.uri)) {
        // name the file that exists as the $ref would name it, relative to the file the $ref is in
        let written = path.relative(path.dirname(node.source.uri), variant).split(path.sep).join('/');
        if (!written.startsWith('.')) written = './' + written;
        const fixed = written + (hash === -1 ? '' : ref.slice(hash));
        ctx.report({ node, property: '$ref', at: 'value', messageId: 'letterCase', data: { why: target.message, fixed }, suggestion: fixed });
        return;
      }
      const hint = !ref.startsWith('#') ? 'check the file name and the pointer after #' : ref.startsWith('#/definitions/') || ref === '#' ? 'point it at an existing definition (#/definitions/<Name>)' : 'point it at a part of the document that exists';
      ctx.report({ node, property: '$ref', at: 'value', messageId: 'unresolved', data: { why: target.message, hint } });
    }
  },
});

/** Past JSON's white space at `i`. */
function jsonSpaceEnd(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++i));
  return i;
}

/**
 * How many `$ref` keys a text has, not counting those whose value is plainly an object or a list (a
 * schema property named `$ref`, as Kubernetes' JSONSchemaProps has): never fewer than the `$ref`
 * objects in it, so equal counts prove that the walk met them all.
 */
function countRefs(text: string): number {
  // indexOf and a few character tests: a regular expression over a 4 MB text costs ten times more
  let n = 0;
  for (let i = text.indexOf('$ref'); i !== -1; i = text.indexOf('$ref', i + 4)) {
    let j = i + 4;
    const quote = text.charCodeAt(j);
    if (quote === 34 || quote === 39) j++;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
    if (text.charCodeAt(j) !== 58) continue; // not a key: `$ref` in a description
    j++;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
    const next = text.charCodeAt(j);
    if (next !== 123 && next !== 91) n++; // `{` or `[`: an object or a list, no reference
  }
  return n;
}

/**
 * Keys whose values are data, not API description: a `$ref` there is a literal value (the
 * specification's `example`, `default` and `enum` are free-form). Inside a vendor extension nothing is
 * Swagger's, so every `$ref` there is checked, `x-example` included.
 */
const dataKeys = new Set(['default', 'example', 'examples', 'enum']);
/** Maps whose keys are names, where `default` or `example` names a schema or property. */
const nameMaps = new Set(['definitions', 'properties', 'parameters', 'responses', 'headers', 'securityDefinitions']);

/** Every `{ $ref: string }` in a value outside data, with its pointer (iterative: documents can be deep). */
function refsIn(root: unknown, shared: boolean): Array<{ ref: string; pointer: string[]; object: object }> {
  const found: Array<{ ref: string; pointer: string[]; object: object }> = [];
  // each entry's parent and key, so that a pointer is built only for the $refs found, not for every value
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const pointerOf = (entry: number) => {
    const pointer: string[] = [];
    for (let e = entry; e > 0; e = parents[e]!) pointer.push(keys[e]!);
    return pointer.reverse();
  };
  const stack: Array<[unknown, number, boolean]> = [[root, 0, false]];
  const seen = shared ? new Set<object>() : undefined; // YAML aliases share objects: visit each once
  while (stack.length > 0) {
    const [value, entry, inExtension] = stack.pop()!;
    if (value === null || typeof value !== 'object' || seen?.has(value)) continue;
    seen?.add(value);
    const ref = refOf(value);
    if (ref !== undefined) found.push({ ref, pointer: pointerOf(entry), object: value });
    const named = nameMaps.has(keys[entry]!);
    for (const key in value) {
      if (!inExtension && !named && dataKeys.has(key)) continue;
      const child = (value as Record<string, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      parents.push(entry);
      keys.push(key);
      stack.push([child, keys.length - 1, inExtension || (!named && key.startsWith('x-'))]);
    }
  }
  return found;
}
