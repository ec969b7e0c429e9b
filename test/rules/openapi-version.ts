import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule from '../../rules/openapi-version.js';
import { lintWithOnly, testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.0.4', yaml: "openapi: 3.0.4\ninfo: {title: T, version: '1'}\npaths: {}\n" },
    { name: '3.1.1 with a pre-release suffix', yaml: "openapi: 3.1.1-rc1\ninfo: {title: T, version: '1'}\npaths: {}\n" },
    { name: '3.2.0', yaml: "openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths: {}\n" },
  ],
  invalid: [
    { name: '3.3.0', yaml: "openapi: 3.3.0\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 10, message: /OpenAPI 3\.3\.0 is not a version swaglint checks: it checks 3\.0\.x, 3\.1\.x and 3\.2\.x/ }] },
    // never "quote it: '3.0'": that is no version either
    { name: 'a number', yaml: "openapi: 3.0\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 10, message: /YAML reads it as a number, and 3\.0 is no version either: write the full version the document follows, major\.minor\.patch, such as `openapi: 3\.0\.0`/ }] },
    { name: 'a number of another minor', yaml: "openapi: 3.1\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 10, message: /such as `openapi: 3\.1\.0`/ }] },
    { name: 'both swagger and openapi', yaml: "openapi: 3.1.0\nswagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 1, message: /both `swagger` and `openapi`/ }] },
  ],
});

test('openapi-version: the version its advice names is one it accepts', async () => {
  for (const written of ['3.0', '3.1', '3', '4.5']) {
    const before = (await lintWithOnly(rule, `openapi: ${written}\ninfo: {title: T, version: '1'}\npaths: {}\n`)).diagnostics;
    assert.equal(before.length, 1);
    const advised = /such as `openapi: ([^`]+)`/.exec(before[0]!.message)?.[1];
    assert.ok(advised, before[0]!.message);
    const after = (await lintWithOnly(rule, `openapi: ${advised}\ninfo: {title: T, version: '1'}\npaths: {}\n`)).diagnostics;
    assert.deepEqual(after.map((d) => d.message), [], `openapi: ${written} → ${advised}`);
  }
});
