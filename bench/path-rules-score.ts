// Draws the labelled sample of the path and method rules' places and scores the labels against a
// build's findings (bench/path-rules.mjs prints both; test/path-rules-score.test.ts checks them).
// Strata: rule × source × whether the build that drew the sample flagged the place. Each stratum's rows
// are a seeded simple random sample of it, weighted by its population over its labelled rows, so
// precision and recall are population estimates (bench/labels/README.md, "Path and method rules").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { wilson, type Estimate, type Interval } from './conventions-score.js';
import { seededRandom } from '../test/helpers/seeded-random.js';
import { candidateKey, pathRules, type Candidate, type DocumentData, type Finding, type PathRule } from './path-rules-data.js';

export const labelsFile = (root: string): string => path.join(root, 'bench', 'labels', 'path-rules.tsv');

/** How many places of a stratum are drawn per source: findings first (precision), then the rest (recall). */
export const perSource: Record<PathRule, { flagged: number; clean: number }> = {
  'path-subcollection-nesting': { flagged: 6, clean: 3 },
  'path-member-id': { flagged: 5, clean: 3 },
  'path-no-multi-id': { flagged: 5, clean: 1 },
  'post-collection-only': { flagged: 5, clean: 3 },
  'put-member-only': { flagged: 4, clean: 2 },
  'delete-member-only': { flagged: 4, clean: 2 },
  'path-param-names-consistent': { flagged: 5, clean: 1 },
  'required-properties-exist': { flagged: 4, clean: 1 },
};
export const seed = 20261128;
/** The corpus draw (labelled after the rules' fixes were chosen): findings only, up to this many per document and rule. */
export const corpusSeed = 20261129;
export const corpusPerSource = 1000; // every finding: the corpus has few of each rule


export interface SampleRow extends Candidate {
  stratum: 'flagged' | 'clean';
  /** Places in this row's stratum (rule, source, flagged or not). */
  population: number;
  /** What the drawing build said there. */
  message: string;
}

/** The sample: per rule, source and stratum, in sorted order, shuffled by the seeded generator, the first k. */
export function drawSample({ candidates, findings }: DocumentData, options: { seed: number; perSource: (rule: PathRule, stratum: 'flagged' | 'clean') => number } = { seed, perSource: (rule, stratum) => perSource[rule][stratum] }): SampleRow[] {
  const flaggedAt = new Map<string, Finding>();
  for (const f of findings) flaggedAt.set(candidateKey(f), f);
  const random = seededRandom(options.seed);
  const rows: SampleRow[] = [];
  const unique = new Map<string, Candidate>();
  for (const c of candidates) if (!unique.has(candidateKey(c))) unique.set(candidateKey(c), c);
  for (const rule of pathRules) {
    const sources = [...new Set([...unique.values()].filter((c) => c.rule === rule).map((c) => c.source))].sort();
    for (const source of sources) {
      for (const stratum of ['flagged', 'clean'] as const) {
        const cell = [...unique.values()].filter((c) => c.rule === rule && c.source === source && flaggedAt.has(candidateKey(c)) === (stratum === 'flagged')).sort((a, b) => (candidateKey(a) < candidateKey(b) ? -1 : 1));
        for (let i = cell.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [cell[i], cell[j]] = [cell[j]!, cell[i]!];
        }
        const k = options.perSource(rule, stratum);
        if (k === 0) continue;
        for (const c of cell.slice(0, k)) rows.push({ ...c, stratum, population: cell.length, message: flaggedAt.get(candidateKey(c))?.message ?? '' });
      }
    }
  }
  return rows;
}

export interface LabelRow {
  /** `apis`: the 26 APIs, both strata drawn (precision and recall); `corpus`: findings only, drawn after the fixes (precision). */
  set: 'apis' | 'corpus';
  rule: PathRule;
  source: string;
  format: string;
  path: string;
  place: string;
  stratum: 'flagged' | 'clean';
  population: number;
  /** A violation of the convention the rule states; undefined when labelled ambiguous. */
  positive: boolean | undefined;
  reason: string;
  weight: number;
}

