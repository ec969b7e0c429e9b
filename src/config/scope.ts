import path from 'node:path';
import { severityRank, type Diagnostic, type RuleLevel, type Severity } from '../types.js';
import type { AnyRule } from '../lint/rule.js';
import type { ActiveRule } from '../lint/run-rules.js';
import { preset, type PresetName } from '../lint/presets.js';
import type { Override, RuleSetting } from './types.js';
import { apiPathGlob, documentGlob } from './path-rules.js';

/** What one document runs, and how its findings are kept or dropped by API path. */
export interface Scope {
  /** Each rule on anywhere in the document, at the highest severity it has anywhere. */
  active: ActiveRule[];
  /** Applies the path-scoped settings: drops findings where their rule is off, caps severities. */
  filter(diagnostics: Diagnostic[]): Diagnostic[];
}

export interface ScopeInput {
  rules: readonly AnyRule[];
  preset: PresetName;
  /** The configuration's rules, then its overrides in order. */
  configRules?: Readonly<Record<string, RuleSetting>>;
  overrides?: readonly Override[];
  /** Settings given last (command-line flags, library options): they win everywhere, paths included. */
  finalRules?: Readonly<Record<string, RuleSetting>>;
  /** The document's file (absolute), or undefined for text that has none (an untitled buffer). */
  file: string | undefined;
  /** What an override's `files` are relative to when it names no `base` (one made by hand, not read from a file). */
  cwd: string;
}

interface PathEntry {
  matches: (apiPath: string | undefined) => boolean;
  specificity: number;
  level: RuleLevel;
}

/**
 * The settings for one document. File-level settings (the config's rules, then each override with
 * `files` alone that matches, then `finalRules`) decide what runs. Overrides with `paths` then
 * decide, per finding, by the finding's API path: for each rule, the most specific matching pattern
 * that sets it wins (a later override wins a tie), and a path no pattern matches keeps the file
 * level. A rule off in the file but on under some path still runs; its findings elsewhere are dropped.
 */
export function scopeFor(input: ScopeInput): Scope {
  const levels: Record<string, RuleLevel> = preset(input.preset, input.rules);
  const options: Record<string, unknown> = {};
  const apply = (rules: Readonly<Record<string, RuleSetting>>) => {
    for (const [id, setting] of Object.entries(rules)) {
      if (Array.isArray(setting)) {
        levels[id] = setting[0];
        if (setting[1] !== undefined) options[id] = setting[1];
      } else levels[id] = setting;
    }
  };
  if (input.configRules) apply(input.configRules);
  const byPath = new Map<string, PathEntry[]>();
  for (const o of input.overrides ?? []) {
    if (o.files && !fileMatches(o, input.file, input.cwd)) continue;
    if (!o.paths) {
      apply(o.rules);
      continue;
    }
    const matchers = o.paths.map(pathMatcher);
    const entry = {
      matches: (apiPath: string | undefined) => matchers.some((m) => m.matches(apiPath)),
      specificity: Math.max(...matchers.map((m) => m.specificity)),
    };
    for (const [id, setting] of Object.entries(o.rules)) {
      const level = Array.isArray(setting) ? setting[0] : setting;
      const list = byPath.get(id) ?? [];
      list.push({ ...entry, level });
      byPath.set(id, list);
    }
  }
  if (input.finalRules) {
    apply(input.finalRules);
    for (const id of Object.keys(input.finalRules)) byPath.delete(id);
  }

  const active: ActiveRule[] = [];
  for (const rule of input.rules) {
    const id = rule.meta.id;
    let run = levels[id] ?? 'off';
    for (const e of byPath.get(id) ?? []) if (rank(e.level) > rank(run)) run = e.level;
    if (run !== 'off') active.push({ rule, severity: run, options: options[id] });
  }

  const filter = (diagnostics: Diagnostic[]): Diagnostic[] => {
    if (byPath.size === 0) return diagnostics;
    const out: Diagnostic[] = [];
    for (const d of diagnostics) {
      const entries = byPath.get(d.ruleId);
      if (!entries) {
        out.push(d);
        continue;
      }
      let best: PathEntry | undefined;
      for (const e of entries) if (e.matches(d.apiPath) && (!best || e.specificity >= best.specificity)) best = e;
      const level = best ? best.level : (levels[d.ruleId] ?? 'off');
      if (level === 'off') continue;
      out.push(rank(d.severity) > rank(level) ? { ...d, severity: level } : d);
    }
    return out;
  };
  return { active, filter };
}

function rank(level: RuleLevel): number {
  return level === 'off' ? 0 : severityRank[level as Severity];
}

function fileMatches(o: Override, file: string | undefined, cwd: string): boolean {
  if (file === undefined || !path.isAbsolute(file)) return false;
  const relative = path.relative(o.base ?? cwd, file).split(path.sep).join('/');
  if (relative.startsWith('../') || path.isAbsolute(relative)) return false;
  return documentGlob(o.files as string[], { basename: true })(relative); // linear-time: the glob may be a stranger's
}

/**
 * An API path pattern. It matches a path and every path below it (settings are inherited
 * downwards), so `/orders` covers `/orders/{order_id}/lines`. Braces are literal: they are path
 * parameters here, not glob alternatives. `/` matches every finding, including those under no path.
 * Specificity counts segments: a literal one 2, a wildcard 1, `**` nothing.
 */
export function pathMatcher(pattern: string): { matches: (apiPath: string | undefined) => boolean; specificity: number } {
  const trimmed = pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
  const segments = trimmed.split('/').filter((s) => s !== '');
  const specificity = segments.reduce((sum, s) => sum + (s === '**' ? 0 : /[*?[\]]/.test(s) ? 1 : 2), 0);
  if (segments.length === 0) return { matches: () => true, specificity };
  const glob = apiPathGlob(trimmed); // linear-time: the glob may come from a stranger's repository
  const matches = (apiPath: string | undefined): boolean => {
    if (apiPath === undefined) return false;
    if (glob(apiPath)) return true;
    // inherited: a pattern that matches an ancestor path matches the path
    for (let i = apiPath.indexOf('/', 1); i !== -1; i = apiPath.indexOf('/', i + 1)) if (glob(apiPath.slice(0, i))) return true;
    return false;
  };
  return { matches, specificity };
}
