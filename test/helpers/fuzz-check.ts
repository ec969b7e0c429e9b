// What every lint of hostile text must satisfy, shared by the property test, the regression test of
// fixtures/fuzz and `npm run fuzz`.
import { messageLimit } from '../../src/text/quote.js';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { lintText, type FileResult, type LintOptions } from '../../src/pipeline/lint.js';
import { UserError } from '../../src/errors.js';
import { corpusEntries } from './corpus.js';
import { corpusDir } from './paths.js';

/** Per case: a lint of a document under 30 kB that takes longer than this is treated as a hang. */
export const caseTimeLimitMs = 5_000;

export interface SampleDoc {
  file: string;
  uri: string;
  value: unknown;
}

/**
 * A fixed sample of the corpus: every fourth of the documents under 30 kB, by size, so the cases
 * reach small fragments and medium real APIs alike and the sample is the same on every machine.
 */
export function fuzzSample(): SampleDoc[] {
  const small = corpusEntries()
    .filter((e) => !e.fragment)
    .map((e) => ({ e, text: readFileSync(e.path, 'utf8') }))
    .filter(({ text }) => text.length < 30_000)
    .sort((a, b) => a.text.length - b.text.length || (a.e.file < b.e.file ? -1 : 1));
  const out: SampleDoc[] = [];
  for (let i = 0; i < small.length; i += 4) {
    const { e, text } = small[i]!;
    let value: unknown;
    try {
      value = /\.json$/i.test(e.file) ? JSON.parse(text) : (JSON.parse(JSON.stringify(loadYaml(text))) as unknown);
    } catch {
      continue; // the corpus's own invalid documents are linted as they are by corpus.test
    }
    out.push({ file: e.file, uri: e.path, value });
  }
  return out;
}

function loadYaml(text: string): unknown {
  return yaml.load(text, { schema: yaml.CORE_SCHEMA, json: true });
}

/** `$ref`s may read inside the corpus (the documents' own fragments) and nowhere else. */
export const fuzzOptions: LintOptions = { preset: 'all', strict: true, projectRoot: corpusDir };

const passwd = (() => {
  try {
    return readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? '';
  } catch {
    return '';
  }
})();

/**
 * Lints `text` as `uri` and checks the run: it ends in time, throws nothing (a UserError is not
 * expected for text handed in directly), reports no internal-error, gives well-formed ranges inside
 * the text, never echoes a file outside the project, and leaves Object.prototype alone.
 */
export async function checkLint(text: string, uri: string, options: LintOptions = fuzzOptions): Promise<FileResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${caseTimeLimitMs} ms`)), caseTimeLimitMs);
  });
  let result: FileResult;
  try {
    result = await Promise.race([lintText(text, uri, options), hang]);
  } catch (error) {
    if (error instanceof UserError) throw new Error(`lintText threw a UserError for text: ${error.message}`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // a synchronous loop cannot be interrupted by the timer above; it is caught here, after the fact
  const took = performance.now() - started;
  assert.ok(took < caseTimeLimitMs, `took ${Math.round(took)} ms`);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined, 'Object.prototype was polluted');
  const crashes = result.diagnostics.filter((d) => d.ruleId === 'internal-error');
  assert.deepEqual(crashes.map((d) => d.message), []);
  for (const d of result.diagnostics) {
    const r = d.range;
    assert.ok(
      [r.start.line, r.start.character, r.end.line, r.end.character].every((n) => Number.isInteger(n) && n >= 0),
      `a malformed range: ${JSON.stringify(d)}`,
    );
    assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `a range that ends before it starts: ${JSON.stringify(d)}`);
    assert.ok(typeof d.message === 'string' && d.message.length > 0, `an empty message: ${JSON.stringify(d)}`);
    // a long aliased scalar or a huge path key must not be multiplied into every message
    assert.ok(d.message.length <= messageLimit, `a message of ${d.message.length} characters: ${d.message.slice(0, 200)}…`);
    if (passwd) assert.ok(!d.message.includes(passwd), `a finding echoes /etc/passwd: ${d.message}`);
  }
  return result;
}

/** The document a fixture stands for: fixtures/fuzz/<name> is linted as if it sat in the corpus. */
export function fixtureUri(name: string): string {
  return path.join(corpusDir, 'fuzz', name);
}
