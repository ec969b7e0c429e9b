// An editor's re-lint after an edit (issue 41): re-lint what the edit can change, not the whole
// document. A full lint keeps a session (the parsed document, the rules, their raw findings); the
// next text is compared with the session's, and when it differs inside one path item, definition or
// component (the "unit") of a single-file document:
//   1. the text is re-parsed cheaply (an edit inside one JSON string or key name: that value patched
//      or that key renamed, the old scan's offsets shifted; otherwise a parse whose unit must span the
//      same text as before),
//   2. the rules that read only the subtree they visit (`meta.reach: 'node'`) are re-run on the unit;
//      every other finding is kept, its place shifted by the edit: the first batch, shown at once;
//   3. the other rules (uniqueness, unreferenced things, conventions over the path set, `$ref`
//      resolution) re-run over the whole document, and the node rules too where the unit is the
//      target of a `$ref` (what it holds may change findings elsewhere): the complete set, which
//      equals a full lint's (test/relint-equal.test.ts).
// Anything else (no session, other settings, a YAML alias, another file, a structural edit outside
// one unit, a report at its size limit) is a full lint.
import type { Diagnostic, Position, Range } from '../types.js';
import { parseSource, sourceWithEdit, type Source } from '../load/source.js';
import { locate, type PosNode } from '../load/positions.js';
import { parsePointer, toPointer } from '../load/pointer.js';
import type { LoadedDocument } from '../load/refs.js';
import { isObject } from '../json.js';
import { LazyNode } from '../lint/node.js';
import type { Node } from '../lint/rule.js';
import type { Kind } from '../lint/shape.js';
import { reportBudget, runRulesAt, runRulesAsync, startRules, type ActiveRule, type RulesRun } from '../lint/run-rules.js';
import type { ApiFormat } from '../lint/format.js';
import { detectFormat, formats as builtinFormats } from '../formats/index.js';
import { carryIgnoreScan, filterFindings } from '../filters/index.js';
import type { Scope } from '../config/scope.js';
import { lintTextKeeping, sortDiagnostics, type FileResult, type KeptRun, type LintOptions } from './lint.js';

/** One document's last complete lint, kept for the re-lint after the next edit. Opaque to callers. */
export interface LintSession {
  readonly uri: string;
  readonly text: string;
  readonly settings: string;
  readonly doc: LoadedDocument;
  readonly format: ApiFormat;
  readonly rules: readonly ActiveRule[];
  readonly scope: Scope;
  /** Raw findings of the `reach: 'node'` rules, and of the others, and of the `Filter:done` hooks. */
  readonly local: readonly Diagnostic[];
  readonly whole: readonly Diagnostic[];
  readonly post: readonly Diagnostic[];
  readonly result: FileResult;
  /** Every `$ref` of the document (where it is, what it names): built on the first re-lint. */
  refs?: readonly RefAt[];
}

/**
 * A `$ref` at `holder` (a JSON pointer), naming `target` (a pointer; undefined when it is none), and
 * the units (pointers) of both: undefined for a place in no unit.
 */
interface RefAt {
  holder: string;
  target: string | undefined;
  holderUnit: string | undefined;
  targetUnit: string | undefined;
  /** Whether it names a place in this file (`#…`). */
  local: boolean;
}

/** Past this many units to re-run, the node rules re-run over the whole document. */
const maxUnits = 200;

/**
 * The units whose findings may change with the edited one's text: it, and every unit with a `$ref`
 * into one of them, through any number of steps. Undefined when that is not known: a `$ref` that is
 * no pointer, one to a place above the units, one from a place in no unit.
 */
function reaching(refs: readonly RefAt[], unit: string): Set<string> | undefined {
  const into = new Map<string, Array<string | undefined>>();
  for (const r of refs) {
    if (r.target === undefined || r.targetUnit === undefined) return undefined;
    let list = into.get(r.targetUnit);
    if (!list) into.set(r.targetUnit, (list = []));
    list.push(r.holderUnit);
  }
  const reached = new Set([unit]);
  const queue = [unit];
  while (queue.length > 0) {
    for (const holderUnit of into.get(queue.pop()!) ?? []) {
      if (holderUnit === undefined) return undefined;
      if (!reached.has(holderUnit)) {
        reached.add(holderUnit);
        queue.push(holderUnit);
      }
    }
  }
  return reached;
}

