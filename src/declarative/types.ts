import type { RuleLevel } from '../types.js';
import type { DocumentKind } from '../formats/spectral.js';

/** One check of a declarative rule: the function applied to `field` of each match. */
export interface DeclarativeThen {
  /** A property name or dotted path below the match, `@key` (each key of it), or a JSONPath from it (`$.x[*]`). */
  field?: string;
  /** A core function: truthy, falsy, defined, undefined, pattern, casing, enumeration, length, alphabetical, schema, xor, or, typedEnum, unreferencedReusableObject, and spectral:oas's oasTagDefined and uniquenessTags. */
  function: string;
  functionOptions?: Record<string, unknown>;
  /** A ruleset's JavaScript function (then `function` is its name): where it is, as plain data for the workers and the cache key. */
  code?: CodeRef;
}

/** A function in a ruleset's code: the module, the path from its namespace to the function, and the module's content hash. */
export interface CodeRef {
  module: string;
  path: Array<string | number>;
  hash: string;
}

/**
 * A rule written as data (in `.swaglint.yaml`, or a Spectral ruleset's rule): plain JSON, so a
 * configuration that holds it still goes to the worker threads and into the cache key as it is.
 * `declarativeRules` turns a list of them into ordinary rules.
 */
export interface DeclarativeRuleSpec {
  id: string;
  /** The rule's own severity: what it runs at unless a configuration's `rules` say otherwise. */
  severity: RuleLevel;
  description?: string;
  /** With `{{property}}`, `{{value}}`, `{{path}}`, `{{error}}`, `{{description}}` placeholders. */
  message?: string;
  /** JSONPath expressions (JSONPath-Plus syntax, as Spectral's). */
  given: string[];
  then: DeclarativeThen[];
  /** false: match the document as written, not through its `$ref`s (Spectral's `resolved: false`). */
  resolved?: boolean;
  /**
   * A Spectral ruleset's rule: Spectral's compatibility mode (findings at the nearest existing place,
   * a `$ref`'s finding at what it names, Spectral's placeholders, functions given resolved values).
   */
  spectral?: boolean;
  /**
   * A Spectral ruleset's rule for some kinds of document only (its `formats`, or its aliases' targets):
   * the kinds it runs on. Absent: every document.
   */
  formats?: DocumentKind[];
  /**
   * A Spectral rule whose functions read the document's formats (`typedEnum`): every format its
   * ruleset chain names, among which Spectral detects a document's. Absent: none named.
   */
  documentFormats?: string[];
  /** Aliases with per-format targets: each kind's own paths (`given` is then all of them, for checking). */
  givenByKind?: Partial<Record<DocumentKind, string[]>>;
  /** Where the rule is defined: `file:line:column`. */
  origin: string;
  documentationUrl?: string;
}
