// The routes are split by resource (src/routes/*.ts) and composed in src/routes.ts. These tests keep
// it so: every route lives in exactly one resource module, none is registered twice, the composed list
// is the one below (a route added, dropped or moved shows here), and no two patterns match the same
// path, so that the order of the modules cannot change which route a request reaches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { routes } from '../src/routes.js';
import type { Route } from '../src/http/router.js';
import type { RequestContext } from '../src/routes/context.js';

// the module every resource module shares; it registers no route
const sharedModule = 'context.js';
const routesDir = new URL('../src/routes/', import.meta.url);

const key = (route: Route<RequestContext>): string => `${route.method} ${route.path}`;

/** Each resource module's routes, by file name: the one function each exports, called. */
async function routesByModule(): Promise<Map<string, string[]>> {
  const modules = new Map<string, string[]>();
  const files = readdirSync(routesDir).filter((f) => f.endsWith('.js') && f !== sharedModule).sort();
  for (const file of files) {
    const exported = Object.entries((await import(new URL(file, routesDir).href)) as Record<string, unknown>);
    const functions = exported.filter((entry): entry is [string, () => Route<RequestContext>[]] => typeof entry[1] === 'function');
    assert.equal(functions.length, 1, `${file} should export one function, its routes; it exports ${exported.map(([name]) => name).join(', ')}`);
    const [name, make] = functions[0]!;
    assert.match(name, /Routes$/, `${file} exports ${name}`);
    modules.set(file, make().map(key));
  }
  return modules;
}

// Within one path the order is the order that a 405's Allow header lists the methods in.
const expected = [
  // probes.ts
  'GET /health',
  'GET /health/live',
  'GET /health/ready',
  'GET /swagger.json',
  'GET /metrics',
  // apis.ts
  'GET /apis',
  'GET /apis/{api_id}',
  'PUT /apis/{api_id}',
  'DELETE /apis/{api_id}',
  'GET /apis/{api_id}/rules',
  // revisions.ts
  'DELETE /apis/{api_id}/revisions/{revision_id}',
  'GET /apis/{api_id}/revisions',
  'POST /apis/{api_id}/revisions',
  'GET /apis/{api_id}/revisions/{revision_id}',
  'GET /apis/{api_id}/revisions/{revision_id}/findings',
  'GET /apis/{api_id}/revisions/{revision_id}/diff',
  // statistics.ts
  'GET /statistics',
  // audit.ts
  'GET /audit',
  // lint.ts
  'POST /lint',
  // rulesets.ts
  'GET /rulesets/{ruleset_id}',
  'PUT /rulesets/{ruleset_id}',
  // tokens.ts
  'GET /tokens',
  'POST /tokens',
  'GET /tokens/{token_id}',
  'DELETE /tokens/{token_id}',
  // sign-in.ts
  'GET /signin',
  'POST /signin',
  'GET /signin/callback',
  'POST /signout',
  // pages.ts
  'GET /',
  'GET /ui/apis/{api_id}',
  'GET /ui/apis/{api_id}/rules',
  'GET /ui/apis/{api_id}/revisions/{revision_id}',
  'GET /ui/apis/{api_id}/revisions/{revision_id}/diff',
  'GET /ui/statistics',
  'GET /ui/rulesets/{ruleset_id}',
];

test('the composed routes are the expected method and pattern pairs, in order, each once', () => {
  const composed = routes().map(key);
  assert.deepEqual(composed, expected);
  assert.equal(new Set(composed).size, composed.length, 'a method and pattern registered twice');
});

test('every route comes from exactly one resource module, and every module is composed, in one piece', async () => {
  const modules = await routesByModule();
  assert.ok(modules.size >= 6, `found only ${[...modules.keys()].join(', ')} in ${routesDir.pathname}`);
  const owners = new Map<string, string[]>();
  for (const [file, keys] of modules) for (const k of keys) owners.set(k, [...(owners.get(k) ?? []), file]);
  const twice = [...owners].filter(([, files]) => files.length > 1).map(([k, files]) => `${k} in ${files.join(' and ')}`);
  assert.deepEqual(twice, [], 'registered by two resource modules');
  const composed = routes().map(key);
  const outside = composed.filter((k) => !owners.has(k));
  assert.deepEqual(outside, [], 'composed from outside the resource modules');
  const forgotten = [...owners.keys()].filter((k) => !composed.includes(k));
  assert.deepEqual(forgotten, [], 'in a resource module but not composed');
  // each module's routes stand together and in the module's own order
  for (const [file, keys] of modules) {
    const start = composed.indexOf(keys[0]!);
    assert.deepEqual(composed.slice(start, start + keys.length), keys, file);
  }
});

/** Whether some path matches both patterns: the same number of segments, each pair equal or met by a parameter. */
function overlap(a: string, b: string): boolean {
  const [sa, sb] = [a.split('/'), b.split('/')];
  const param = (segment: string) => /^\{\w+\}$/.test(segment);
  // a parameter matches any segment but the empty one
  return sa.length === sb.length && sa.every((s, n) => s === sb[n] || (param(s) && sb[n] !== '') || (param(sb[n]!) && s !== ''));
}

test('no two patterns match the same path, so the order of the modules decides no match', () => {
  assert.ok(overlap('/apis/{api_id}', '/apis/new'));
  assert.ok(overlap('/apis/{api_id}/rules', '/{x}/{y}/rules'));
  assert.ok(!overlap('/apis/{api_id}', '/apis/{api_id}/rules'));
  assert.ok(!overlap('/', '/{x}'));
  const patterns = [...new Set(routes().map((r) => r.path))];
  const overlapping = patterns.flatMap((a, i) => patterns.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${a} ~ ${b}`));
  assert.deepEqual(overlapping, []);
});
