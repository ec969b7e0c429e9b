// The labelled path segments of both sets, each with the features the models weigh, read from the
// documents the labels come from:
//   - ../shared/labels/path-segments.tsv (4 sources of ../shared/corpus), weighted by sampling cell;
//   - ../shared/labels/real-apis.tsv (13 sources) and real-apis-2.tsv (10 sources, many RPC style),
//     each weighted by its own strata;
//   - bench/labels/census-apis.tsv (8 sources, every literal segment labelled, weight 1), labelled by this
//     project under the same criteria before any model was scored on it (bench/labels/README.md);
//   - bench/labels/openapi3-apis.tsv (5 OpenAPI 3 sources, a sample weighted by cell), labelled the same way,
//     before any rule was run on its documents (issue 38, point 2);
//   - bench/labels/openapi3-heldout.tsv (5 more OpenAPI 3 sources, drawn and weighted the same way), labelled
//     before any rule ran on them or changed in round six, and reported once after the round's last change;
//   - bench/labels/openapi3-third.tsv (5 more OpenAPI 3 sources, RPC-heavy ones included), the same for round seven;
//   - bench/labels/openapi3-fourth.tsv (5 more, a larger draw before parameters), the same for round eight;
//   - bench/labels/openapi3-fifth.tsv (5 more: Unkey, Svix, Sonarr, Frigate, Lob), the same for round nine.
//   - bench/labels/openapi3-sixth.tsv (5 more: Vault, Lago, AdGuard Home, Figma, Overseerr), the same for round ten.
//   - bench/labels/openapi3-seventh.tsv (5 more: Firefly III, Wazuh, E2B, Audiobookshelf, GrowthBook), the same for round eleven.
//   - bench/labels/openapi3-eighth.tsv (5 more: Kavita, listmonk, OpenMeter, Traccar, RealWorld), labelled blind by an engineer who
//     changes no rule, scored once after the round's branches merge.
//   - bench/labels/openapi3-ninth.tsv (5 more: Memos, Together, Apideck CRM, Karakeep, Equinix Fabric v4), labelled blind
//     by an engineer who changes no rule, scored once after round thirteen (then read by round fourteen).
//   - bench/labels/openapi3-tenth.tsv (5 more: Letta, Mistral, Algorand algod, Clerk Backend API, Flipt v1), labelled blind
//     by an engineer who changes no rule, scored once after round fourteen (then read by round fifteen).
//   - bench/labels/openapi3-eleventh.tsv (5 more: Grocy, Cohere, Langfuse, PokeAPI, Vonage), labelled blind by an engineer who
//     changes no rule, scored once after round fifteen.
// The documents of the last ten are materialised into bench/.real-apis by scripts/materialise-real-apis.ts.
// Criteria and weights: ../shared/labels/README.md. One row per segment and rule; a segment's features
// are computed in every document of its source that holds its path (a source's documents share paths),
// by a probe rule run through the library, so they come from the same rule context the rules see.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineRule } from '../src/lint/rule.js';
import { lintInput } from '../src/pipeline/lint.js';
import type { RuleLevel } from '../src/types.js';
import { builtinRules } from '../rules/index.js';
import { PathIndex } from '../rules/lib/path-classifier.js';
import { parsePath } from '../rules/lib/path-parser.js';
import { pluralFeatures, verbFeatures, type Features } from '../rules/lib/segment-features.js';
import type { ModelRule } from '../rules/lib/segment-model.js';

