import { lineTable, type LineTable } from './line-table.js';
import { JsonSyntaxError, jsonWithEdit, parseJson } from './parse-json.js';
import { parseYaml, YamlSyntaxError } from './parse-yaml.js';
import { locate, type DuplicateKey, type PosNode } from './positions.js';
import type { Range } from '../types.js';

export type SourceFormat = 'yaml' | 'json';

/** One parsed file: its text, its value and where each node of the value sits. */
export interface Source {
  uri: string;
  text: string;
  format: SourceFormat;
  value: unknown;
  /** Built on first use for JSON (see parse-json.ts). */
  readonly positions: PosNode;
  duplicates: DuplicateKey[];
  aliases: number;
  /** Offset → line/character; built on first use. */
  lines: LineTable;
}

export interface SyntaxProblem {
  uri: string;
  text: string;
  message: string;
  offset: number;
}

export type ParseOutcome = { ok: true; source: Source } | { ok: false; problem: SyntaxProblem };

/**
 * JSON when the name says so or the text starts like JSON; YAML otherwise. A `.yaml` file that holds
 * JSON is read as JSON first (fast) and as YAML when that fails, since YAML allows more.
 */
export function parseSource(rawText: string, uri: string): ParseOutcome {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const jsonName = /\.json$/i.test(uri);
  const looksJson = /^\s*[{[]/.test(text);
  try {
    if (jsonName || looksJson) {
      try {
        const r = parseJson(text);
        return ok(uri, text, 'json', r.value, r.positions, r.duplicates, 0);
      } catch (error) {
        if (jsonName || !(error instanceof JsonSyntaxError)) throw error;
      }
    }
    const r = parseYaml(text, uri);
    const positions = r.positions;
    return ok(uri, text, 'yaml', r.value, () => positions, r.duplicates, r.aliases);
  } catch (error) {
    if (error instanceof JsonSyntaxError || error instanceof YamlSyntaxError) {
      return { ok: false, problem: { uri, text, message: error.message, offset: error.offset } };
    }
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      // the parsers stop at maxDepth; this is for a caller that left them less stack than Node's default
      return { ok: false, problem: { uri, text, message: 'the document is nested too deeply to parse', offset: 0 } };
    }
    throw error;
  }
}

/**
 * For an editor's re-lint: the source of `text`, which differs from `before`'s text only inside one
 * string value of a JSON document, `[from, oldEnd)` of the old text now `[from, newEnd)` (see
 * `jsonWithEdit`), with `value` the new value. Undefined for YAML.
 */
export function sourceWithEdit(before: Source, text: string, from: number, oldEnd: number, newEnd: number, value: unknown): Source | undefined {
  if (before.format !== 'json') return undefined;
  const delta = newEnd - oldEnd;
  const r = jsonWithEdit(before.value, text, oldEnd, delta, value);
  if (!r) return undefined;
  const made = ok(before.uri, text, 'json', r.value, r.positions, r.duplicates, 0, shiftedLines(before, text, from, oldEnd, newEnd));
  return made.ok ? made.source : undefined;
}

/** How many shifted tables a line table stands on: a fresh one is built past `maxShifts`, so lookups stay short. */
const shifts = new WeakMap<LineTable, number>();
const maxShifts = 16;

/**
 * The new text's line table from the old one, for an edit that adds or removes no line: offsets
 * after it move by the edit's length, on its own line only their characters do. Undefined otherwise.
 */
function shiftedLines(before: Source, text: string, from: number, oldEnd: number, newEnd: number): LineTable | undefined {
  const depth = shifts.get(before.lines) ?? 0;
  if (depth >= maxShifts || before.text.slice(from, oldEnd).includes('\n') || text.slice(from, newEnd).includes('\n')) return undefined;
  const lines = shiftLines(before.lines, from, newEnd, newEnd - oldEnd);
  shifts.set(lines, depth + 1);
  return lines;
}

/** The shifted table; a function of its own so that its closure holds the old table, not the old source and its text. */
function shiftLines(old: LineTable, from: number, newEnd: number, delta: number): LineTable {
  const start = old(from);
  return (offset) => {
    if (offset < from) return old(offset);
    if (offset < newEnd) return { line: start.line, character: start.character + offset - from };
    const p = old(offset - delta);
    return p.line === start.line ? { line: p.line, character: p.character + delta } : p;
  };
}

/**
 * A line table built on first use. It lets go of the text once built: an editor's shifted tables stand
 * on this one (`shiftLines`) long after its source and text were replaced.
 */
function lazyLines(text: string): LineTable {
  let pending: string | undefined = text;
  let table: LineTable | undefined;
  return (offset) => {
    if (table === undefined) {
      table = lineTable(pending!);
      pending = undefined;
    }
    return table(offset);
  };
}

function ok(uri: string, text: string, format: SourceFormat, value: unknown, positions: () => PosNode, duplicates: DuplicateKey[], aliases: number, shifted?: LineTable): ParseOutcome {
  const lines: LineTable = shifted ?? lazyLines(text);
  // a getter: a JSON document builds its position index only when a finding first needs a place
  const source: Source = {
    uri,
    text,
    format,
    value,
    get positions() {
      return positions();
    },
    duplicates,
    aliases,
    lines,
  };
  return { ok: true, source };
}

export type Target = 'key' | 'value';

/**
 * The range of the node at `pointer`: its key (the default, where the spec's findings point) or its
 * value. A pointer that runs past what exists gives the key of the deepest node that does: a missing
 * `info.description` is reported at `info:`.
 */
export function rangeOf(source: Source, pointer: readonly string[], target: Target = 'key'): Range {
  const { node, depth } = locate(source.positions, pointer);
  const exact = depth === pointer.length;
  let start: number;
  let end: number;
  if ((target === 'key' || !exact) && node.keyStart !== undefined) {
    start = node.keyStart;
    end = node.keyEnd!;
  } else {
    start = node.start;
    end = node.end;
    // a whole block collection: its first line is enough to point at
    const nl = source.text.indexOf('\n', start);
    if (nl !== -1 && nl < end) end = nl;
  }
  return { start: source.lines(start), end: source.lines(end) };
}

/** The range of the columns `[from, to)` of a key's or scalar's text, skipping an opening quote. */
export function subRange(source: Source, pointer: readonly string[], from: number, to: number, target: Target = 'key'): Range {
  const { node, depth } = locate(source.positions, pointer);
  let base = target === 'key' && node.keyStart !== undefined ? node.keyStart : node.start;
  if (depth !== pointer.length) return rangeOf(source, pointer, target);
  const quote = source.text[base];
  if (quote === '"' || quote === "'") base++;
  return { start: source.lines(base + from), end: source.lines(base + to) };
}

export function offsetRange(source: Source, start: number, end: number): Range {
  return { start: source.lines(start), end: source.lines(end) };
}
