// The places where the path and method convention rules other than path-no-verbs and
// path-collection-plural could fire (their candidates), read from the documents of
// bench/labels/path-rules-documents.tsv, and the rules' findings on them. bench/path-rules.mjs draws
// the labelled sample from these and scores the labels (bench/labels/README.md, "Path and method rules").
// Each candidate is keyed by rule, source, path and place (a segment index, a method, or a schema's
// required name), so a label stays attached to its place whatever build scores it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lintInput } from '../src/pipeline/lint.js';
import type { RuleSetting } from '../src/pipeline/lint.js';
import { parsePath } from '../rules/lib/path-parser.js';
import { builtinRules } from '../rules/index.js';

export const pathRules = [
  'path-subcollection-nesting',
  'path-member-id',
  'path-no-multi-id',
  'post-collection-only',
  'put-member-only',
  'delete-member-only',
  'path-param-names-consistent',
  'required-properties-exist',
] as const;
export type PathRule = (typeof pathRules)[number];

export interface DocumentEntry {
  file: string;
  source: string;
  repo: string;
  sourcePath: string;
  commit: string;
  bytes: number;
}

export interface Candidate {
  rule: PathRule;
  source: string;
  format: 'swagger2' | 'openapi3';
  /** The API path (a schema's JSON pointer for required-properties-exist). */
  path: string;
  /** A segment index, a method, or a required property's name. */
  place: string;
  /** What a labeller reads beside the place: the segment, the methods. */
  detail: string;
}

export const candidateKey = (c: { rule: string; source: string; path: string; place: string }): string => `${c.rule}\t${c.source}\t${c.path}\t${c.place}`;

export const documentsList = (root: string): string => path.join(root, 'bench', 'labels', 'path-rules-documents.tsv');
export const documentsDir = (root: string): string => path.join(root, 'bench', '.real-apis', 'path-rules');

