import type { ValidateFunction } from 'ajv';
import type { AnyRule, Node, RuleContext } from '../lint/rule.js';
import { refOf, resolveRef, type LoadedDocument } from '../load/refs.js';
import { getAt } from '../load/pointer.js';
import type { Source } from '../load/source.js';
import { toPointer } from '../load/pointer.js';
import { compilePath, type CompiledPath } from './jsonpath.js';
import { matchAll, PathLimitError, type Match } from './evaluate.js';
import { RuleConfigurationError } from '../errors.js';
import { filterBudgetPerDocument, type FilterBudget } from './filter.js';
import { loadFunction, moduleStamp } from './ruleset-code.js';
import type { RulesetFunction } from './spectral-api.js';
import { contextFor, type SpectralContext } from './spectral-context.js';
import { resolvedView, writtenView } from './resolved.js';
import { settled, StalledFunction } from './settle.js';
import { spectralCollectionRange } from './spectral-range.js';
import { acceptsInput, coreFunctions, printValue, type FunctionResult, type Helpers } from './functions.js';
import { compileSchema } from './schema.js';
import { loadParsers } from './parsers.js';
import type { CodeRef, DeclarativeRuleSpec, DeclarativeThen } from './types.js';
import { formats as builtinFormats } from '../formats/index.js';
import { documentKindOf, spectralFormatsOf, type DocumentKind } from '../formats/spectral.js';

interface CompiledThen {
  then: DeclarativeThen;
  /** `field` split into segments; undefined for none, `@key` and a JSONPath field. */
  segments: string[] | undefined;
  /** A JSONPath field (`$.x[*]`), matched below each match. */
  path: CompiledPath | undefined;
  validator: ValidateFunction | undefined;
  /** A ruleset's JavaScript function, imported when the rule sets up (in each thread that runs it). */
  fn: RulesetFunction | undefined;
}

interface CompiledRule {
  spec: DeclarativeRuleSpec;
  /** Indices of its `given`s in the bundle's path list. */
  paths: number[];
  /** Its aliases' per-format paths: indices by kind of document (`paths` is then unused). */
  pathsByKind: Partial<Record<DocumentKind, number[]>> | undefined;
  thens: CompiledThen[];
  /** Per document, what its JavaScript functions found, awaited before the walk (`prepare`): findings to report, or why the rule stopped. */
  prepared: WeakMap<LoadedDocument, Outcome[] | Error>;
  /** Set when an asynchronous function's promise was given up on (settle.ts): the rule stops on every later document too. */
  stalled?: Error;
}

/**
 * Declarative rules compiled together: their `given`s are one list, matched in one traversal per
 * document for all of them (`matchAll`), the first time any of them runs on that document.
 */
class Bundle {
  readonly paths: CompiledPath[] = [];
  readonly rules: CompiledRule[] = [];
  private readonly givens: string[] = [];
  private readonly givenIndex = new Map<string, number>();
  private compiling: Promise<void> | undefined;
  /** Per document: which rules run on it, then their matches. */
  private readonly runs = new WeakMap<LoadedDocument, { active: Set<number>; matches?: Match[][]; failed?: Map<number, string> }>();

  add(spec: DeclarativeRuleSpec): number {
    // a JSONPath that several rules give (OWASP's `$.paths..responses`, an alias's per-format path)
    // is matched once, its matches shared: rules only read them. Per view of the document: a rule
    // that reads it as written (`resolved: false`) has matches of its own.
    const paths = spec.given.map((g) => {
      const key = `${spec.resolved !== false}\u0000${g}`;
      let index = this.givenIndex.get(key);
      if (index === undefined) this.givenIndex.set(key, (index = this.givens.push(g) - 1));
      return index;
    });
    const pathsByKind = spec.givenByKind && Object.fromEntries(Object.entries(spec.givenByKind).map(([kind, given]) => [kind, given.map((g) => paths[spec.given.indexOf(g)]!)]));
    const thens = spec.then.map((then): CompiledThen => {
      const field = then.field;
      const isPath = field !== undefined && field.startsWith('$');
      return { then, segments: field === undefined || field === '@key' || isPath ? undefined : fieldSegments(field), path: undefined, validator: undefined, fn: undefined };
    });
    return this.rules.push({ spec, paths, pathsByKind, thens, prepared: new WeakMap() }) - 1;
  }

