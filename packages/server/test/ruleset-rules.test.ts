// A team's own declarative rules in a service ruleset (issue 40: "a team's declarative rules (YAML
// given/then, no code) are safe to store and run"): Spectral's rule form with core functions only,
// checked on save with a 400 naming the rule and field, run in every lint, their findings in
// revisions, pages and diffs under the rule's name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sampleBundle, startService, type TestService } from './helpers/service.js';

let service: TestService;
let admin: string;

before(async () => {
  service = await startService(undefined);
  admin = (await service.token(['ruleset-admin', 'publisher', 'reader'])).token;
});
after(() => service.dispose());

const put = (id: string, body: unknown) => service.call('PUT', `/rulesets/${id}`, { token: admin, body });

/** The team's rule: every operation has a summary that starts with a capital letter. */
const summaryRule = {
  description: 'Operations have a summary that starts with a capital letter.',
  message: '{{property}} should start with a capital letter',
  severity: 'error',
  given: '$.paths[*][*]',
  then: [{ field: 'summary', function: 'truthy' }, { field: 'summary', function: 'pattern', functionOptions: { match: '^[A-Z]' } }],
};

test('a ruleset with a rule of its own: its finding comes with every publish, in revisions, findings, pages and diffs', async () => {
  const created = await put('team', { preset: 'recommended', rules: { 'acme-operation-summary': summaryRule } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.rules['acme-operation-summary'], summaryRule, 'stored as written');
  assert.equal((await service.call('PUT', '/apis/orders', { token: admin, body: { ruleset_id: 'team' } })).status, 201);

  const first = await service.call('POST', '/apis/orders/revisions', { token: admin, body: sampleBundle() });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const findings = (await service.call('GET', '/apis/orders/revisions/1/findings?limit=1000', { token: admin })).body.items as Array<{ rule_id: string; severity: string; message: string; start_line: number; file: string }>;
  const own = findings.filter((f) => f.rule_id === 'acme-operation-summary');
  assert.deepEqual(
    own.map((f) => [f.severity, f.file, f.start_line, f.message]),
    [['error', 'api.yaml', 7, 'get.summary should start with a capital letter']],
  );
  assert.ok(first.body.errors >= 1, 'counted in the revision');

  // the next revision gives the operation a summary in lower case: the first check passes, the pattern fails
  const second = sampleBundle();
  second.files['api.yaml'] = second.files['api.yaml']!.replace('    get:\n', '    get:\n      summary: lists the orders\n');
  assert.equal((await service.call('POST', '/apis/orders/revisions', { token: admin, body: second })).status, 201);
  const diff = await service.call('GET', '/apis/orders/revisions/2/diff', { token: admin });
  const changed = (diff.body.items as Array<{ change: string; rule_id: string }>).filter((f) => f.rule_id === 'acme-operation-summary');
  // the missing summary's finding (at the operation) is fixed, the lower-case one's (at the summary) new
  assert.deepEqual(changed.map((f) => f.change).sort(), ['fixed', 'new']);

  const rules = await service.call('GET', '/apis/orders/rules', { token: admin });
  const entry = (rules.body.items as Array<{ id: string; severity: string; description: string; category: string }>).find((r) => r.id === 'acme-operation-summary');
  assert.deepEqual(entry && [entry.severity, entry.category, entry.description], ['error', 'convention', summaryRule.description]);

  const page = await service.call('GET', '/ui/apis/orders/revisions/1', { token: admin });
  assert.equal(page.status, 200);
  assert.match(page.body as string, /acme-operation-summary/);
  const rulesetPage = await service.call('GET', '/ui/rulesets/team', { token: admin });
  assert.match(rulesetPage.body as string, /acme-operation-summary <span class="own">\(the ruleset's own rule: Operations have a summary/);

  // POST /lint under the ruleset runs it too
  const linted = await service.call('POST', '/lint?ruleset_id=team', { token: admin, body: sampleBundle() });
  assert.equal(linted.status, 200);
  assert.ok((linted.body.findings as Array<{ rule_id: string }>).some((f) => f.rule_id === 'acme-operation-summary'), JSON.stringify(linted.body).slice(0, 300));
});

test('a rule that would run code, read a file or reach the network is refused with 400 naming the rule and the field', async () => {
  const refused = async (body: unknown, message: RegExp) => {
    const answer = await put('hostile', body);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(answer.body.error.message, message);
  };
  await refused({ preset: 'recommended', functions: ['evil'], rules: {} }, /^'functions': a stored ruleset runs no JavaScript/);
  await refused({ preset: 'recommended', extends: ['https://rules.example.com/ruleset.yaml'], rules: {} }, /^'extends': a stored ruleset extends nothing/);
  await refused({ preset: 'recommended', extends: 'spectral:oas', rules: {} }, /^'extends'/);
  await refused(
    { preset: 'recommended', rules: { 'acme-evil': { given: '$.info', then: { field: 'title', function: 'evil' } } } },
    /^rules\['acme-evil'\]\.then\.function: 'evil' is not a function swaglint has/,
  );
  await refused(
    { preset: 'recommended', rules: { 'acme-code': { given: '$.info', then: [{ field: 'title', function: 'truthy' }, { field: 'title', function: 'truthy', code: { module: '/tmp/evil.js', path: ['default'], hash: 'x' } }] } } },
    /^rules\['acme-code'\]\.then\.1\.code: a stored rule runs no JavaScript/,
  );
  await refused(
    { preset: 'recommended', rules: { 'acme-schema': { given: '$.info', then: { function: 'schema', functionOptions: { schema: { $ref: '/etc/passwd' } } } } } },
    /^rules\['acme-schema'\]\.then\.functionOptions\.schema: the schema does not compile/,
  );
  await refused({ preset: 'recommended', rules: { 'acme-given': { given: 'info.title', then: { function: 'truthy' } } } }, /^rules\['acme-given'\]\.given: 'info\.title' is not a JSONPath: it must start with '\$'/);
  await refused({ preset: 'recommended', rules: { 'path-no-verbs': { given: '$.info', then: { function: 'truthy' } } } }, /^rules\['path-no-verbs'\]: 'path-no-verbs' is a built-in rule's id/);
  await refused({ preset: 'recommended', rules: { 'acme-x': { severity: 'error' } } }, /^rules\['acme-x'\]: a rule of your own has given and then/);
  await refused({ preset: 'recommended', rules: { 'acme-async': { given: '$', formats: ['asyncapi2'], then: { function: 'truthy' } } } }, /^rules\['acme-async'\]\.formats: /);
  assert.equal((await service.call('GET', '/rulesets/hostile', { token: admin })).status, 404, 'nothing stored');
});

test('a pattern that needs backtracking is refused; a JSONPath filter past its bounds stops that rule alone', async () => {
  const backtracking = await put('patterns', {
    preset: 'recommended',
    rules: { 'acme-backref': { given: '$.info', then: { field: 'title', function: 'pattern', functionOptions: { match: '^(a+)\\1$' } } } },
  });
  assert.equal(backtracking.status, 400);
  assert.match(backtracking.body.error.message, /^rules\['acme-backref'\]\.then\.functionOptions\.match: '\^\(a\+\)\\1\$' cannot run in linear time \(it uses a backreference/);
  const lookahead = await put('patterns', {
    preset: 'recommended',
    rules: { 'acme-lookahead': { given: '$.definitions[*]', then: { function: 'schema', functionOptions: { schema: { type: 'object', properties: { title: { type: 'string', pattern: '^(?=a)(a|aa)+$' } } } } } } },
  });
  assert.equal(lookahead.status, 400);
  assert.match(lookahead.body.error.message, /^rules\['acme-lookahead'\]\.then\.functionOptions\.schema\.properties\.title\.pattern: .* lookahead/);

  // a nested quantifier is linear-time on RE2's engine: accepted, and it matches a hostile string without hanging
  const nested = await put('patterns', {
    preset: 'recommended',
    rules: {
      'acme-nested': { given: '$.info', then: { field: 'description', function: 'pattern', functionOptions: { notMatch: '^(a+)+$' } } },
      // builds 400 million characters per node: stopped by the filter's bounds, reported as a config-error
      'acme-blow': { given: "$[?(@.description && @.description.split('').join(@.description).length > 5)]", then: { field: 'title', function: 'falsy' } },
    },
  });
  assert.equal(nested.status, 201, JSON.stringify(nested.body));
  assert.equal((await service.call('PUT', '/apis/hostile-doc', { token: admin, body: { ruleset_id: 'patterns' } })).status, 201);
  const bundle = { root: 'api.yaml', files: { 'api.yaml': `swagger: '2.0'\ninfo:\n  title: T\n  version: '1'\n  description: ${'a'.repeat(20_000)}\ndescription: ${'a'.repeat(20_000)}\npaths: {}\n` } };
  const published = await service.call('POST', '/apis/hostile-doc/revisions', { token: admin, body: bundle });
  assert.equal(published.status, 201, JSON.stringify(published.body));
  const findings = (await service.call('GET', '/apis/hostile-doc/revisions/1/findings?limit=1000', { token: admin })).body.items as Array<{ rule_id: string; message: string }>;
  assert.ok(findings.some((f) => f.rule_id === 'acme-nested'), 'the nested quantifier ran and found the all-a description');
  const stopped = findings.find((f) => f.rule_id === 'config-error');
  assert.ok(stopped, JSON.stringify(findings.map((f) => f.rule_id)));
  assert.match(stopped.message, /Rule 'acme-blow' was stopped for this document: .*'join\(\)' would build 400000000 characters/);
});
