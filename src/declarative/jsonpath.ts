import type { Parsers } from './parsers.js';
import { compileFilter, FilterSyntaxError, type Filter } from './filter.js';

/**
 * One step of a compiled JSONPath. `..` is a step of its own: it keeps the step after it active at
 * every depth below.
 */
export type Segment =
  | { t: 'names'; names: ReadonlySet<string> }
  | { t: 'any' }
  | { t: 'descend' }
  /** `^`: the parent of what the steps before it matched. */
  | { t: 'parent' }
  | { t: 'filter'; fn: Filter; code: string }
  | { t: 'slice'; start: number | undefined; end: number | undefined; step: number };

export interface CompiledPath {
  /** As written, for messages. */
  text: string;
  segments: readonly Segment[];
  /** Ends in `~`: the match is the property name, not its value. */
  keys: boolean;
}

export class PathSyntaxError extends Error {}

/**
 * Compiles a `given` (JSONPath as Spectral rulesets write it: JSONPath-Plus syntax, with `@property`,
 * `@parent` and JavaScript-style filters) into steps the one-pass matcher checks at each node. The
 * expression is split by JSONPath-Plus's own parser; filters go to `compileFilter`.
 */
export function compilePath(text: string, parsers: Parsers, options: { field?: boolean } = {}): CompiledPath {
  const trimmed = text.trim();
  if (!trimmed.startsWith('$')) throw new PathSyntaxError(`'${text}' is not a JSONPath: it must start with '$'`);
  let parts: string[];
  try {
    parts = parsers.toPathArray(trimmed).slice();
  } catch (error) {
    throw new PathSyntaxError(`'${text}' does not parse as JSONPath: ${error instanceof Error ? error.message : String(error)}`);
  }
  // JSONPath-Plus reads a field such as `$ref` as that property's name, not as the root: as Spectral does
  if (parts[0] !== '$' && !options.field) throw new PathSyntaxError(`'${text}' is not a JSONPath: it must start with '$'`);
  if (parts[0] === '$') parts.shift();
  let keys = false;
  if (parts[parts.length - 1] === '~') {
    keys = true;
    parts.pop();
  }
  const segments: Segment[] = [];
  for (const part of parts) {
    if (part === '..') {
      if (segments[segments.length - 1]?.t === 'descend') continue;
      segments.push({ t: 'descend' });
    } else if (part === '*') segments.push({ t: 'any' });
    else if (part.startsWith('?(') && part.endsWith(')')) {
      const code = part.slice(2, -1);
      try {
        segments.push({ t: 'filter', fn: compileFilter(code, parsers), code });
      } catch (error) {
        if (error instanceof FilterSyntaxError) throw new PathSyntaxError(`in '${text}', ${error.message}`);
        throw error;
      }
    } else if (/^-?\d*:-?\d*(:-?\d+)?$/.test(part)) {
      const [s, e, st] = part.split(':');
      const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
      const step = num(st) ?? 1;
      if (step === 0) throw new PathSyntaxError(`in '${text}', the slice '${part}' has a step of 0`);
      segments.push({ t: 'slice', start: num(s), end: num(e), step });
    } else if (part === '^') segments.push({ t: 'parent' });
    else if (part === '~' || part.startsWith('(') || /^@[a-z]+\(\)$/i.test(part) || part === '$') {
      throw new PathSyntaxError(`in '${text}', '${part}' is a JSONPath-Plus step that swaglint does not evaluate (only '~' at the end is)`);
    } else {
      segments.push({ t: 'names', names: new Set(part.split(',').map((n) => n.replace(/^(['"])(.*)\1$/, '$2'))) });
    }
  }
  if (segments[segments.length - 1]?.t === 'descend') throw new PathSyntaxError(`'${text}' ends in '..'; say what to find below, such as '..description' or '..*'`);
  return { text, segments, keys };
}

/** Whether a slice step selects index `i` of an array of `length`. */
export function sliceSelects(seg: Extract<Segment, { t: 'slice' }>, i: number, length: number): boolean {
  const norm = (v: number) => (v < 0 ? Math.max(0, length + v) : Math.min(v, length));
  if (seg.step > 0) {
    const start = seg.start === undefined ? 0 : norm(seg.start);
    const end = seg.end === undefined ? length : norm(seg.end);
    return i >= start && i < end && (i - start) % seg.step === 0;
  }
  const start = seg.start === undefined ? length - 1 : seg.start < 0 ? length + seg.start : Math.min(seg.start, length - 1);
  const end = seg.end === undefined ? -1 : seg.end < 0 ? length + seg.end : seg.end;
  return i <= start && i > end && (start - i) % -seg.step === 0;
}

/**
 * A `given` as the paths the matcher takes, as JSONPath-Plus reads it: a path that ends in `..`
 * (`$.definitions..`, and `$.definitions.~`, which it reads as `..~`) selects the node itself and
 * everything below it, so it becomes two paths (`$.definitions`, and the objects and arrays below it), each with the
 * `~` if it had one. Any other path is itself.
 */
export function givenPaths(text: string, parsers: Parsers): string[] {
  let parts: readonly string[];
  try {
    parts = parsers.toPathArray(text.trim());
  } catch {
    return [text]; // compilePath says why
  }
  const keys = parts[parts.length - 1] === '~';
  const body = keys ? parts.slice(0, -1) : parts;
  if (body[body.length - 1] !== '..' || body.length < 2) return [text];
  const step = (p: string, i: number) => (i === 0 || p === '..' || p === '^' ? p : p === '*' || p.startsWith('?(') || p.startsWith('(') || /^-?\d*:/.test(p) ? `[${p}]` : `['${p.replace(/'/g, "\\'")}']`);
  const prefix = body.slice(0, -1).map(step).join('');
  const tail = keys ? '~' : '';
  // JSONPath-Plus's `..` goes down into objects and arrays only: a scalar below is not selected
  return [prefix + tail, `${prefix}..[?(@object())]${tail}`];
}
