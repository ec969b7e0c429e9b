// Trains the two path-convention models on every labelled row of both sets and writes their weights
// and thresholds to rules/lib/segment-weights.json (the rules load it; rebuild afterwards):
//   npm run train-conventions    (builds, materialises nothing: bring the second set's documents first, see bench/README.md)
// Deterministic: the same labels and documents give the same file, byte for byte.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelRules, readLabelledData, trainable } from '../bench/conventions-data.js';
import type { Models } from '../rules/lib/segment-model.js';
import { trainModel } from './conventions-training.js';
import type { Row } from '../bench/conventions-data.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const weightsPath = path.join(root, 'rules', 'lib', 'segment-weights.json');

/** The models trained on all rows but the held-out set's, as the JSON text the rules ship. */
export function modelsText(rows: readonly Row[]): string {
  const models = Object.fromEntries(modelRules.map((rule) => [rule, trainModel(trainable(rows), rule)])) as Models;
  return JSON.stringify(models, null, 2) + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const shared = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared'));
  const { rows, missing } = await readLabelledData(shared, root);
  if (missing.length > 0) {
    console.error(`train-conventions: ${missing.length} documents of the real-apis set are missing (first: ${missing[0]}); materialise them first (bench/README.md)`);
    process.exit(2);
  }
  writeFileSync(weightsPath + '.tmp', modelsText(rows));
  renameSync(weightsPath + '.tmp', weightsPath);
  console.log(`trained on ${trainable(rows).length} rows; wrote ${path.relative(root, weightsPath)}`);
}