/** Whether a JSON pointer lies in one of `units`: its prefixes of two to four segments looked up. */
function inUnits(pointer: string, units: ReadonlySet<string>): boolean {
  let slash = 0;
  for (let n = 0; n < 4; n++) {
    slash = pointer.indexOf('/', slash + 1);
    const prefix = slash === -1 ? pointer : pointer.slice(0, slash);
    if (n >= 1 && units.has(prefix)) return true;
    if (slash === -1) return false;
  }
  return false;
}

export interface Linted {
  result: FileResult;
  /** Undefined when the next edit cannot start from this lint (see the module's comment). */
  session: LintSession | undefined;
  /**
   * Where a re-lint's complete set re-ran the node rules: the edited unit, it and the units whose
   * `$ref`s reach it, or the whole document. Undefined for a full lint. What the bench counts.
   */
  nodeRules?: 'unit' | 'reaching units' | 'document';
}

/** What a re-lint gives: the first batch at once, the complete set when asked. */
export interface Relint {
  /**
   * The edited unit's findings of the node rules, every other finding kept and shifted by the edit;
   * undefined when the text is the session's (the complete set is then the session's own).
   */
  first: FileResult | undefined;
  /** The complete findings (a full lint's), and the session for the next edit. */
  complete(signal?: AbortSignal): Promise<Linted>;
}

/** A full lint that keeps a session for the next edit's `relint`. */
export async function lintSession(text: string, uri: string, options: LintOptions): Promise<Linted> {
  let kept: KeptRun | undefined;
  const result = await lintTextKeeping(text, uri, options, (run) => (kept = run));
  const settings = settingsKey(options);
  if (!kept || settings === undefined || text.charCodeAt(0) === 0xfeff) return { result, session: undefined };
  const { doc, format, rules, scope, found, afterFilter } = kept;
  if (doc.sources.size !== 1 || doc.failures.size > 0 || doc.root.aliases > 0 || doc.root.duplicates.length > 0 || !wholeRun(found)) return { result, session: undefined };
  const local = localIds(rules);
  return {
    result,
    session: { uri, text, settings, doc, format, rules, scope, local: found.filter((d) => local.has(d.ruleId)), whole: found.filter((d) => !local.has(d.ruleId)), post: afterFilter, result },
  };
}

/**
 * The re-lint of `text`, the session's document after an edit, or undefined when it must be a full
 * lint (`lintSession`). The options must be the session's (compared as data).
 */
