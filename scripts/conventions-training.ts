// Learns a path-convention model (rules/lib/segment-model.ts) from labelled rows: an L2-regularised
// logistic regression fitted by Newton's method from zero weights (deterministic: no random start, no
// sampling; rows and features are taken in a fixed order), each row weighted by the population it
// stands for (normalised within its label set so that each set counts by its rows) or alike, per rule. The threshold is
// chosen on scores the rows' own sources never trained: the training rows are scored leaving one of
// their sources out at a time, and the threshold is the lowest whose precision on those scores reaches
// the target (else the one with the best F0.5). The strength of the L2 penalty is chosen the same way,
// among a few: the one whose left-out scores recall most at their threshold. Nothing here sees a row it
// is not given: the benchmark leaves a whole source out before calling it.
import type { Features } from '../rules/lib/segment-features.js';
import { probability, type Model, type ModelRule } from '../rules/lib/segment-model.js';
import type { Row } from '../bench/conventions-data.js';

/** Precision the threshold is chosen to reach on scores of left-out sources. */
export const precisionTarget = 0.95;
/** Strengths of the L2 penalty tried, in units of (normalised) row weight; on a tie the strongest wins. */
export const ridges = [3, 1, 0.5];
const iterations = 30;

interface Example {
  x: Features;
  y: number;
  w: number;
}

/** Features that decide alone, per rule (see `Model.decisive`). */
export const decisive: Record<ModelRule, string[]> = { 'path-no-verbs': ['crudImperative', 'crudCompound', 'dottedVerb', 'verbObjectPreposition', 'closedPhrasalVerb', 'imperativeOnPicked', 'leaningOnWrittenLeaf', 'verbOnlyWrittenLeaf', 'writtenWithoutBody', 'hyphenatedVerbObject', 'verbAmongVerbSiblings', 'verbOnReadParent', 'customMethod', 'imperativeBesideVersion', 'compoundClosedByCrudVerb', 'verbThenPrepositionalPhrase', 'leaningOnChangedLeaf'], 'path-collection-plural': ['postAddsListedNoun', 'memberSchemaNamedAfter', 'lookedUpByKey', 'madeHereReadBelow'] };

/** Features that rule a finding out, per rule (see `Model.vetoes`): never weighed either. */
export const vetoes: Record<ModelRule, string[]> = { 'path-no-verbs': [], 'path-collection-plural': ['kindOfParent'] };

/**
 * Decisive features that are never weighed: they decide alone where present and enter no fit, so adding them moves no
 * learned weight (round twelve: weighed as well, the two moved the verb model's ridge and its pooled lower bound fell).
 */
export const unlearned: ReadonlySet<string> = new Set(['hyphenatedVerbObject', 'verbAmongVerbSiblings', 'verbOnReadParent', 'customMethod', 'imperativeBesideVersion', 'compoundClosedByCrudVerb', 'verbThenPrepositionalPhrase', 'leaningOnChangedLeaf', 'madeHereReadBelow', ...Object.values(vetoes).flat()]);

/**
 * How rows weigh in the fit: by the population they stand for (normalised within each set), or alike.
 * Chosen per rule on the pooled leave-one-source-out figures (bench/README.md): the verb model fitted
 * alike keeps its precision on the second set, whose few heavy rows of plain nouns otherwise decide it.
 */
export const weighting: Record<ModelRule, 'population' | 'uniform'> = { 'path-no-verbs': 'uniform', 'path-collection-plural': 'population' };

/** The rows a model learns from: labelled, of the rule, a candidate in some document (the first such features). */
function examples(rows: readonly Row[], rule: ModelRule): Example[] {
  const kept = rows.filter((r) => r.rule === rule && r.positive !== undefined && r.vectors.length > 0);
  const totals = new Map<string, { sum: number; n: number }>();
  for (const r of kept) {
    const t = totals.get(r.set) ?? { sum: 0, n: 0 };
    t.sum += r.weight;
    t.n++;
    totals.set(r.set, t);
  }
  return kept.map((r) => {
    const t = totals.get(r.set)!;
    return { x: r.vectors[0]!, y: r.positive ? 1 : 0, w: weighting[rule] === 'uniform' ? 1 : (r.weight * t.n) / t.sum };
  });
}

