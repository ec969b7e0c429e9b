// The path-convention models measured the way a user meets them (issue 26, bench/conventions.mjs):
// leave one source out over the three label sets they learn from (issue 38), and the census set held out. The shipped weights are what the training script makes of
// the labels (re-run here, byte for byte), and the pooled figures stay at or above what this build
// reached, less a margin. Needs ../shared and the second set's documents (bench/README.md); skips otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { censusLabels, openApi3EighthLabels, openApi3FifthLabels, openApi3NinthLabels, openApi3FourthLabels, openApi3TenthLabels, openApi3EleventhLabels, openApi3HeldOutLabels, openApi3Labels, openApi3SeventhLabels, openApi3SixthLabels, openApi3ThirdLabels, readLabelledData, type LabelledData } from '../bench/conventions-data.js';
import { leaveOneSourceOut } from '../bench/conventions-score.js';
import { modelsText, weightsPath } from '../scripts/train-conventions.js';
import { projectDir } from './helpers/paths.js';
import { needsShared, sharedDir } from './helpers/shared-dir.js';

const shared = sharedDir;
const labels = path.join(shared, 'labels', 'real-apis.tsv');
const data: Promise<LabelledData> | undefined = existsSync(labels) ? readLabelledData(shared, projectDir) : undefined;
const skip = async () => {
  if (!data) return needsShared() || `no labels at ${labels}`;
  const { missing } = await data;
  return missing.length > 0 ? `${missing.length} documents of the real-apis, real-apis-2 and census-apis sets are not materialised (bench/README.md)` : false;
};

/**
 * Reached in issue 38's eighth and ninth rounds over the three sets pooled (bench/README.md: 0.966 / 0.901 and 0.964 /
 * 0.927, both rounds; seventh 0.966 / 0.901 and 0.959 / 0.922; tenth 0.960 / 0.900 and 0.964 / 0.927; eleventh 0.966 / 0.906 and 0.964 / 0.927; twelfth 0.966 / 0.906 and 0.964 / 0.925; thirteenth 0.966 / 0.910 and 0.964 / 0.927), rounded down by about 0.02 so that one or two heavy rows more or less do not fail it while a
 * change that loses a source's worth of findings does.
 */
const floors = {
  'path-no-verbs': { precision: 0.94, recall: 0.87 },
  'path-collection-plural': { precision: 0.94, recall: 0.9 },
};

/** The census set, never trained on (bench/labels/README.md): its figures at this build, less about 0.02. */
const heldOutFloors = {
  'path-no-verbs': { precision: 0.97, recall: 0.85 },
  'path-collection-plural': { precision: 0.97, recall: 0.94 },
};

test('the fifteen label sets are read whole and every labelled path is found in a document of its source', { skip: await skip() }, async () => {
  const { rows } = await data!;
  assert.equal(rows.filter((r) => r.set === 'path-segments').length, 2 * 1390);
  assert.equal(rows.filter((r) => r.set === 'real-apis').length, 1300);
  assert.equal(rows.filter((r) => r.set === 'real-apis-2').length, 1124);
  assert.equal(rows.filter((r) => r.set === 'census-apis').length, 2 * 1082);
  assert.equal(rows.filter((r) => r.set === 'openapi3-apis').length, 2 * 275);
  assert.equal(rows.filter((r) => r.set === 'openapi3-heldout').length, 2 * 224);
  assert.equal(rows.filter((r) => r.set === 'openapi3-third').length, 2 * 155);
  assert.equal(rows.filter((r) => r.set === 'openapi3-fourth').length, 2 * 153);
  assert.equal(rows.filter((r) => r.set === 'openapi3-fifth').length, 2 * 180);
  assert.equal(rows.filter((r) => r.set === 'openapi3-sixth').length, 2 * 154);
  assert.equal(rows.filter((r) => r.set === 'openapi3-seventh').length, 2 * 151);
  assert.equal(rows.filter((r) => r.set === 'openapi3-eighth').length, 2 * 145);
  assert.equal(rows.filter((r) => r.set === 'openapi3-ninth').length, 2 * 198);
  assert.equal(rows.filter((r) => r.set === 'openapi3-tenth').length, 2 * 181);
  assert.equal(rows.filter((r) => r.set === 'openapi3-eleventh').length, 2 * 191);
  assert.deepEqual(rows.filter((r) => !r.seen || r.segmentIndex < 0).map((r) => `${r.source} ${r.path} ${r.segment}`), []);
  assert.equal(new Set(rows.map((r) => r.source)).size, 95);
});