export async function relint(session: LintSession, text: string, options: LintOptions): Promise<Relint | undefined> {
  if (settingsKey(options) !== session.settings || text.charCodeAt(0) === 0xfeff) return undefined;
  const { uri, doc: before, format } = session;
  const span = changedSpan(session.text, text);
  if (!span) return { first: undefined, complete: async () => ({ result: session.result, session, nodeRules: 'unit' }) };
  const old = before.root;
  const kinds = format.kinds;
  const { from, oldEnd, newEnd } = span;
  const delta = newEnd - oldEnd;
  const around = deepestAround(old.positions, from, oldEnd);
  const unit = unitOf(kinds, around.pointer);
  if (!unit) return undefined;
  const source = reparsed(session, text, around, unit, span, options);
  if (!source) return undefined;
  carryIgnoreScan(old, source, from, newEnd);
  const doc: LoadedDocument = { root: source, sources: new Map([[uri, source]]), spellings: new Map(), failures: new Map() };
  const ruleFormat = { id: format.id, kinds };
  const start = startOf(source, kinds, unit);
  if (!start) return undefined;
  const localRules = session.rules.filter(isLocal);
  const fresh = runRulesAt(doc, ruleFormat, localRules, start.node, start.above);
  const unitPointer = toPointer(unit);
  if (!fresh || !fresh.every((d) => d.uri === uri && inside(d.pointer, unitPointer))) return undefined;
  const shift = shifter(old, text, from, oldEnd, newEnd);
  const local = [...session.local.filter((d) => !inside(d.pointer, unitPointer)).map(shift), ...fresh];
  const scope = (found: Diagnostic[]) => session.scope.filter(found);
  const stale = session.whole.map(shift);
  const post = session.post.map(shift);
  const texts = new Map([[uri, text]]);
  const first: FileResult = { uri, texts, diagnostics: sortDiagnostics(filterFindings(local.concat(stale), doc, scope, () => post, options)) };
  const complete = async (signal?: AbortSignal): Promise<Linted> => {
    // the units whose `$ref`s lead into the edited one (through others too) may find differently now:
    // the node rules re-run on them, or over the whole document when that is most of it or unclear
    const refs = (session.refs ??= refsOf(old.value, [], kinds)).filter((r) => !inside(r.holder, unitPointer)).concat(refsOf(start.node.value, unit, kinds));
    const reached = reaching(refs, unitPointer);
    let again: Diagnostic[] | undefined = [];
    if (reached && reached.size > 1 && reached.size <= maxUnits) {
      for (const at of reached) {
        if (at === unitPointer) continue;
        const from = startOf(source, kinds, parsePointer(at) ?? []);
        const found = from && runRulesAt(doc, ruleFormat, localRules, from.node, from.above);
        if (!found || !found.every((d) => d.uri === uri && inside(d.pointer, at))) {
          again = undefined;
          break;
        }
        again.push(...found);
      }
    }
    const everything = !reached || reached.size > maxUnits || again === undefined;
    const rules = everything ? session.rules : session.rules.filter((r) => !isLocal(r));
    await Promise.all(rules.map((r) => r.rule.setup?.(format.id)));
    await Promise.all(rules.map((r) => r.rule.prepare?.(doc)));
    const run: RulesRun = signal ? await runRulesAsync(doc, ruleFormat, rules, signal) : startRules(doc, ruleFormat, rules);
    const ids = localIds(session.rules);
    const kept = reached && reached.size > 1 ? local.filter((d) => !inUnits(d.pointer, reached)).concat(fresh) : local;
    const found = everything ? run.found : kept.concat(again ?? [], run.found);
    if (!wholeRun(found) || budgetOf(found) > reportBudget) return lintSession(text, uri, options);
    const raw = found.slice();
    let afterFilter: Diagnostic[] = [];
    const diagnostics = sortDiagnostics(filterFindings(found, doc, scope, (outcome) => (afterFilter = run.afterFilter(outcome)), options));
    const result: FileResult = { uri, texts, diagnostics };
    const next: LintSession = { ...session, text, doc, local: raw.filter((d) => ids.has(d.ruleId)), whole: raw.filter((d) => !ids.has(d.ruleId)), post: afterFilter, result, refs };
    return { result, session: next, nodeRules: everything ? 'document' : reached && reached.size > 1 ? 'reaching units' : 'unit' };
  };
  return { first, complete };
}

/** The settings as data (the session's must be the next lint's), or undefined for live rule objects or formats. */
function settingsKey(options: LintOptions): string | undefined {
  const { signal: _s, sourceCache: _c, debug: _d, entries: _e, plugins, formats, ...settings } = options;
  if (plugins?.length || formats) return undefined;
  return JSON.stringify(settings);
}

const isLocal = (r: ActiveRule) => r.rule.meta.reach === 'node' && r.rule.prepare === undefined;

function localIds(rules: readonly ActiveRule[]): Set<string> {
  return new Set(rules.filter(isLocal).map((r) => r.rule.meta.id));
}

