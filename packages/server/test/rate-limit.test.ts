// Rate limits shared by every instance (issue 40: they were per instance and per request, and
// invalid tokens were never limited): two instances on one PostgreSQL hold one limit, a large lint
// costs more than a GET, failed authentications are limited by client address, and X-Forwarded-For
// names that address only when the peer is a proxy the operator trusts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { secondsUntilFits, spentInWindow, windowMs } from '../src/http/rate-limit.js';
import { skipWithoutPostgres, startCluster, type Cluster } from './helpers/postgres.js';
import { sampleBundle, startService, type TestService } from './helpers/service.js';

const skip = skipWithoutPostgres();
let cluster: Cluster | undefined;

before(async () => {
  if (!skip) cluster = await startCluster();
});
after(() => cluster?.stop());

test('the sliding window: the previous minute weighs what the window still covers of it', () => {
  assert.equal(spentInWindow({ previous: 60, current: 10, elapsed: windowMs / 2 }), 40);
  assert.equal(spentInWindow({ previous: 0, current: 10, elapsed: 0 }), 10);
  // 30 of the previous minute still count; 10 now; a request of 1 under a limit of 30 fits once 11 of those have aged out
  assert.equal(secondsUntilFits({ previous: 60, current: 10, elapsed: windowMs / 2 }, 1, 30), 11);
  // nothing fits before the turn: this window's 40 must age out down to 29 of 40 (after 16.5 s of the next)
  assert.equal(secondsUntilFits({ previous: 0, current: 40, elapsed: 50_000 }, 1, 30), 10 + 17);
  assert.equal(secondsUntilFits({ previous: 0, current: 0, elapsed: 0 }, 1, 30), 1);
});

test('two instances on one PostgreSQL hold one limit per principal, and failed authentications one per address', { skip }, async () => {
  const options = { database: { url: cluster!.url }, rateLimitPerMinute: 4, authFailuresPerMinute: 3 };
  const a = await startService(undefined, options);
  const b = await startService(undefined, options);
  try {
    const one = (await a.token(['reader'])).token;
    const other = (await a.token(['reader'])).token;
    const statuses = [];
    for (const instance of [a, b, a, b]) statuses.push((await instance.call('GET', '/apis', { token: one })).status);
    assert.deepEqual(statuses, [200, 200, 200, 200]);
    for (const instance of [a, b]) {
      const refused = await instance.call('GET', '/apis', { token: one });
      assert.equal(refused.status, 429, 'the fifth request, on either instance');
      assert.equal(refused.body.error.code, 'rate-limited');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    }
    assert.equal((await b.call('GET', '/apis', { token: other })).status, 200, 'another principal has its own limit');
    assert.equal((await b.call('GET', '/health')).status, 200, 'probes are not limited');

    const invalid = 'swl_' + 'x'.repeat(40);
    const failures = [];
    for (const instance of [a, b, a, b]) failures.push((await instance.call('GET', '/apis', { token: invalid })).status);
    assert.deepEqual(failures, [401, 401, 401, 429], 'the fourth failure from 127.0.0.1, through the other instance');
    const limited = await a.call('GET', '/apis', { token: invalid + 'y' });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.match(limited.body.error.message, /127\.0\.0\.1 failed to authenticate/);
    // X-Forwarded-For from a peer nobody trusts is the client's own claim: it does not escape the limit
    assert.equal((await b.call('GET', '/apis', { token: invalid, headers: { 'x-forwarded-for': '198.51.100.7' } })).status, 429);
    assert.equal((await b.call('GET', '/apis', { token: other })).status, 200, 'a valid token from that address still passes');
  } finally {
    await a.dispose();
    await b.dispose();
  }
});

test('a large lint costs more than a small one; on the embedded database too, each principal has its own limit and probes none', async () => {
  // a unit per KB linted, 10 units a minute
  const service = await startService(undefined, { rateLimitPerMinute: 10, lintBytesPerUnit: 1024 });
  try {
    const small = (await service.token(['reader'])).token;
    const large = (await service.token(['reader'])).token;
    const smallBundle = sampleBundle();
    assert.ok(Object.values(smallBundle.files).join('').length < 1024);
    for (let i = 0; i < 5; i++) assert.equal((await service.call('POST', '/lint', { token: small, body: smallBundle })).status, 200, `small lint ${i + 1}`);
    // the same document with 5 KB of description: 1 unit for the request, 5 for the bytes
    const padded = sampleBundle();
    padded.files['api.yaml'] = padded.files['api.yaml']!.replace("  version: '1.0'", `  version: '1.0'\n  description: ${'x'.repeat(5 * 1024)}`);
    assert.equal((await service.call('POST', '/lint', { token: large, body: padded })).status, 200);
    const refused = await service.call('POST', '/lint', { token: large, body: padded });
    assert.equal(refused.status, 429, 'a second large lint is over 10 units');
    assert.equal(refused.body.error.code, 'rate-limited');
    assert.match(refused.body.error.message, /linting 5 KB costs 5/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    // the refused lint's cost was given back: a small request still fits
    assert.equal((await service.call('GET', '/apis', { token: large })).status, 200);
    // on the embedded database too, each principal has its own limit, and probes have none
    const other = (await service.token(['reader'])).token;
    for (let i = 0; i < 10; i++) assert.equal((await service.call('GET', '/apis', { token: other })).status, 200, `request ${i + 1} of 10`);
    const eleventh = await service.call('GET', '/apis', { token: other });
    assert.equal(eleventh.status, 429);
    assert.equal(eleventh.body.error.code, 'rate-limited');
    assert.ok(Number(eleventh.headers.get('retry-after')) >= 1);
    assert.equal((await service.call('GET', '/apis', { token: (await service.token(['reader'])).token })).status, 200, 'another principal has its own bucket');
    assert.equal((await service.call('GET', '/health')).status, 200, 'probes are not limited');
  } finally {
    await service.dispose();
  }
});

test('X-Forwarded-For names the client only from a trusted proxy, read from the right', async () => {
  const service = await startService(undefined, { authFailuresPerMinute: 2, trustForwardedFor: ['127.0.0.1'] });
  try {
    const fail = (forwarded: string) => service.call('GET', '/apis', { token: 'swl_nope', headers: { 'x-forwarded-for': forwarded } });
    assert.equal((await fail('203.0.113.1')).status, 401);
    assert.equal((await fail('203.0.113.1')).status, 401);
    assert.equal((await fail('203.0.113.1')).status, 429);
    // another client behind the same balancer has its own limit
    assert.equal((await fail('203.0.113.2')).status, 401);
    // what the client wrote to the left of the balancer's entry changes nothing
    assert.equal((await fail('192.0.2.50, 203.0.113.1')).status, 429);
  } finally {
    await service.dispose();
  }
});