test('the census set holds every literal segment of its documents, each with a label of the criteria', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const census = rows.filter((r) => r.set === 'census-apis' && r.rule === 'path-no-verbs');
  // every literal segment of every labelled path, and each once
  const keys = census.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  for (const [source, pathKey] of [...new Set(census.map((r) => `${r.source}\t${r.path}`))].map((k) => k.split('\t'))) {
    const literal = pathKey!.split('/').slice(1).flatMap((s, i) => (s !== '' && !/[{}]/.test(s) ? [i] : []));
    assert.deepEqual(census.filter((r) => r.source === source && r.path === pathKey).map((r) => r.segmentIndex).sort((a, b) => a - b), literal, `${source} ${pathKey}`);
  }
  const lines = readFileSync(censusLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[5]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[6]!) || !f[7]), []);
});

test('the OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-apis' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 2,328 literal segments in the five documents
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 2328);
  const lines = readFileSync(openApi3Labels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the second OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-heldout' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 1,166 literal segments in the five sources' documents
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 1166);
  const lines = readFileSync(openApi3HeldOutLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the third OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-third' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 4,064 literal segments in the five sources' documents
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 4064);
  const lines = readFileSync(openApi3ThirdLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the fourth OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-fourth' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 3,526 literal segments in the five sources' documents
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 3526);
  const lines = readFileSync(openApi3FourthLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the fifth OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-fifth' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 1,227 literal segments in the five sources' documents
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 1227);
  const lines = readFileSync(openApi3FifthLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the sixth OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-sixth' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 2,567 literal segments in the five sources' documents, less Overseerr's 3 of cells A and S
  // together, of which the draw took none (so no row stands for them)
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 2564);
  const lines = readFileSync(openApi3SixthLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the seventh OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-seventh' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 1,660 literal segments in the five sources' documents, every cell drawn from
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 1660);
  const lines = readFileSync(openApi3SeventhLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the eighth OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-eighth' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 1,655 literal segments in the five sources' documents, every cell drawn from
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 1655);
  const lines = readFileSync(openApi3EighthLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the ninth OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-ninth' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 919 literal segments in the five sources' documents, every cell drawn from
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 919);
  const lines = readFileSync(openApi3NinthLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the tenth OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to the population of the cells drawn from', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-tenth' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 1,684 literal segments in the five sources' documents; Letta's cell A-and-S (2 segments)
  // had no row drawn (12 of its 25 in cell S were), so the weights cover the other 1,682
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 1682);
  const lines = readFileSync(openApi3TenthLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the eleventh OpenAPI 3 set labels each drawn segment once, by the criteria, and its weights add up to its population', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const drawn = rows.filter((r) => r.set === 'openapi3-eleventh' && r.rule === 'path-no-verbs');
  const keys = drawn.map((r) => `${r.source} ${r.path} ${r.segmentIndex}`);
  assert.equal(new Set(keys).size, keys.length);
  // bench/labels/README.md: 863 literal segments in the five sources' documents, every cell drawn from
  assert.equal(Math.round(drawn.reduce((s, r) => s + r.weight, 0)), 863);
  const lines = readFileSync(openApi3EleventhLabels(projectDir), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.deepEqual(lines.filter((f) => !['action', 'not-action', 'ambiguous'].includes(f[6]!) || !['violation', 'ok', 'not-a-collection', 'ambiguous'].includes(f[7]!) || !f[8]), []);
});

test('the shipped weights are what the training script makes of the labels', { skip: await skip() }, async () => {
  const { rows } = await data!;
  assert.equal(modelsText(rows), readFileSync(weightsPath, 'utf8'), 'rules/lib/segment-weights.json is stale: run npm run train-conventions');
});

test('leave-one-source-out precision and recall, pooled over the three sets trained on (watch rows aside), and on the held-out census set, hold', { skip: await skip() }, async () => {
  const { rows } = await data!;
  const { scores } = leaveOneSourceOut(rows);
  for (const [set, floorsOfSet] of [['pooled', floors], ['census-apis', heldOutFloors]] as const) {
    for (const [rule, floor] of Object.entries(floorsOfSet)) {
      const e = scores.find((s) => s.rule === rule && s.set === set && !s.watch)!.estimate;
      assert.ok(e.precision.value >= floor.precision, `${rule} precision on ${set} ${e.precision.value.toFixed(3)}`);
      assert.ok(e.recall.value >= floor.recall, `${rule} recall on ${set} ${e.recall.value.toFixed(3)}`);
    }
  }
});
