// The resolved view a Spectral ruleset's functions and filters are given (src/declarative/resolved.ts):
// `$ref`s read as what they name, one proxy per object, cycles kept, and no write reaching the parsed
// document the other rules read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSource, type Source } from '../src/load/source.js';
import type { LoadedDocument } from '../src/load/refs.js';
import { resolvedView } from '../src/declarative/resolved.js';

const uri = '/project/api.yaml';

function documentOf(text: string): { doc: LoadedDocument; source: Source; view: (value: unknown) => unknown } {
  const parsed = parseSource(text, uri);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  const source = parsed.source;
  const doc: LoadedDocument = { root: source, sources: new Map([[uri, source]]), spellings: new Map(), failures: new Map() };
  return { doc, source, view: (value) => resolvedView(doc)(value, uri) };
}

type Node = Record<string, unknown>;

const api = `paths:
  /pets:
    get:
      responses:
        '200': {description: ok, schema: {$ref: '#/definitions/Pet'}}
        '404': {description: missing, schema: {$ref: '#/definitions/Pet'}}
definitions:
  Pet:
    type: object
    properties:
      parent: {$ref: '#/definitions/Pet'}
      name: {type: string}
  Lost: {$ref: '#/nowhere'}
  A: {$ref: '#/definitions/B'}
  B: {$ref: '#/definitions/A'}
`;

test('a $ref reads as its target, through property reads, Object.keys and descriptors alike', () => {
  const { source, view } = documentOf(api);
  const root = view(source.value) as Node;
  const responses = ((root['paths'] as Node)['/pets'] as Node)['get'] as Node;
  const ok = (responses['responses'] as Node)['200'] as Node;
  const schema = ok['schema'] as Node;
  assert.equal(schema['type'], 'object');
  assert.deepEqual(Object.keys(schema), ['type', 'properties']);
  const described = Object.getOwnPropertyDescriptor(ok, 'schema')!.value as Node;
  assert.equal(described['type'], 'object');
  assert.deepEqual(Object.keys(ok), ['description', 'schema']);
});

test('one object per definition however it is reached, a cycle kept as a cycle', () => {
  const { source, view } = documentOf(api);
  const root = view(source.value) as Node;
  const pet = (root['definitions'] as Node)['Pet'] as Node;
  const responses = (((root['paths'] as Node)['/pets'] as Node)['get'] as Node)['responses'] as Node;
  assert.equal((responses['200'] as Node)['schema'], pet);
  assert.equal((responses['404'] as Node)['schema'], pet);
  assert.equal((pet['properties'] as Node)['parent'], pet);
  // the $ref object itself, given directly, is its target too
  const written = (((source.value as Node)['paths'] as Node)['/pets'] as Node)['get'] as Node;
  const refObject = (((written['responses'] as Node)['200'] as Node)['schema']) as Node;
  assert.equal(view(refObject), pet);
  assert.equal(view(refObject), pet);
});

test('an unresolvable $ref is left as it is, and a loop of $refs ends on a $ref', () => {
  const { source, view } = documentOf(api);
  const definitions = (view(source.value) as Node)['definitions'] as Node;
  assert.deepEqual({ ...(definitions['Lost'] as Node) }, { $ref: '#/nowhere' });
  // sixteen hops from A end on A again (an even number of them), from B on B
  assert.equal((definitions['A'] as Node)['$ref'], '#/definitions/B');
  assert.equal((definitions['B'] as Node)['$ref'], '#/definitions/A');
  const written = (source.value as Node)['definitions'] as Node;
  assert.equal((view(written['A']) as Node)['$ref'], '#/definitions/B');
});

test('writes through the view are refused and the parsed document is unchanged', () => {
  const { source, view } = documentOf(api);
  const before = JSON.stringify(source.value);
  const root = view(source.value) as Node;
  const pet = (root['definitions'] as Node)['Pet'] as Node;
  assert.throws(() => {
    pet['type'] = 'string';
  }, TypeError);
  assert.throws(() => delete pet['properties'], TypeError);
  assert.throws(() => Object.defineProperty(pet, 'x', { value: 1 }), TypeError);
  assert.throws(() => Object.setPrototypeOf(pet, null), TypeError);
  assert.throws(() => Object.assign(pet['properties'] as Node, { name: 1 }), TypeError);
  const descriptorValue = Object.getOwnPropertyDescriptor(root, 'definitions')!.value as Node;
  assert.throws(() => {
    descriptorValue['Pet'] = 1;
  }, TypeError);
  assert.equal(JSON.stringify(source.value), before);
});