export function readDocuments(root: string): DocumentEntry[] {
  const lines = readFileSync(documentsList(root), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines.shift()!.split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines.map((l) => {
    const f = l.split('\t');
    return { file: f[col('file')]!, source: f[col('source')]!, repo: f[col('source_repo')]!, sourcePath: f[col('source_path')]!, commit: f[col('commit')]!, bytes: Number(f[col('bytes')]) };
  });
}

/** The documents not materialised (or of another size than pinned). */
export function missingDocuments(root: string): string[] {
  return readDocuments(root)
    .filter((d) => {
      const file = path.join(documentsDir(root), d.file);
      return !existsSync(file) || readFileSync(file).length !== d.bytes;
    })
    .map((d) => d.file);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** A parameter segment's shape up to it: `/orders/{}/lines/{}`, as path-member-id reports a shape once. */
const shape = (texts: readonly string[]) => texts.map((t) => (t.includes('{') ? '{}' : t)).join('/');

/** The candidates of the path rules in one document's `paths`. */
function pathCandidates(source: string, format: Candidate['format'], paths: Record<string, Json>): Candidate[] {
  const out: Candidate[] = [];
  const seenShape = new Set<string>();
  const add = (rule: PathRule, key: string, place: string, detail: string) => out.push({ rule, source, format, path: key, place, detail });
  for (const [key, item] of Object.entries(paths)) {
    if (!key.startsWith('/')) continue;
    const segments = parsePath(key);
    const texts = segments.map((s) => s.text);
    const ms = isObject(item) ? methods.filter((m) => item[m] !== undefined) : [];
    segments.forEach((s, i) => {
      if (s.kind === 'param') {
        const sh = shape(texts.slice(0, i + 1));
        if (!seenShape.has(sh)) {
          seenShape.add(sh);
          add('path-member-id', key, String(i), s.text);
        }
        add('path-no-multi-id', key, String(i), s.text);
      } else if (i > 0 && segments[i - 1]!.kind === 'literal') {
        add('path-subcollection-nesting', key, String(i), `${segments[i - 1]!.text}/${s.text}`);
      }
    });
    if (segments.some((s) => s.kind === 'param')) add('path-param-names-consistent', key, 'path', ms.join(','));
    for (const [m, rule] of [['post', 'post-collection-only'], ['put', 'put-member-only'], ['delete', 'delete-member-only']] as const) {
      if (ms.includes(m)) add(rule, key, m, ms.join(','));
    }
  }
  return out;
}

/** Every `required` list of names in the document, with the pointer of the object holding it. */
function requiredCandidates(source: string, format: Candidate['format'], root: Json): Candidate[] {
  const out: Candidate[] = [];
  const walk = (v: Json, pointer: string, parentKey: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${pointer}/${i}`, String(i)));
    if (!isObject(v)) return;
    const required = v['required'];
    // `properties` and `example(s)` hold names and values, not schemas: their keys are no keywords
    if (Array.isArray(required) && parentKey !== 'properties') {
      for (const name of required) if (typeof name === 'string') out.push({ rule: 'required-properties-exist', source, format, path: pointer, place: name, detail: isObject(v['properties']) ? Object.keys(v['properties']).join(',') : '' });
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === 'example' || k === 'examples' || k === 'x-examples') continue;
      walk(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k);
    }
  };
  walk(root, '', '');
  return out;
}

async function parseDocument(file: string): Promise<Json> {
  const text = readFileSync(file, 'utf8');
  if (/^\s*[{[]/.test(text)) return JSON.parse(text) as Json;
  const yaml = await import('js-yaml');
  return yaml.load(text) as Json;
}

export interface Finding {
  rule: PathRule;
  source: string;
  path: string;
  place: string;
  message: string;
  severity: string;
  line: number;
}

/** The segment index a segment rule's finding is at, from the quoted text its message starts with. */
function segmentOf(rule: PathRule, apiPath: string, message: string): string {
  const segments = parsePath(apiPath).map((s) => s.text);
  const quoted = message.match(/^'([^']*)'/)?.[1] ?? '';
  if (rule === 'path-subcollection-nesting') {
    const parent = message.match(/the collection '([^']*)'/)?.[1];
    const i = segments.findIndex((s, j) => s === quoted && j > 0 && segments[j - 1] === parent);
    return String(i);
  }
  if (quoted === apiPath) return '0'; // a lone parameter at the root
  return String(segments.findIndex((s) => s.includes(quoted)));
}

/** The place a finding is at, in the candidates' terms. */
function findingPlace(rule: PathRule, apiPath: string, pointer: string, message: string): string {
  switch (rule) {
    case 'post-collection-only':
      return 'post';
    case 'put-member-only':
      return 'put';
    case 'delete-member-only':
      return 'delete';
    case 'path-param-names-consistent':
      return 'path';
    case 'required-properties-exist':
      return message.match(/^'([^']*)'/)?.[1] ?? '';
    case 'path-no-multi-id': {
      const named = message.match(/^Path parameter '([^']*)'/)?.[1];
      const segments = parsePath(apiPath);
      const i = named ? segments.findIndex((s) => s.params.includes(named)) : segments.findIndex((s) => message.startsWith(`'${s.text}'`));
      return String(i);
    }
    default:
      void pointer;
      return segmentOf(rule, apiPath, message);
  }
}

/** A document to read: its file and the source (API) it counts for. */
export interface LintedDocument {
  file: string;
  source: string;
}

/** The labelled APIs' documents, materialised (bench/labels/path-rules-documents.tsv). */
export const apiDocuments = (root: string): LintedDocument[] => readDocuments(root).map((d) => ({ file: path.join(documentsDir(root), d.file), source: d.source }));

/**
 * The Swagger 2.0 documents of ../shared/corpus (its MANIFEST, fragments left out), each its own source
 * (`corpus:docusign/esignature.rest.swagger-v2.1`): a folder holds several APIs. Empty without ../shared.
 */
export function corpusDocuments(shared: string): LintedDocument[] {
  const manifest = path.join(shared, 'corpus', 'MANIFEST.tsv');
  if (!existsSync(manifest)) return [];
  const lines = readFileSync(manifest, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines.shift()!.split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines
    .map((l) => l.split('\t'))
    .filter((f) => !/fragment/i.test(f[col('expected')] ?? '') && !/fragment/i.test(f[col('note')] ?? ''))
    .map((f) => ({ file: path.join(shared, 'corpus', f[col('file')]!), source: 'corpus:' + f[col('file')]!.replace(/\.(json|ya?ml)$/, '') }));
}

export interface DocumentData {
  candidates: Candidate[];
  findings: Finding[];
}

/** Candidates and findings of every materialised document, the findings of the build in dist/. */
export async function readPathRuleData(documents: readonly LintedDocument[], settings: Record<string, RuleSetting> = {}): Promise<DocumentData> {
  const candidates: Candidate[] = [];
  const findings: Finding[] = [];
  // only these rules run (the others' findings are not read): every other built-in rule is off
  const rules: Record<string, RuleSetting> = Object.fromEntries(builtinRules.map((r) => [r.meta.id, 'off' as RuleSetting]));
  for (const r of pathRules) rules[r] = settings[r] ?? 'warn';
  for (const d of documents) {
    const file = d.file;
    const doc = await parseDocument(file).catch(() => undefined); // a corpus document that does not parse has no places
    if (!isObject(doc)) continue;
    const format = typeof doc['swagger'] === 'string' ? 'swagger2' : 'openapi3';
    if (isObject(doc['paths'])) candidates.push(...pathCandidates(d.source, format, doc['paths']));
    candidates.push(...requiredCandidates(d.source, format, doc));
    const result = await lintInput({ path: file }, { preset: 'all', rules, cwd: path.dirname(file), projectRoot: path.dirname(file) });
    if (result.skipped) continue;
    for (const x of result.diagnostics) {
      const rule = x.ruleId as PathRule;
      if (!pathRules.includes(rule)) continue;
      const at = rule === 'required-properties-exist' ? (x.pointer ?? '').replace(/\/required\/\d+$/, '') : (x.apiPath ?? '');
      findings.push({ rule, source: d.source, path: at, place: findingPlace(rule, x.apiPath ?? '', x.pointer ?? '', x.message), message: x.message, severity: x.severity, line: x.range.start.line + 1 });
    }
  }
  return { candidates, findings };
}