/** Whether a run's findings can be kept in parts: none is the engine's own about a rule or the report's size. */
function wholeRun(found: readonly Diagnostic[]): boolean {
  return !found.some((d) => d.ruleId === 'internal-error' || d.ruleId === 'config-error' || d.ruleId === 'report-limit');
}

function budgetOf(found: readonly Diagnostic[]): number {
  let used = 0;
  for (const d of found) used += d.message.length + d.pointer.length;
  return used;
}

/** Whether JSON pointer `pointer` is `at` or under it. */
function inside(pointer: string, at: string): boolean {
  return pointer.startsWith(at) && (pointer.length === at.length || pointer.charCodeAt(at.length) === 47 /* / */);
}

interface Span {
  /** The first changed offset; the old text's end of the change; the new text's. */
  from: number;
  oldEnd: number;
  newEnd: number;
}

/** Where two texts differ: the common prefix and suffix compared in blocks (native compares), then by character. */
export function changedSpan(a: string, b: string): Span | undefined {
  if (a === b) return undefined;
  const shorter = Math.min(a.length, b.length);
  let from = 0;
  for (let block = 65536; block >= 1; block >>= 4) {
    while (from + block <= shorter && a.slice(from, from + block) === b.slice(from, from + block)) from += block;
  }
  let tail = 0;
  const room = shorter - from;
  for (let block = 65536; block >= 1; block >>= 4) {
    while (tail + block <= room && a.slice(a.length - tail - block, a.length - tail) === b.slice(b.length - tail - block, b.length - tail)) tail += block;
  }
  return { from, oldEnd: a.length - tail, newEnd: b.length - tail };
}

interface Around {
  pointer: string[];
  node: PosNode;
}

/** The deepest node whose value holds the whole of `[from, to)` (a key touched: its parent). */
function deepestAround(root: PosNode, from: number, to: number): Around {
  const pointer: string[] = [];
  let node = root;
  for (;;) {
    let next: PosNode | undefined;
    let key: string | undefined;
    if (node.entries) {
      const i = lastAtOrBefore(node.entries.length, (k) => node.entries![k]!.node.keyStart ?? node.entries![k]!.node.start, from);
      const entry = i >= 0 ? node.entries[i] : undefined;
      if (entry) [next, key] = [entry.node, entry.name];
    } else if (node.items) {
      const i = lastAtOrBefore(node.items.length, (k) => node.items![k]!.start, from);
      if (i >= 0) [next, key] = [node.items[i], String(i)];
    }
    if (!next || key === undefined || from < next.start || to > next.end) return { pointer, node };
    pointer.push(key);
    node = next;
  }
}

