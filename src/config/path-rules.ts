import path from 'node:path';
import type Picomatch from 'picomatch';
import type * as Re2js from 're2js';
import { lazyPackage } from '../lazy-package.js';
import { UserError } from '../errors.js';
import { shownPath } from '../config-file/config-error.js';
import { didYouMean, ruleLevels } from './resolve-config.js';
import type { Override, RuleSetting } from './types.js';
import type { RuleLevel } from '../types.js';
import { readConfigText } from '../load/read-document.js';

export const pathRulesName = '.swaglint-paths';

// on the first glob: a configuration without one (most runs) never loads them
const picomatch = lazyPackage<typeof Picomatch>('picomatch');
const re2js = lazyPackage<typeof Re2js>('re2js');

/** A section header, `[/api/path]` or `[document:/api/path]` (shared with the lint service's path authorization). */
export const sectionPattern = /^\[(?:([^\]:]+):)?(\/[^\]]*)\]$/;

/**
 * The path-based form of overrides, after a version-control server's path-based authorization file
 * (docs/architecture.md, "Path-scoped settings"):
 *
 *     [/legacy]                 every document, the API path /legacy and every path below it
 *     path-no-verbs = off
 *     [orders.yaml:/orders]     one document (a glob relative to this file), one API path
 *     path-member-id =          an empty value turns the rule off there
 *
 * It becomes the same `Override` list a YAML config's `overrides` does, so both forms share one
 * implementation of the inheritance rules (src/config/scope.ts).
 */
export function parsePathRules(file: string, text: string, knownRules: readonly string[], cwd?: string): Override[] {
  const shown = shownPath(file, cwd);
  const fail = (line: number, column: number, message: string) => new UserError(`${shown}:${line + 1}:${column + 1}: ${message}`);
  const base = path.dirname(file);
  const overrides: Override[] = [];
  let current: { rules: Record<string, RuleSetting> } | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const indent = raw.length - raw.trimStart().length;
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    if (line.startsWith('[')) {
      const m = sectionPattern.exec(line);
      if (!m) throw fail(i, indent, `'${line}' is not a section; write [/api/path] or [document.yaml:/api/path].`);
      const override: Override = { paths: [m[2]!], rules: {}, base };
      if (m[1] !== undefined) override.files = [m[1].trim()];
      overrides.push(override);
      current = override as { rules: Record<string, RuleSetting> };
      return;
    }
    const eq = line.indexOf('=');
    if (eq === -1) throw fail(i, indent, `'${line}' is not an entry; write rule-id = severity (off, hint, info, warn, error), or rule-id = to turn it off.`);
    if (!current) throw fail(i, indent, `the entry '${line}' comes before any [section]; start with one such as [/orders].`);
    const id = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (!knownRules.includes(id)) throw fail(i, indent, `unknown rule '${id}'${didYouMean(id, knownRules)}`.replace(/\.$/, '; swaglint rules lists them.'));
    const level = value === '' ? 'off' : value;
    if (!(ruleLevels as readonly string[]).includes(level)) {
      throw fail(i, raw.indexOf('=') + 1 + (raw.slice(raw.indexOf('=') + 1).length - raw.slice(raw.indexOf('=') + 1).trimStart().length), `'${value}' is not a severity for '${id}'; use one of ${ruleLevels.join(', ')}, or nothing to turn it off.`);
    }
    current.rules[id] = level as RuleLevel;
  });
  return overrides;
}

