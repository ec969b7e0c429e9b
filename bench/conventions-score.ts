// Scores `path-no-verbs` and `path-collection-plural` the way a user meets them, on an API they were not
// trained on: leave one source out. For each source of the label sets (bench/conventions-data.ts), both
// models are trained on every other source's rows of the first two sets (scripts/conventions-training.ts:
// weights and threshold), and that source's rows are scored with them; the third set, the census set,
// and the OpenAPI 3 set are held out: never trained on, their sources all scored by the models of every trainable row. The pooled figures are weighted precision and
// estimated recall with Wilson 95% intervals, per set and all together, with and without the Kubernetes
// `watch` rows. bench/conventions.mjs prints them; test/conventions-score.test.ts holds them.
import { trainModel, rowScore } from '../scripts/conventions-training.js';
import { decided, probability, type Model, type ModelRule } from '../rules/lib/segment-model.js';
import { heldOutSets, labelSets, modelRules, readLabelledData, sealedSets, trainable, untouchedSources, type LabelSet, type Row } from './conventions-data.js';

export interface Interval {
  value: number;
  low: number;
  high: number;
}

export interface Estimate {
  precision: Interval;
  recall: Interval;
  /** Labelled rows: flagged, positive, both (ambiguous rows left out). */
  flagged: number;
  positive: number;
  truePositive: number;
}

/**
 * Wilson score interval (95%) for a weighted proportion, with Kish's effective sample size
 * (Σw)²/Σw² standing in for n: the rows are weighted by their cell, so they count for fewer
 * independent draws than their number.
 */
export function wilson(hits: number[], all: number[]): Interval {
  const sum = all.reduce((a, b) => a + b, 0);
  if (sum === 0) return { value: NaN, low: 0, high: 1 };
  const p = hits.reduce((a, b) => a + b, 0) / sum;
  const n = sum ** 2 / all.reduce((a, b) => a + b * b, 0);
  const z = 1.959964;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Weighted precision and estimated recall of flagged rows among some rows of one rule (ambiguous left out). */
export function estimate(rows: readonly Row[], flagged: ReadonlySet<Row>): Estimate {
  const kept = rows.filter((r) => r.positive !== undefined);
  const f = kept.filter((r) => flagged.has(r));
  const t = kept.filter((r) => r.positive);
  return {
    precision: wilson(f.map((r) => (r.positive ? r.weight : 0)), f.map((r) => r.weight)),
    recall: wilson(t.map((r) => (flagged.has(r) ? r.weight : 0)), t.map((r) => r.weight)),
    flagged: f.length,
    positive: t.length,
    truePositive: f.filter((r) => r.positive).length,
  };
}

export interface Score {
  rule: ModelRule;
  /**
   * `pooled`: the three trainable sets pooled (leave one source out), the figure issue 38 sets its target on;
   * `read` and `untouched`: the pooled rows of the sources whose errors were read in issue 38's round, and of
   * those whose were not (`untouchedSources`); `openapi3`: every OpenAPI 3 set of our own labels pooled; `all`: with
   * the held-out sets too.
   */
  set: LabelSet | 'pooled' | 'read' | 'untouched' | 'openapi3' | 'all';
  watch: boolean;
  estimate: Estimate;
}

export interface SourceScore {
  rule: ModelRule;
  set: LabelSet;
  source: string;
  estimate: Estimate;
}

export interface LosoResult {
  rows: Row[];
  /** Rows flagged by the model trained without their source. */
  flagged: Set<Row>;
  /** Per source left out, the models trained without it. */
  models: Map<string, Record<ModelRule, Model>>;
  scores: Score[];
  sources: SourceScore[];
}

/**
 * Whether the models flag a row, as the rules do: a plural row only when the verb model does not report
 * the same segment (an action is never a collection; the two rules never report one segment both ways).
 */
export function flags(models: Record<ModelRule, Model>, r: Row): boolean {
  if (rowScore(models[r.rule], r) < models[r.rule].threshold) return false;
  const plural = models['path-collection-plural'];
  // a collection by a decisive piece of evidence names things: never an action (the rules do the same)
  if (r.rule === 'path-no-verbs') return !r.pluralVectors.some((v) => decided(plural, v));
  if (r.vectors.some((v) => decided(plural, v))) return true;
  const verb = models['path-no-verbs'];
  return !r.verbVectors.some((v) => probability(verb, v) >= verb.threshold);
}

/** Leave-one-source-out: each source's rows flagged by models that never saw that source. */
export function leaveOneSourceOut(rows: Row[]): LosoResult {
  const flagged = new Set<Row>();
  const models = new Map<string, Record<ModelRule, Model>>();
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  const train = (training: readonly Row[]) => ({ 'path-no-verbs': trainModel(training, 'path-no-verbs'), 'path-collection-plural': trainModel(training, 'path-collection-plural') });
  let heldOutModels: Record<ModelRule, Model> | undefined;
  const trainOn = trainable(rows);
  const heldOutSources = new Set(rows.filter((r) => heldOutSets.has(r.set)).map((r) => r.source));
  for (const source of sources) {
    const trained = heldOutSources.has(source) ? (heldOutModels ??= train(trainOn)) : train(trainOn.filter((r) => r.source !== source));
    models.set(source, trained);
    for (const r of rows) if (r.source === source && flags(trained, r)) flagged.add(r);
  }
  const scores: Score[] = [];
  const perSource: SourceScore[] = [];
  for (const rule of modelRules) {
    const own = rows.filter((r) => r.rule === rule);
    for (const set of [...labelSets, 'pooled', 'read', 'untouched', 'openapi3', 'all'] as const) {
      for (const watch of [true, false]) {
        const pooled = (r: Row) => !heldOutSets.has(r.set);
        const inSet = (r: Row) =>
          set === 'all' || r.set === set || (set === 'pooled' && pooled(r)) || (set === 'read' && pooled(r) && !untouchedSources.has(r.source)) || (set === 'untouched' && pooled(r) && untouchedSources.has(r.source)) || (set === 'openapi3' && r.set.startsWith('openapi3-'));
        const some = own.filter((r) => inSet(r) && (watch || !r.watch));
        if (some.length > 0) scores.push({ rule, set, watch, estimate: estimate(some, flagged) });
      }
    }
    for (const source of sources) {
      const some = own.filter((r) => r.source === source && !r.watch);
      if (some.length > 0) perSource.push({ rule, set: some[0]!.set, source, estimate: estimate(some, flagged) });
    }
  }
  return { rows, flagged, models, scores, sources: perSource };
}

/**
 * The label sets read and scored; `missing` lists the documents not materialised (the second and third sets are then
 * left out). The sealed sets' rows are left out unless `unseal` is true or names their set: they are held out, so no model changes.
 */
export async function runConventionsScore(shared: string, root: string, options: { unseal?: boolean | readonly string[] } = {}): Promise<LosoResult & { missing: string[] }> {
  const { rows, missing } = await readLabelledData(shared, root);
  const { unseal = false } = options;
  const sealed = (set: LabelSet) => sealedSets.has(set) && unseal !== true && !(Array.isArray(unseal) && unseal.includes(set));
  return { ...leaveOneSourceOut(rows.filter((r) => !sealed(r.set))), missing };
}
