// The YAML fast path (src/load/yaml-fast-path.ts) must read a document exactly as js-yaml does, or
// give up: the value (types and key order), every position the index answers, the duplicate keys.
// Held to js-yaml on every YAML file of the repository, on generated documents, and on real documents
// with random edits (which must never make the fast path accept what js-yaml refuses).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseYaml, parseYamlFast, parseYamlSlow, type YamlResult } from '../src/load/parse-yaml.js';
import { yamlDifference } from './helpers/yaml-compare.js';
import { projectDir } from './helpers/paths.js';
import { seededRandom } from './helpers/seeded-random.js';

type Outcome = { ok: true; result: YamlResult } | { ok: false; message: string; offset: number };

function slow(text: string): Outcome {
  try {
    return { ok: true, result: parseYamlSlow(text, 'api.yaml') };
  } catch (error) {
    const e = error as Error & { offset?: number };
    return { ok: false, message: e.message, offset: e.offset ?? -1 };
  }
}

/** Whether the fast path read it; fails the test on any difference from js-yaml. */
function check(text: string, what: string): boolean {
  const fast = parseYamlFast(text);
  const reference = slow(text);
  if (!fast) {
    // given up: parseYaml is js-yaml's, errors included
    if (!reference.ok) assert.throws(() => parseYaml(text, 'api.yaml'), (e: Error & { offset?: number }) => e.message === reference.message && e.offset === reference.offset, what);
    return false;
  }
  assert.ok(reference.ok, `${what}: js-yaml refuses it (${reference.ok ? '' : reference.message}), the fast path read it`);
  const difference = yamlDifference(fast, reference.result);
  assert.equal(difference, undefined, `${what}: ${difference}`);
  return true;
}

function* yamlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* yamlFiles(p);
    else if (/\.ya?ml$/i.test(name)) yield p;
  }
}

const repoFiles = [...yamlFiles(path.join(projectDir, 'fixtures')), ...yamlFiles(path.join(projectDir, 'test'))];

test('every YAML file in fixtures/ and test/ reads the same through the fast path, and most take it', () => {
  let read = 0;
  for (const file of repoFiles) {
    const raw = readFileSync(file, 'utf8');
    if (check(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw, path.relative(projectDir, file))) read++;
  }
  assert.ok(repoFiles.length > 100, `${repoFiles.length} files`);
  assert.ok(read > repoFiles.length / 2, `the fast path read ${read} of ${repoFiles.length}`);
});

const keys = ['a', 'name', 'x-ext', '/pets/{id}', '200', '404', '0', '1e3', '0x1F', '.inf', '1_000', '010', '~', 'null', 'True', 'false', '-1', '1.5', '"quoted key"', "'single'", '"a\\"b"', '"200"', 'a b', 'é', '😀', 'constructor', 'toString'];
const oddKeys = ['k: v', 'key:value', '__proto__', '<<', '? x', '[k]', '"multi\n line"'];
/** What API descriptions write, and (after it) what the fast path gives up on or js-yaml refuses: a tenth of the picks. */
const scalars = [
  'plain', 'two words', '1e3', '0x1F', '.inf', '-.INF', '.nan', '1_000', '010', '0o17', '~', 'null', 'Null', 'True', 'true', 'FALSE', '12', '-3', '+4', '1.5', '1.', '0.5e-3', '2001-12-14',
  "'it''s'", "''", '""', '"esc \\t \\u00e9 \\x41 \\U0001F600 \\\\ \\" \\/"', '"bad \\q"', '"\\N\\_\\L\\P"', 'http://x.org/a#b', 'a#b', 'a # comment', 'a:b', 'a: b', '[a, b, 1]', '[]', '{}', '{ }', '[ ]',
  '{a: 1, b: [x, "y"]}', '[{a: 1}, [2]]', '[a,]', '{"k":1}', 'trailing   ', '😀 emoji', 'tab\there', '|', '>', '|-', '|+', '>2', '|1-',
];
const oddScalars = ['{a: }', '[a, , b]', '{a:1}', '&anchor v', '*alias', '!!str 1', '!!int "3"', '@at', '`tick', '%pct', '- item', '? q', ': c', 'unclosed "', '"unclosed', "'unclosed", '[unclosed'];
const blockBodies = ['line one\nline two', 'para\n\nnext para', '  indented more\nback', 'ends\n\n\n', 'x', '', '# not a comment', 'a: b\n- c'];