export const modelRules: readonly ModelRule[] = ['path-no-verbs', 'path-collection-plural'];
export type LabelSet = 'path-segments' | 'real-apis' | 'real-apis-2' | 'census-apis' | 'openapi3-apis' | 'openapi3-heldout' | 'openapi3-third' | 'openapi3-fourth' | 'openapi3-fifth' | 'openapi3-sixth' | 'openapi3-seventh' | 'openapi3-eighth' | 'openapi3-ninth' | 'openapi3-tenth' | 'openapi3-eleventh';
export const labelSets: readonly LabelSet[] = ['path-segments', 'real-apis', 'real-apis-2', 'census-apis', 'openapi3-apis', 'openapi3-heldout', 'openapi3-third', 'openapi3-fourth', 'openapi3-fifth', 'openapi3-sixth', 'openapi3-seventh', 'openapi3-eighth', 'openapi3-ninth', 'openapi3-tenth', 'openapi3-eleventh'];
/**
 * The census and OpenAPI 3 sets are held out: no model, weight or threshold is ever fitted on them, so
 * their figures are those of APIs the rules were never tuned to (the other sets' are leave-one-source-out figures).
 */
export const heldOutSets: ReadonlySet<LabelSet> = new Set(['census-apis', 'openapi3-apis', 'openapi3-heldout', 'openapi3-third', 'openapi3-fourth', 'openapi3-fifth', 'openapi3-sixth', 'openapi3-seventh', 'openapi3-eighth', 'openapi3-ninth', 'openapi3-tenth', 'openapi3-eleventh']);
export const trainable = (rows: readonly Row[]): Row[] => rows.filter((r) => !heldOutSets.has(r.set));
/**
 * Held-out sets labelled blind and not yet scored: the scoring runs leave their rows out unless asked to
 * unseal them (`--unseal`), so a round that changes the rules can run the bench without seeing their figures;
 * they are scored once, after that round's last change (bench/README.md).
 */
// the ninth, tenth and eleventh sets were each scored once, after rounds thirteen, fourteen and fifteen (bench/README.md)
export const sealedSets: ReadonlySet<LabelSet> = new Set([]);
/** A command line's `--unseal` (every sealed set) or `--unseal=SET,…` (those named). */
export function unsealOption(args: readonly string[]): boolean | string[] {
  const given = args.filter((a) => a === '--unseal' || a.startsWith('--unseal='));
  if (given.includes('--unseal')) return true;
  return given.flatMap((a) => a.slice('--unseal='.length).split(',').filter(Boolean));
}
/**
 * Sources whose errors were not read in issue 38's round (chosen before any was scored: per trainable
 * set the source whose name has the lowest SHA-1, and the second lowest of the third set). They are
 * trained on like the rest; `bench/conventions.mjs --errors` leaves their rows out, and their figures
 * are reported apart (bench/README.md).
 */
export const untouchedSources: ReadonlySet<string> = new Set(['slack-api-specs', 'vsts', 'temporal', 'etcd']);

export interface Row {
  set: LabelSet;
  source: string;
  path: string;
  segmentIndex: number;
  segment: string;
  rule: ModelRule;
  /** Labelled an action (a plural violation); undefined when labelled ambiguous. */
  positive: boolean | undefined;
  /** Population weight: segments of the population this row stands for. */
  weight: number;
  /** A Kubernetes `watch` prefix (the labels' README reports recall with and without them). */
  watch: boolean;
  reason: string;
  /** The segment's features in each document of its source that holds the path; none: no candidate there. */
  vectors: Features[];
  /**
   * For a plural row, the same segment's `path-no-verbs` features in those documents: a segment the
   * verb model reports is never also reported as a singular collection (issue 38).
   */
  verbVectors: Features[];
  /**
   * For a verb row, the same segment's `path-collection-plural` features: a segment that a decisive
   * piece of collection evidence makes a collection names things, and `path-no-verbs` leaves it.
   */
  pluralVectors: Features[];
  /** Some linted document of the source holds the path. */
  seen: boolean;
}

/** Population size per cell of the first set, from its README. */
const cellPopulation: Record<string, number> = {
  none: 2836,
  compound: 600,
  indexed: 1825,
  'compound+indexed': 128,
  'post-leaf+indexed': 123,
  'compound+post-leaf+indexed': 142,
};

/**
 * Population per stratum of the second and third sets, from their README: flagged under the rule by the
 * build that drew them (2026-11-23, 2026-11-25), or under neither.
 */
