#!/usr/bin/env node
// How far the path-convention rules can be trusted on an API they were not trained on: leave one source
// out. For each source of the three label sets (../shared/labels/path-segments.tsv and real-apis.tsv, and
// bench/labels/census-apis.tsv), the
// models of `path-no-verbs` and `path-collection-plural` are trained on every other source
// (scripts/conventions-training.ts: weights and threshold) and score that source; the pooled weighted
// precision and estimated recall, with Wilson 95% intervals, are printed per set and all together, with
// and without the Kubernetes `watch` rows, then per source. Ambiguous rows are left out.
//   node bench/conventions.mjs [shared-dir]            (after `npm run build`; the second and third sets' documents
//                                                      materialised first, see bench/README.md)
//   node bench/conventions.mjs --json [shared-dir]     the scores as JSON
//   node bench/conventions.mjs --untouched [shared-dir]  also the figures of the sources kept unread
//   node bench/conventions.mjs --unseal[=SET,…] [shared-dir]  also the sets sealed until scored once (conventions-data.ts's
//                                                      sealedSets, all or those named: left out otherwise, so a round can run this unseen)
//   node bench/conventions.mjs --errors [shared-dir]   also list each left-out source's wrong rows (not those of
//                                                      the sources kept unread, bench/conventions-data.ts, nor of
//                                                      the held-out OpenAPI 3 set; --errors-of-untouched shows them)
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const shared = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(root, '..', 'shared'));
const { runConventionsScore } = await import(path.join(root, 'dist', 'bench', 'conventions-score.js'));
const { untouchedSources, unsealOption } = await import(path.join(root, 'dist', 'bench', 'conventions-data.js'));

const result = await runConventionsScore(shared, root, { unseal: unsealOption(args) });
if (result.missing.length > 0) {
  console.error(`bench/conventions.mjs: ${result.missing.length} documents of the real-apis, real-apis-2 and census-apis label sets are missing (first: ${result.missing[0]}).`);
  console.error('Bring their repositories and materialise them first (bench/README.md, "Path conventions"):');
  console.error('  node dist/scripts/materialise-real-apis.js --mirrors <folder of fetched mirrors>');
  process.exit(2);
}
const { rows, scores, sources, flagged } = result;

if (flags.has('--json')) {
  console.log(JSON.stringify({ scores, sources }, null, 2));
} else {
  const f = (x) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));
  const ci = (i) => `${f(i.value)} [${f(i.low)}, ${f(i.high)}]`;
  const sets = [...new Set(rows.map((r) => r.set))].map((s) => `${s}: ${rows.filter((r) => r.set === s && r.rule === 'path-no-verbs').length} rows, ${new Set(rows.filter((r) => r.set === s).map((r) => r.source)).size} sources`);
  console.log(`Leave one source out (${sets.join('; ')}).\n`);
  console.log('| rule | set | watch rows | precision [95% CI] | recall [95% CI] | flagged | positive | both |');
  console.log('|---|---|---|---|---|---|---|---|');
  // the sources kept unread are shown only when asked for (--untouched): their figures are reported once, at the end
  const hidden = (s) => !flags.has('--untouched') && (s.set === 'untouched' || untouchedSources.has(s.source));
  for (const s of scores) {
    if (hidden(s)) continue;
    const e = s.estimate;
    console.log(`| ${s.rule} | ${s.set} | ${s.watch ? 'with' : 'without'} | ${ci(e.precision)} | ${ci(e.recall)} | ${e.flagged} | ${e.positive} | ${e.truePositive} |`);
  }
  console.log('\nPer source left out (watch rows aside):\n');
  console.log('| rule | set | source | precision | recall | flagged | positive | both |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const s of sources) {
    if (hidden(s)) continue;
    const e = s.estimate;
    console.log(`| ${s.rule} | ${s.set} | ${s.source} | ${f(e.precision.value)} | ${f(e.recall.value)} | ${e.flagged} | ${e.positive} | ${e.truePositive} |`);
  }
}

if (flags.has('--errors')) {
  // the sources kept unread (bench/conventions-data.ts) stay so unless asked for by name
  const showUntouched = flags.has('--errors-of-untouched');
  console.log(`\nRows the model trained without their source got wrong (FP: flagged, labelled otherwise; FN: labelled positive, not flagged)${showUntouched ? '' : `; ${[...untouchedSources].join(', ')} and the held-out OpenAPI 3 sets left out (--errors-of-untouched shows them)`}:`);
  for (const r of rows) {
    if (r.positive === undefined || flagged.has(r) === r.positive) continue;
    if (!showUntouched && (untouchedSources.has(r.source) || r.set.startsWith('openapi3-'))) continue;
    console.log(`${flagged.has(r) ? 'FP' : 'FN'}\t${r.rule}\t${r.set}\t${r.source}\tw=${r.weight.toFixed(1)}\t${r.path}\t${r.segment}\t${r.reason}`);
  }
}