/** Solves A x = b for a symmetric positive definite A (Cholesky). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j]![j]!;
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i]![k]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k]![i]! * x[k]!;
    x[i] = s / l[i]![i]!;
  }
  return x;
}

/** Weights and bias by Newton's method; the bias is not penalised. */
function fitWeights(data: readonly Example[], ridge: number): { weights: Record<string, number>; bias: number } {
  const names = [...new Set(data.flatMap((e) => Object.keys(e.x)))].filter((n) => !unlearned.has(n)).sort();
  const d = names.length + 1; // the bias is the last coordinate
  const rows = data.map((e) => [...names.map((n) => e.x[n] ?? 0), 1]);
  let beta = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = beta.map((b, j) => (j < d - 1 ? ridge * b : 0));
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j && i < d - 1 ? ridge : 0)));
    data.forEach((e, k) => {
      const x = rows[k]!;
      let z = 0;
      for (let j = 0; j < d; j++) z += beta[j]! * x[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = e.w * (p - e.y);
      const h = e.w * p * (1 - p);
      for (let i = 0; i < d; i++) {
        if (x[i] === 0) continue;
        grad[i]! += g * x[i]!;
        for (let j = 0; j <= i; j++) if (x[j] !== 0) hess[i]![j]! += h * x[i]! * x[j]!;
      }
    });
    for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) hess[i]![j] = hess[j]![i]!;
    const step = solve(hess, grad);
    beta = beta.map((b, j) => b - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  const weights: Record<string, number> = {};
  names.forEach((n, j) => (weights[n] = round(beta[j]!)));
  return { weights, bias: round(beta[d - 1]!) };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** A row's score: the highest over the documents that hold it (a finding in any of them flags it); 0 for no candidate. */
export function rowScore(model: Model, row: Row): number {
  return row.vectors.reduce((best, v) => Math.max(best, probability(model, v)), 0);
}

type Scored = Array<{ p: number; y: boolean; w: number; row: Row }>;

/** The lowest threshold whose weighted precision reaches the target on these scores, else the best F0.5. */
function chooseThreshold(scored: Scored): number {
  const positives = scored.reduce((s, r) => s + (r.y ? r.w : 0), 0);
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  let tp = 0;
  let all = 0;
  let target: number | undefined;
  let best = { f: -1, t: 1 };
  sorted.forEach((r, k) => {
    all += r.w;
    if (r.y) tp += r.w;
    if (sorted[k + 1]?.p === r.p) return; // a threshold falls between distinct scores only
    const precision = tp / all;
    const recall = positives > 0 ? tp / positives : 0;
    if (precision >= precisionTarget) target = r.p;
    const f = precision + recall > 0 ? (1.25 * precision * recall) / (0.25 * precision + recall) : 0;
    if (f > best.f) best = { f, t: r.p };
  });
  return round(target ?? best.t);
}

/** Weighted recall of scores at a threshold. */
function recallAt(scored: Scored, threshold: number): number {
  const positives = scored.reduce((s, r) => s + (r.y ? r.w : 0), 0);
  return positives > 0 ? scored.reduce((s, r) => s + (r.y && r.p >= threshold ? r.w : 0), 0) / positives : 0;
}

/** Each row of `rows` scored by a model fitted without its source (no threshold): what a threshold is chosen on. */
export function leftOutScores(rows: readonly Row[], rule: ModelRule, ridge: number): Scored {
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  const scored: Scored = [];
  for (const source of sources) {
    const inner = fitWeights(examples(rows.filter((r) => r.source !== source), rule), ridge);
    // no vetoes here: the threshold is chosen on what the weights say, and a veto only takes findings away after it
    const model: Model = { ...inner, threshold: 0, decisive: decisive[rule] };
    for (const r of rows) if (r.source === source && r.rule === rule && r.positive !== undefined) scored.push({ p: rowScore(model, r), y: r.positive, w: r.weight, row: r });
  }
  return scored;
}

/**
 * A model of `rule` trained on `rows` only: for each penalty strength its threshold is chosen on the
 * rows' left-out scores, and the strength that recalls most there at that threshold is kept.
 */
export function trainModel(rows: readonly Row[], rule: ModelRule): Model {
  let chosen = { ridge: ridges[0]!, threshold: 1, recall: -1 };
  for (const ridge of ridges) {
    const scored = leftOutScores(rows, rule, ridge);
    const threshold = chooseThreshold(scored);
    const recall = recallAt(scored, threshold);
    if (recall > chosen.recall) chosen = { ridge, threshold, recall };
  }
  const { weights, bias } = fitWeights(examples(rows, rule), chosen.ridge);
  return { weights, bias, ridge: chosen.ridge, threshold: chosen.threshold, decisive: decisive[rule], ...vetoesOf(rule) };
}

/** The rule's vetoes as a model field, left out where it has none (the verb model's file stays as it was). */
const vetoesOf = (rule: ModelRule): Pick<Model, 'vetoes'> => (vetoes[rule].length > 0 ? { vetoes: vetoes[rule] } : {});
