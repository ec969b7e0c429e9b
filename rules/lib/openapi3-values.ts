// value-fits-schema on OpenAPI 3: a Schema Object's `default`, `enum` members, `example` and (3.1)
// `examples`; the `example` and Example Objects' `value`s of parameters, headers and media types. The
// same value check as Swagger 2.0's side (src/values/), with the version's dialect.
import type { JsonObject as Json, Node, RuleContext, Visitors } from '../../src/lint/rule.js';
import { RegexCache } from '../../src/text/regex-cache.js';
import { checkValue, enumMisfitReport, misfitReport, type CheckContext, type CheckOptions } from '../../src/values/value-check.js';
import type { OpenApiVersion } from '../../src/formats/openapi3/version.js';
import { isObject } from './resolve.js';

/** JSON media types, whose examples are JSON values; other media types may give an example as its serialized text. */
const jsonMedia = /^[^/;]+\/(?:[^/;]+\+)?json\s*(?:;|$)/i;

type Fits = (value: unknown, schema: Json, uri: string, extra?: Partial<CheckOptions>) => ReturnType<typeof checkValue>;

function checkContext(ctx: RuleContext): CheckContext {
  // examples follow the same few `$ref`s thousands of times; per file, then per `$ref` (a key made of
  // both was a new string to build and hash at every step of every example)
  const targets = new Map<string, Map<string, { schema: Json; uri: string } | undefined>>();
  return {
    regexes: new RegexCache(),
    deref(ref, uri) {
      let inFile = targets.get(uri);
      if (!inFile) targets.set(uri, (inFile = new Map()));
      if (inFile.has(ref)) return inFile.get(ref);
      const first = ctx.resolveRef(uri, ref);
      const target = first.ok ? ctx.resolve(ctx.nodeAt(first.source, first.pointer)) : first;
      const found = target.ok && isObject(target.value) ? { schema: target.value, uri: target.source.uri } : undefined;
      inFile.set(ref, found);
      return found;
    },
  };
}

export function openapi3ValueVisitors(ctx: RuleContext, version: OpenApiVersion): Visitors {
  const check = checkContext(ctx);
  const dialect = version === '3.0' ? 'oas3.0' : 'oas3.1';
  const fits: Fits = (value, schema, uri, extra = {}) => checkValue(check, value, schema, { uri, required: true, dialect, ...extra });
  const examples = (_value: Json, node: Node<Json>) => examplesOf(ctx, node, fits);
  return { Schema: (_value, node) => schemaValues(ctx, node, fits, version), Parameter: examples, Header: examples, MediaType: examples };
}

function schemaValues(ctx: RuleContext, node: Node<Json>, fits: Fits, version: OpenApiVersion): void {
  const schema = node.value;
  const uri = node.source.uri;
  // 3.0: a default "MUST conform to the defined type for the Schema Object"; 3.1 defers to JSON Schema,
  // where a default SHOULD be valid against its schema.
  if (schema['default'] !== undefined) {
    const found = fits(schema['default'], schema, uri);
    if (found) ctx.report({ node, property: 'default', at: 'value', severity: version === '3.0' ? 'error' : 'warn', ...misfitReport('The default', schema['default'], found, false) });
  }
  // JSON Schema lets an enum list any value; one the schema's other keywords reject can never be sent.
  const list = schema['enum'];
  if (Array.isArray(list)) {
    const misfits = list.flatMap((member: unknown, i) => {
      const found = fits(member, schema, uri, { skipEnum: true });
      return found ? [{ i, member, found }] : [];
    });
    const first = misfits[0];
    if (first) ctx.report({ node, property: ['enum', String(first.i)], at: 'value', severity: 'warn', ...enumMisfitReport(misfits.length, list.length, first.member, first.found) });
  }
  if (schema['example'] !== undefined) exampleFits(ctx, node, ['example'], schema['example'], schema, fits);
  const examples = schema['examples'];
  if (version !== '3.0' && Array.isArray(examples)) examples.forEach((v: unknown, i) => exampleFits(ctx, node, ['examples', String(i)], v, schema, fits));
}

function exampleFits(ctx: RuleContext, node: Node, property: string[], value: unknown, schema: Json, fits: Fits, extra: Partial<CheckOptions> = {}): void {
  const found = fits(value, schema, node.source.uri, extra);
  if (found) ctx.report({ node, property, at: 'value', severity: 'warn', ...misfitReport('The example', value, found, true) });
}

/**
 * A parameter's, header's or media type's `example` and `examples` against its `schema`; a sequential
 * media type's (3.2) against its `itemSchema` when it has no `schema`: an example is the whole content,
 * a list of items each of which the item schema describes (one value that is no list is one item).
 */
function examplesOf(ctx: RuleContext, node: Node<Json>, fits: Fits): void {
  const whole = node.value['schema'];
  const items = node.kind === 'MediaType' && whole === undefined ? node.value['itemSchema'] : undefined;
  if (!isObject(whole) && !isObject(items)) return; // a parameter or header described by `content`: its media type has the schema
  const schemaFor = (value: unknown): Json => (isObject(whole) ? whole : Array.isArray(value) ? { type: 'array', items: items as Json } : (items as Json));
  // A parameter's or header's example may be written serialized (`1,2,3` for a list), as Swagger 2.0's were.
  const extra: Partial<CheckOptions> = node.kind === 'MediaType' ? {} : { simple: true };
  const key = node.pointer[node.pointer.length - 1]!;
  const judged = (value: unknown) => node.kind !== 'MediaType' || jsonMedia.test(key) || typeof value !== 'string';
  const example = node.value['example'];
  if (example !== undefined && judged(example)) exampleFits(ctx, node, ['example'], example, schemaFor(example), fits, extra);
  const examples = node.value['examples'];
  if (!isObject(examples)) return;
  for (const [name, entry] of Object.entries(examples)) {
    if (name.startsWith('x-')) continue;
    const place = ctx.child(node, ['examples', name], entry, 'Example');
    const target = ctx.resolve(place);
    if (!target.ok || !isObject(target.value)) continue;
    // 3.2's `dataValue` is the data itself (never serialized text): it fits the schema whatever the media type
    const field = 'dataValue' in target.value ? 'dataValue' : 'value';
    if (!(field in target.value) || (field === 'value' && !judged(target.value['value']))) continue;
    const value = target.value[field];
    const found = fits(value, schemaFor(value), node.source.uri, extra);
    if (!found) continue;
    // an Example Object of components is reported where it is used: the schema it must fit is that place's
    const inline = target.source === node.source && target.pointer.join('/') === place.pointer.join('/');
    ctx.report({ node: place, ...(inline ? { property: field } : {}), at: inline ? 'value' : 'key', severity: 'warn', ...misfitReport(inline ? `The example '${name}'` : `The example '${name}' (${String((entry as Json)['$ref'])})`, value, found, true) });
  }
}
