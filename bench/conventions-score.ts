// Scores `path-no-verbs` and `path-collection-plural` against the hand labels of the shared corpus
// (../shared/labels/path-segments.tsv, criteria and weights in its README): weighted precision and
// estimated recall with Wilson 95% intervals, on a "study" half and a "scored" half of the labels,
// with and without the Kubernetes `watch` rows. bench/conventions.mjs prints it; a test holds it.
//
// The split is made once, by a fixed seed: a row is in the study half when the first four bytes of
// SHA-256(`${splitSeed}\t${source}\t${path}\t${segment_index}`), read as an unsigned big-endian
// integer, are below 2^31. It depends on nothing but the row's identity, so adding rules, changing
// rules or reordering the file never moves a row from one half to the other.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { builtinRules } from '../rules/index.js';
import { parsePath } from '../rules/lib/path-parser.js';
import { lintInput } from '../src/pipeline/lint.js';
import type { Diagnostic, RuleLevel } from '../src/types.js';

export const splitSeed = 'swaglint-issue-20';
export const ruleIds = ['path-no-verbs', 'path-collection-plural'] as const;
export type ScoredRule = (typeof ruleIds)[number];
export type Half = 'study' | 'scored';

export interface LabelRow {
  source: string;
  path: string;
  methods: string[];
  segmentIndex: number;
  segment: string;
  stratum: string;
  verb: 'action' | 'not-action' | 'ambiguous';
  plural: 'violation' | 'ok' | 'not-a-collection' | 'ambiguous';
  reason: string;
  half: Half;
  cell: string;
  watch: boolean;
}

/** Population size per cell, from the labels' README (its weights are N/n with n counted in the file). */
const population: Record<string, number> = {
  none: 2836,
  compound: 600,
  indexed: 1825,
  'compound+indexed': 128,
  'post-leaf+indexed': 123,
  'compound+post-leaf+indexed': 142,
};

/** The README's compound test: two or more letter-bearing words after its splits. */
function isCompound(segment: string): boolean {
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z]{2})/g, '$1 ')
    .split(/[-_. ]+/)
    .filter((w) => /[A-Za-z]/.test(w));
  return words.length >= 2;
}

/** The row's sampling cell, derived from the row itself as the README says (not from `stratum`). */
function cellOf(pathKey: string, methods: string[], index: number, segment: string): string {
  const parts = pathKey.split('/').filter((s) => s !== '');
  const last = index === parts.length - 1;
  const postLeaf = last && methods.length === 1 && methods[0] === 'POST';
  const next = parts[index + 1];
  const indexed = (next !== undefined && /[{}]/.test(next)) || (last && methods.includes('POST'));
  const cell = [isCompound(segment) ? 'compound' : '', postLeaf ? 'post-leaf' : '', indexed ? 'indexed' : ''].filter(Boolean).join('+');
  return cell === '' ? 'none' : cell;
}

export function halfOf(source: string, pathKey: string, segmentIndex: number): Half {
  const digest = createHash('sha256').update(`${splitSeed}\t${source}\t${pathKey}\t${segmentIndex}`).digest();
  return digest.readUInt32BE(0) < 2 ** 31 ? 'study' : 'scored';
}

