#!/usr/bin/env node
// A measurement, not a rule (issue 38): `path-collection-plural`'s leave-one-source-out findings, as shipped and
// with a "precision first" filter beside them. The filter keeps a finding only where the document itself shows a
// collection at the segment: a parameter naming its member id follows it (named after the segment or its last
// word, with or without an id ending, or a bare `{id}`) AND some other evidence does (a GET at the segment's path
// that answers with a list, a POST there, or a sibling path spelt with the segment's plural). Nothing under rules/
// changes; the scores come from bench/conventions-score.ts (the same rows, models and weighting). A second table puts the
// kept findings (direct evidence) beside the rest: the severity split measured in round twelve (bench/README.md).
//   node bench/plural-precision-first.mjs [--cache file.json] [--examples] [--wide-names] [--unseal[=SET,…]] [shared-dir]   (after `npm run build`;
// --unseal: the sealed sets too, conventions-data.ts's sealedSets)
// --cache keeps the scored plural rows (the scoring run takes minutes) and reuses them when the file exists.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import pluralize from 'pluralize';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const cacheAt = args.indexOf('--cache');
const cache = cacheAt >= 0 ? args[cacheAt + 1] : undefined;
const showExamples = args.includes('--examples');
// --wide-names: a sensitivity check, the member parameter may also end in name, key, slug or gid (`{jobName}`)
const endings = args.includes('--wide-names') ? ['', 'id', 'uuid', 'guid', 'gid', 'name', 'key', 'slug'] : ['', 'id', 'uuid', 'guid'];
const bare = args.includes('--wide-names') ? /^(id|uuid|guid|gid|name|key|slug)$/ : /^(id|uuid|guid)$/;
const shared = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--cache') ?? path.join(root, '..', 'shared'));
const dist = (p) => path.join(root, 'dist', p);
const score = await import(dist('bench/conventions-score.js'));
const data = await import(dist('bench/conventions-data.js'));
const { parsePath } = await import(dist('rules/lib/path-parser.js'));

/** The plural rows with whether the leave-one-source-out models flag them, from the cache or a scoring run. */
async function pluralRows() {
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8'));
  const result = await score.runConventionsScore(shared, root, { unseal: data.unsealOption(args) });
  if (result.missing.length > 0) {
    console.error(`bench/plural-precision-first.mjs: ${result.missing.length} label documents are missing (first: ${result.missing[0]}); materialise them first (bench/README.md).`);
    process.exit(2);
  }
  const rows = result.rows
    .filter((r) => r.rule === 'path-collection-plural')
    .map(({ set, source, path: p, segmentIndex, segment, positive, weight, watch, reason }) => ({ set, source, path: p, segmentIndex, segment, positive, weight, watch, reason }));
  const flaggedKeys = new Set([...result.flagged].filter((r) => r.rule === 'path-collection-plural').map((r) => `${r.set}\t${r.source}\t${r.path}\t${r.segmentIndex}`));
  for (const r of rows) r.flagged = flaggedKeys.has(`${r.set}\t${r.source}\t${r.path}\t${r.segmentIndex}`);
  if (cache) writeFileSync(cache, JSON.stringify(rows));
  return rows;
}

/** The documents of each source, as the scoring reads them (fragments of the corpus left out). */
function documentsBySource() {
  const corpus = path.join(shared, 'corpus');
  const manifest = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const docs = manifest
    .filter((c) => !(c[7] ?? '').startsWith('fragment referenced by'))
    .map((c) => ({ source: c[0].split('/')[0], file: path.join(corpus, c[0]) }))
    .filter((d) => statSync(d.file, { throwIfNoEntry: false })?.isFile());
  const dir = data.realApisDir(root);
  const lists = [
    path.join(shared, 'labels', 'real-apis-documents.tsv'), path.join(shared, 'labels', 'real-apis-2-documents.tsv'),
    data.censusDocumentList(root), data.openApi3DocumentList(root), data.openApi3HeldOutDocumentList(root), data.openApi3ThirdDocumentList(root),
    data.openApi3FourthDocumentList(root), data.openApi3FifthDocumentList(root), data.openApi3SixthDocumentList(root), data.openApi3SeventhDocumentList(root),
    data.openApi3EighthDocumentList(root), data.openApi3NinthDocumentList(root), data.openApi3TenthDocumentList(root), data.openApi3EleventhDocumentList(root),
  ];
  for (const list of lists) docs.push(...data.listedDocuments(list, dir).filter((d) => d.present));
  const by = new Map();
  for (const d of docs) by.set(d.source, [...(by.get(d.source) ?? []), d.file]);
  return by;
}

