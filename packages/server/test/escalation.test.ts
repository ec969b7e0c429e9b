// Privilege escalation, tried over HTTP as an attacker would: a token administrator who may not
// publish an API makes (or takes over) a token whose name the path authorization grants; a client
// names its own groups through a trusted proxy that passes headers on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleBundle, startIdentityProvider, testAuth, startService, type IdentityProvider, type TestService } from './helpers/service.js';

// gus (api-guild: token-admin and publisher by role) is denied on /apis/payments; pat (payments and
// api-guild) may publish there, and so may the tokens the file names
const rules = `[lint:/apis]
* = r
@api-guild = rw

[/apis/payments]
@api-guild =
@payments = rw
token:payments-ci = rw
token:payments-deploy = rw
`;

let idp: IdentityProvider;
let service: TestService;
let gus: string;
let pat: string;

before(async () => {
  idp = await startIdentityProvider();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-escalation-')), 'authz');
  writeFileSync(file, rules);
  service = await startService(idp, { pathAuthorization: file });
  gus = await idp.sign({ sub: 'gus', groups: ['api-guild'] });
  pat = await idp.sign({ sub: 'pat', groups: ['api-guild', 'payments'] });
});
after(async () => {
  await service.dispose();
  await idp.close();
});

const makeToken = (as: string, name: string, roles: string[]) => service.call('POST', '/tokens', { token: as, body: { name, roles } });
const publishPayments = (token: string) => service.call('POST', '/apis/payments/revisions', { token, body: sampleBundle() });

test('a token holds no path rights its creator lacks, through any chain of tokens', async () => {
  assert.equal((await publishPayments(gus)).status, 403, 'gus himself is denied on /apis/payments');
  const made = await makeToken(gus, 'payments-ci', ['publisher']);
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const denied = await publishPayments(made.body.token);
  assert.equal(denied.status, 403, 'the name token:payments-ci is granted, but its creator is not');
  assert.match(denied.body.error.message, /no access to \/apis\/payments\/revisions/);
  // a token administrator token made by gus makes another token: bounded by both
  const admin = await makeToken(gus, 'gus-admin', ['token-admin', 'publisher']);
  assert.equal(admin.status, 201);
  const deploy = await makeToken(admin.body.token, 'payments-deploy', ['publisher']);
  assert.equal(deploy.status, 201);
  assert.equal((await publishPayments(deploy.body.token)).status, 403, 'a token made by a token made by gus');
  assert.equal((await service.call('GET', '/apis/orders/revisions', { token: deploy.body.token })).status, 404, 'what all three may read stays readable (no such API yet)');
});

test('a token name is its first creator for good: revoking it does not free it for another', async () => {
  // pat owns no name yet; gus made payments-ci above, so pat cannot take it either
  assert.equal((await makeToken(pat, 'payments-ci', ['publisher'])).status, 409);
  const own = await makeToken(pat, 'payments-release', ['publisher']);
  assert.equal(own.status, 201);
  const ownId = own.body.id as string;
  // gus, a token administrator, revokes pat's token and makes one of its name
  assert.equal((await service.call('DELETE', `/tokens/${ownId}`, { token: gus })).status, 204);
  const takeover = await makeToken(gus, 'payments-release', ['publisher']);
  assert.equal(takeover.status, 409, JSON.stringify(takeover.body));
  assert.equal(takeover.body.error.code, 'token-name-taken');
  assert.match(takeover.body.error.message, /belongs to whoever first made a token of that name/);
  // pat rotates her own token: the name is hers
  const rotated = await makeToken(pat, 'payments-release', ['publisher']);
  assert.equal(rotated.status, 201, JSON.stringify(rotated.body));
  assert.equal((await makeToken(pat, 'payments-release', ['publisher'])).status, 409, 'one live token per name');
  const stored = await service.store.token(rotated.body.id);
  assert.deepEqual(stored!.delegated_from, [{ name: 'pat', groups: ['api-guild', 'payments'] }]);
});

test("the proxy's groups are read only from the header an option names", async () => {
  const plain = await startService(idp, { auth: { ...testAuth(idp), trustedProxies: ['127.0.0.1'] } });
  const named = await startService(idp, { auth: { ...testAuth(idp), trustedProxies: ['127.0.0.1'], proxyGroupsHeader: 'X-Proxy-Groups' } });
  try {
    const asMallory = (headers: Record<string, string>) => ({ headers: { 'x-forwarded-user': 'mallory', ...headers }, body: { preset: 'all' } });
    // a proxy set up as the README says sets X-Forwarded-User and passes the client's other headers
    const spoofed = await plain.call('PUT', '/rulesets/default', asMallory({ 'x-forwarded-groups': 'api-guild' }));
    assert.equal(spoofed.status, 403, JSON.stringify(spoofed.body));
    assert.equal((await named.call('PUT', '/rulesets/default', asMallory({ 'x-forwarded-groups': 'api-guild' }))).status, 403, 'not the header the option names');
    assert.equal((await named.call('PUT', '/rulesets/default', asMallory({ 'x-proxy-groups': 'developers, api-guild' }))).status, 200, 'the named header');
  } finally {
    await plain.dispose();
    await named.dispose();
  }
});
