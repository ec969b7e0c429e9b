// Public types shared by the library, the engine, the rules and the formatters.

export type Severity = 'error' | 'warn' | 'info' | 'hint';
/**
 * What a rule judges: `validity` — the Swagger 2.0 specification and its official schema require it
 * (a document that fails is not valid Swagger); `convention` — the house conventions ask for it
 * (docs/rules.md lists them), the document being valid either way.
 */
export type RuleCategory = 'validity' | 'convention';
export const ruleCategories: readonly RuleCategory[] = ['validity', 'convention'];

/** A rule setting: a severity, or `off`. */
export type RuleLevel = Severity | 'off';

/** A rule setting: a severity or `off`, optionally with the rule's options. */
export type RuleSetting = RuleLevel | [RuleLevel, Record<string, unknown>?];

/** 0-based, LSP style. Formatters print 1-based. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface Fix {
  /** What the fix does, in a few words ("quote '2.0'"). */
  title: string;
  edits: TextEdit[];
}

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  /**
   * The category of the rule that found it; a finding about the file itself (it does not parse, it is
   * no Swagger document) is `validity`. Absent on `internal-error` and `config-error`, which judge
   * swaglint or its configuration, not the document.
   */
  category?: RuleCategory;
  message: string;
  /** The id of the message in the rule's `meta.messages` (`duplicate`), for a rule that reports by id. */
  messageId?: string;
  /** The file (absolute path) or URL the finding is in. */
  uri: string;
  /** JSON pointer of the node, inside `uri`: `/paths/~1orders/get`. */
  pointer: string;
  range: Range;
  /**
   * The API path (`/orders/{order_id}`) the finding is under, when it is under one: also for a
   * finding inside a `$ref`'d file reached from a path item. Path-scoped overrides go by it.
   */
  apiPath?: string;
  suggestion?: string;
  fix?: Fix;
  /**
   * Other places, in the same file, that make up this one finding: `description-markdown` reports
   * each kind of construct once per description and lists every occurrence here (LSP
   * `relatedInformation`).
   */
  related?: RelatedLocation[];
  /**
   * Where this finding's consequences are: other findings at or under these places follow from it
   * (an Operation given by `$ref`, which the specification does not allow, looks empty to every rule
   * that reads it). The fold stage (`src/filters/fold.ts`) moves them into `folded`.
   */
  consequences?: Consequence[];
  /** The findings the fold stage moved under this one, in report order; absent when none (or `--no-fold`). */
  folded?: Diagnostic[];
}

/**
 * A place whose findings follow from another finding: those in `uri` at `pointer` or below it, of
 * the rules in `rules` (every rule when absent) except those in `exceptRules`.
 */
export interface Consequence {
  uri: string;
  /** A JSON pointer, as `Diagnostic.pointer`. */
  pointer: string;
  rules?: readonly string[];
  exceptRules?: readonly string[];
}

/** A place that belongs to a finding, in the finding's file. */
export interface RelatedLocation {
  range: Range;
  message: string;
}

export const severityRank: Record<Severity, number> = { error: 4, warn: 3, info: 2, hint: 1 };

/**
 * Settings for some documents or some API paths. Path-scoped settings are inherited by every path
 * below the pattern; for one rule, the most specific matching pattern wins (docs/architecture.md).
 * Here, with the public types, because a configuration and a Spectral ruleset (src/declarative/) both
 * carry them.
 */
export interface Override {
  /** Globs for documents, relative to `base`; a glob without a slash matches the file name anywhere below. */
  files?: readonly string[];
  /** API path patterns (`/legacy/**`, `/orders`); braces are literal, as in API paths. */
  paths?: readonly string[];
  rules: Readonly<Record<string, RuleSetting>>;
  /** The directory `files` are relative to: the config file's (default: the working directory). */
  base?: string;
}