const parsed = new Map();
function load(file) {
  if (!parsed.has(file)) {
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    let doc;
    try {
      doc = file.endsWith('.json') ? JSON.parse(text) : yaml.load(text);
    } catch {
      doc = undefined;
    }
    parsed.set(file, doc && typeof doc === 'object' ? doc : undefined);
  }
  return parsed.get(file);
}

/** A local `$ref` followed (external ones are not: the filter then sees no list there). */
function deref(doc, node, depth = 0) {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string' || depth > 20) return node;
  if (!node.$ref.startsWith('#/')) return undefined;
  let at = doc;
  for (const part of node.$ref.slice(2).split('/')) at = at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return deref(doc, at, depth + 1);
}

/** An array, or an object (allOf merged) holding exactly one array property: a page of results. */
function isList(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || depth > 3) return false;
  if (s.type === 'array' || s.items !== undefined) return true;
  const props = { ...(s.properties ?? {}) };
  for (const part of s.allOf ?? []) Object.assign(props, deref(doc, part)?.properties ?? {});
  const arrays = Object.values(props).filter((p) => {
    const q = deref(doc, p);
    return q && (q.type === 'array' || q.items !== undefined);
  });
  return arrays.length === 1;
}

/** A GET whose 2xx answer (Swagger 2 `schema`, OpenAPI 3 `content`) is a list. */
function getReadsList(doc, item) {
  const get = item?.get;
  if (!get || typeof get !== 'object') return false;
  return Object.entries(get.responses ?? {}).some(([code, response]) => {
    if (!/^2/.test(code)) return false;
    const r = deref(doc, response);
    if (!r) return false;
    if (r.schema && isList(doc, r.schema)) return true;
    return Object.values(r.content ?? {}).some((media) => isList(doc, media?.schema));
  });
}

const letters = (t) => t.toLowerCase().replace(/[^a-z]/g, '');
/** A path key with its parameters' names dropped: `/a/{x}/b` and `/a/{y}/b` are one place. */
const shape = (key) => key.replace(/\{[^{}]*\}/g, '{}');

/** Why the filter keeps a flagged row in one document (a string), or why it drops it there. */
function keeps(doc, row) {
  const segments = parsePath(row.path);
  const seg = segments[row.segmentIndex];
  const next = segments[row.segmentIndex + 1];
  if (!seg || next?.kind !== 'param') return { dropped: 'no member-id parameter' };
  const name = letters(next.params[0] ?? '');
  const whole = letters(seg.text);
  const head = seg.words.at(-1)?.text ?? whole;
  const memberId = endings.some((end) => name === whole + end || name === head + end) || bare.test(name);
  if (!memberId) return { dropped: 'no member-id parameter' };
  const paths = doc.paths ?? {};
  const prefix = shape(row.path.slice(0, seg.end));
  const items = Object.keys(paths).filter((k) => shape(k) === prefix).map((k) => deref(doc, paths[k]));
  if (items.some((item) => getReadsList(doc, item))) return 'GET reads a list';
  if (items.some((item) => item?.post)) return 'POST at the segment';
  const parent = shape(row.path.slice(0, seg.start));
  const plural = parent + pluralize.plural(seg.text);
  if (pluralize.plural(seg.text) !== seg.text && Object.keys(paths).some((k) => shape(k) === plural || shape(k).startsWith(`${plural}/`))) return 'plural sibling';
  return { dropped: 'no other evidence' };
}

const rows = await pluralRows();
const docs = documentsBySource();
/** Flagged rows whose path no parsed document of the source holds (the filter drops them unseen). */
const unread = [];
for (const r of rows) {
  if (!r.flagged) continue;
  const files = (docs.get(r.source) ?? []).filter((f) => load(f)?.paths?.[r.path] !== undefined);
  if (files.length === 0) unread.push(r);
  const verdicts = files.map((f) => keeps(load(f), r));
  r.why = verdicts.find((w) => typeof w === 'string');
  r.kept = r.why !== undefined;
  // where no document keeps it, the furthest any got: a member-id parameter but nothing else, or not even that
  if (!r.kept) r.dropped = verdicts.some((v) => v?.dropped === 'no other evidence') ? 'no other evidence' : 'no member-id parameter';
}

