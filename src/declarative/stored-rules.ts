// Declarative rules that a lint service stores for a team and runs on its documents: Spectral's
// `rules:` entries (given/then, core functions) taken as data from a stranger, never from a file.
// Nothing here may run code or read a file: no `functions`, no `extends`, no JavaScript; a `then`
// names a core function or is refused. Patterns must run in linear time (the CLI falls back to V8's
// backtracking engine for a lookahead or backreference; a shared service does not), and JSONPath
// filters keep the per-document bounds every declarative rule has (filter.ts).
import { compileLinear } from '../text/linear-regex.js';
import { kindNames, kindsFor } from '../formats/spectral.js';
import { splitPattern } from './functions.js';
import { isDefinition, parseDefinition } from './validate.js';
import type { DeclarativeRuleSpec } from './types.js';

/** A stored rule refused: which rule, where in it (`then.0.functionOptions.match`), and why. */
export class StoredRuleError extends Error {
  constructor(
    readonly rule: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A stored rule's name: what findings carry as their rule id. */
const namePattern = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/;

/** Rules one stored ruleset may define: each costs a traversal's share on every document linted. */
export const maxStoredRules = 200;

/**
 * The definitions among a stored ruleset's `rules` (entries with `given`/`then`; severities of
 * built-in rules are the caller's), checked and turned into rules the engine runs. Throws a
 * `StoredRuleError` for the first problem. `origin` names the ruleset in findings about a rule.
 */
export async function parseStoredRules(rules: Readonly<Record<string, unknown>>, origin: string, reserved: ReadonlySet<string> = new Set()): Promise<DeclarativeRuleSpec[]> {
  const specs: DeclarativeRuleSpec[] = [];
  const definitions = Object.entries(rules).filter(([, raw]) => isDefinition(raw)) as Array<[string, Record<string, unknown>]>;
  if (definitions.length > maxStoredRules) throw new StoredRuleError(definitions[maxStoredRules]![0], '', `a ruleset defines at most ${maxStoredRules} rules.`);
  for (const [name, raw] of definitions) {
    const refuse = (pointer: readonly string[], message: string) => new StoredRuleError(name, pointer.join('.'), message);
    if (!namePattern.test(name)) throw refuse([], `'${name.slice(0, 100)}' is not a rule name: 1 to 100 letters, digits, dots, dashes, underscores or slashes.`);
    if (reserved.has(name)) throw refuse([], `'${name}' is a built-in rule's id; give your rule a name of its own.`);
    checkPatterns(raw, [], refuse);
    // the CLI's loader alone may attach a function's module; a stored entry naming one is refused outright
    const thens = Array.isArray(raw['then']) ? raw['then'] : [raw['then']];
    thens.forEach((then, i) => {
      if (then !== null && typeof then === 'object' && 'code' in then) throw refuse([...(Array.isArray(raw['then']) ? ['then', String(i)] : ['then']), 'code'], `a stored rule runs no JavaScript: 'then' names a core function, without 'code'.`);
    });
    const formats = raw['formats'];
    if (formats !== undefined && (!Array.isArray(formats) || formats.some((f) => typeof f !== 'string'))) throw refuse(['formats'], `'formats' of the rule '${name}' is a list of format names such as oas2, oas3.`);
    const kinds = kindsFor(formats as string[] | undefined);
    if (kinds.length === 0) throw refuse(['formats'], `the rule '${name}' names no OpenAPI format the service lints (oas2, oas3, oas3_0, oas3_1, oas3_2).`);
    const definition = { ...raw };
    delete definition['formats'];
    const spec = await parseDefinition(name, definition, { fail: (pointer, message) => refuse(pointer, message), origin, spectral: true, defaultSeverity: 'warn' });
    if (kinds.length < kindNames.length) spec.formats = kinds;
    specs.push(spec);
  }
  return specs;
}

/**
 * Every regular expression in the definition (a `pattern` function's `match`/`notMatch`, a schema's
 * `pattern` and `patternProperties`) must compile for the linear-time engine: a lookahead or a
 * backreference is refused here rather than run on the backtracking one.
 */
function checkPatterns(value: unknown, at: string[], refuse: (pointer: readonly string[], message: string) => Error): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkPatterns(item, [...at, String(i)], refuse));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const here = [...at, key];
    if (typeof child === 'string' && (key === 'match' || key === 'notMatch' || key === 'pattern')) linearOrRefuse(key === 'pattern' ? [child, ''] : splitPattern(child), here, refuse);
    if (key === 'patternProperties' && child !== null && typeof child === 'object') for (const p of Object.keys(child)) linearOrRefuse([p, ''], [...here, p], refuse);
    checkPatterns(child, here, refuse);
  }
}

function linearOrRefuse([source, flags]: [string, string], at: string[], refuse: (pointer: readonly string[], message: string) => Error): void {
  const compiled = compileLinear(source, flags);
  if (compiled.ok) return;
  throw refuse(at, compiled.kind === 'invalid' ? `'${source.slice(0, 200)}' is not a valid regular expression: ${compiled.reason}.` : `'${source.slice(0, 200)}' cannot run in linear time (${compiled.reason}); the service runs only patterns without lookarounds or backreferences.`);
}
