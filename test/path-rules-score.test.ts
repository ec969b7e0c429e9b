// The path and method rules measured on their hand labels (issue 38, bench/path-rules.mjs): every label
// names a place of its document, the figures are what the labels and this build's findings make, and
// each rule's severity in `recommended` is the one its measured precision earns. Needs ../shared (the
// corpus set) and the labelled APIs' documents materialised (bench/labels/README.md); skips otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiDocuments, candidateKey, corpusDocuments, missingDocuments, pathRules, readPathRuleData, type DocumentData } from '../bench/path-rules-data.js';
import { readLabels, scoreLabels, severityFor } from '../bench/path-rules-score.js';
import { builtinRules } from '../rules/index.js';
import { projectDir } from './helpers/paths.js';
import { needsShared, sharedDir } from './helpers/shared-dir.js';

const missing = missingDocuments(projectDir);
const skip = needsShared() || (missing.length > 0 ? `${missing.length} documents of bench/labels/path-rules-documents.tsv are not materialised (node bench/path-rules.mjs --mirrors <dir>)` : false);
const data: Promise<DocumentData> | undefined = skip ? undefined : readPathRuleData([...apiDocuments(projectDir), ...corpusDocuments(sharedDir)]);
const labels = readLabels(projectDir);

test('every label is a place of the eight rules with a verdict, a reason and a stratum weight', () => {
  assert.deepEqual(labels.filter((r) => !pathRules.includes(r.rule) || !r.reason || !(r.population >= 1)).map(candidateKey), []);
  const keys = labels.map((r) => `${r.set}\t${candidateKey(r)}`);
  assert.equal(new Set(keys).size, keys.length, 'a place labelled twice in one set');
  for (const rule of pathRules) assert.ok(labels.some((r) => r.rule === rule && r.set === 'apis'), `${rule} has labels`);
  assert.ok(new Set(labels.filter((r) => r.set === 'apis').map((r) => r.source)).size >= 10, 'at least ten APIs');
});

test('every labelled place is a place of its source in the materialised documents', { skip }, async () => {
  const { candidates } = await data!;
  const places = new Set(candidates.map(candidateKey));
  assert.deepEqual(labels.filter((r) => !places.has(candidateKey(r))).map(candidateKey), []);
});

test("each rule's severity in recommended is the one its pooled precision's lower bound earns (0.95 error, 0.9 warn, else all only)", { skip }, async () => {
  const { findings } = await data!;
  const { scores } = scoreLabels(labels, findings);
  for (const rule of pathRules) {
    const pooled = scores.find((s) => s.rule === rule && s.scope === 'all')!.estimate;
    assert.ok(pooled.precision.low <= pooled.precision.value + 1e-9 && pooled.precision.value <= pooled.precision.high + 1e-9, rule); // Wilson's bounds are computed in floating point
    const meta = builtinRules.find((r) => r.meta.id === rule)!.meta;
    assert.equal(meta.severity, severityFor(pooled.precision), `${rule}: precision ${pooled.precision.value.toFixed(3)} [${pooled.precision.low.toFixed(3)}, ${pooled.precision.high.toFixed(3)}]`);
  }
});