/** The last index whose offset (`at`) is at or before `offset`, or -1. */
function lastAtOrBefore(length: number, at: (i: number) => number, offset: number): number {
  let lo = -1;
  let hi = length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at(mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The unit an edit at `pointer` re-lints: the path item (below the format's `pathItems`) or the
 * entry of the first map of named things on the way (a definition, a shared parameter, a component).
 * Undefined above them (the info object, tags, the version): those edits are full lints.
 */
function unitOf(kinds: ApiFormat['kinds'], pointer: readonly string[]): string[] | undefined {
  const items = kinds.pathItems;
  if (pointer.length > items.length && items.every((k, i) => pointer[i] === k)) return pointer.slice(0, items.length + 1);
  let kind: string = kinds.root;
  for (let i = 0; i < pointer.length; i++) {
    const spec = kinds.childSpec(kind, pointer[i]!);
    if (!spec) return undefined;
    if ('map' in spec) return i + 1 < pointer.length ? pointer.slice(0, i + 2) : undefined;
    if (!('one' in spec)) return undefined;
    kind = spec.one;
  }
  return undefined;
}

/** The new text's source, when the edit stays inside the unit: patched for an edit inside one JSON string, else parsed. */
function reparsed(session: LintSession, text: string, around: Around, unit: readonly string[], span: Span, options: LintOptions): Source | undefined {
  const old = session.doc.root;
  const { from, oldEnd, newEnd } = span;
  const delta = newEnd - oldEnd;
  const { node, pointer } = around;
  if (pointer.length < unit.length) return undefined;
  const isString = old.format === 'json' && !node.entries && !node.items && old.text.charCodeAt(node.start) === 34 && from > node.start && oldEnd < node.end;
  if (isString) {
    if (pointer[pointer.length - 1] === '$ref') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(node.start, node.end + delta));
    } catch {
      return undefined;
    }
    if (typeof value !== 'string') return undefined;
    return sourceWithEdit(old, text, from, oldEnd, newEnd, withValueAt(old.value, pointer, value));
  }
  if (old.format === 'json' && node.entries) {
    // an edit inside one key of the object: that key renamed in a copy, when the name stays its object's only one
    const renamed = renamedKey(old.value, pointer, node, text, from, oldEnd, delta);
    if (renamed) return sourceWithEdit(old, text, from, oldEnd, newEnd, withValueAt(old.value, pointer, renamed));
  }
  const parsed = parseSource(text, session.uri);
  if (!parsed.ok) return undefined;
  const source = parsed.source;
  if (source.format !== old.format || source.aliases > 0 || source.duplicates.length > 0) return undefined;
  const was = locate(old.positions, unit);
  const now = locate(source.positions, unit);
  if (now.depth !== unit.length || now.node.start !== was.node.start || now.node.end !== was.node.end + delta) return undefined;
  if (!isObject(source.value) || detectFormat(source.value, options.formats ?? builtinFormats)?.format.id !== session.format.id) return undefined;
  // another file named now would make this a document of several files
  const unitValue = unit.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), source.value);
  if (refsOf(unitValue, unit, session.format.kinds).some((r) => !r.local)) return undefined;
  return source;
}

/**
 * The object at `pointer` (whose places are `node`) with one key renamed, for an edit that stays
 * between that key's quotes: undefined when the edit is elsewhere, the new text is no string, or the
 * new name is one the object already has (a duplicate key), a `$ref` or `__proto__` (either way).
 */
function renamedKey(root: unknown, pointer: readonly string[], node: PosNode, text: string, from: number, oldEnd: number, delta: number): Record<string, unknown> | undefined {
  const entry = node.entries!.find((e) => e.node.keyStart !== undefined && e.node.keyEnd !== undefined && from > e.node.keyStart && oldEnd < e.node.keyEnd);
  if (!entry) return undefined;
  let name: unknown;
  try {
    name = JSON.parse(text.slice(entry.node.keyStart!, entry.node.keyEnd! + delta));
  } catch {
    return undefined;
  }
  const object = pointer.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), root);
  if (isObject(object) && Object.keys(object).length !== node.entries!.length) return undefined; // a key written twice
  const special = (k: string) => k === '$ref' || k === '__proto__';
  if (typeof name !== 'string' || !isObject(object) || special(name) || special(entry.name) || !Object.hasOwn(object, entry.name)) return undefined;
  if (name !== entry.name && Object.hasOwn(object, name)) return undefined;
  // inserted in the text's order, as JSON.parse inserts them (an object then lists integer-like keys first either way)
  const copy: Record<string, unknown> = {};
  for (const e of node.entries!) copy[e === entry ? name : e.name] = object[e.name];
  return copy;
}

/** `root` with the value at `pointer` replaced, each object on the way copied (the session's own is left as it was). */
function withValueAt(root: unknown, pointer: readonly string[], value: unknown): unknown {
  if (pointer.length === 0) return value;
  const [key, ...rest] = pointer as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[Number(key)] = withValueAt(root[Number(key)], rest, value);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  copy[key] = withValueAt((root as Record<string, unknown>)[key], rest, value);
  return copy;
}

