import type { Fix, Range, RelatedLocation, RuleCategory, RuleLevel, Severity } from '../types.js';
import type { FormatKinds, Kind, ObjectKindName } from './shape.js';
import type { LoadedDocument, RefTarget } from '../load/refs.js';
import type { Source, Target } from '../load/source.js';

// The rule API: a rule (rules/*.ts, rules/lib/*.ts) imports this module, rule-helpers.ts, a format's
// kinds (src/formats/<format>/kinds.ts), ../types.ts and the text helpers in ../text/, and nothing
// else of the engine or the loader (test/rule-imports.test.ts). What rules need of the loader comes
// through the context (`resolve`, `resolveRef`, `child`, `nodeAt`) or through rule-helpers.ts.
export type { LoadedDocument, RefTarget, Source, Target };

export type JsonObject = Record<string, unknown>;

/** A place in the document as the walker meets it. Positions are computed only when reported. */
export interface Node<T = unknown> {
  kind: Kind;
  value: T;
  /** The file the node is in (a `$ref`'d file for nodes reached through one). */
  source: Source;
  /** JSON pointer segments inside `source`. */
  pointer: string[];
  /** The node's key in its parent: a property name, or an index as a string. */
  key: string;
  parent: Node | undefined;
}

export type Handler<T> = (value: T, node: Node<T>) => void;

/**
 * A rule's handlers by node kind: the object kinds of the formats in the build (`K`), their exits,
 * and the kinds every format has. A format's walk calls those of its own kinds.
 */
export type Visitors<K extends string = ObjectKindName> = { [P in K]?: Handler<JsonObject> } & {
  [P in K as `${P}:exit`]?: Handler<JsonObject>;
} & {
  /** Every description string of the kinds that carry Markdown. */
  Description?: Handler<string>;
  /** Every `{ $ref }` at a place that allows one; `node.kind` is `Ref`, the expected kind is `refKind`. */
  Ref?: (ref: string, node: Node<JsonObject> & { refKind: K }) => void;
  /** After the walk, once: for rules that compare across the whole document. */
  'Document:done'?: () => void;
  /**
   * After the filter stage (path scopes and inline ignores), once: for a rule about the filtering
   * itself (`unused-ignore`). Its findings then go through the remaining filters (baseline, severity
   * floor); no ignore hides them.
   */
  'Filter:done'?: (outcome: FilterOutcome) => void;
};

/** How an inline ignore is written: a comment for the next line, its own line, a region, or `x-swaglint-ignore` (an object's subtree). */
export type IgnoreKind = 'next-line' | 'line' | 'region' | 'subtree';

/** An ignore, or one rule id an ignore names, that hid no finding. */
export interface UnusedIgnore {
  kind: IgnoreKind;
  /** The rule id it names; undefined for a directive that names none (it hides every rule). */
  ruleId: string | undefined;
  source: Source;
  /** The `x-swaglint-ignore` key, or the root for a comment. */
  pointer: string[];
  /** The id as written, or the directive when it names none. */
  range: Range;
}

/** What the filter stage did, for the `Filter:done` hook. */
export interface FilterOutcome {
  unusedIgnores: readonly UnusedIgnore[];
}

/**
 * A finding: its place, and its message either by id (`messageId`, a template of the rule's
 * `meta.messages` filled from `data`, as ESLint writes them: the finding then carries the id, so tests
 * and both formats' reports name one kind of finding alike) or as text (`message`).
 */
export type Report = ReportPlace & (
  | { message: string; messageId?: undefined; data?: undefined }
  | { messageId: string; data?: Readonly<Record<string, string | number>>; message?: undefined }
);

export interface ReportPlace {
  node: Node;
  /** Report at this child of `node` (its key), or at `node` itself when the child is missing. */
  property?: string | string[];
  /** The key (default) or the value. */
  at?: Target;
  /** Columns `[from, to)` inside the key's or value's text: a path segment, say. */
  columns?: [number, number];
  /** An exact range, for the rare rule that computes its own (Markdown inside a scalar). */
  range?: Range;
  suggestion?: string;
  fix?: Fix;
  /** Every place that makes up the finding, in the node's file (ranges the rule computed). */
  related?: RelatedLocation[];
  /**
   * Findings at or under these nodes follow from this one (the fold stage puts them under it): only
   * those of `rules` when given, never those of `exceptRules`.
   */
  consequences?: Array<{ node: Node; rules?: readonly string[]; exceptRules?: readonly string[] }>;
  /**
   * This finding's severity, for a rule whose findings differ in weight (`path-no-multi-id`: error on
   * DELETE, warn otherwise). It never exceeds the rule's configured severity: configuring `warn` caps
   * every finding at warn, and `off` still silences the rule.
   */
  severity?: Severity;
}

/** The document's format, as a rule sees it. */
export interface RuleFormat {
  /** The format's id (`swagger2`): what `meta.formats` lists. */
  readonly id: string;
  readonly kinds: FormatKinds;
}

export interface RuleContext {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly document: LoadedDocument;
  /** The document's format: one rule listing several formats in `meta.formats` may ask which. */
  readonly format: RuleFormat;
  report(report: Report): void;
  /** What a value names, following `$ref` chains across files; the value itself when it is no `$ref`. */
  resolve<T = unknown>(node: Node<T>): RefTarget;
  /** The node for a child value (of `kind`, default the parent's), for reporting at or resolving it. */
  child<T = unknown>(node: Node, key: string | string[], value?: T, kind?: Kind): Node<T>;
  /**
   * The node at a JSON pointer (segments) of a source, for a place the walk did not hand over: a
   * `$ref`'s target (give the node it was reached from as `parent`, so the finding keeps its API path),
   * a duplicate key, an ignore comment's place.
   */
  nodeAt<T = unknown>(source: Source, pointer: readonly string[], place?: { kind?: Kind; parent?: Node; key?: string }): Node<T>;
  /** What a `$ref` written in `from` (a source, or a loaded source's uri) names, following chains across files. */
  resolveRef(from: Source | string, ref: string): RefTarget;
}