function generate(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const lines: string[] = [];
  const pad = (n: number) => ' '.repeat(n);
  const scalarAt = (indent: number): string => {
    const v = rand() < 0.1 ? pick(oddScalars) : pick(scalars);
    if (v[0] === '|' || v[0] === '>') {
      const inner = indent + 2 + (rand() < 0.2 ? 1 : 0);
      const body = pick(blockBodies)
        .split('\n')
        .map((l) => (l === '' ? (rand() < 0.5 ? '' : pad(inner + 1)) : pad(inner) + l))
        .join('\n');
      return `${v}${rand() < 0.1 ? ' # header' : ''}\n${body}`;
    }
    if (rand() < 0.1 && !/^[[{'"]/.test(v)) return `${v}\n${pad(indent + (rand() < 0.7 ? 2 : 0))}continued`;
    if (rand() < 0.05 && (v[0] === '"' || v[0] === "'") && v.length > 2) return `${v.slice(0, 2)}\n${pad(indent + 1)}${v.slice(2)}`;
    return v;
  };
  const node = (indent: number, depth: number): void => {
    const n = 1 + Math.floor(rand() * 4);
    const seq = rand() < 0.3;
    for (let i = 0; i < n; i++) {
      const r = rand();
      const lead = seq ? `${pad(indent)}- ` : `${pad(indent)}${rand() < 0.03 ? pick(oddKeys) : pick(keys)}:${rand() < 0.03 ? '' : ' '}`;
      if (r < 0.04) lines.push(`${pad(indent)}# a comment${rand() < 0.5 ? ' here' : ''}`);
      if (depth < 4 && r < 0.45) {
        if (seq) {
          // a mapping in the item, its first key on the dash's line
          const k = pick(keys);
          lines.push(`${lead}${k}: ${scalarAt(indent + 2)}`);
          if (rand() < 0.6) lines.push(`${pad(indent + 2)}${pick(keys)}: ${scalarAt(indent + 2)}`);
        } else {
          lines.push(lead.trimEnd() + (rand() < 0.1 ? '  # trailing comment' : ''));
          node(indent + (rand() < 0.15 ? 0 : rand() < 0.9 ? 2 : 4), depth + 1);
        }
      } else if (r < 0.5) {
        lines.push(lead.trimEnd()); // empty
      } else {
        lines.push(`${lead}${scalarAt(indent + (seq ? 2 : 0))}${rand() < 0.05 ? '   ' : ''}${rand() < 0.05 ? ' # c' : ''}`);
      }
    }
  };
  if (rand() < 0.1) lines.push('---');
  if (rand() < 0.1) lines.push('# leading comment');
  node(rand() < 0.1 ? 2 : 0, 0);
  let text = lines.join('\n') + (rand() < 0.8 ? '\n' : '');
  if (rand() < 0.15) text = text.replace(/\n/g, '\r\n');
  if (rand() < 0.03) text = '\ufeff' + text;
  if (rand() < 0.03) text = text.replace(/\n /, '\n\t');
  return text;
}

test('generated documents read the same through the fast path, or it gives up', () => {
  const rand = seededRandom(7);
  let read = 0;
  const n = 3000;
  for (let i = 0; i < n; i++) {
    const text = generate(rand);
    if (check(text, `generated document ${i}: ${JSON.stringify(text)}`)) read++;
  }
  assert.ok(read > n / 5, `the fast path read ${read} of ${n}`);
});

test('real documents with random edits never read differently, and js-yaml refusals stay its own', () => {
  const rand = seededRandom(41);
  const sources = repoFiles.map((f) => readFileSync(f, 'utf8')).filter((t) => t.length > 200 && t.length < 20_000 && parseYamlFast(t) !== undefined);
  assert.ok(sources.length > 20, `${sources.length} sources`);
  const edits = [' ', '  ', '\n', '\n  ', ':', ': ', '- ', '#', ' #', '"', "'", '[', ']', '{', '}', ',', '|', '>', '\t', '\r\n', '&a ', '*a', '!', '?', '\\', '---\n', '...'];
  let read = 0;
  const n = 1500;
  for (let i = 0; i < n; i++) {
    let text = sources[Math.floor(rand() * sources.length)]!;
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) {
      const at = Math.floor(rand() * text.length);
      const cut = rand() < 0.4 ? 1 + Math.floor(rand() * 3) : 0;
      text = text.slice(0, at) + (rand() < 0.8 ? edits[Math.floor(rand() * edits.length)] : '') + text.slice(at + cut);
    }
    if (check(text, `edited document ${i}: ${JSON.stringify(text.slice(0, 200))}…`)) read++;
  }
  assert.ok(read > n / 10, `the fast path read ${read} of ${n}`);
});

test('the fast path gives up on what it does not read, leaving js-yaml its errors', () => {
  const outside = [
    'a: &x 1\nb: *x\n', // anchors, aliases
    'a: !!str 1\n', // tags
    'base: {a: 1}\nderived:\n  <<: {b: 2}\n', // merge keys
    '%YAML 1.2\n---\na: 1\n', // directives
    'a: 1\n---\nb: 2\n', // several documents
    '? complex\n: key\n', // explicit keys
    'a:\n\tb: 1\n', // tabs in indentation
    '- a\n- b\n', // a top-level sequence
    'plain scalar\n', // a top-level scalar
    'a: b: c\n', // an error
    'a: "unclosed\n', // an error
    'a: 1\n  b: 2\n', // bad indentation
    'a:\n  - x\n  y: 1\n', // bad indentation
    '', // empty
  ];
  for (const text of outside) {
    assert.equal(parseYamlFast(text), undefined, JSON.stringify(text));
    check(text, JSON.stringify(text));
  }
});

test('a repeated key is reported where it repeats, as js-yaml has it', () => {
  const text = 'a: 1\nb:\n  c: [x, {d: 1, d: 2}]\n  c: 3\na: 2\n';
  const fast = parseYamlFast(text);
  assert.ok(fast);
  assert.deepEqual(
    fast.duplicates.map((d) => [d.name, d.pointer.join('/'), d.keyStart]),
    [
      ['d', 'b/c/1/d', text.indexOf('d: 2')],
      ['c', 'b/c', text.indexOf('c: 3')],
      ['a', 'a', text.lastIndexOf('a: 2')],
    ],
  );
  assert.equal(yamlDifference(fast, parseYamlSlow(text, 'api.yaml')), undefined);
});
