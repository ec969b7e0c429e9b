import path from 'node:path';
import type { Diagnostic } from '../types.js';
import { UserError } from '../errors.js';
import { parseSource } from '../load/source.js';
import { lineTable } from '../load/line-table.js';
import { isEngineFinding } from '../lint/finding-ids.js';
import { readConfigText } from '../load/read-document.js';

/**
 * A baseline: the findings a team accepts for now, so that a run reports only new ones. Each entry
 * is a fingerprint of the rule, the JSON pointer and the message: no line numbers (it survives edits
 * elsewhere in the file) and no text from the document (a message may quote a value; the hash does
 * not), with a count so that a second identical finding is new.
 */
export interface BaselineEntry {
  /** The file, relative to the baseline's directory, with forward slashes (a URL as it is). */
  file: string;
  rule: string;
  fingerprint: string;
  count: number;
}

/**
 * A baseline as the filter stage takes it: plain data (it goes to worker threads and into the cache's
 * key), the file kept because entries name documents relative to its directory.
 */
export interface Baseline {
  /** The baseline file (absolute). */
  file: string;
  entries: readonly BaselineEntry[];
}

export interface BaselineOptions {
  /** The working directory a relative baseline file is named from (the process's when not given). */
  cwd?: string;
}

/** The baseline file as an absolute name: relative to the caller's working directory, not the process's. */
function absoluteFile(file: string, cwd: string | undefined): string {
  return cwd === undefined ? path.resolve(file) : path.resolve(cwd, file);
}

/** Reads a baseline file for the filter stage (`LintOptions.baseline`). */
export async function loadBaseline(file: string, options: BaselineOptions = {}): Promise<Baseline> {
  const absolute = absoluteFile(file, options.cwd);
  return { file: absolute, entries: await readBaseline(absolute) };
}

export function fingerprint(d: Pick<Diagnostic, 'ruleId' | 'pointer' | 'message'>): string {
  const message = d.message.replace(/\s+/g, ' ').trim();
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(`${d.ruleId}\0${d.pointer}\0${message}`).digest('hex').slice(0, 20);
}

function fileKey(baselineDir: string, uri: string): string {
  if (!path.isAbsolute(uri)) return uri;
  return path.relative(baselineDir, uri).split(path.sep).join('/');
}

const keyOf = (e: { file: string; rule: string; fingerprint: string }) => `${e.file}\0${e.rule}\0${e.fingerprint}`;

/** The baseline's entries for these findings, sorted by file, rule and fingerprint. */
export function baselineEntries(baselineFile: string, diagnostics: Iterable<Diagnostic>, options: BaselineOptions = {}): BaselineEntry[] {
  const dir = path.dirname(absoluteFile(baselineFile, options.cwd));
  const counts = new Map<string, BaselineEntry>();
  for (const d of diagnostics) {
    if (isEngineFinding(d.ruleId)) continue;
    const entry = { file: fileKey(dir, d.uri), rule: d.ruleId, fingerprint: fingerprint(d), count: 1 };
    const seen = counts.get(keyOf(entry));
    if (seen) seen.count++;
    else counts.set(keyOf(entry), entry);
  }
  return [...counts.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/** One entry per line: a new finding is one added line in a diff. */
export function baselineText(entries: readonly BaselineEntry[]): string {
  const lines = entries.map((e) => '    ' + JSON.stringify({ file: e.file, rule: e.rule, fingerprint: e.fingerprint, count: e.count }));
  return `{\n  "version": 1,\n  "findings": [\n${lines.join(',\n')}${lines.length ? '\n' : ''}  ]\n}\n`;
}

export async function readBaseline(file: string): Promise<BaselineEntry[]> {
  let text: string;
  try {
    text = await readConfigText(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(`--baseline ${file}: ${code === 'ENOENT' ? 'no such file; write one with --baseline-write' : `cannot read it (${code ?? String(error)})`}.`);
  }
  const parsed = parseSource(text, file.endsWith('.json') ? file : `${file}.json`);
  if (!parsed.ok) {
    const at = lineTable(parsed.problem.text)(parsed.problem.offset);
    throw new UserError(`${file}:${at.line + 1}:${at.character + 1}: the baseline does not parse: ${parsed.problem.message}.`);
  }
  const value = parsed.source.value as { version?: unknown; findings?: unknown } | null;
  const findings = value?.findings;
  if (value?.version !== 1 || !Array.isArray(findings)) throw new UserError(`${file} is not a swaglint baseline (version 1 with a findings list); write one with --baseline-write.`);
  return findings.map((f: unknown, i) => {
    const e = f as Partial<BaselineEntry> | null;
    const ok = e && typeof e.file === 'string' && typeof e.rule === 'string' && typeof e.fingerprint === 'string' && Number.isInteger(e.count) && e.count! > 0;
    if (!ok) throw new UserError(`${file}: finding ${i + 1} of the baseline is not { file, rule, fingerprint, count }.`);
    return e as BaselineEntry;
  });
}

/** Drops the findings the baseline accounts for, as many of each as it counts. */
export function subtractBaseline(baselineFile: string, entries: readonly BaselineEntry[], diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const dir = path.dirname(path.resolve(baselineFile));
  const counts = countsOf(entries);
  const used = new Map<string, number>(); // this call's own: each call starts from the full counts
  return diagnostics.filter((d) => {
    if (isEngineFinding(d.ruleId)) return true;
    const key = keyOf({ file: fileKey(dir, d.uri), rule: d.ruleId, fingerprint: fingerprint(d) });
    const taken = used.get(key) ?? 0;
    if (taken >= (counts.get(key) ?? 0)) return true;
    used.set(key, taken + 1);
    return false;
  });
}

/** The entries' counts by key, made once per baseline: an editor or a library caller applies it per document. */
const counted = new WeakMap<readonly BaselineEntry[], Map<string, number>>();

function countsOf(entries: readonly BaselineEntry[]): Map<string, number> {
  let counts = counted.get(entries);
  if (!counts) {
    counts = new Map();
    for (const e of entries) counts.set(keyOf(e), (counts.get(keyOf(e)) ?? 0) + e.count);
    counted.set(entries, counts);
  }
  return counts;
}
