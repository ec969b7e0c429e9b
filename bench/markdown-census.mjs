#!/usr/bin/env node
// Which descriptions still need markdown-it: every distinct `description` string of every document
// bench/findings.mjs reads (the corpus, fixtures/openapi3-corpus/, the panel's published documents in
// bench/data/) or of the files given, through description-markdown's two steps: the prefilter
// (`mayHoldConstruct`: could it hold a construct at all?) and the link finder (`findLinksExactly`: the
// subset it reads exactly, or undefined for markdown-it's parse). Prints the counts, why the finder
// left each text out (tabs, a block quote, an HTML comment, ...: a guess from the text, for a reader)
// and what the parse found in it. Every string under a `description` key counts, also one in an
// example: a superset of what the rule reads. Run `npm run build` first.
//   node bench/markdown-census.mjs [FILE...] [--show]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource } from '../dist/src/load/source.js';
import { mayHoldConstruct, parseConstructs } from '../dist/src/markdown/constructs.js';
import { findLinksExactly } from '../dist/src/markdown/link-finder.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const show = args.includes('--show');
const manifest = (dir) => (existsSync(path.join(dir, 'MANIFEST.tsv')) ? readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => path.join(dir, l.split('\t')[0])) : []);
const panel = ['Bungie-net+api@da14826/openapi.json', 'openai+openai-openapi@f85dbe2/openapi.yaml', 'influxdata+openapi@ad26a17/src/oss.yml'].map((f) => path.join(here, 'data', f)).filter((f) => existsSync(f));
const given = args.filter((a) => !a.startsWith('--')).map((f) => path.resolve(f));
const files = given.length ? given : [...manifest(path.resolve(here, '..', '..', 'shared', 'corpus')), ...manifest(path.resolve(here, '..', 'fixtures', 'openapi3-corpus')), ...panel];

/** Why the finder may have left a text out: the parts of its subset a text most often leaves. */
function why(text) {
  const found = [];
  if (text.includes('\t')) found.push('tab');
  if (text.includes('~~')) found.push('strikethrough');
  if (/^ *(?:(?:[-+*]|\d{1,9}[.)]) +)*>/m.test(text)) found.push('block quote');
  if (/^ *(?:=+|-{2,}) *$/m.test(text) || /^ *([*_])(?: *\1){2,} *$/m.test(text)) found.push('setext heading or thematic break');
  if (text.includes('<!--')) found.push('HTML comment');
  return found.join(' + ') || 'other';
}

let documents = 0;
let distinct = 0;
let candidates = 0;
const parsed = [];
for (const file of files) {
  let value;
  try {
    const outcome = parseSource(readFileSync(file, 'utf8'), file);
    if (!outcome.source) continue;
    value = outcome.source.value;
  } catch {
    continue;
  }
  documents++;
  const texts = new Set();
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    for (const [key, child] of Object.entries(v)) {
      if (key === 'description' && typeof child === 'string') texts.add(child);
      else stack.push(child);
    }
  }
  distinct += texts.size;
  for (const text of texts) {
    if (!mayHoldConstruct(text)) continue;
    candidates++;
    if (findLinksExactly(text) === undefined) parsed.push({ file: path.relative(process.cwd(), file), text });
  }
}
console.log(`${documents} documents, ${distinct} distinct descriptions (per document), ${candidates} past the prefilter, ${parsed.length} need markdown-it (in ${new Set(parsed.map((p) => p.file)).size} documents)`);
const tally = (f) => parsed.reduce((m, p) => { for (const k of f(p)) m.set(k, (m.get(k) ?? 0) + 1); return m; }, new Map());
console.log('why the finder leaves them out:', Object.fromEntries(tally((p) => [why(p.text)])));
console.log('what the parse finds in them (texts holding each):', Object.fromEntries(tally((p) => new Set(parseConstructs(p.text).map((c) => c.name)))));
for (const { file, text } of parsed) console.log(`  ${file}: ${JSON.stringify(text.slice(0, show ? 2000 : 100))}${text.length > (show ? 2000 : 100) ? '…' : ''}`);