export function readLabels(root: string): LabelRow[] {
  const lines = readFileSync(labelsFile(root), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines.shift()!.split('\t');
  const col = (name: string) => header.indexOf(name);
  const rows = lines.map((l): LabelRow => {
    const f = l.split('\t');
    const verdict = f[col('verdict')]!;
    if (!['violation', 'ok', 'ambiguous'].includes(verdict)) throw new Error(`path-rules.tsv: verdict '${verdict}' (violation, ok or ambiguous) in: ${l}`);
    return {
      set: col('set') === -1 || f[col('set')] !== 'corpus' ? 'apis' : 'corpus',
      rule: f[col('rule')] as PathRule,
      source: f[col('source')]!,
      format: f[col('format')]!,
      path: f[col('path')]!,
      place: f[col('place')]!,
      stratum: f[col('stratum')] as 'flagged' | 'clean',
      population: Number(f[col('population')]),
      positive: verdict === 'ambiguous' ? undefined : verdict === 'violation',
      reason: f[col('reason')] ?? '',
      weight: 0,
    };
  });
  // weight: the stratum's population over its labelled rows, ambiguous ones left out
  const cell = (r: LabelRow) => `${r.set}\t${r.rule}\t${r.source}\t${r.stratum}`;
  const n = new Map<string, number>();
  for (const r of rows) if (r.positive !== undefined) n.set(cell(r), (n.get(cell(r)) ?? 0) + 1);
  for (const r of rows) r.weight = r.positive === undefined ? 0 : r.population / n.get(cell(r))!;
  return rows;
}


export function estimate(rows: readonly LabelRow[], flagged: (r: LabelRow) => boolean): Estimate {
  const kept = rows.filter((r) => r.positive !== undefined);
  const f = kept.filter(flagged);
  // recall needs the places the rule passed over too: the corpus draw holds findings only
  const t = kept.filter((r) => r.positive && r.set === 'apis');
  return {
    precision: wilson(f.map((r) => (r.positive ? r.weight : 0)), f.map((r) => r.weight)),
    recall: wilson(t.map((r) => (flagged(r) ? r.weight : 0)), t.map((r) => r.weight)),
    flagged: f.length,
    positive: t.length,
    truePositive: f.filter((r) => r.positive).length,
  };
}

export interface RuleScore {
  rule: PathRule;
  /** `all`, a format (`swagger2`, `openapi3`), or one source. */
  scope: string;
  estimate: Estimate;
}

/**
 * Per rule: pooled, per format and per source. These rules learn nothing from the labels (no weight or
 * threshold is fitted), so a source left out is scored by the same rule as every other: the per-source
 * rows are the leave-one-source-out figures and the pooled one is their weighted union.
 */
export function scoreLabels(labels: readonly LabelRow[], findings: readonly Finding[]): { scores: RuleScore[]; flagged: (r: LabelRow) => boolean } {
  const keys = new Set(findings.map(candidateKey));
  const flagged = (r: LabelRow) => keys.has(candidateKey(r));
  const scores: RuleScore[] = [];
  for (const rule of pathRules) {
    const own = labels.filter((r) => r.rule === rule);
    if (own.length === 0) continue;
    scores.push({ rule, scope: 'all', estimate: estimate(own, flagged) });
    if (own.some((r) => r.set === 'corpus')) {
      scores.push({ rule, scope: 'apis', estimate: estimate(own.filter((r) => r.set === 'apis'), flagged) });
      scores.push({ rule, scope: 'corpus', estimate: estimate(own.filter((r) => r.set === 'corpus'), flagged) });
    }
    for (const format of ['swagger2', 'openapi3']) {
      const some = own.filter((r) => r.format === format);
      if (some.length > 0) scores.push({ rule, scope: format, estimate: estimate(some, flagged) });
    }
    for (const source of [...new Set(own.map((r) => r.source))].sort()) scores.push({ rule, scope: source, estimate: estimate(own.filter((r) => r.source === source), flagged) });
  }
  return { scores, flagged };
}

/** The severity `recommended` gives a rule by its precision's lower bound (issue 38): error ≥ 0.95, warn ≥ 0.9, else off. */
export function severityFor(precision: Interval): 'error' | 'warn' | 'off' {
  if (Number.isNaN(precision.value)) return 'off';
  return precision.low >= 0.95 ? 'error' : precision.low >= 0.9 ? 'warn' : 'off';
}