/** JSON Schema for a rule's options (validated when the configuration loads). */
export type OptionsSchema = Record<string, unknown>;

export interface RuleMeta<O> {
  id: string;
  /**
   * Whether the specification requires what the rule checks (`validity`), or a convention asks for it
   * (`convention`). Every built-in rule says (the catalog test checks); a custom rule that does not is
   * a convention.
   */
  category?: RuleCategory;
  /**
   * The API formats the rule is written for, by id (`swagger2`, `openapi3`; src/formats/index.ts). It
   * runs on documents of those formats only, and gets the same context on each (`ctx.format` says
   * which). A rule that names none runs on every format, as does `'all'`: a rule about the file
   * rather than the API (duplicate keys, ignore comments), one added later (a test's toy format)
   * included. Every built-in rule names its formats (the catalog test checks), so a new format never
   * gets a rule by accident; a user's plugin that names none is taken at its word.
   */
  formats?: readonly string[] | 'all';
  /** Severity in the `recommended` preset; `off` means only `all` turns it on. */
  severity: RuleLevel;
  /** Severity under `all` for a rule that is off in `recommended`. */
  allSeverity?: Severity;
  /** One line, shown by `swaglint rules`. */
  description: string;
  /**
   * The rule's messages by id, ESLint-style: `ctx.report({ messageId, data })` fills a template's
   * `{{name}}` placeholders from `data`. One id per kind of finding, the same in every format.
   */
  messages?: Readonly<Record<string, string>>;
  /** Longer documentation in Markdown, with a failing and a passing example. */
  docs?: string;
  options?: OptionsSchema;
  defaults?: O;
  /** Where a custom rule is defined (`file:line:column`), shown by `swaglint rules`. */
  source?: string;
  /**
   * How far the rule reads, for an editor's re-lint after an edit (src/pipeline/incremental.ts).
   * `node`: what the rule finds while visiting a node depends only on that node's subtree (and what
   * its `$ref`s name), it reports inside that subtree, it has no `Document:done` or `Filter:done`
   * hook and no `prepare`; so after an edit it is re-run on the edited path item, definition or
   * component alone, and its findings elsewhere are kept. `document` (the default, and what any rule
   * that compares across the document, reads a node's parents or the document's root in a visitor,
   * or keeps state between visits must say): re-run over the whole document, after the first
   * diagnostics are shown.
   */
  reach?: RuleReach;
}

/** See `RuleMeta.reach`. */
export type RuleReach = 'node' | 'document';

/**
 * A rule: its meta and its visitors. `K` is the object kinds it visits: by default those of every
 * format in the build; a format's own (a test's toy format) may be named.
 */
export interface Rule<O = Record<string, never>, K extends string = ObjectKindName> {
  meta: RuleMeta<O>;
  /**
   * Loads what the rule needs before a run (a heavy module), awaited once per run and only when the
   * rule is on: `swaglint rules`, `--help` and runs with the rule off never pay for it. `format` is the
   * id of the document's format, so a rule of two formats loads only what this one needs.
   */
  setup?(format: string): Promise<void>;
  /**
   * Work on a document that must be awaited before the walk (a Spectral ruleset's asynchronous
   * function). The pipeline calls every active rule's `prepare` before it awaits any of them.
   */
  prepare?(doc: LoadedDocument): Promise<void>;
  create(ctx: RuleContext, options: O): Visitors<K>;
}

/**
 * Identity at run time: it gives a rule module its types. A rule of the build's formats names only its
 * options type; a rule of other kinds (a test's own format) names them too: `defineRule<O, 'Card'>`.
 */
export function defineRule<O = Record<string, never>>(rule: Rule<O>): Rule<O>;
export function defineRule<O, K extends string>(rule: Rule<O, K>): Rule<O, K>;
export function defineRule<O, K extends string>(rule: Rule<O, K>): Rule<O, K> {
  return rule;
}

/**
 * Whether a rule runs on documents of the format `formatId` (`meta.formats`; none named: every
 * format, like `'all'`). The ids of the build's formats a rule runs on, for people, are `formatsOf` in
 * src/formats/index.ts, which knows the formats.
 */
export function runsOn(rule: { meta: { formats?: readonly string[] | 'all' | undefined } }, formatId: string): boolean {
  const named = rule.meta.formats;
  return named === undefined || named === 'all' || named.includes(formatId);
}

/** A rule's category; a custom rule that names none is the house's own convention. */
export function categoryOf(rule: { meta: { category?: RuleCategory | undefined } }): RuleCategory {
  return rule.meta.category ?? 'convention';
}

/**
 * A rule with its options and kinds erased, as the engine and the registries hold it: any format's
 * rule is one (methods are bivariant in their parameters).
 */
export interface AnyRule {
  meta: RuleMeta<unknown>;
  setup?(format: string): Promise<void>;
  prepare?(doc: LoadedDocument): Promise<void>;
  create(ctx: RuleContext, options: never): AnyVisitors;
}

/** Visitors as the engine reads them: handlers by name, called with what the walk found. */
export type AnyVisitors = { readonly [kind: string]: ((...args: never[]) => void) | undefined };
