// Every rule's documentation shows what fails it and what passes (`Fails:` and `Passes:`, each a YAML
// block): the examples are linted here, so a page cannot promise what the rule does not do. A fragment
// (`paths:` alone) is completed into a document with the top-level fields Swagger 2.0 requires that it
// leaves out; an OpenAPI 3 example writes its `openapi` line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { builtinRules } from '../rules/index.js';
import { lintText } from '../src/pipeline/lint.js';

interface Examples {
  fails: string[];
  passes: string[];
}

/** The YAML blocks after `Fails:` and after `Passes:`, up to the next of those headings. */
function examplesOf(docs: string): Examples {
  const out: Examples = { fails: [], passes: [] };
  let into: keyof Examples | undefined;
  const lines = docs.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^Fails:\s*$/.test(line)) into = 'fails';
    else if (/^Passes:\s*$/.test(line)) into = 'passes';
    else if (into && /^```ya?ml\s*$/.test(line)) {
      const block: string[] = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) block.push(lines[i]!);
      out[into].push(block.join('\n') + '\n');
    }
  }
  return out;
}

/**
 * The example as a whole document: the top-level fields Swagger 2.0 requires that it leaves out, put
 * before it as text (not parsed and dumped again: a repeated key, which duplicate-key shows, must stay).
 */
function complete(example: string): string {
  const has = (key: string) => new RegExp(`^${key}:`, 'm').test(example);
  const missing = [
    has('swagger') || has('openapi') ? '' : "swagger: '2.0'\n", // an OpenAPI 3 example names its version
    has('info') ? '' : "info: {title: Example, version: '1.0', description: An example.}\n",
    has('paths') ? '' : 'paths: {}\n',
  ];
  return missing.join('') + example;
}

const documented = builtinRules.filter((rule) => rule.meta.docs?.includes('Fails:'));

test('most rules document what fails them and what passes', () => {
  assert.ok(documented.length >= 40, `${documented.length} rules have examples`);
});

for (const rule of documented) {
  const id = rule.meta.id;
  test(`${id}: its Fails examples fail it and its Passes examples pass it`, async () => {
    const { fails, passes } = examplesOf(rule.meta.docs!);
    assert.ok(fails.length > 0 && passes.length > 0, 'a Fails and a Passes example, each a YAML block');
    const findingsOf = async (example: string) => {
      const { diagnostics } = await lintText(complete(example), `/docs/${id}.yaml`, { preset: 'all', rules: { [id]: 'error' } });
      return diagnostics.filter((d) => d.ruleId === id || d.ruleId === 'parse-error');
    };
    for (const example of fails) {
      const found = await findingsOf(example);
      assert.ok(found.some((d) => d.ruleId === id), `no ${id} finding for the Fails example:\n${example}`);
    }
    for (const example of passes) {
      assert.deepEqual((await findingsOf(example)).map((d) => `${d.ruleId}: ${d.message}`), [], `the Passes example:\n${example}`);
    }
  });
}
