// Every place whose `description` OpenAPI 3's kinds table marks as CommonMark is reached by
// description-markdown, in 3.0 and 3.1: the places are derived from the table (the shortest way from
// the document to each described kind), not listed by hand, so a kind added to the table is tested too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule from '../rules/description-markdown.js';
import { childSpec, kinds, openapi3Kinds, type ObjectKind } from '../src/formats/openapi3/kinds.js';
import type { ChildSpec } from '../src/lint/shape.js';
import { lintWithOnly } from './helpers/test-rule.js';

/** Keys chosen by pattern (childSpec), one sample each. */
const patternKeys: Partial<Record<ObjectKind, string>> = { Paths: '/orders', Responses: '200', Callback: '{$request.body#/url}' };

interface Step {
  key: string;
  spec: ChildSpec<ObjectKind>;
}

/** The shortest way (breadth first over the table) from the document to every kind. */
function waysToKinds(): Map<ObjectKind, Step[]> {
  const ways = new Map<ObjectKind, Step[]>([['Document', []]]);
  const queue: ObjectKind[] = ['Document'];
  while (queue.length > 0) {
    const kind = queue.shift()!;
    const keys = [...Object.keys(kinds[kind]), ...(patternKeys[kind] ? [patternKeys[kind]] : [])];
    for (const key of keys) {
      const spec = childSpec(kind, key);
      if (!spec) continue;
      const child = 'one' in spec ? spec.one : 'list' in spec ? spec.list : 'map' in spec ? spec.map : spec.oneOrList;
      if (ways.has(child)) continue;
      ways.set(child, [...ways.get(kind)!, { key, spec }]);
      queue.push(child);
    }
  }
  return ways;
}

type Json = Record<string, unknown>;

/** Puts `{description}` at the end of `way` in `doc`, making the objects, lists and maps on the way; returns its JSON pointer. */
function place(doc: Json, way: Step[], description: string): string {
  let at = doc;
  const pointer: string[] = [];
  for (const { key, spec } of way) {
    pointer.push(key);
    if ('one' in spec || ('oneOrList' in spec)) {
      at = (at[key] ??= {}) as Json;
    } else if ('list' in spec) {
      const list = (at[key] ??= [{}]) as Json[];
      at = list[0]!;
      pointer.push('0');
    } else {
      const map = (at[key] ??= {}) as Json;
      at = (map['x'] ??= {}) as Json;
      pointer.push('x');
    }
  }
  at['description'] = description;
  return '/' + [...pointer, 'description'].map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

const described = [...openapi3Kinds.described];

test('the kinds table reaches every described kind from the document', () => {
  const ways = waysToKinds();
  for (const kind of described) assert.ok(ways.has(kind), `no way to ${kind} in the kinds table`);
});

for (const version of ['3.0.3', '3.1.0']) {
  test(`description-markdown reaches the description of every described kind in OpenAPI ${version}`, async () => {
    const ways = waysToKinds();
    const doc: Json = { openapi: version, info: { title: 'Orders', version: '1.0' }, paths: {} };
    const expected = new Map<string, ObjectKind>();
    // deepest places first, so that an object on the way to another keeps the keys put in it
    for (const kind of [...described].sort((a, b) => ways.get(b)!.length - ways.get(a)!.length)) {
      expected.set(place(doc, ways.get(kind)!, `The [${kind}](https://example.com/${kind}) docs.`), kind);
    }
    const result = await lintWithOnly(rule, JSON.stringify(doc, null, 2), '/virtual/places.json');
    const found = new Set(result.diagnostics.filter((d) => d.ruleId === 'description-markdown').map((d) => d.pointer));
    for (const [pointer, kind] of expected) assert.ok(found.has(pointer), `${kind}'s description at ${pointer} was not reached`);
    assert.equal(found.size, expected.size, [...found].join('\n'));
  });
}
