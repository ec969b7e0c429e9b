// The core functions' option validators compiled at build time (scripts/build-function-options.ts):
// one per schema, and the same first error as ajv compiling the schema at run time gave, since the
// messages of a ruleset's bad functionOptions are made from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import AjvModule from 'ajv';
import { optionSchemas } from '../src/declarative/functions.js';
import { optionValidator } from '../src/declarative/option-validators.js';

const withSchema = Object.entries(optionSchemas).filter((e): e is [string, Record<string, unknown>] => e[1] !== null);

test('every function with an option schema has a compiled validator; one without has none', () => {
  assert.ok(withSchema.length >= 9); // pattern, casing, enumeration, length, alphabetical, xor, or, unreferencedReusableObject, schema
  for (const [fn] of withSchema) assert.equal(typeof optionValidator(fn), 'function', fn);
  assert.throws(() => optionValidator('truthy'), /no compiled option validator for 'truthy'/);
});

test('the compiled validators give the first error ajv gives at run time, for good and bad options', () => {
  const ajv = new AjvModule.default({ allErrors: false, strict: false });
  const inputs: unknown[] = [
    {}, [], 'x', 1, null,
    { type: 'camel' }, { type: 'upper' }, { type: 'snake', separator: { char: '--' } }, { type: 'kebab', disallowDigits: 'no' },
    { match: '^a' }, { notMatch: 1 }, { match: 'a', extra: true },
    { values: ['a', 1, null, true] }, { values: [{}] }, { min: 1, max: 'x' }, { keyedBy: 3 },
    { properties: ['a'] }, { properties: ['a', 'b'] },
    { reusableObjectsLocation: '#/definitions' }, { reusableObjectsLocation: 'definitions' },
    { schema: { type: 'string' }, dialect: 'draft5' }, { schema: true, allErrors: 1 },
  ];
  let failures = 0;
  for (const [fn, schema] of withSchema) {
    const runtime = ajv.compile(schema);
    const compiled = optionValidator(fn);
    for (const input of inputs) {
      const ok = compiled(input);
      assert.equal(ok, runtime(input), `${fn} on ${JSON.stringify(input)}`);
      if (!ok) failures++;
      assert.deepEqual(compiled.errors?.[0] ?? null, runtime.errors?.[0] ?? null, `${fn} on ${JSON.stringify(input)}`);
    }
  }
  assert.ok(failures > 50, 'the inputs exercise the error paths');
});
