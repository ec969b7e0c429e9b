import type { Diagnostic, Range } from '../types.js';
import type { Source } from '../load/source.js';
import { rangeOf } from '../load/source.js';
import { toPointer } from '../load/pointer.js';
import { yamlComments } from '../config/yaml-comments.js';
import type { IgnoreKind, UnusedIgnore } from '../lint/rule.js';
import { isIgnorable } from '../lint/finding-ids.js';

export const ignoreKey = 'x-swaglint-ignore';

/** One rule id named by an ignore (or the whole directive, when it names none), and whether it hid something. */
interface Target {
  id: string | undefined;
  range: Range;
  used: boolean;
}

type Kind = IgnoreKind;

interface Ignore {
  kind: Kind;
  source: Source;
  /** Where the ignore is: the `x-swaglint-ignore` key, or the root for a comment. */
  pointer: string[];
  /** The lines it covers, `[from, to)`; the object's pointer for `subtree`. */
  from: number;
  to: number;
  targets: Target[];
  /** For a region that ignores every rule: the ids a later `swaglint-enable id` turned back on. */
  except: Set<string>;
}

/** What both forms of ignore contain: a text without it has none. */
const marker = 'swaglint-';

/**
 * Whether each source's text has `marker`, asked once per source: an editor's re-lint filters its first
 * batch and its complete set over one source (a 4 MB text's search was a fifth of the first batch's CPU).
 */
const mentions = new WeakMap<Source, boolean>();

function mentionsIgnores(source: Source): boolean {
  let found = mentions.get(source);
  if (found === undefined) mentions.set(source, (found = source.text.includes(marker)));
  return found;
}

/**
 * For an editor's re-lint: `after`'s text is `before`'s with the characters from `from` replaced by
 * `after`'s up to `newEnd`. Where `before` had no ignore, `after` has one only if it lies in or across
 * the edit, so only that stretch is searched, not the whole text again.
 */
export function carryIgnoreScan(before: Source, after: Source, from: number, newEnd: number): void {
  if (mentions.get(before) !== false) return;
  const start = Math.max(0, from - marker.length + 1);
  mentions.set(after, after.text.slice(start, newEnd + marker.length - 1).includes(marker));
}

const directive = /^#\s*swaglint-(disable-next-line|disable-line|disable|enable)(?=\s|$)(.*)$/;

/**
 * The filter stage for inline ignores: `# swaglint-disable-next-line a, b`, `# swaglint-disable-line`,
 * `# swaglint-disable a` … `# swaglint-enable a` (no id: every rule) in YAML, and `x-swaglint-ignore:
 * [a]` on any object (its subtree) in YAML and JSON. Returns the findings kept and each ignore (or
 * one of its ids) that hid nothing, which the `unused-ignore` rule reports after this stage.
 */
export function applyIgnores(diagnostics: Diagnostic[], sources: Iterable<Source>): { kept: Diagnostic[]; unused: UnusedIgnore[] } {
  const ignores: Ignore[] = [];
  for (const source of sources) {
    // both forms contain this text: a file without it costs one scan and nothing more
    if (!mentionsIgnores(source)) continue;
    // pushed one by one: a spread of a hundred thousand comments would overflow the call stack
    if (source.format === 'yaml') for (const i of commentIgnores(source)) ignores.push(i);
    if (source.text.includes(ignoreKey)) for (const i of extensionIgnores(source)) ignores.push(i);
  }
  if (ignores.length === 0) return { kept: diagnostics, unused: [] };
  // one-line ignores by their line, so that a finding looks only at its own line's: a document with
  // tens of thousands of `disable-line` comments made every finding scan all of them
  const byUri = new Map<string, { lines: Map<number, Ignore[]>; others: Ignore[] }>();
  for (const i of ignores) {
    let forUri = byUri.get(i.source.uri);
    if (!forUri) byUri.set(i.source.uri, (forUri = { lines: new Map(), others: [] }));
    if (i.kind === 'line' || i.kind === 'next-line') {
      const list = forUri.lines.get(i.from);
      if (list) list.push(i);
      else forUri.lines.set(i.from, [i]);
    } else forUri.others.push(i);
  }

  const none: Ignore[] = [];
  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    let hidden = false;
    const forUri = isIgnorable(d.ruleId) ? byUri.get(d.uri) : undefined;
    if (forUri) {
      for (const list of [forUri.lines.get(d.range.start.line) ?? none, forUri.others]) {
        for (const ignore of list) {
          if (!covers(ignore, d)) continue;
          for (const t of ignore.targets) {
            if (t.id === undefined ? !ignore.except.has(d.ruleId) : t.id === d.ruleId) {
              t.used = true;
              hidden = true;
            }
          }
        }
      }
    }
    if (!hidden) kept.push(d);
  }
  const unused: UnusedIgnore[] = [];
  for (const ignore of ignores) {
    for (const t of ignore.targets) {
      if (!t.used) unused.push({ kind: ignore.kind, ruleId: t.id, source: ignore.source, pointer: ignore.pointer, range: t.range });
    }
  }
  return { kept, unused };
}

