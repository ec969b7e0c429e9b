#!/usr/bin/env node
// How far the path and method convention rules other than path-no-verbs and path-collection-plural can
// be trusted on real APIs (issue 38): their precision (Wilson 95% interval over Kish's effective n) and
// estimated recall, per rule pooled, per format and per source, from the hand labels of
// bench/labels/path-rules.tsv and the findings of the build in dist/ on the labelled documents.
//   node bench/path-rules.mjs --mirrors /work/.mirror   write the documents from their pinned commits
//                                                       (bench/labels/path-rules-documents.tsv) into
//                                                       bench/.real-apis/path-rules (git-ignored)
//   node bench/path-rules.mjs                           the figures (after `npm run build`)
//   node bench/path-rules.mjs --json | --errors         as JSON; or also each wrongly judged row
//   node bench/path-rules.mjs --draw FILE               the seeded sample, unlabelled, for a labeller
//   node bench/path-rules.mjs --draw-corpus FILE        the corpus draw (findings of the build in dist/ only)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const data = await import(path.join(root, 'dist', 'bench', 'path-rules-data.js'));
const score = await import(path.join(root, 'dist', 'bench', 'path-rules-score.js'));

if (option('--mirrors')) {
  const mirrors = option('--mirrors');
  for (const d of data.readDocuments(root)) {
    const text = execFileSync('git', ['--git-dir', path.join(mirrors, d.repo.replace('/', '+'), 'repo'), 'show', `${d.commit}:${d.sourcePath}`], { maxBuffer: 1 << 28 });
    if (text.length !== d.bytes) throw new Error(`${d.file}: ${text.length} bytes, pinned ${d.bytes}`);
    const target = path.join(data.documentsDir(root), d.file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  console.log(`${data.readDocuments(root).length} documents written to ${data.documentsDir(root)}`);
  process.exit(0);
}

const shared = path.resolve(root, '..', 'shared');
const missing = data.missingDocuments(root);
if (missing.length > 0) {
  console.error(`bench/path-rules.mjs: ${missing.length} labelled documents are not materialised (first: ${missing[0]}); run it with --mirrors <folder of fetched mirrors> first.`);
  process.exit(2);
}
const corpus = data.corpusDocuments(shared);
if (corpus.length === 0) console.error('bench/path-rules.mjs: no ../shared/corpus; its labels are left out.');
const found = await data.readPathRuleData([...data.apiDocuments(root), ...corpus]);

if (option('--draw') || option('--draw-corpus')) {
  const inCorpus = (r) => r.source.startsWith('corpus:');
  const apis = { candidates: found.candidates.filter((c) => !inCorpus(c)), findings: found.findings.filter((c) => !inCorpus(c)) };
  const fromCorpus = { candidates: found.candidates.filter(inCorpus), findings: found.findings.filter(inCorpus) };
  const rows = option('--draw') ? score.drawSample(apis) : score.drawSample(fromCorpus, { seed: score.corpusSeed, perSource: (_, stratum) => (stratum === 'flagged' ? score.corpusPerSource : 0) });
  const head = ['rule', 'source', 'format', 'path', 'place', 'detail', 'stratum', 'population', 'verdict', 'reason', 'message'];
  const clean = (s) => String(s).replace(/[\t\n]/g, ' ');
  const out = option('--draw') ?? option('--draw-corpus');
  writeFileSync(out, [head.join('\t'), ...rows.map((r) => head.map((h) => clean(r[h] ?? '')).join('\t'))].join('\n') + '\n');
  console.log(`${rows.length} places drawn to ${out}`);
  process.exit(0);
}

const labels = score.readLabels(root);
const { scores, flagged } = score.scoreLabels(labels, found.findings);
if (args.includes('--json')) {
  console.log(JSON.stringify(scores, null, 2));
} else {
  const f = (x) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));
  const ci = (i) => `${f(i.value)} [${f(i.low)}, ${f(i.high)}]`;
  console.log(`${labels.length} labelled places, ${new Set(labels.map((r) => r.source)).size} sources; the build in dist/ scored.\n`);
  console.log('| rule | scope | precision [95% CI] | recall [95% CI] | flagged | positive | both | recommended |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const s of scores.filter((s) => ['all', 'apis', 'corpus', 'swagger2', 'openapi3'].includes(s.scope))) {
    const e = s.estimate;
    console.log(`| ${s.rule} | ${s.scope} | ${ci(e.precision)} | ${ci(e.recall)} | ${e.flagged} | ${e.positive} | ${e.truePositive} | ${s.scope === 'all' ? score.severityFor(e.precision) : ''} |`);
  }
  console.log('\nPer source (each one left out is scored by the same rule: nothing is fitted):\n');
  console.log('| rule | source | precision | recall | flagged | positive | both |');
  console.log('|---|---|---|---|---|---|---|');
  for (const s of scores.filter((s) => !['all', 'apis', 'corpus', 'swagger2', 'openapi3'].includes(s.scope))) {
    const e = s.estimate;
    console.log(`| ${s.rule} | ${s.scope} | ${f(e.precision.value)} | ${f(e.recall.value)} | ${e.flagged} | ${e.positive} | ${e.truePositive} |`);
  }
}
if (args.includes('--errors')) {
  console.log('\nPlaces judged against their label (FP: flagged, labelled ok; FN: labelled a violation, not flagged):');
  for (const r of labels) {
    if (r.positive === undefined || flagged(r) === r.positive) continue;
    console.log(`${flagged(r) ? 'FP' : 'FN'}\t${r.rule}\t${r.source}\tw=${r.weight.toFixed(1)}\t${r.path}\t${r.place}\t${r.reason}`);
  }
}