const shippedFlags = new Set(rows.filter((r) => r.flagged));
const filteredFlags = new Set(rows.filter((r) => r.flagged && r.kept));
// the severity split (round twelve): the findings the filter keeps (direct evidence) against the rest
const restFlags = new Set(rows.filter((r) => r.flagged && !r.kept));
const openApi3 = ['openapi3-apis', 'openapi3-heldout', 'openapi3-third', 'openapi3-fourth', 'openapi3-fifth', 'openapi3-sixth', 'openapi3-seventh', 'openapi3-eighth', 'openapi3-ninth', 'openapi3-tenth', 'openapi3-eleventh'];
const groups = [
  ['pooled (three trained sets, leave one source out)', (r) => !data.heldOutSets.has(r.set)],
  ['census-apis (held out)', (r) => r.set === 'census-apis'],
  ...openApi3.map((s, i) => [`OpenAPI 3 set ${i + 1} (${s})`, (r) => r.set === s]),
  // the OpenAPI 3 sets pooled: the first seven, then one set more each time (the order they were labelled in)
  ...openApi3.slice(6).map((_, k) => [`OpenAPI 3 sets 1–${k + 7} pooled${k === 0 ? ' (read)' : ''}`, (r) => openApi3.indexOf(r.set) !== -1 && openApi3.indexOf(r.set) < k + 7]),
];
const f = (x) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));
const ci = (i) => `${f(i.value)} [${f(i.low)}, ${f(i.high)}]`;
console.log('| set | shipped: precision [95% CI] / recall | flagged / positive / both | precision first: precision [95% CI] / recall | flagged / both | dropped (true / false) |');
console.log('|---|---|---|---|---|---|');
for (const [name, inSet] of groups) {
  const some = rows.filter((r) => inSet(r) && !r.watch);
  const a = score.estimate(some, shippedFlags);
  const b = score.estimate(some, filteredFlags);
  const dropped = some.filter((r) => r.positive !== undefined && r.flagged && !r.kept);
  console.log(`| ${name} | ${ci(a.precision)} / ${f(a.recall.value)} | ${a.flagged} / ${a.positive} / ${a.truePositive} | ${ci(b.precision)} / ${f(b.recall.value)} | ${b.flagged} / ${b.truePositive} | ${dropped.length} (${dropped.filter((r) => r.positive).length} / ${dropped.filter((r) => !r.positive).length}) |`);
}
console.log('\nThe severity split: the findings with direct evidence (kept above) against the rest, precision [95% CI], flagged / both:\n');
console.log('| set | with direct evidence | the rest |');
console.log('|---|---|---|');
for (const [name, inSet] of groups) {
  const some = rows.filter((r) => inSet(r) && !r.watch);
  const b = score.estimate(some, filteredFlags);
  const c = score.estimate(some, restFlags);
  console.log(`| ${name} | ${ci(b.precision)}, ${b.flagged} / ${b.truePositive} | ${ci(c.precision)}, ${c.flagged} / ${c.truePositive} |`);
}
const kept = rows.filter((r) => r.kept && !r.watch && r.positive !== undefined);
const lost = rows.filter((r) => r.flagged && !r.kept && !r.watch && r.positive !== undefined);
for (const [name, inSet] of [groups[0], groups.at(-1)]) {
  const some = lost.filter(inSet);
  console.log(`\n${name}, dropped: ${['no member-id parameter', 'no other evidence'].map((d) => `${d} ${some.filter((r) => r.dropped === d && r.positive).length} true / ${some.filter((r) => r.dropped === d && !r.positive).length} false`).join('; ')}.`);
}
console.log(`\nKept by: ${['GET reads a list', 'POST at the segment', 'plural sibling'].map((w) => `${w} ${kept.filter((r) => r.why === w).length}`).join(', ')}.`);
if (unread.length > 0) console.log(`${unread.length} flagged rows are in no document read here (dropped unseen): ${unread.slice(0, 5).map((r) => `${r.source} ${r.path}`).join('; ')}.`);
if (showExamples) {
  console.log('\nDropped findings (TP: labelled a violation, lost; FP: a false finding, gone):');
  for (const r of rows) if (r.flagged && !r.kept && r.positive !== undefined && !r.watch) console.log(`${r.positive ? 'TP' : 'FP'}\t${r.dropped}\t${r.set}\t${r.source}\tw=${r.weight.toFixed(1)}\t${r.path}\t${r.segment}`);
}