export function readLabels(file: string): LabelRow[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines.shift()!.split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column '${name}'`);
    return i;
  };
  const c = { source: col('source'), path: col('path'), methods: col('methods'), index: col('segment_index'), segment: col('segment'), stratum: col('stratum'), verb: col('verb'), plural: col('plural'), reason: col('reason') };
  return lines.map((line) => {
    const f = line.split('\t');
    const source = f[c.source]!;
    const pathKey = f[c.path]!;
    const methods = f[c.methods] ? f[c.methods]!.split(',') : [];
    const segmentIndex = Number(f[c.index]);
    const segment = f[c.segment]!;
    return {
      source, path: pathKey, methods, segmentIndex, segment,
      stratum: f[c.stratum]!, verb: f[c.verb] as LabelRow['verb'], plural: f[c.plural] as LabelRow['plural'], reason: f[c.reason] ?? '',
      half: halfOf(source, pathKey, segmentIndex),
      cell: cellOf(pathKey, methods, segmentIndex, segment),
      watch: source === 'kubernetes-client-c' && segment === 'watch',
    };
  });
}

/** Where a finding is: `source \t path \t segment_index`. */
export type RowKey = string;
export const rowKey = (source: string, pathKey: string, index: number): RowKey => `${source}\t${pathKey}\t${index}`;

/** Decodes the path key from a diagnostic's pointer (`/paths/~1orders~1{id}/get` → `/orders/{id}`). */
function pathKeyOf(pointer: string): string | undefined {
  const m = /^\/paths\/([^/]+)/.exec(pointer);
  return m ? decodeURIComponent(m[1]!).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/**
 * The segment a finding points at: the rules report the segment's columns inside the key, so the
 * finding starts where the key starts plus the segment's offset. The key is looked up on the
 * finding's line; failing that, a segment whose text is the reported text and occurs once.
 */
function segmentIndexOf(d: Diagnostic, key: string, text: string): number | undefined {
  const segments = parsePath(key);
  const line = text.split('\n', d.range.start.line + 1)[d.range.start.line] ?? '';
  const at = line.indexOf(key);
  if (at >= 0) {
    const i = segments.findIndex((s) => at + s.start === d.range.start.character);
    if (i >= 0) return i;
  }
  const reported = line.slice(d.range.start.character, d.range.end.character);
  const same = segments.flatMap((s, i) => (s.text === reported ? [i] : []));
  return same.length === 1 ? same[0] : undefined;
}

export interface Findings {
  /** Per rule, the rows (source, path, segment index) some document of the source reports. */
  flagged: Record<ScoredRule, Set<RowKey>>;
  documents: number;
  /** Findings whose segment could not be told (should be 0). */
  unmatched: number;
  /** The text of every linted document, per source: to check that each labelled path was seen. */
  texts: Map<string, string[]>;
}

/** Labelled rows whose path no linted document of their source holds (should be none). */
export function unseenRows(rows: LabelRow[], findings: Findings): LabelRow[] {
  return rows.filter((r) => !(findings.texts.get(r.source) ?? []).some((t) => t.includes(r.path) || t.includes(r.path.replace(/\//g, '\\/'))));
}

/** The documents of a corpus folder (its MANIFEST.tsv, fragments left out). */
function documentsOf(corpus: string, sources: Set<string>): Array<{ source: string; file: string }> {
  const manifest = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  return manifest
    .filter((c) => !(c[7] ?? '').startsWith('fragment referenced by'))
    .map((c) => ({ source: c[0]!.split('/')[0]!, file: path.join(corpus, c[0]!) }))
    .filter((d) => sources.has(d.source) && statSync(d.file, { throwIfNoEntry: false })?.isFile());
}

/**
 * Lints every document of the labelled sources with only the two rules on, through the library, and
 * collects the rows they report. A row is flagged when any document of its source reports it (the
 * labels unite a source's documents: paths deduplicated per folder, methods united).
 */
export async function collectFindings(corpus: string, sources: Set<string>): Promise<Findings> {
  const rules: Record<string, RuleLevel> = {};
  for (const r of builtinRules) rules[r.meta.id] = 'off';
  for (const id of ruleIds) rules[id] = 'warn';
  const flagged = { 'path-no-verbs': new Set<RowKey>(), 'path-collection-plural': new Set<RowKey>() } as Record<ScoredRule, Set<RowKey>>;
  let unmatched = 0;
  const texts = new Map<string, string[]>();
  const docs = documentsOf(corpus, sources);
  for (const doc of docs) {
    const result = await lintInput({ path: doc.file }, { rules, projectRoot: corpus });
    const own = result.texts.get(result.uri) ?? readFileSync(doc.file, 'utf8');
    texts.set(doc.source, [...(texts.get(doc.source) ?? []), own]);
    for (const d of result.diagnostics) {
      if (!(ruleIds as readonly string[]).includes(d.ruleId)) continue;
      const key = pathKeyOf(d.pointer);
      const text = result.texts.get(d.uri);
      const index = key !== undefined && text !== undefined ? segmentIndexOf(d, key, text) : undefined;
      if (key === undefined || index === undefined) {
        unmatched++;
        continue;
      }
      flagged[d.ruleId as ScoredRule].add(rowKey(doc.source, key, index));
    }
  }
  return { flagged, documents: docs.length, unmatched, texts };
}

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
function wilson(hits: number[], all: number[]): Interval {
  const sum = all.reduce((a, b) => a + b, 0);
  if (sum === 0) return { value: NaN, low: 0, high: 1 };
  const p = hits.reduce((a, b) => a + b, 0) / sum;
  const n = sum ** 2 / all.reduce((a, b) => a + b * b, 0);
  const z = 1.959964;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

const isPositive = (rule: ScoredRule, row: LabelRow) => (rule === 'path-no-verbs' ? row.verb === 'action' : row.plural === 'violation');
const isAmbiguous = (rule: ScoredRule, row: LabelRow) => (rule === 'path-no-verbs' ? row.verb === 'ambiguous' : row.plural === 'ambiguous');

/**
 * Weighted precision and estimated recall of one rule on some rows. Each row weighs N/n of its cell,
 * n counted in `rows` (a half is a simple random sample of each cell too).
 */
export function estimate(rule: ScoredRule, rows: LabelRow[], flagged: Set<RowKey>): Estimate {
  const n = new Map<string, number>();
  for (const r of rows) n.set(r.cell, (n.get(r.cell) ?? 0) + 1);
  const weight = (r: LabelRow) => population[r.cell]! / n.get(r.cell)!;
  const kept = rows.filter((r) => !isAmbiguous(rule, r));
  const f = kept.filter((r) => flagged.has(rowKey(r.source, r.path, r.segmentIndex)));
  const t = kept.filter((r) => isPositive(rule, r));
  const tp = f.filter((r) => isPositive(rule, r));
  return {
    precision: wilson(f.map((r) => (isPositive(rule, r) ? weight(r) : 0)), f.map(weight)),
    recall: wilson(t.map((r) => (flagged.has(rowKey(r.source, r.path, r.segmentIndex)) ? weight(r) : 0)), t.map(weight)),
    flagged: f.length,
    positive: t.length,
    truePositive: tp.length,
  };
}

export interface Score {
  rule: ScoredRule;
  half: Half | 'all';
  watch: boolean;
  estimate: Estimate;
}

/** Every combination of rule, half (and both together) and with/without the `watch` rows. */
export function scoreAll(rows: LabelRow[], findings: Findings): Score[] {
  const scores: Score[] = [];
  for (const rule of ruleIds) {
    for (const half of ['study', 'scored', 'all'] as const) {
      for (const watch of [true, false]) {
        const some = rows.filter((r) => (half === 'all' || r.half === half) && (watch || !r.watch));
        scores.push({ rule, half, watch, estimate: estimate(rule, some, findings.flagged[rule]) });
      }
    }
  }
  return scores;
}

/** Labels and corpus from their default places beside the repository (../shared), or given. */
export async function runConventionsScore(shared: string): Promise<{ rows: LabelRow[]; findings: Findings; scores: Score[] }> {
  const rows = readLabels(path.join(shared, 'labels', 'path-segments.tsv'));
  const corpus = path.join(shared, 'corpus');
  const sources = new Set(rows.map((r) => r.source).filter((s) => readdirSync(corpus).includes(s)));
  const findings = await collectFindings(corpus, sources);
  return { rows, findings, scores: scoreAll(rows, findings) };
}