function covers(ignore: Ignore, d: Diagnostic): boolean {
  if (ignore.kind === 'subtree') {
    const owner = toPointer(ignore.pointer.slice(0, -1)); // the object holding the key
    return d.pointer === owner || d.pointer.startsWith(owner + '/');
  }
  const line = d.range.start.line;
  return line >= ignore.from && line < ignore.to;
}

function commentIgnores(source: Source): Ignore[] {
  const out: Ignore[] = [];
  let open: Ignore[] = [];
  // the line table the positions already use, not a second split of the text into lines
  const lineCount = source.lines(source.text.length).line + 1;
  for (const comment of yamlComments(source.text)) {
    const m = directive.exec(comment.text);
    if (!m) continue;
    const [, word, rest] = m as unknown as [string, string, string];
    const restAt = comment.column + comment.text.length - rest.length;
    const ids = idsIn(rest, comment.line, restAt);
    const whole: Range = { start: { line: comment.line, character: comment.column }, end: { line: comment.line, character: restAt } };
    const targets: Target[] = ids.length ? ids : [{ id: undefined, range: whole, used: false }];
    const base = { source, pointer: [], targets, except: new Set<string>() };
    if (word === 'disable-next-line') out.push({ ...base, kind: 'next-line', from: comment.line + 1, to: comment.line + 2 });
    else if (word === 'disable-line') out.push({ ...base, kind: 'line', from: comment.line, to: comment.line + 1 });
    else if (word === 'disable') {
      // one region per id, so `swaglint-enable a` can end a's region and leave b's open
      for (const t of targets) {
        const region: Ignore = { ...base, targets: [t], kind: 'region', from: comment.line, to: lineCount };
        out.push(region);
        open.push(region);
      }
    } else {
      const enabled = new Set(ids.map((t) => t.id!));
      const still: Ignore[] = [];
      for (const region of open) {
        const id = region.targets[0]!.id;
        if (enabled.size === 0 || (id !== undefined && enabled.has(id))) region.to = comment.line;
        else if (id === undefined) {
          // every rule was off: end here, and go on with every rule but the enabled ones
          region.to = comment.line;
          const rest: Ignore = { ...region, from: comment.line, to: lineCount, except: new Set([...region.except, ...enabled]) };
          out.push(rest);
          still.push(rest);
        } else still.push(region);
      }
      open = still;
    }
  }
  return out;
}

/** Rule ids after a directive word, separated by commas or spaces; ` -- ` starts a free-text reason. */
function idsIn(rest: string, line: number, restAt: number): Target[] {
  const reason = rest.search(/\s--(\s|$)/);
  const list = reason === -1 ? rest : rest.slice(0, reason);
  const out: Target[] = [];
  for (const m of list.matchAll(/[^\s,]+/g)) {
    const start = restAt + m.index!;
    out.push({ id: m[0], range: { start: { line, character: start }, end: { line, character: start + m[0].length } }, used: false });
  }
  return out;
}

/** Every object holding `x-swaglint-ignore`, with the ids it names. */
function extensionIgnores(source: Source): Ignore[] {
  const out: Ignore[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown, pointer: string[]) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value); // a YAML alias is one object: visited once
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...pointer, String(i)]));
      return;
    }
    const record = value as Record<string, unknown>;
    const named = Object.prototype.hasOwnProperty.call(record, ignoreKey) ? record[ignoreKey] : undefined;
    if (named !== undefined) {
      const at = [...pointer, ignoreKey];
      const items: Array<[unknown, string[]]> = Array.isArray(named) ? named.map((v, i) => [v, [...at, String(i)]]) : [[named, at]];
      const targets: Target[] = items
        .filter(([v]) => typeof v === 'string')
        .map(([v, p]) => ({ id: v as string, range: rangeOf(source, p, 'value'), used: false }));
      if (targets.length) out.push({ kind: 'subtree', source, pointer: at, from: 0, to: 0, targets, except: new Set() });
    }
    for (const [key, child] of Object.entries(record)) if (key !== ignoreKey) visit(child, [...pointer, key]);
  };
  visit(source.value, []);
  return out;
}
