// Authentication and authorization over HTTP: every kind of bad credential is a 401, a valid
// identity without the role is a 403; JWTs come from an identity provider run by the test (its
// JWKS endpoint, its keys); service tokens are shown once, stored as hashes, revocable, expiring;
// no credential ever reaches the log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { hashToken } from '../src/auth/service-tokens.js';
import { TrustedProxyHandler } from '../src/auth/proxy-handler.js';
import { ClaimsPrincipal, ClaimTypes, parseRoleMap, transformClaims } from '../src/auth/claims.js';
import { audience, issuer, sampleBundle, startIdentityProvider, startService, type IdentityProvider, type TestService } from './helpers/service.js';

let idp: IdentityProvider;
let service: TestService;
const secrets: string[] = [];

before(async () => {
  idp = await startIdentityProvider();
  service = await startService(idp);
});
after(async () => {
  await service.dispose();
  await idp.close();
});

function expect401(response: { status: number; body: any; headers: Headers }, reason: RegExp, what: string): void {
  assert.equal(response.status, 401, `${what}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.error.code, 'unauthenticated');
  assert.match(response.body.error.message, reason, what);
  assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer /);
}

test('missing, malformed, expired, revoked, wrong-issuer and wrong-audience credentials are 401', async () => {
  const { token: expiring } = await service.token(['reader'], -60);
  const { id: revokedId, token: revoked } = await service.token(['reader']);
  const { token: valid } = await service.token(['reader']);
  secrets.push(expiring, revoked, valid);
  assert.equal((await service.call('GET', '/apis', { token: revoked })).status, 200, 'the token works before it is revoked');
  await service.store.revokeToken(revokedId);
  const now = Math.floor(Date.now() / 1000);
  const jwt = (options: Parameters<IdentityProvider['sign']>[1], payload: Record<string, unknown> = { sub: 'alice', groups: ['developers'] }) => idp.sign(payload, options);
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['missing', {}, /no credentials/],
    ['not a bearer scheme', { authorization: 'Basic YWxpY2U6c2VjcmV0' }, /no credentials|malformed/],
    ['malformed bearer', { authorization: 'Bearer not a token' }, /no credentials|malformed/],
    ['malformed service token', { authorization: 'Bearer swl_1234_short' }, /malformed service token/],
    ['unknown service token', { authorization: `Bearer ${valid.slice(0, -4)}AAAA` }, /unknown service token/],
    ['revoked service token', { authorization: `Bearer ${revoked}` }, /revoked/],
    ['malformed JWT', { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln' }, /JWT refused/],
    ['expired JWT', { authorization: `Bearer ${await jwt({ expiresIn: now - 60, issuedAt: now - 120 })}` }, /JWT refused: expired \(claim exp\)/],
    ['JWT older than the token lifetime', { authorization: `Bearer ${await jwt({ issuedAt: now - 7200, expiresIn: now + 600 })}` }, /JWT refused: expired \(claim iat\)/],
    ['wrong issuer', { authorization: `Bearer ${await jwt({ issuer: 'https://evil.test/' })}` }, /JWT refused: claim iss/],
    ['wrong audience', { authorization: `Bearer ${await jwt({ audience: 'another-service' })}` }, /JWT refused: claim aud/],
    ['signed by another key', { authorization: `Bearer ${await jwt({ otherKey: true })}` }, /JWT refused: ERR_JWS_SIGNATURE_VERIFICATION_FAILED/],
  ];
  cases.push(['expired service token', { authorization: `Bearer ${expiring}` }, /expired service token/]);
  for (const [what, headers, reason] of cases) {
    if (headers['authorization']) secrets.push(headers['authorization'].slice(7));
    expect401(await service.call('GET', '/apis', { headers }), reason, what);
  }
});

test('a valid identity without the role the policy needs is 403, with it 2xx', async () => {
  const stranger = await idp.sign({ sub: 'stranger', groups: ['marketing'] });
  const developer = await idp.sign({ sub: 'dana', groups: ['developers'] });
  const guild = await idp.sign({ sub: 'gus', groups: ['api-guild'] });
  const scoped = await idp.sign({ sub: 'ci-bot', scope: 'openid lint.read' });
  secrets.push(stranger, developer, guild, scoped);
  const forbidden = await service.call('GET', '/apis', { token: stranger });
  assert.equal(forbidden.status, 403);
  assert.equal(forbidden.body.error.code, 'forbidden');
  assert.equal((await service.call('GET', '/apis', { token: scoped })).status, 200, 'a scope mapped to reader');
  assert.equal((await service.call('POST', '/apis/orders/revisions', { token: scoped, body: sampleBundle() })).status, 403, 'a reader cannot publish');
  assert.equal((await service.call('POST', '/apis/orders/revisions', { token: developer, body: sampleBundle() })).status, 201, 'a group mapped to publisher');
  assert.equal((await service.call('PUT', '/rulesets/default', { token: developer, body: { preset: 'all' } })).status, 403, 'publisher cannot change a ruleset');
  assert.equal((await service.call('PUT', '/rulesets/default', { token: guild, body: { preset: 'recommended' } })).status, 200);
  assert.equal((await service.call('POST', '/tokens', { token: developer, body: { name: 'ci', roles: ['publisher'] } })).status, 403);
});

test('service tokens: shown once, stored as a hash, limited to the creator roles and lifetime, revocable', async () => {
  const guild = await idp.sign({ sub: 'gus', groups: ['api-guild'] });
  secrets.push(guild);
  const created = await service.call('POST', '/tokens', { token: guild, body: { name: 'orders-ci', roles: ['publisher'], expires_in_days: 0.01 } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const token = created.body.token as string;
  secrets.push(token);
  assert.match(token, /^swl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  assert.equal(created.headers.get('location'), `/tokens/${created.body.id}`);
  // path authorization names tokens as token:<name>: a second live token of one name would share its rights
  const again = await service.call('POST', '/tokens', { token: guild, body: { name: 'orders-ci', roles: ['publisher'] } });
  assert.equal(again.status, 409);
  assert.equal(again.body.error.code, 'token-name-taken');
  const stored = await service.store.token(created.body.id);
  assert.equal(stored!.hash, hashToken(token));
  assert.ok(!JSON.stringify(await service.call('GET', '/tokens', { token: guild })).includes(token.slice(22)));
  assert.equal((await service.call('GET', `/tokens/${created.body.id}`, { token: guild })).body.token, undefined);
  assert.equal((await service.call('POST', '/apis/orders/revisions', { token, body: sampleBundle() })).status, 201);
  assert.equal((await service.call('POST', '/tokens', { token: guild, body: { name: 'greedy', roles: ['reader'] } })).status, 403, 'gus holds no reader role');
  assert.equal((await service.call('POST', '/tokens', { token: guild, body: { name: 'long', roles: ['publisher'], expires_in_days: 365 } })).status, 400);
  assert.equal((await service.call('DELETE', `/tokens/${created.body.id}`, { token: guild })).status, 204);
  expect401(await service.call('GET', '/apis', { token }), /revoked/, 'revoked through the API');
  assert.ok((await service.call('GET', `/tokens/${created.body.id}`, { token: guild })).body.revoked_at);
  const renewed = await service.call('POST', '/tokens', { token: guild, body: { name: 'orders-ci', roles: ['publisher'] } });
  assert.equal(renewed.status, 201, 'once revoked, the name is free again');
  secrets.push(renewed.body.token as string);
});

test('the claims transformation adds role claims of the well-known URI type', () => {
  const principal = new ClaimsPrincipal([
    { type: ClaimTypes.name, value: 'alice' },
    { type: ClaimTypes.group, value: 'api-guild' },
    { type: ClaimTypes.scope, value: 'lint.read' },
  ]);
  const transformed = transformClaims(principal, parseRoleMap(['group:api-guild=ruleset-admin', 'scope:lint.read=reader', 'user:bob=publisher']));
  assert.deepEqual(transformed.all('http://schemas.microsoft.com/ws/2008/06/identity/claims/role'), ['ruleset-admin', 'reader']);
  assert.deepEqual([...transformed.roles], ['ruleset-admin', 'reader']);
  assert.equal(transformed.isInRole('publisher'), false);
  assert.throws(() => parseRoleMap(['group:x=superuser']), /'superuser' is not a role/);
});

test('a user handed over by a reverse proxy counts only from a trusted address', async () => {
  const request = (from: string) => ({ headers: { 'x-forwarded-user': 'carol', 'x-forwarded-groups': 'developers, api-guild' }, socket: { remoteAddress: from } }) as unknown as IncomingMessage;
  const handler = new TrustedProxyHandler(['10.1.2.3'], 'X-Forwarded-Groups');
  const trusted = await handler.authenticate(request('::ffff:10.1.2.3'));
  assert.equal(trusted.kind, 'success');
  assert.deepEqual(trusted.kind === 'success' && [trusted.principal.name, trusted.principal.groups], ['carol', ['developers', 'api-guild']]);
  assert.equal((await handler.authenticate(request('127.0.0.1'))).kind, 'none');
  const noGroups = await new TrustedProxyHandler(['10.1.2.3']).authenticate(request('10.1.2.3'));
  assert.deepEqual(noGroups.kind === 'success' && noGroups.principal.groups, [], 'no groups header named: none read');
  // over HTTP: this service trusts no proxy, so the header alone is no identity
  expect401(await service.call('GET', '/apis', { headers: { 'x-forwarded-user': 'carol' } }), /no credentials/, 'untrusted proxy header');
});

test('no token or JWT ever reaches the log', () => {
  assert.ok(service.logs.length > 20);
  assert.ok(secrets.length > 10);
  for (const line of service.logs) {
    for (const secret of secrets) assert.ok(!line.includes(secret), `a credential in the log: ${line.slice(0, 80)}`);
    assert.doesNotMatch(line, /swl_|eyJ/);
  }
  assert.ok(service.logs.some((l) => / 401 /.test(l)) && service.logs.some((l) => / 403 /.test(l)));
});
