// Path authorization over HTTP: the version-control server's syntax, with groups (from the file and
// from the identity's claims), r / rw, inheritance down the path, and the empty permission that
// denies and overrides what is inherited.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePathAuthorization } from '../src/auth/path-authorization.js';
import { ClaimsPrincipal, ClaimTypes } from '../src/auth/claims.js';
import { sampleBundle, startIdentityProvider, startService, type IdentityProvider, type TestService } from './helpers/service.js';

const rules = `# who may read and publish which API
[groups]
payments = carol

[lint:/apis]
* = r
@api-guild = rw

[/apis/payments]
@payments = rw
dana =

[/apis/orders/revisions]
hank =

[other-repository:/apis]
dana = rw
zed = rw
`;

let idp: IdentityProvider;
let service: TestService;
const as: Record<string, string> = {};

before(async () => {
  idp = await startIdentityProvider();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-paths-')), 'authz');
  writeFileSync(file, rules);
  service = await startService(idp, { pathAuthorization: file });
  // everyone here is a publisher by role: the path authorization alone tells them apart
  as['dana'] = await idp.sign({ sub: 'dana', groups: ['developers'] });
  as['carol'] = await idp.sign({ sub: 'carol', groups: ['developers'] });
  as['erin'] = await idp.sign({ sub: 'erin', groups: ['developers', 'payments'] });
  as['gus'] = await idp.sign({ sub: 'gus', groups: ['developers', 'api-guild'] });
  as['hank'] = await idp.sign({ sub: 'hank', groups: ['developers'] });
  as['zed'] = await idp.sign({ sub: 'zed', groups: ['developers'] });
});
after(async () => {
  await service.dispose();
  await idp.close();
});

const publish = (who: string, api: string) => service.call('POST', `/apis/${api}/revisions`, { token: as[who], body: sampleBundle() });

test('rw from a group inherited down the path; r for everyone else', async () => {
  assert.equal((await publish('gus', 'orders')).status, 201, '@api-guild = rw on /apis covers /apis/orders/revisions');
  const denied = await publish('dana', 'orders');
  assert.equal(denied.status, 403);
  assert.match(denied.body.error.message, /read-only access to \/apis\/orders\/revisions/);
  assert.equal((await service.call('GET', '/apis/orders/revisions/1', { token: as['dana'] })).status, 200, '* = r is inherited');
});

test('groups from the file and from the identity claims', async () => {
  assert.equal((await publish('carol', 'payments')).status, 201, 'carol is in [groups] payments');
  assert.equal((await publish('erin', 'payments')).status, 201, "erin's JWT carries the group");
  assert.equal((await publish('gus', 'payments')).status, 201, 'no entry for gus in /apis/payments: the /apis section still decides');
});

test('an empty permission denies and overrides the inherited read', async () => {
  const denied = await service.call('GET', '/apis/payments', { token: as['dana'] });
  assert.equal(denied.status, 403);
  assert.match(denied.body.error.message, /no access to \/apis\/payments/);
  assert.equal((await service.call('GET', '/apis/payments/revisions/1/findings', { token: as['dana'] })).status, 403);
  const listed = await service.call('GET', '/apis', { token: as['dana'] });
  assert.deepEqual(listed.body.items.map((a: { id: string }) => a.id), ['orders'], 'an API dana cannot read is not listed');
  assert.equal((await publish('dana', 'payments')).status, 403, 'the other repository grants nothing here');
  assert.equal((await publish('zed', 'orders')).status, 403, "only the other repository's section grants zed rw: here it is * = r");
});

test('a deny on the revisions hides them in lists and pages too, not only on their own routes', async () => {
  assert.equal((await service.call('GET', '/apis/orders/revisions', { token: as['hank'] })).status, 403);
  const listed = await service.call('GET', '/apis', { token: as['hank'] });
  const latest = Object.fromEntries(listed.body.items.map((a: { id: string; latest: unknown }) => [a.id, a.latest]));
  assert.equal(latest['orders'], null, 'orders is listed without its latest revision');
  assert.notEqual(latest['payments'], null, "payments' revisions are not denied to hank");
  const one = await service.call('GET', '/apis/orders', { token: as['hank'] });
  assert.equal(one.status, 200);
  assert.equal(one.body.latest, null);
  assert.notEqual((await service.call('GET', '/apis/orders', { token: as['dana'] })).body.latest, null, 'dana reads the revisions: she sees the latest');
  assert.equal((await service.call('GET', '/ui/apis/orders', { token: as['hank'] })).status, 403, 'the API page lists the revisions');
  const dashboard = await service.call('GET', '/', { token: as['hank'] });
  assert.equal(dashboard.status, 200);
  assert.doesNotMatch(String(dashboard.body), /\/ui\/apis\/orders\/revisions\//);
});

test('an identity whose user name reads as a group, everyone or a service token is refused', async () => {
  for (const name of ['@api-guild', '*', 'token:ci']) {
    const refused = await service.call('GET', '/apis', { token: await idp.sign({ sub: 'x', preferred_username: name }) });
    assert.equal(refused.status, 401, name);
    assert.match(refused.body.error.message, /path authorization/);
  }
});

test('the file syntax: sections, entries, errors with line and column', () => {
  const authz = parsePathAuthorization('authz', rules, 'lint');
  const who = (name: string, groups: string[] = []) => new ClaimsPrincipal([{ type: ClaimTypes.name, value: name }, ...groups.map((value) => ({ type: ClaimTypes.group, value }))]);
  assert.equal(authz.permission(who('zed'), '/apis/orders'), 'r');
  assert.equal(authz.permission(who('@api-guild'), '/apis/orders'), 'r', 'a principal named like a group does not take its entry');
  assert.equal(authz.permission(who('zed'), '/tokens'), '', 'nothing grants outside /apis');
  assert.equal(authz.permission(who('dana'), '/apis/payments/revisions/3'), '');
  assert.equal(authz.permission(who('dana'), '/apis/paymentsx'), 'r', 'a sibling path with the same prefix inherits nothing from /apis/payments');
  assert.equal(parsePathAuthorization('authz', rules, 'other-repository').permission(who('dana'), '/apis/orders'), 'rw');
  assert.throws(() => parsePathAuthorization('authz', '[/apis]\nbob = rwx\n', 'lint'), { message: /^authz:2:7: 'rwx' is not a permission for 'bob'; use rw, r, or nothing to deny\.$/ });
  assert.throws(() => parsePathAuthorization('authz', 'bob = r\n', 'lint'), { message: /^authz:1:1: the entry 'bob = r' comes before any \[section\]/ });
  assert.throws(() => parsePathAuthorization('authz', '[apis]\n', 'lint'), { message: /^authz:1:1: '\[apis\]' is not a section/ });
});