  /** Compiles every `given` and JSONPath field once, for all rules, when the first of them sets up. */
  ready(): Promise<void> {
    this.compiling ??= loadParsers().then((parsers) => {
      for (const g of this.givens) this.paths.push(compilePath(g, parsers));
      for (const r of this.rules) for (const t of r.thens) if (t.then.field?.startsWith('$')) t.path = compilePath(t.then.field, parsers, { field: true });
    });
    return this.compiling;
  }

  /** Called from each rule's `prepare` and `create`: before the walk, so all that run are known when the first asks. */
  enroll(doc: LoadedDocument, index: number): void {
    let run = this.runs.get(doc);
    if (!run) this.runs.set(doc, (run = { active: new Set() }));
    run.active.add(index);
  }

  /** The rule's paths for this document: its aliases may give each kind of document its own. */
  private pathsOf(index: number, doc: LoadedDocument): number[] {
    const rule = this.rules[index]!;
    if (!rule.pathsByKind) return rule.paths;
    const kind = documentKindOf(doc.root.value);
    return (kind && rule.pathsByKind[kind]) || [];
  }

  matchesFor(doc: LoadedDocument, index: number): Match[][] {
    const run = this.runs.get(doc)!;
    if (!run.matches) {
      // two groups: rules that see through `$ref`s (the default), and those that see the text as written
      const matches: Match[][] = new Array(this.paths.length);
      const failed = new Map<number, string>();
      for (const resolved of [true, false]) {
        let wanted = [...new Set([...run.active].filter((i) => (this.rules[i]!.spec.resolved !== false) === resolved).flatMap((i) => this.pathsOf(i, doc)))];
        // a path whose filter goes past its bounds is taken out and the rest matched again: the rules
        // that give it stop (a config-error), the others run
        while (wanted.length > 0) {
          try {
            const found = matchAll(resolved ? doc : undefined, { value: doc.root.value, source: doc.root, pointer: [] }, wanted.map((p) => this.paths[p]!));
            wanted.forEach((p, k) => (matches[p] = found[k]!));
            break;
          } catch (error) {
            if (!(error instanceof PathLimitError)) throw error;
            const p = wanted[error.path]!;
            failed.set(p, `in '${this.paths[p]!.text}', ${error.message}`);
            wanted = wanted.filter((q) => q !== p);
          }
        }
      }
      run.matches = matches;
      run.failed = failed;
    }
    const paths = this.pathsOf(index, doc);
    for (const p of paths) {
      const why = run.failed?.get(p);
      if (why !== undefined) throw new RuleConfigurationError(why);
    }
    return paths.map((p) => run.matches![p] ?? []);
  }
}

const bundles = new WeakMap<readonly DeclarativeRuleSpec[], AnyRule[]>();
/** Workers get a fresh copy of the configuration per file: compiled rules are kept by content too. */
const byText = new Map<string, AnyRule[]>();

/**
 * Rules from declarative specs, in the built-in rules' format, compiled once per list of specs.
 * A spec that does not compile was refused when the configuration loaded (validateSpec).
 */
export function declarativeRules(specs: readonly DeclarativeRuleSpec[] | undefined): AnyRule[] {
  if (!specs || specs.length === 0) return [];
  const known = bundles.get(specs);
  if (known) return known;
  // a function's module by its time and size: its content hash (the lint cache's) needs node:crypto
  const text = JSON.stringify(specs, (key, value: unknown) => (key === 'code' && isCodeRef(value) ? { module: value.module, path: value.path, stamp: moduleStamp(value.module) } : value));
  let rules = byText.get(text);
  if (!rules) {
    rules = compileBundle(specs);
    if (byText.size > 50) byText.clear(); // a long-lived process (an editor) with many configurations
    byText.set(text, rules);
  }
  bundles.set(specs, rules);
  return rules;
}

/** The rule's JavaScript functions by name, as a finding names them: `'a'` or `'a' or 'b'`. */
function asyncNames(compiled: CompiledRule): string {
  return [...new Set(compiled.thens.filter((t) => t.then.code).map((t) => `'${t.then.function}'`))].join(' or ');
}