export async function readPathRules(file: string, knownRules: readonly string[], cwd?: string): Promise<Override[]> {
  let text: string;
  try {
    text = await readConfigText(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(`${file}: ${code === 'ENOENT' ? 'no such path-rules file' : `cannot read the path-rules file (${code ?? String(error)})`}.`);
  }
  return parsePathRules(file, text, knownRules, cwd);
}

/**
 * An API path glob (`/orders/*`, `/v[12]/items`, `**` for any depth) as a test, matched in time linear in
 * the path: the glob comes from a repository's `.swaglint-paths`, and a backtracking matcher took
 * minutes on a glob with a dozen `*` against a long path. `*` and `?` stay within a segment, a `**`
 * segment spans any number of them (none included), `[...]` is a class (`[!...]` negated); every other
 * character, braces and parentheses included, is literal. A trailing `/` on the path is ignored.
 */
export function apiPathGlob(pattern: string): (apiPath: string) => boolean {
  let source = '';
  const segments = pattern.split('/');
  segments.forEach((segment, i) => {
    if (i === 0) {
      source += segmentSource(segment);
      return;
    }
    source += segment === '**' ? '(?:/[^/]*)*' : '/' + segmentSource(segment);
  });
  const { RE2JS } = re2js();
  let compiled: Re2js.RE2JS;
  try {
    compiled = RE2JS.compile(`${source}/?`, RE2JS.DOTALL);
  } catch {
    // a class RE2 refuses (`[z-a]`): the glob means its own text
    compiled = RE2JS.compile(`${RE2JS.quote(pattern)}/?`);
  }
  return (apiPath) => compiled.matches(apiPath);
}

function segmentSource(segment: string): string {
  const { RE2JS } = re2js();
  if (/^\*+$/.test(segment)) return '[^/]+'; // a whole-segment `*` is one segment, not an empty one
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') {
      while (segment[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      // inside the class only `\`, `]`, `[` and `^` mean something to RE2; a range (a-z) is kept
      out += `[${negated ? '^/' : ''}${body.replace(/[\\\]\[^]/g, '\\$&')}]`;
      i = close;
    } else if (c === '\\' && i + 1 < segment.length) out += RE2JS.quote(segment[++i]!);
    else out += RE2JS.quote(c);
  }
  return out;
}

/** picomatch's guards against `.` and `..` segments: lookaheads RE2 lacks, and moot for `path.relative` output. */
const dotGuards: Array<[string, string]> = [
  ['(?:(?!(?:^|\\/)\\.{1,2}(?:\\/|$)).)*?', '.*?'],
  // after the one above, which holds it: a glob that starts with `*` (`*.yaml`) opens with it
  ['(?!(?:^|\\/)\\.{1,2}(?:\\/|$))', ''],
  ['(?!\\.{1,2}(?:\\/|$))', ''],
  ['(?=.)', ''],
];

/**
 * A document glob from a configuration's `files` (or a `.swaglint-paths` section's document part) as
 * a test, matched in time linear in the path: picomatch's own expression for `*a*a*a…b` backtracks for
 * minutes against a long file name. picomatch still parses the glob (braces, classes, `**`); its
 * expression is handed to RE2 once the guards above are taken out. A glob RE2 still cannot take (an
 * extglob such as `!(a)`) is a configuration error, never a slow match.
 */
export function documentGlob(patterns: readonly string[], options: { basename: boolean }): (relative: string) => boolean {
  const { RE2JS } = re2js();
  const tests = patterns.map((pattern) => {
    let source = picomatch().makeRe(pattern, { dot: true, basename: options.basename }).source;
    for (const [guard, replacement] of dotGuards) source = source.split(guard).join(replacement);
    try {
      const compiled = RE2JS.compile(RE2JS.translateRegExp(source));
      // as picomatch's own matcher: the exact text, else (with `basename`, for a pattern without a
      // slash) the last segment alone; a pattern with a slash is matched against the whole path
      const byName = options.basename && !pattern.includes('/');
      return (text: string) => text === pattern || compiled.matches(byName ? path.posix.basename(text) : text);
    } catch {
      throw new UserError(`the document glob '${pattern}' uses a construct (such as the extglob !(...)) that swaglint cannot match in linear time; write it with *, ** and [...] only.`);
    }
  });
  return (relative) => tests.some((test) => test(relative));
}
