// What the side-by-side test with Spectral (bench/spectral.mjs, test/declarative-spectral.test.ts)
// shares: the rulesets, the documents, and how a finding becomes a (rule, document, pointer) triple.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { projectDir } from './paths.js';
import { corpusDir } from './shared-dir.js';

/** The rulesets compared, under fixtures/spectral/ (each folder notes its source and licence). */
export const rulesets: Record<string, { file: string }> = {
  own: { file: 'own/.spectral.yaml' },
  azure: { file: 'azure/spectral.yaml' },
  adidas: { file: 'adidas/.spectral.yml' },
  baloise: { file: 'baloise/.spectral.yml' },
};

export const spectralFixtures = path.join(projectDir, 'fixtures', 'spectral');

interface ManifestRow {
  file: string;
  bytes: number;
  note: string;
}

function manifest(): ManifestRow[] {
  return readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .map((c) => ({ file: c[0]!, bytes: Number(c[4]), note: c[7] ?? '' }));
}

/**
 * The corpus documents of the recorded comparison: from each source, the first two (by name) that
 * are whole documents under 300 kB, so the test stays quick and still meets several styles.
 */
export function corpusSample(): string[] {
  const bySource = new Map<string, string[]>();
  for (const row of manifest().sort((a, b) => (a.file < b.file ? -1 : 1))) {
    if (row.note.startsWith('fragment referenced by') || row.bytes > 300_000 || !/\.(json|ya?ml)$/.test(row.file)) continue;
    const source = row.file.split('/')[0]!;
    const list = bySource.get(source) ?? [];
    if (list.length < 2) list.push(row.file);
    bySource.set(source, list);
  }
  return [...bySource.values()].flat();
}

const parsed = new Map<string, unknown>();

/**
 * The pointer of the deepest node that exists on the way to `pointer`: Spectral reports a missing
 * property at its closest existing parent, swaglint at the property itself (its position is the
 * parent's key either way).
 */
export function closestPointer(file: string, pointer: string): string {
  let value = parsed.get(file);
  if (value === undefined) {
    const text = readFileSync(file, 'utf8');
    value = /\.json$/i.test(file) ? JSON.parse(text) : yaml.load(text);
    parsed.set(file, value);
  }
  const segments = pointer === '' ? [] : pointer.slice(1).split('/');
  const kept: string[] = [];
  let at: unknown = value;
  for (const raw of segments) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, seg)) break;
    at = (at as Record<string, unknown>)[seg];
    kept.push(raw);
  }
  return kept.map((s) => '/' + s).join('');
}

export interface Explained {
  rule: string;
  document: string;
  pointer: string;
  /** Which tool alone reports it. */
  side: 'spectral' | 'swaglint';
  why: string;
}

export interface Recorded {
  note: string;
  /** Per ruleset: the documents, Spectral's [rule, pointer] pairs by document, and the explained differences. */
  rulesets: Record<string, { documents: string[]; spectral: Record<string, Array<[string, string]>>; explained: Explained[] }>;
}

export function readRecorded(): Recorded {
  return JSON.parse(readFileSync(path.join(spectralFixtures, 'recorded.json'), 'utf8')) as Recorded;
}

/** A recorded document name (`corpus/…` or a path in the checkout) → its file. */
export function documentPath(name: string): string {
  return name.startsWith('corpus/') ? path.join(corpusDir, name.slice('corpus/'.length)) : path.join(projectDir, name);
}

// Spectral's own core functions (its CLI takes typedEnum only as spectral:oas's)
const coreFunctions = new Set(['truthy', 'falsy', 'defined', 'undefined', 'pattern', 'casing', 'enumeration', 'length', 'alphabetical', 'schema', 'xor', 'or', 'unreferencedReusableObject']);

/**
 * A copy of a vendored ruleset's folder without the rules that use custom JavaScript functions whose
 * files were not vendored with it (Azure's, Baloise/Zalando's): both tools then run the same rules.
 */
export function coreOnlyCopy(dir: string): string {
  const out = mkdtempSync(path.join(os.tmpdir(), 'swaglint-spectral-'));
  const isRuleset = (name: string) => /\.(ya?ml|json)$/.test(name) && /spectral|baloise|zalando/i.test(name);
  const files: Array<[string, string]> = [];
  const walk = (from: string, to: string) => {
    for (const name of readdirSync(from)) {
      const src = path.join(from, name);
      const dst = path.join(to, name);
      if (statSync(src).isDirectory()) {
        mkdirSync(dst, { recursive: true });
        walk(src, dst);
      } else if (isRuleset(name)) files.push([src, dst]);
      else copyFileSync(src, dst);
    }
  };
  walk(dir, out);
  // first the definitions that use a custom function, then every setting of them in the chain
  type Ruleset = { rules?: Record<string, unknown>; functions?: unknown; functionsDir?: unknown } | null;
  const dropped = new Set<string>();
  const docs = files.map(([src, dst]) => [yaml.load(readFileSync(src, 'utf8')) as Ruleset, dst] as const);
  for (const [doc] of docs) {
    for (const [id, rule] of Object.entries(doc?.rules ?? {})) {
      const then = rule !== null && typeof rule === 'object' ? (rule as { then?: unknown }).then : undefined;
      const thens = then === undefined ? [] : Array.isArray(then) ? then : [then];
      if (thens.some((t) => t !== null && typeof t === 'object' && !coreFunctions.has(String((t as { function?: unknown }).function)))) dropped.add(id);
    }
  }
  for (const [doc, dst] of docs) {
    if (doc && typeof doc === 'object') {
      delete doc.functions;
      delete doc.functionsDir;
      for (const id of Object.keys(doc.rules ?? {})) if (dropped.has(id)) delete doc.rules![id];
    }
    writeFileSync(dst, yaml.dump(doc, { lineWidth: -1 }));
  }
  return out;
}
