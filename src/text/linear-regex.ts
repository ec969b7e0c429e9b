// User-supplied regular expressions (a schema's `pattern`, a rule option) matched in time linear in
// the text: V8's backtracking engine takes exponential time on `^(a+)+$` against `aaaa…!`, and a
// document or configuration from a stranger chooses both the pattern and the text. RE2 (here its pure
// JavaScript port) never backtracks; the price is that it cannot take what needs backtracking
// (lookaheads, backreferences) nor a counted repeat over 1000.
import type * as Re2js from 're2js';
import { lazyPackage } from '../lazy-package.js';

/**
 * re2js (some 260 KB of code, 10 ms to load) on the first pattern: most documents and configurations
 * have none, and a cold lint of a small document pays for every module it loads.
 */
const re2js = lazyPackage<typeof Re2js>('re2js');

export type LinearRegex =
  | { ok: true; test(text: string): boolean }
  /**
   * `invalid`: not an ECMA-262 expression at all. `unsupported`: a valid one that the linear-time
   * engine cannot take, so values are not matched against it.
   */
  | { ok: false; kind: 'invalid' | 'unsupported'; reason: string };

/** RE2's flag for an ECMA-262 one that means the same; `g`, `y`, `u`, `d` change nothing for a test. */
function flagBit(RE2JS: typeof Re2js.RE2JS, flag: string): number {
  return flag === 'i' ? RE2JS.CASE_INSENSITIVE : flag === 'm' ? RE2JS.MULTILINE : flag === 's' ? RE2JS.DOTALL : 0;
}

/**
 * Compiles an ECMA-262 pattern for linear-time, unanchored tests. No flags for JSON Schema's
 * `pattern`; a rule option written `/source/flags` may carry `i`, `m` and `s`.
 */
export function compileLinear(pattern: string, flags = ''): LinearRegex {
  try {
    // Only compiled, never run: tells ECMA-262 validity with V8's own reason.
    new RegExp(pattern, flags);
  } catch (error) {
    // V8's message repeats the pattern (`Invalid regular expression: /(?i)x/: Invalid group`): keep the reason
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: 'invalid', reason: message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
  }
  try {
    // translateRegExp rewrites the ECMA-262 spellings RE2 lacks (`\u00e9`, `[^]`, `\cA`, `[]`).
    const { RE2JS } = re2js();
    let bits = RE2JS.LOOKBEHINDS;
    for (const f of flags) bits |= flagBit(RE2JS, f);
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), bits);
    return { ok: true, test: (text) => compiled.test(text) };
  } catch (error) {
    return { ok: false, kind: 'unsupported', reason: unsupportedReason(pattern, error) };
  }
}

function unsupportedReason(pattern: string, error: unknown): string {
  if (/\(\?[=!]/.test(pattern)) return 'it uses a lookahead ((?=…) or (?!…))';
  if (/\(\?<[=!]/.test(pattern)) return 'it uses a lookbehind that is not linear-time';
  if (/\\[1-9]|\\k</.test(pattern)) return 'it uses a backreference (\\1, \\k<name>)';
  if (/\{\d{4,}/.test(pattern)) return 'it repeats more than 1000 times ({n} over 1000)';
  // RE2's own message names the construct: `error parsing regexp: invalid escape sequence: \`\a\``
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp: /, '');
}
