// A PostgreSQL restart under a running service (issue 40: it answered 500 `internal`): while the
// database is down, requests that need it are 503 with Retry-After and the readiness probe says so;
// once it is back, the same service answers again without a restart of its own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutPostgres, startCluster, type Cluster } from './helpers/postgres.js';
import { sampleBundle, startService, type TestService } from './helpers/service.js';
import { databaseUnavailable } from '../src/db/unavailable.js';

const skip = skipWithoutPostgres();
let cluster: Cluster | undefined;
let service: TestService | undefined;

before(async () => {
  if (skip) return;
  cluster = await startCluster();
  service = await startService(undefined, { database: { url: cluster.url } });
});
after(async () => {
  await service?.dispose();
  cluster?.stop();
});

test('which errors say the database is unavailable', () => {
  for (const error of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    new Error('Connection terminated unexpectedly'),
  ]) assert.equal(databaseUnavailable(error), true, error.message);
  for (const error of [
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    Object.assign(new Error('syntax error at or near'), { code: '42601' }),
    new TypeError('x is undefined'),
    'a string',
    null,
  ]) assert.equal(databaseUnavailable(error), false, String(error));
});

test('a PostgreSQL restart: 503 with Retry-After while it is down, answers again when it is back', { skip, timeout: 180_000 }, async () => {
  const running = service!;
  const reader = (await running.token(['reader', 'publisher'])).token;
  assert.equal((await running.call('POST', '/apis/orders/revisions', { token: reader, body: sampleBundle() })).status, 201);
  cluster!.pause();
  try {
    const down = await running.call('GET', '/apis/orders/revisions', { token: reader });
    // the token is checked against the database first: whichever query meets the outage answers
    assert.equal(down.status, 503, JSON.stringify(down.body));
    assert.equal(down.body.error.code, 'database-unavailable');
    assert.equal(down.headers.get('retry-after'), '2');
    const ready = await running.call('GET', '/health/ready', { version: null });
    assert.equal(ready.status, 503);
    assert.equal((await running.call('GET', '/health/live', { version: null })).status, 200);
  } finally {
    cluster!.resume();
  }
  let back = await running.call('GET', '/apis/orders/revisions', { token: reader });
  // the pool's dead connections are replaced as they fail: a request or two may still meet one
  for (let i = 0; i < 5 && back.status === 503; i++) back = await running.call('GET', '/apis/orders/revisions', { token: reader });
  assert.equal(back.status, 200, JSON.stringify(back.body));
  assert.equal(back.body.items.length, 1);
});