function isCodeRef(value: unknown): value is CodeRef {
  return value !== null && typeof value === 'object' && typeof (value as CodeRef).module === 'string' && Array.isArray((value as CodeRef).path);
}

const everyFormat = builtinFormats.map((f) => f.id);

function compileBundle(specs: readonly DeclarativeRuleSpec[]): AnyRule[] {
  const bundle = new Bundle();
  return specs.map((spec) => {
    const index = bundle.add(spec);
    const compiled = bundle.rules[index]!;
    const rule: AnyRule = {
      meta: {
        id: spec.id,
        severity: spec.severity,
        description: spec.description ?? spec.message ?? 'A custom rule.',
        source: spec.origin,
        // a declarative rule reads the document's JSON, so it runs on every format; a Spectral rule's
        // `formats` (oas2, oas3, oas3_0, oas3_1) are checked per document, as Spectral detects them
        formats: everyFormat,
      },
      async setup() {
        await bundle.ready();
        for (const t of compiled.thens) {
          if (t.then.code && !t.fn) t.fn = await loadFunction(t.then.code);
          else if (t.then.function === 'schema' && !t.validator) t.validator = await compileSchema(t.then.functionOptions ?? {});
        }
      },
      // A ruleset's JavaScript function may be asynchronous (Spectral awaits its promise): such a rule
      // runs here, before the walk, and its findings are reported in it. Every rule of the bundle
      // enrolls first, before any is awaited, so the one traversal sees all of their paths.
      async prepare(doc) {
        if (!appliesTo(spec, doc)) return;
        bundle.enroll(doc, index);
        if (!compiled.thens.some((t) => t.then.code)) return;
        await null;
        // a function given up on once (its promise never settled) is not waited for again, document after document
        if (compiled.stalled) {
          compiled.prepared.set(doc, compiled.stalled);
          return;
        }
        try {
          const pending: Array<Promise<void>> = [];
          const outcomes = evaluate(doc, compiled, bundle.matchesFor(doc, index), pending);
          if (pending.length > 0) await settled(Promise.all(pending), `its function ${asyncNames(compiled)}`);
          compiled.prepared.set(doc, outcomes);
        } catch (error) {
          if (error instanceof StalledFunction) compiled.stalled = error;
          compiled.prepared.set(doc, error instanceof Error ? error : new Error(String(error)));
        }
      },
      create(ctx) {
        if (!appliesTo(spec, ctx.document)) return {};
        bundle.enroll(ctx.document, index);
        return {
          Document: () => {
            const doc = ctx.document;
            const prepared = compiled.prepared.get(doc);
            compiled.prepared.delete(doc);
            if (prepared instanceof Error) throw prepared;
            runRule(ctx, compiled, prepared ?? evaluate(doc, compiled, bundle.matchesFor(doc, index)));
          },
        };
      },
    };
    return rule;
  });
}

/** A rule with `formats` runs on documents of those kinds only. */
function appliesTo(spec: DeclarativeRuleSpec, doc: LoadedDocument): boolean {
  if (!spec.formats) return true;
  const kind = documentKindOf(doc.root.value);
  return kind !== undefined && spec.formats.includes(kind);
}

