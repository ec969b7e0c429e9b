#!/usr/bin/env node
// How far the path-convention rules can be trusted: `path-no-verbs` and `path-collection-plural` run
// through the library over the labelled corpus documents, their findings matched to the hand labels
// (../shared/labels/path-segments.tsv) by source, path and segment index, and scored per rule:
// weighted precision and estimated recall with Wilson 95% intervals, on the study half and the scored
// half of the labels (split once by a fixed seed, see bench/conventions-score.ts), with and without
// the Kubernetes `watch` rows. Ambiguous rows are left out.
//   node bench/conventions.mjs [shared-dir]                 (after `npm run build`)
//   node bench/conventions.mjs --study-errors [shared-dir]  also list the study half's errors, to work from
//   node bench/conventions.mjs --json [shared-dir]          the scores as JSON
//   node bench/conventions.mjs --half study [shared-dir]    print the study half only: work on a rule without
//                                                           reading the scored half's figures at all
// Only the study half is ever listed row by row: the scored half is read through its figures alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const halfAt = args.indexOf('--half');
const only = halfAt >= 0 ? args.splice(halfAt, 2)[1] : undefined;
if (only !== undefined && only !== 'study' && only !== 'scored') throw new Error(`--half takes 'study' or 'scored', not '${only}'`);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const shared = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(root, '..', 'shared'));
const { runConventionsScore, rowKey, splitSeed, unseenRows } = await import(path.join(root, 'dist', 'bench', 'conventions-score.js'));

const { rows, findings, scores: all } = await runConventionsScore(shared);
// With --half, the other half's figures (and the two halves together) are never printed.
const scores = only === undefined ? all : all.filter((s) => s.half === only);

if (flags.has('--json')) {
  console.log(JSON.stringify(scores, null, 2));
} else {
  const halves = { study: rows.filter((r) => r.half === 'study').length, scored: rows.filter((r) => r.half === 'scored').length };
  console.log(`${rows.length} labelled segments (study ${halves.study}, scored ${halves.scored}; seed '${splitSeed}'), ${findings.documents} documents linted, ${findings.unmatched} findings not matched to a segment, ${unseenRows(rows, findings).length} labelled paths in no linted document.\n`);
  const f = (x) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));
  const ci = (i) => `${f(i.value)} [${f(i.low)}, ${f(i.high)}]`;
  console.log('| rule | half | watch rows | precision [95% CI] | recall [95% CI] | flagged | positive | both |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const s of scores) {
    const e = s.estimate;
    console.log(`| ${s.rule} | ${s.half} | ${s.watch ? 'with' : 'without'} | ${ci(e.precision)} | ${ci(e.recall)} | ${e.flagged} | ${e.positive} | ${e.truePositive} |`);
  }
}

if (flags.has('--study-errors')) {
  const study = rows.filter((r) => r.half === 'study');
  for (const [rule, label, positive] of [['path-no-verbs', 'verb', 'action'], ['path-collection-plural', 'plural', 'violation']]) {
    const flagged = findings.flagged[rule];
    const wrong = study.filter((r) => r[label] !== 'ambiguous' && flagged.has(rowKey(r.source, r.path, r.segmentIndex)) !== (r[label] === positive));
    console.log(`\n${rule}, study half: ${wrong.length} errors (FP: flagged, labelled otherwise; FN: labelled ${positive}, not flagged)`);
    for (const r of wrong) {
      const kind = flagged.has(rowKey(r.source, r.path, r.segmentIndex)) ? 'FP' : 'FN';
      console.log(`${kind}\t${r.cell}\t${r.source}\t${r.methods.join(',')}\t${r.path}\t${r.segmentIndex}:${r.segment}\t${r.reason}`);
    }
  }
}