const stratumPopulation: Record<'real-apis' | 'real-apis-2', Record<string, number>> = {
  'real-apis': { 'path-no-verbs\tflagged': 592, 'path-collection-plural\tflagged': 265, clean: 13790 },
  'real-apis-2': { 'path-no-verbs\tflagged': 233, 'path-collection-plural\tflagged': 74, clean: 2145 },
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
export function cellOf(pathKey: string, methods: string[], index: number, segment: string): string {
  const parts = pathKey.split('/').filter((s) => s !== '');
  const last = index === parts.length - 1;
  const postLeaf = last && methods.length === 1 && methods[0] === 'POST';
  const next = parts[index + 1];
  const indexed = (next !== undefined && /[{}]/.test(next)) || (last && methods.includes('POST'));
  const cell = [isCompound(segment) ? 'compound' : '', postLeaf ? 'post-leaf' : '', indexed ? 'indexed' : ''].filter(Boolean).join('+');
  return cell === '' ? 'none' : cell;
}

function readTsv(file: string): { col: (name: string) => number; lines: string[][] } {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => l.split('\t'));
  const header = lines.shift()!;
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column '${name}'`);
    return i;
  };
  return { col, lines };
}

type Unfeatured = Omit<Row, 'vectors' | 'verbVectors' | 'pluralVectors' | 'seen'>;

/**
 * A file of the first set's columns (source, path, methods, segment_index, segment, verb, plural,
 * reason): one row per segment and rule. The first set weighs each row N/n of its cell (n counted in
 * the file); the census set labels every segment, so each row stands for itself.
 */
function readSegmentLabels(file: string, set: 'path-segments' | 'census-apis'): Unfeatured[] {
  const { col, lines } = readTsv(file);
  const rows = lines.map((f) => {
    const methods = f[col('methods')] ? f[col('methods')]!.split(',') : [];
    const segmentIndex = Number(f[col('segment_index')]);
    return { f, methods, segmentIndex, cell: cellOf(f[col('path')]!, methods, segmentIndex, f[col('segment')]!) };
  });
  const n = new Map<string, number>();
  for (const r of rows) n.set(r.cell, (n.get(r.cell) ?? 0) + 1);
  return rows.flatMap(({ f, segmentIndex, cell }) => {
    const source = f[col('source')]!;
    const segment = f[col('segment')]!;
    const verb = f[col('verb')]!;
    const plural = f[col('plural')]!;
    const weight = set === 'census-apis' ? 1 : cellPopulation[cell]! / n.get(cell)!;
    const base = { set, source, path: f[col('path')]!, segmentIndex, segment, weight, watch: source === 'kubernetes-client-c' && segment === 'watch', reason: f[col('reason')] ?? '' };
    return [
      { ...base, rule: 'path-no-verbs' as const, positive: verb === 'ambiguous' ? undefined : verb === 'action' },
      { ...base, rule: 'path-collection-plural' as const, positive: plural === 'ambiguous' ? undefined : plural === 'violation' },
    ];
  });
}

/**
 * Population per source and cell of the OpenAPI 3 set (bench/labels/README.md): `A`, a compound segment or
 * the last of a POST-only path; `S`, a segment not ending in `s` before a parameter; `` neither.
 */
const openApi3Population: Record<string, Record<string, number>> = {
  lakefs: { '': 218, A: 31, S: 7, AS: 1 },
  museum: { '': 2, A: 4 },
  openai: { '': 295, A: 114 },
  plaid: { '': 550, A: 489, S: 1 },
  sentry: { '': 571, A: 40, S: 4, AS: 1 },
};

/** Population per source and cell of the second OpenAPI 3 set (bench/labels/README.md), cells as above. */
const openApi3HeldOutPopulation: Record<string, Record<string, number>> = {
  tyk: { '': 103, A: 8, S: 3 },
  asana: { '': 157, A: 120, AS: 1 },
  discord: { '': 285, A: 69 },
  nomad: { '': 81, A: 19, S: 38, AS: 1 },
  matrix: { '': 171, A: 64, S: 42, AS: 4 },
};

/** Population per source and cell of the third OpenAPI 3 set (round seven, bench/labels/README.md). */
const openApi3ThirdPopulation: Record<string, Record<string, number>> = {
  beacon: { '': 308, A: 47, S: 6, AS: 1 },
  opensearch: { '': 887, A: 170, S: 109, AS: 16 },
  meilisearch: { '': 85, A: 27 },
  okta: { '': 1862, A: 375, S: 17, AS: 4 },
  spacetraders: { '': 119, A: 31 },
};

/** Population per source and cell of the fourth OpenAPI 3 set (round eight, bench/labels/README.md). */
const openApi3FourthPopulation: Record<string, Record<string, number>> = {
  rocketchat: { '': 1407, A: 487, S: 20, AS: 12 },
  sidecar: { '': 254, A: 46, S: 7 },
  oxide: { '': 520, A: 161, S: 7, AS: 10 },
  hubspot: { '': 438, A: 45, S: 7, AS: 2 },
  resend: { '': 80, A: 20, S: 3 },
};

/** Population per source and cell of the fifth OpenAPI 3 set (round nine, bench/labels/README.md). */
const openApi3FifthPopulation: Record<string, Record<string, number>> = {
  unkey: { '': 84, A: 82 },
  svix: { '': 70, A: 7, S: 38, AS: 1 },
  sonarr: { '': 500, A: 18, S: 50 },
  frigate: { '': 173, A: 72, S: 62 },
  lob: { '': 43, A: 27 },
};

/** Population per source and cell of the sixth OpenAPI 3 set (round ten, bench/labels/README.md). */
const openApi3SixthPopulation: Record<string, Record<string, number>> = {
  vault: { '': 1081, A: 293, S: 376, AS: 31 },
  lago: { '': 137, A: 70, S: 4 },
  adguardhome: { '': 88, A: 57 },
  figma: { '': 115, A: 8 },
  overseerr: { '': 221, A: 31, S: 52, AS: 3 },
};

/** Population per source and cell of the seventh OpenAPI 3 set (round eleven, bench/labels/README.md). */
const openApi3SeventhPopulation: Record<string, Record<string, number>> = {
  firefly: { '': 415, A: 64, S: 2, AS: 2 },
  wazuh: { '': 146, A: 6, S: 11 },
  e2b: { '': 74, A: 17 },
  audiobookshelf: { '': 74, A: 12, S: 1 },
  growthbook: { '': 548, A: 280, S: 4, AS: 4 },
};

/** Population per source and cell of the eighth OpenAPI 3 set (labelled blind, bench/labels/README.md). */
const openApi3EighthPopulation: Record<string, Record<string, number>> = {
  kavita: { '': 698, A: 276, S: 11, AS: 1 },
  listmonk: { '': 77, A: 10, S: 2 },
  openmeter: { '': 399, A: 34, AS: 4 },
  traccar: { '': 103, A: 12, S: 10 },
  realworld: { '': 16, A: 2 },
};

/** Population per source and cell of the ninth OpenAPI 3 set (labelled blind, scored once after round thirteen; bench/labels/README.md). */
const openApi3NinthPopulation: Record<string, Record<string, number>> = {
  memos: { '': 153, A: 16, S: 1 },
  together: { '': 102, A: 46, S: 4, AS: 4 },
  apideck: { '': 43, A: 4 },
  karakeep: { '': 54, A: 9 },
  equinix: { '': 348, A: 133, S: 2 },
};

/** Population per source and cell of the tenth OpenAPI 3 set (labelled blind, scored once after round fourteen; bench/labels/README.md). */
const openApi3TenthPopulation: Record<string, Record<string, number>> = {
  letta: { '': 602, A: 100, S: 23, AS: 2 },
  mistral: { '': 370, A: 69 },
  algorand: { '': 119, A: 8, S: 7, AS: 1 },
  clerk: { '': 162, A: 163 },
  flipt: { '': 50, A: 5, S: 3 },
};

/** Population per source and cell of the eleventh OpenAPI 3 set (labelled blind, scored once after round fifteen; bench/labels/README.md). */
const openApi3EleventhPopulation: Record<string, Record<string, number>> = {
  grocy: { '': 125, A: 34, S: 4, AS: 7 },
  cohere: { '': 50, A: 23 },
  langfuse: { '': 222, A: 29, S: 1, AS: 1 },
  pokeapi: { '': 220, A: 34, S: 19, AS: 28 },
  vonage: { '': 49, A: 10, S: 7 },
};

/** The OpenAPI 3 set's cell of a row, by the test its sampling drew with (segments split at every `/`). */
export function openApi3Cell(pathKey: string, methods: readonly string[], index: number, segment: string): string {
  const parts = pathKey.split('/').slice(1);
  const postLeaf = index === parts.length - 1 && methods.length === 1 && methods[0] === 'post';
  const next = parts[index + 1] ?? '';
  const singularBeforeParam = !/s$/i.test(segment) && (/[{}]/.test(next) || next.startsWith(':'));
  return (isCompound(segment) || postLeaf ? 'A' : '') + (singularBeforeParam ? 'S' : '');
}

/** An OpenAPI 3 set (bench/labels/openapi3-apis.tsv, openapi3-heldout.tsv): each row weighs N/n of its source and cell. */
export function readOpenApi3Apis(file: string, set: 'openapi3-apis' | 'openapi3-heldout' | 'openapi3-third' | 'openapi3-fourth' | 'openapi3-fifth' | 'openapi3-sixth' | 'openapi3-seventh' | 'openapi3-eighth' | 'openapi3-ninth' | 'openapi3-tenth' | 'openapi3-eleventh' = 'openapi3-apis'): Unfeatured[] {
  const cellPopulation = { 'openapi3-apis': openApi3Population, 'openapi3-heldout': openApi3HeldOutPopulation, 'openapi3-third': openApi3ThirdPopulation, 'openapi3-fourth': openApi3FourthPopulation, 'openapi3-fifth': openApi3FifthPopulation, 'openapi3-sixth': openApi3SixthPopulation, 'openapi3-seventh': openApi3SeventhPopulation, 'openapi3-eighth': openApi3EighthPopulation, 'openapi3-ninth': openApi3NinthPopulation, 'openapi3-tenth': openApi3TenthPopulation, 'openapi3-eleventh': openApi3EleventhPopulation }[set];
  const { col, lines } = readTsv(file);
  const rows = lines.map((f) => {
    const methods = f[col('methods')] ? f[col('methods')]!.split(',') : [];
    const segmentIndex = Number(f[col('segment_index')]);
    return { f, segmentIndex, cell: `${f[col('source')]}\t${openApi3Cell(f[col('path')]!, methods, segmentIndex, f[col('segment')]!)}` };
  });
  const n = new Map<string, number>();
  for (const r of rows) n.set(r.cell, (n.get(r.cell) ?? 0) + 1);
  return rows.flatMap(({ f, segmentIndex, cell }) => {
    const [source, c] = cell.split('\t') as [string, string];
    const population = cellPopulation[source]?.[c];
    if (population === undefined) throw new Error(`${file}: no population for ${source}, cell '${c}'`);
    const verb = f[col('verb')]!;
    const plural = f[col('plural')]!;
    const base = { set, source, path: f[col('path')]!, segmentIndex, segment: f[col('segment')]!, weight: population / n.get(cell)!, watch: false, reason: f[col('reason')] ?? '' };
    return [
      { ...base, rule: 'path-no-verbs' as const, positive: verb === 'ambiguous' ? undefined : verb === 'action' },
      { ...base, rule: 'path-collection-plural' as const, positive: plural === 'ambiguous' ? undefined : plural === 'violation' },
    ];
  });
}

/** The first set (../shared/labels/path-segments.tsv). */
export const readPathSegments = (file: string): Unfeatured[] => readSegmentLabels(file, 'path-segments');

/** The census set (bench/labels/census-apis.tsv). */
export const readCensusApis = (file: string): Unfeatured[] => readSegmentLabels(file, 'census-apis');

/**
 * The second or third set: its rows name the segment by text; the index is that of the segment in the path (the
 * last such segment when a text repeats, as the labels judge leaves). Weighted population / labelled
 * rows of its rule and stratum, ambiguous rows left out of the count.
 */
export function readRealApis(file: string, set: 'real-apis' | 'real-apis-2' = 'real-apis'): Unfeatured[] {
  const { col, lines } = readTsv(file);
  const stratum = (f: string[]) => (f[col('swaglint')] === 'flagged' ? `${f[col('rule')]}\tflagged` : 'clean');
  const n = new Map<string, number>();
  for (const f of lines) if (f[col('label')] !== 'ambiguous') n.set(`${f[col('rule')]}\t${stratum(f)}`, (n.get(`${f[col('rule')]}\t${stratum(f)}`) ?? 0) + 1);
  return lines.map((f) => {
    const label = f[col('label')]!;
    const pathKey = f[col('path')]!;
    const segment = f[col('segment')]!;
    const segmentIndex = parsePath(pathKey).map((s) => s.text).lastIndexOf(segment);
    const rule = f[col('rule')] as ModelRule;
    const s = stratum(f);
    return {
      set, source: f[col('source')]!, path: pathKey, segmentIndex, segment, rule,
      positive: label === 'ambiguous' ? undefined : label === 'tp' || label === 'fn',
      weight: stratumPopulation[set][s]! / (n.get(`${rule}\t${s}`) ?? 1), watch: false, reason: f[col('reason')] ?? '',
    };
  });
}

/** Where the second set's documents are put by default (git-ignored). */
export const realApisDir = (root: string) => path.join(root, 'bench', '.real-apis');

/** The census set's labels and the list of its documents, kept in the repository. */
export const censusLabels = (root: string) => path.join(root, 'bench', 'labels', 'census-apis.tsv');
export const censusDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'census-apis-documents.tsv');
/** The OpenAPI 3 set's labels and document list, kept in the repository. */
export const openApi3Labels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-apis.tsv');
export const openApi3DocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-apis-documents.tsv');
/** The second OpenAPI 3 set's labels and document list (round six, held out). */
export const openApi3HeldOutLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-heldout.tsv');
export const openApi3HeldOutDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-heldout-documents.tsv');
/** The third OpenAPI 3 set's labels and document list (round seven, held out). */
export const openApi3ThirdLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-third.tsv');
export const openApi3ThirdDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-third-documents.tsv');
/** The fourth OpenAPI 3 set's labels and document list (round eight, held out). */
export const openApi3FourthLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-fourth.tsv');
export const openApi3FourthDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-fourth-documents.tsv');
/** The fifth OpenAPI 3 set's labels and document list (round nine, held out). */
export const openApi3FifthLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-fifth.tsv');
export const openApi3FifthDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-fifth-documents.tsv');
/** The sixth OpenAPI 3 set's labels and document list (round ten, held out). */
export const openApi3SixthLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-sixth.tsv');
export const openApi3SixthDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-sixth-documents.tsv');
/** The seventh OpenAPI 3 set's labels and document list (round eleven, held out). */
export const openApi3SeventhLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-seventh.tsv');
export const openApi3SeventhDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-seventh-documents.tsv');
/** The eighth OpenAPI 3 set's labels and document list (labelled blind, held out). */
export const openApi3EighthLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-eighth.tsv');
export const openApi3EighthDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-eighth-documents.tsv');
/** The ninth OpenAPI 3 set's labels and document list (labelled blind, held out, scored once after round thirteen). */
export const openApi3NinthLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-ninth.tsv');
export const openApi3NinthDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-ninth-documents.tsv');
/** The tenth OpenAPI 3 set's labels and document list (labelled blind, held out, scored once after round fourteen). */
export const openApi3TenthLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-tenth.tsv');
export const openApi3TenthDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-tenth-documents.tsv');
/** The eleventh OpenAPI 3 set's labels and document list (labelled blind, held out, scored once after round fifteen). */
export const openApi3EleventhLabels = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-eleventh.tsv');
export const openApi3EleventhDocumentList = (root: string) => path.join(root, 'bench', 'labels', 'openapi3-eleventh-documents.tsv');

/** The documents a list names (`real-apis-documents.tsv`'s columns) and whether each is there. */
export function listedDocuments(list: string, dir: string): Array<{ source: string; file: string; present: boolean }> {
  const { col, lines } = readTsv(list);
  return lines
    .filter((f) => f[col('kind')] === 'document')
    .map((f) => {
      const file = path.join(dir, f[col('file')]!);
      return { source: f[col('file')]!.split('/')[0]!, file, present: statSync(file, { throwIfNoEntry: false })?.isFile() ?? false };
    });
}

/** The documents of the first set's sources (../shared/corpus/MANIFEST.tsv, fragments left out). */
function corpusDocuments(corpus: string, sources: Set<string>): Array<{ source: string; file: string }> {
  const manifest = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  return manifest
    .filter((c) => !(c[7] ?? '').startsWith('fragment referenced by'))
    .map((c) => ({ source: c[0]!.split('/')[0]!, file: path.join(corpus, c[0]!) }))
    .filter((d) => sources.has(d.source) && statSync(d.file, { throwIfNoEntry: false })?.isFile());
}

/** Per path key and segment index (`key \t i`), the features of each model where the segment is a candidate. */
type DocumentFeatures = Map<string, Partial<Record<ModelRule, Features>>>;

/** A rule that reports nothing and records the features every literal segment of the document has. */
function featureProbe(into: { current: DocumentFeatures }) {
  return defineRule({
    meta: { id: 'conventions-feature-probe', category: 'convention', severity: 'warn', formats: ['swagger2', 'openapi3'], description: 'Records path-segment features (benchmark only).' },
    create: (ctx) => ({
      Paths(paths, node) {
        const index = PathIndex.of(node, ctx);
        for (const key of Object.keys(paths)) {
          if (!key.startsWith('/')) continue;
          index.segments(key).forEach((_, i) => {
            const verb = verbFeatures(ctx, node, index, key, i);
            const plural = pluralFeatures(ctx, node, index, key, i);
            into.current.set(`${key}\t${i}`, { ...(verb ? { 'path-no-verbs': verb } : {}), ...(plural ? { 'path-collection-plural': plural } : {}) });
          });
        }
      },
    }),
  });
}

async function documentFeatures(file: string, projectRoot: string): Promise<{ features: DocumentFeatures; paths: Set<string> }> {
  const into = { current: new Map() as DocumentFeatures };
  const probe = featureProbe(into);
  const rules: Record<string, RuleLevel> = {};
  for (const r of builtinRules) rules[r.meta.id] = 'off';
  rules[probe.meta.id] = 'warn';
  await lintInput({ path: file }, { rules, projectRoot, plugins: [probe] });
  return { features: into.current, paths: new Set([...into.current.keys()].map((k) => k.slice(0, k.lastIndexOf('\t')))) };
}

/** Fills each row's feature vectors from the documents of its source. */
async function attachFeatures(rows: Unfeatured[], documents: Array<{ source: string; file: string }>, projectRoot: string): Promise<Row[]> {
  const bySource = new Map<string, Array<{ features: DocumentFeatures; paths: Set<string> }>>();
  for (const d of documents) {
    const list = bySource.get(d.source) ?? [];
    list.push(await documentFeatures(d.file, projectRoot));
    bySource.set(d.source, list);
  }
  return rows.map((r) => {
    const docs = (bySource.get(r.source) ?? []).filter((d) => d.paths.has(r.path));
    const of = (rule: ModelRule) =>
      docs.flatMap((d) => {
        const f = d.features.get(`${r.path}\t${r.segmentIndex}`)?.[rule];
        return f ? [f] : [];
      });
    return { ...r, vectors: of(r.rule), verbVectors: r.rule === 'path-collection-plural' ? of('path-no-verbs') : [], pluralVectors: r.rule === 'path-no-verbs' ? of('path-collection-plural') : [], seen: docs.length > 0 };
  });
}

export interface LabelledData {
  rows: Row[];
  /** Documents of the second set that are not materialised (the set is then left out). */
  missing: string[];
}

/**
 * The four label sets with their features; the last three only when all their documents are
 * present (they are materialised together).
 */
export async function readLabelledData(shared: string, root: string, realDir = realApisDir(root)): Promise<LabelledData> {
  const first = readPathSegments(path.join(shared, 'labels', 'path-segments.tsv'));
  const corpus = path.join(shared, 'corpus');
  const rows = await attachFeatures(first, corpusDocuments(corpus, new Set(first.map((r) => r.source))), corpus);
  const real = listedDocuments(path.join(shared, 'labels', 'real-apis-documents.tsv'), realDir);
  const real2 = listedDocuments(path.join(shared, 'labels', 'real-apis-2-documents.tsv'), realDir);
  const census = listedDocuments(censusDocumentList(root), realDir);
  const openApi3 = listedDocuments(openApi3DocumentList(root), realDir);
  const openApi3HeldOut = listedDocuments(openApi3HeldOutDocumentList(root), realDir);
  const openApi3Third = listedDocuments(openApi3ThirdDocumentList(root), realDir);
  const openApi3Fourth = listedDocuments(openApi3FourthDocumentList(root), realDir);
  const openApi3Fifth = listedDocuments(openApi3FifthDocumentList(root), realDir);
  const openApi3Sixth = listedDocuments(openApi3SixthDocumentList(root), realDir);
  const openApi3Seventh = listedDocuments(openApi3SeventhDocumentList(root), realDir);
  const openApi3Eighth = listedDocuments(openApi3EighthDocumentList(root), realDir);
  const openApi3Ninth = listedDocuments(openApi3NinthDocumentList(root), realDir);
  const openApi3Tenth = listedDocuments(openApi3TenthDocumentList(root), realDir);
  const openApi3Eleventh = listedDocuments(openApi3EleventhDocumentList(root), realDir);
  const missing = [...real, ...real2, ...census, ...openApi3, ...openApi3HeldOut, ...openApi3Third, ...openApi3Fourth, ...openApi3Fifth, ...openApi3Sixth, ...openApi3Seventh, ...openApi3Eighth, ...openApi3Ninth, ...openApi3Tenth, ...openApi3Eleventh].filter((d) => !d.present).map((d) => d.file);
  if (missing.length === 0 && existsSync(realDir)) {
    rows.push(...(await attachFeatures(readRealApis(path.join(shared, 'labels', 'real-apis.tsv')), real, realDir)));
    rows.push(...(await attachFeatures(readRealApis(path.join(shared, 'labels', 'real-apis-2.tsv'), 'real-apis-2'), real2, realDir)));
    rows.push(...(await attachFeatures(readCensusApis(censusLabels(root)), census, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3Labels(root)), openApi3, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3HeldOutLabels(root), 'openapi3-heldout'), openApi3HeldOut, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3ThirdLabels(root), 'openapi3-third'), openApi3Third, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3FourthLabels(root), 'openapi3-fourth'), openApi3Fourth, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3FifthLabels(root), 'openapi3-fifth'), openApi3Fifth, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3SixthLabels(root), 'openapi3-sixth'), openApi3Sixth, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3SeventhLabels(root), 'openapi3-seventh'), openApi3Seventh, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3EighthLabels(root), 'openapi3-eighth'), openApi3Eighth, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3NinthLabels(root), 'openapi3-ninth'), openApi3Ninth, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3TenthLabels(root), 'openapi3-tenth'), openApi3Tenth, realDir)));
    rows.push(...(await attachFeatures(readOpenApi3Apis(openApi3EleventhLabels(root), 'openapi3-eleventh'), openApi3Eleventh, realDir)));
  }
  return { rows, missing };
}