/** `a.b[0]['c.d']` → ['a', 'b', '0', 'c.d'], as lodash's toPath (which Spectral uses) splits it. */
export function fieldSegments(field: string): string[] {
  const out: string[] = [];
  const re = /\[(?:(['"])((?:\\.|(?!\1).)*)\1|([^\]]*))\]|([^.[\]]+)/g;
  for (let m = re.exec(field); m; m = re.exec(field)) out.push(m[2] ?? m[3] ?? m[4]!);
  return out;
}

/** A place in the document: the file and pointer where a value is, following `$ref`s on the way. */
interface Place {
  source: Source;
  pointer: string[];
  value: unknown;
  /** Segments past what exists (a missing field). */
  missing: number;
}

function descend(doc: LoadedDocument, from: Place, segments: readonly string[], resolved: boolean): Place {
  let { source, pointer, value, missing } = from;
  for (const seg of segments) {
    if (missing === 0 && resolved) {
      for (let hops = 0; hops < 16 && refOf(value) !== undefined; hops++) {
        const t = resolveRef(doc, source.uri, refOf(value)!);
        if (!t.ok) break;
        ({ source, pointer, value } = t);
      }
    }
    pointer = pointer.concat(seg);
    if (missing === 0 && value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, seg)) value = (value as Record<string, unknown>)[seg];
    else {
      value = undefined;
      missing++;
    }
  }
  return { source, pointer, value, missing };
}

/** A function's finding on a target, to be reported. */
interface Outcome {
  match: Match;
  target: Target;
  result: FunctionResult;
}

function runRule(ctx: RuleContext, rule: CompiledRule, outcomes: readonly Outcome[]): void {
  const resolved = rule.spec.resolved !== false;
  const reported = new Set<string>();
  for (const o of outcomes) report(ctx, rule.spec, o.match, o.target, o.result, resolved, reported);
}

/**
 * The rule's functions on every target of its matches: what they found. A JavaScript function's
 * promise (an `async` function) is awaited when `pending` is given (the rule's `prepare`): its
 * findings join the list when it settles, as Spectral's do; without it, a promise stops the rule.
 */
function evaluate(doc: LoadedDocument, rule: CompiledRule, perGiven: Match[][], pending?: Array<Promise<void>>): Outcome[] {
  const resolved = rule.spec.resolved !== false;
  const outcomes: Outcome[] = [];
  const budget: FilterBudget = { left: filterBudgetPerDocument }; // a JSONPath field's filters, over all matches
  let base: SpectralContext | undefined;
  let formats: ReadonlySet<string> | undefined;
  const helpers = new Map<CompiledThen, Helpers>(); // per then: a call allocates nothing
  for (const matches of perGiven) {
    for (const match of matches) {
      // one context per match, as Spectral makes one per node: an async function keeps its own
      let context: SpectralContext | undefined;
      const at: Place = { source: match.source, pointer: match.pointer, value: match.value, missing: 0 };
      for (const t of rule.thens) {
        for (const target of targetsOf(doc, match, at, t, resolved, budget)) {
          if (t.fn) {
            context ??= { ...(base ??= contextFor(doc, rule.spec)) };
            const results = callCode(doc, t, target, context, resolved);
            if (!isPromise(results)) {
              codeOutcomes(outcomes, doc, t, match, target, results);
              continue;
            }
            if (!pending) throw new RuleConfigurationError(`its function '${t.then.function}' is asynchronous, and this caller runs rules without awaiting them (lintText, lint and the CLI await them)`);
            pending.push(
              Promise.resolve(results).then(
                (settled) => codeOutcomes(outcomes, doc, t, match, target, settled),
                (error: unknown) => {
                  throw new RuleConfigurationError(`its function '${t.then.function}' failed: ${firstLine(error)}`);
                },
              ),
            );
            continue;
          }
          // Spectral gives functions the resolved value: a schema's `$ref`s replaced by what they name
          const input = rule.spec.spectral && resolved && !target.isKey ? resolvedView(doc)(target.place.value, target.place.source.uri) : target.place.value;
          if (!acceptsInput(t.then.function, input)) continue;
          let h = helpers.get(t);
          if (!h) {
            formats ??= spectralFormatsOf(doc.root.value, rule.spec.spectral ? (rule.spec.documentFormats ?? []) : undefined);
            helpers.set(t, (h = { document: doc, formats, ...(t.validator ? { validator: t.validator } : {}) }));
          }
          const results = coreFunctions[t.then.function]!(input, t.then.functionOptions ?? {}, h);
          for (const result of results ?? []) outcomes.push({ match, target: result.fromRoot ? rootTarget(doc) : target, result });
        }
      }
    }
  }
  return outcomes;
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}

/** The document's root as a target: a result whose path is from the root is found from there. */
function rootTarget(doc: LoadedDocument): Target {
  return { place: { source: doc.root, pointer: [], value: doc.root.value, missing: 0 }, isKey: false, logical: [] };
}

interface Target {
  place: Place;
  /** The finding is about a property name. */
  isKey: boolean;
  /** Spectral's path of the target in the resolved document (`context.path`). */
  logical: string[];
  /** Reached through a jump (Match.jumped): placed where it is written. */
  jumped?: boolean;
}

/**
 * A ruleset's JavaScript function on one target, called as Spectral calls it: the resolved value
 * (or the property name), the options or null, and the context with the target's path.
 */
function callCode(doc: LoadedDocument, t: CompiledThen, target: Target, context: SpectralContext, resolved: boolean): unknown {
  const place = target.place;
  // never the parsed document itself: a write there would change what every other rule reads
  const input = target.isKey ? place.value : resolved ? resolvedView(doc)(place.value, place.source.uri) : writtenView(doc)(place.value);
  context.path = target.logical;
  try {
    return t.fn!(input, t.then.functionOptions ?? null, context);
  } catch (error) {
    throw new RuleConfigurationError(`its function '${t.then.function}' threw: ${firstLine(error)}`);
  }
}

/**
 * A JavaScript function's results as findings: paths from the document's root (Spectral's), or none
 * for the target itself, which keeps its own place (a property name's key, a place in a $ref'd file).
 */
function codeOutcomes(outcomes: Outcome[], doc: LoadedDocument, t: CompiledThen, match: Match, target: Target, results: unknown): void {
  if (results === undefined || results === null) return;
  if (!Array.isArray(results)) throw new RuleConfigurationError(`its function '${t.then.function}' returned ${typeof results}, not a list of results`);
  for (const r of results as unknown[]) {
    if (r === null || typeof r !== 'object') continue;
    const { message, path } = r as { message?: unknown; path?: unknown };
    const abs = Array.isArray(path) ? path.map(String) : target.logical;
    const same = abs.length === target.logical.length && abs.every((s, i) => s === target.logical[i]);
    if (same) outcomes.push({ match, target, result: { message: String(message ?? '') } });
    else outcomes.push({ match, target: rootTarget(doc), result: { message: String(message ?? ''), path: abs } });
  }
}

/** What `then.field` names in a match, as Spectral's getLintTargets reads it. */
function targetsOf(doc: LoadedDocument, match: Match, at: Place, t: CompiledThen, resolved: boolean, budget: FilterBudget): Target[] {
  const field = t.then.field;
  const value = match.value;
  if (field === undefined || value === null || typeof value !== 'object' || match.isKey) return [{ place: at, isKey: match.isKey, logical: match.logical, jumped: match.jumped }];
  if (field === '@key') return Object.keys(value).map((k) => ({ place: { ...descend(doc, at, [k], false), value: k }, isKey: true, logical: [...match.logical, k] }));
  if (t.path) {
    let found: Match[];
    try {
      found = matchAll(resolved ? doc : undefined, { value, source: at.source, pointer: at.pointer }, [t.path], [budget])[0]!;
    } catch (error) {
      if (error instanceof PathLimitError) throw new RuleConfigurationError(`in the field '${t.path.text}', ${error.message}`);
      throw error;
    }
    if (found.length === 0) return [{ place: { ...at, value: undefined }, isKey: false, logical: match.logical, jumped: match.jumped }];
    return found.map((m) => ({ place: { source: m.source, pointer: m.pointer, value: m.value, missing: 0 }, isKey: m.isKey, logical: [...match.logical, ...m.logical], jumped: match.jumped || m.jumped }));
  }
  return [{ place: descend(doc, at, t.segments!, resolved), isKey: false, logical: [...match.logical, ...t.segments!], jumped: match.jumped }];
}

function report(ctx: RuleContext, spec: DeclarativeRuleSpec, match: Match, target: Target, result: FunctionResult, resolved: boolean, reported: Set<string>): void {
  let place = result.path?.length ? descend(ctx.document, target.place, result.path, resolved) : target.place;
  const isKey = target.isKey && !result.path?.length;
  if (spec.spectral && resolved && !isKey && place.missing === 0) {
    // past a jump, where the value is written; before one, along the path as Spectral walks it
    const walked = target.jumped ? undefined : spectralPlace(ctx.document, result.path?.length ? (target.logical.length ? target.logical.concat(result.path) : result.path) : target.logical);
    place = walked ?? followToEnd(ctx.document, place);
  }
  // Spectral has no place of its own for a property name: it reports the property, where its value
  // is, and prints that value; a value that is a `$ref` is where its reference map places it (at
  // what the `$ref` names, in another file too)
  if (spec.spectral && isKey) {
    if (resolved) place = spectralPlace(ctx.document, target.logical) ?? place;
    const found = getAt(place.source.value, place.pointer);
    place = { ...place, value: found.found ? found.value : undefined };
  }
  const keyed = isKey && !spec.spectral;
  const existing = place.pointer.slice(0, place.pointer.length - place.missing);
  // `{{path}}` (the pointer as text) only when a template can ask for it: most findings' messages do not
  const withPath = result.message.includes('path') || (spec.message?.includes('path') ?? false);
  // Spectral loses the missing part of a path whose nearest existing place is a `$ref` alone: it names that place's target
  const named = spec.spectral && resolved && place.missing > 0 && missingLost(ctx.document, result.path?.length ? (target.logical.length ? target.logical.concat(result.path) : result.path) : target.logical, place.missing) ? { ...place, pointer: existing, missing: 0 } : place;
  const vars = spec.spectral ? spectralVars(named, existing, withPath) : ownVars(place, existing, withPath);
  vars['description'] = spec.description ?? '';
  vars['error'] = '';
  // `#{{print("value")}}` prints the value at the reported path; swaglint's own rules print the target's
  const printed = spec.spectral ? existingValue(place, existing) : place.value;
  vars['error'] = fill(result.message, vars, printed);
  const message = spec.message !== undefined ? fill(spec.message, vars, printed) : (spec.description ?? vars['error']!);
  // Spectral compatibility: the finding is at the nearest existing place (Spectral's path and position)
  const at: Place = spec.spectral && place.missing > 0 ? { ...place, pointer: existing, value: printed, missing: 0 } : place;
  // one finding per place and message: a definition reached from many places is still one finding
  const key = `${at.source.uri}#${at.pointer.join('/')}\u0000${message}`;
  if (reported.has(key)) return;
  reported.add(key);
  const node = nodeAt(ctx, match, at);
  const scalar = at.missing === 0 && (at.value === null || typeof at.value !== 'object');
  // Spectral starts an object's or a list's finding one past its key
  // Spectral parses the document it lints as YAML, JSON too, and a referenced file by its extension
  const yamlParsed = at.source === ctx.document.root || !/\.json$/i.test(at.source.uri);
  const range = spec.spectral && !scalar ? spectralCollectionRange(at.source, at.pointer, yamlParsed) : undefined;
  ctx.report({ node, message: message.trim(), at: keyed || !scalar ? 'key' : 'value', ...(range ? { range } : {}) });
}

/**
 * Where Spectral places a finding at a path of the resolved document (its DocumentInventory's
 * findAssociatedItemForPath): the path walked in the document as written, a key present beside a
 * `$ref` (`{$ref, description}`) taken where it is written, a `$ref` followed for a key it does not
 * have; once one was (a jump), its reference map places the rest: every `$ref` on the way and at the
 * end followed, keys beside it or not. Before a jump, a `$ref` alone at the end is followed too.
 * Undefined when the path is not in the document (the caller's place stands).
 */
function spectralPlace(doc: LoadedDocument, logical: readonly string[]): Place | undefined {
  let source = doc.root;
  const pointer: string[] = [];
  let value: unknown = source.value;
  let jumped = false;
  for (const seg of logical) {
    for (let hops = 0; ; hops++) {
      const has = value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, seg);
      const ref = refOf(value);
      if (ref === undefined || (has && !jumped)) {
        if (has) break;
        return undefined;
      }
      if (hops >= 16) return undefined;
      const t = resolveRef(doc, source.uri, ref);
      if (!t.ok) return undefined;
      source = t.source;
      value = t.value;
      pointer.length = 0;
      pointer.push(...t.pointer);
      jumped = true;
    }
    pointer.push(seg);
    value = (value as Record<string, unknown>)[seg];
  }
  const place: Place = { source, pointer, value, missing: 0 };
  return refOf(value) !== undefined && (jumped || Object.keys(value as object).length === 1) ? followToEnd(doc, place) : place;
}

/**
 * Whether Spectral's `{{property}}` drops the missing part of `logical` (its last `missing`
 * segments): when the rest of the path is written in the document as it is, no `$ref` followed, and
 * ends at a `$ref` alone, Spectral's lookup of the reference map has consumed that path and keeps no
 * missing part, so the property printed is the last key of the place it reports (the target).
 */
function missingLost(doc: LoadedDocument, logical: readonly string[], missing: number): boolean {
  let value: unknown = doc.root.value;
  for (const seg of logical.slice(0, logical.length - missing)) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, seg)) return false;
    value = (value as Record<string, unknown>)[seg];
  }
  return refOf(value) !== undefined && Object.keys(value as object).length === 1;
}