/** The unit's node as the whole walk would make it (its parents included), and the kinds above it. */
function startOf(source: Source, kinds: ApiFormat['kinds'], unit: readonly string[]): { node: { kind: Kind; value: unknown; key: string; pointer: string[]; parent: Node | undefined }; above: string[] } | undefined {
  const at = kinds.kindAt(source.value, kinds.root, unit);
  if (!at) return undefined;
  let parent: Node = new LazyNode(kinds.root as Kind, source.value, source, '', undefined, undefined, []);
  const above: string[] = [kinds.root];
  for (let i = 1; i < unit.length; i++) {
    const on = kinds.kindAt(source.value, kinds.root, unit.slice(0, i));
    if (!on) continue;
    parent = new LazyNode(on.kind as Kind, on.value, source, unit[i - 1]!, parent, undefined, unit.slice(0, i));
    above.push(on.kind);
  }
  return { node: { kind: at.kind as Kind, value: at.value, key: unit[unit.length - 1]!, pointer: [...unit], parent }, above };
}

/** Every `$ref` under `value` (at `base`): where it is, what it names, and the units of both. */
function refsOf(value: unknown, base: readonly string[], kinds: ApiFormat['kinds']): RefAt[] {
  const out: RefAt[] = [];
  const unitKey = (pointer: readonly string[] | undefined) => {
    const unit = pointer && unitOf(kinds, pointer);
    return unit ? toPointer(unit) : undefined;
  };
  const stack: Array<[unknown, string[]]> = [[value, [...base]]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], [...at, String(i)]]);
      continue;
    }
    for (const key in v) {
      const child = (v as Record<string, unknown>)[key];
      if (key === '$ref' && typeof child === 'string') {
        const fragment = child.startsWith('#/') ? decodeFragment(child.slice(1)) : undefined;
        const target = fragment === undefined ? undefined : parsePointer(fragment);
        out.push({ holder: toPointer(at), target: target && toPointer(target), holderUnit: unitKey(at), targetUnit: unitKey(target), local: child.startsWith('#') });
      } else if (child !== null && typeof child === 'object') stack.push([child, [...at, key]]);
    }
  }
  return out;
}

function decodeFragment(fragment: string): string | undefined {
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** Moves a kept finding's places by the edit: lines after it by the lines it added, its own line's later characters by the characters. */
function shifter(old: Source, text: string, from: number, oldEnd: number, newEnd: number): (d: Diagnostic) => Diagnostic {
  const start = old.lines(from);
  const end = old.lines(oldEnd);
  const inserted = text.slice(from, newEnd);
  const breaks = inserted.split('\n').length - 1;
  const after: Position = breaks === 0 ? { line: start.line, character: start.character + inserted.length } : { line: start.line + breaks, character: inserted.length - inserted.lastIndexOf('\n') - 1 };
  const lines = after.line - end.line;
  const position = (p: Position): Position => {
    if (p.line < start.line || (p.line === start.line && p.character < start.character)) return p;
    if (p.line < end.line || (p.line === end.line && p.character < end.character)) return after;
    if (p.line !== end.line) return lines === 0 ? p : { line: p.line + lines, character: p.character };
    return { line: after.line, character: p.character - end.character + after.character };
  };
  const range = (r: Range): Range => {
    const s = position(r.start);
    const e = position(r.end);
    return s === r.start && e === r.end ? r : { start: s, end: e };
  };
  // a list is copied only when one of its places moved: a finding the edit did not move stays the
  // same object, which the language server's kept conversions (lsp/diagnostics-json.ts) depend on
  const places = <T extends { range: Range }>(list: readonly T[]): readonly T[] => {
    let out: T[] | undefined;
    for (let i = 0; i < list.length; i++) {
      const r = range(list[i]!.range);
      if (r === list[i]!.range) continue;
      out ??= list.slice();
      out[i] = { ...list[i]!, range: r };
    }
    return out ?? list;
  };
  return (d) => {
    const moved = range(d.range);
    const related = d.related && places(d.related);
    const edits = d.fix && places(d.fix.edits);
    if (moved === d.range && related === d.related && edits === d.fix?.edits) return d;
    return { ...d, range: moved, ...(related ? { related: [...related] } : {}), ...(d.fix && edits ? { fix: { ...d.fix, edits: [...edits] } } : {}) };
  };
}
