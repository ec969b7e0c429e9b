// Values that belong to a schema and must fit it: a Schema Object's `default`, `enum` members, `example`
// and 3.1's `examples` list; the `example` and Example Objects' `value`s of parameters, headers and media
// types. The same value check as Swagger 2.0's rule (src/values/), with the version's dialect.
import { isObject } from '../../../json.js';
import { RegexCache } from '../../../text/regex-cache.js';
import { checkValue, enumMisfitMessage, misfitMessage, type CheckContext, type CheckOptions } from '../../../values/value-check.js';
import type { Check, CheckFinding } from '../check.js';
import type { Json, Model, Visited } from '../model.js';
import { jsonSchema2020 } from '../version.js';

/** JSON media types, whose examples are JSON values; other media types may give an example as its serialized text. */
const jsonMedia = /^[^/;]+\/(?:[^/;]+\+)?json\s*(?:;|$)/i;

function checkContext(model: Model): CheckContext {
  // examples follow the same few `$ref`s thousands of times; per file, then per `$ref` (a key made of
  // both was a new string to build and hash at every step of every example)
  const targets = new Map<string, Map<string, { schema: Json; uri: string } | undefined>>();
  return {
    regexes: new RegexCache(),
    deref(ref, uri) {
      let inFile = targets.get(uri);
      if (!inFile) targets.set(uri, (inFile = new Map()));
      if (inFile.has(ref)) return inFile.get(ref);
      const source = model.doc.sources.get(uri) ?? model.doc.spellings.get(uri);
      const target = source && model.deref({ source, pointer: [] }, { $ref: ref });
      const found = target && isObject(target.value) ? { schema: target.value, uri: target.source.uri } : undefined;
      inFile.set(ref, found);
      return found;
    },
  };
}

export const valueFitsSchema: Check = {
  id: 'value-fits-schema',
  category: 'validity',
  severity: 'error',
  description: 'Every `default`, `enum` value and example fits the type, format and limits of its own schema.',
  run(model, report) {
    const check = checkContext(model);
    const dialect = model.version === '3.0' ? 'oas3.0' : 'oas3.1';
    const fits = (value: unknown, schema: Json, uri: string, extra: Partial<CheckOptions> = {}) => checkValue(check, value, schema, { uri, required: true, dialect, ...extra });
    for (const node of model.nodes) {
      if (node.kind === 'Schema') schemaValues(node, fits, report, model.version);
      else if (node.kind === 'Parameter' || node.kind === 'Header' || node.kind === 'MediaType') examplesOf(node, model, fits, report);
    }
  },
};

type Fits = (value: unknown, schema: Json, uri: string, extra?: Partial<CheckOptions>) => ReturnType<typeof checkValue>;
type Report = (finding: CheckFinding) => void;

function schemaValues(node: Visited, fits: Fits, report: Report, version: Model['version']): void {
  const schema = node.value;
  const uri = node.source.uri;
  // 3.0: a default "MUST conform to the defined type for the Schema Object"; 3.1 defers to JSON Schema,
  // where a default SHOULD be valid against its schema.
  if (schema['default'] !== undefined) {
    const found = fits(schema['default'], schema, uri);
    if (found) report({ place: node, property: ['default'], at: 'value', severity: version === '3.0' ? 'error' : 'warn', message: misfitMessage('The default', schema['default'], found, false) });
  }
  // JSON Schema lets an enum list any value; one the schema's other keywords reject can never be sent.
  const list = schema['enum'];
  if (Array.isArray(list)) {
    const misfits = list.flatMap((member: unknown, i) => {
      const found = fits(member, schema, uri, { skipEnum: true });
      return found ? [{ i, member, found }] : [];
    });
    const first = misfits[0];
    if (first) report({ place: node, property: ['enum', String(first.i)], at: 'value', severity: 'warn', message: enumMisfitMessage(misfits.length, list.length, first.member, first.found) });
  }
  if (schema['example'] !== undefined) exampleFits(node, ['example'], schema['example'], schema, fits, report);
  const examples = schema['examples'];
  if (jsonSchema2020(version) && Array.isArray(examples)) examples.forEach((v: unknown, i) => exampleFits(node, ['examples', String(i)], v, schema, fits, report));
}

function exampleFits(node: Visited, property: string[], value: unknown, schema: Json, fits: Fits, report: Report, extra: Partial<CheckOptions> = {}): void {
  const found = fits(value, schema, node.source.uri, extra);
  if (found) report({ place: node, property, at: 'value', severity: 'warn', message: misfitMessage('The example', value, found, true) });
}

/** A parameter's, header's or media type's `example` and `examples` against its `schema`. */
function examplesOf(node: Visited, model: Model, fits: Fits, report: Report): void {
  const schema = node.value['schema'];
  if (!isObject(schema)) return; // a parameter or header described by `content`: its media type has the schema
  // A parameter's or header's example may be written serialized (`1,2,3` for a list), as Swagger 2.0's were.
  const extra: Partial<CheckOptions> = node.kind === 'MediaType' ? {} : { simple: true };
  const key = node.pointer[node.pointer.length - 1]!;
  const judged = (value: unknown) => node.kind !== 'MediaType' || jsonMedia.test(key) || typeof value !== 'string';
  const example = node.value['example'];
  if (example !== undefined && judged(example)) exampleFits(node, ['example'], example, schema, fits, report, extra);
  const examples = node.value['examples'];
  if (!isObject(examples)) return;
  for (const [name, entry] of Object.entries(examples)) {
    if (name.startsWith('x-')) continue;
    const place = { source: node.source, pointer: [...node.pointer, 'examples', name] };
    const target = model.deref(place, entry);
    if (!target || !isObject(target.value)) continue;
    // 3.2's `dataValue` is the data itself (never serialized text): it fits the schema whatever the media type
    const field = 'dataValue' in target.value ? 'dataValue' : 'value';
    if (!(field in target.value) || (field === 'value' && !judged(target.value['value']))) continue;
    const value = target.value[field];
    const found = fits(value, schema, node.source.uri, extra);
    if (!found) continue;
    // an Example Object of components is reported where it is used: the schema it must fit is that place's
    const inline = target.source === node.source && target.pointer.join('/') === place.pointer.join('/');
    report({ place, property: inline ? [field] : [], at: inline ? 'value' : 'key', severity: 'warn', message: misfitMessage(inline ? `The example '${name}'` : `The example '${name}' (${String((entry as Json)['$ref'])})`, value, found, true) });
  }
}