/** A place whose value is a `$ref` stands for what it names, as Spectral's reference map places a finding. */
function followToEnd(doc: LoadedDocument, place: Place): Place {
  let { source, pointer, value } = place;
  for (let hops = 0; hops < 16 && refOf(value) !== undefined; hops++) {
    const t = resolveRef(doc, source.uri, refOf(value)!);
    if (!t.ok) break;
    ({ source, pointer, value } = t);
  }
  return { source, pointer, value, missing: 0 };
}

function existingValue(place: Place, existing: string[]): unknown {
  if (place.missing === 0) return place.value;
  let v: unknown = place.source.value;
  for (const k of existing) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** swaglint's own rules: a missing property by its dotted path, a value printed as JSON. */
function ownVars(place: Place, existing: string[], withPath: boolean): Record<string, string> {
  const property = place.missing > 0 ? place.pointer.slice(existing.length - 1).join('.') : (place.pointer[place.pointer.length - 1] ?? '');
  return { property, value: printValue(place.value), path: withPath ? pointerText(existing) : '' };
}

/**
 * Spectral's placeholders, as its lintNode fills them: `{{property}}` is the missing part below the
 * nearest existing place printed in Spectral's dot style (`responses[401].description`), or that
 * place's own key; `{{value}}` is the value there as a string, no quotes added; `{{path}}` its pointer.
 */
function spectralVars(place: Place, existing: string[], withPath: boolean): Record<string, string> {
  const property = place.missing > 0 && existing.length > 0 ? dotPath(place.pointer.slice(existing.length - 1)) : place.missing > 0 ? dotPath(place.pointer) : (existing[existing.length - 1] ?? '');
  return { property, value: String(existingValue(place, existing)), path: withPath ? pointerText(existing) : '' };
}

/** Spectral's PrintStyle.Dot: numbers and keys with spaces in brackets. */
function dotPath(path: readonly string[]): string {
  return path
    .map((seg, i) => {
      if (seg.length === 0) return "['']";
      if (/\s/.test(seg)) return `['${seg}']`;
      if (!Number.isNaN(Number(seg))) return `[${seg}]`;
      return i === 0 ? seg : `.${seg}`;
    })
    .join('');
}

function pointerText(existing: readonly string[]): string {
  return '#' + toPointer(existing);
}

/**
 * A node for the reported place. Its parent chain gives the engine the API path: a place in a
 * `$ref`'d file hangs below the `$ref` in the root document that led to it.
 */
function nodeAt(ctx: RuleContext, match: Match, place: Place): Node {
  const doc = ctx.document;
  const parent = place.source !== doc.root && match.via ? ctx.nodeAt(doc.root, match.via, { kind: 'Ref' }) : undefined;
  return ctx.nodeAt(place.source, place.pointer, parent ? { parent } : {});
}

/** Spectral's message placeholders: `{{property}}`, `{{value}}`, … and `#{{print("property")}}`. */
function fill(template: string, vars: Record<string, string>, value: unknown): string {
  if (!template.includes('{{')) return template; // most functions' messages have no placeholder
  return template
    .replace(/#?\{\{\s*print\(\s*["'](\w+)["']\s*\)\s*\}\}/g, (_, name: string) => {
      if (name === 'property') return vars['property'] ? `"${vars['property']}" property ` : 'The document ';
      if (name === 'value') return printValue(value);
      return vars[name] ?? '';
    })
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}
