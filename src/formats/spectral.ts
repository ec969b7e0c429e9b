/**
 * Spectral's names for API formats, as its rulesets' `formats` write them, and the one detector that
 * gives a document its names (a ruleset's `formats`, `typedEnum`, and the formats a ruleset's code
 * imports from @stoplight/spectral-formats all ask here). It follows Spectral's own detection:
 * `oas2` for a `swagger` whose integer part is 2 (`2.0`, `"2.1"`, `2`), `oas3` for an `openapi` whose
 * integer part is 3, and `oas3_0` / `oas3_1` / `oas3_2` by the minor version (`3.1`, `3.1.0`, `3.1.1`;
 * not `3.1.0-rc1`). A rule applies to a document when one of its formats is among the document's.
 */

/** The OpenAPI 3 minor versions Spectral names a format of (`oas3_<minor>`): a new one is one entry. */
const oas3Minors = ['0', '1', '2'] as const;

type Oas3Minor = (typeof oas3Minors)[number];

/** The kinds of document a ruleset's `formats` tell apart; `oas3` alone is a later minor (`openapi: 3.3.0`). */
export type DocumentKind = 'oas2' | `oas3_${Oas3Minor}` | 'oas3';

/** Each kind with the format names Spectral gives such a document, in the order Spectral lists them. */
export const documentKinds: Readonly<Record<DocumentKind, readonly string[]>> = Object.fromEntries([
  ['oas2', ['oas2']],
  ...oas3Minors.map((minor) => [`oas3_${minor}`, ['oas3', `oas3_${minor}`]]),
  ['oas3', ['oas3']],
]) as Record<DocumentKind, readonly string[]>;

export const kindNames = Object.keys(documentKinds) as DocumentKind[];

/** Every format name Spectral detects among OpenAPI documents (`oas2`, `oas3`, `oas3_0`, …). */
export const spectralFormatNames: readonly string[] = [...new Set(Object.values(documentKinds).flat())];

const minorPatterns = oas3Minors.map((minor) => ({ minor, pattern: new RegExp(`^3\\.${minor}(?:\\.[0-9]*)?$`) }));

/** The integer part of a version field, as Spectral reads it (`parseInt` of its text). */
const major = (doc: Record<string, unknown>, field: string): number | undefined => (field in doc ? Number.parseInt(String(doc[field]), 10) : undefined);

/** The kind of a parsed document's root, as Spectral detects its format; undefined for none of them. */
export function documentKindOf(root: unknown): DocumentKind | undefined {
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return undefined;
  const doc = root as Record<string, unknown>;
  if (major(doc, 'swagger') === 2) return 'oas2';
  if (major(doc, 'openapi') !== 3) return undefined;
  const version = String(doc['openapi']);
  const minor = minorPatterns.find((m) => m.pattern.test(version))?.minor;
  return minor === undefined ? 'oas3' : `oas3_${minor}`;
}

/** The kinds a `formats` list applies to (every kind when there is no list). */
export function kindsFor(formats: readonly string[] | undefined): DocumentKind[] {
  if (!formats) return kindNames;
  return kindNames.filter((k) => documentKinds[k].some((f) => formats.includes(f)));
}

/**
 * The format names Spectral gives a document (`oas2`, `oas3`, `oas3_0`…): those of its kind that
 * `declared` names, since Spectral detects only the formats its ruleset names anywhere (none named:
 * none detected); every name of its kind when `declared` is undefined.
 */
export function spectralFormatsOf(root: unknown, declared: readonly string[] | undefined): ReadonlySet<string> {
  const kind = documentKindOf(root);
  const names: readonly string[] = kind ? documentKinds[kind] : [];
  return new Set(declared ? names.filter((n) => declared.includes(n)) : names);
}

/**
 * The fields of a path item that Spectral's `spectral:oas` takes for operations: its `OperationObject`
 * alias (`#PathItem[get,…,trace]`) and the operation list its functions share (`getAllOperations`,
 * `oasPathParam`). Spectral 6.16 (rulesets 1.23) names a 3.2 document `oas3_2` and validates it with the
 * 3.2 schema, but these stop at `trace`: a 3.2 `query` operation and `additionalOperations` are no
 * operations to its rules, so the rules swaglint runs as Spectral defines them skip them too
 * (fixtures/spectral/oas32-operations, with Spectral's answer). A ruleset's own JSONPath reaches them as
 * written (`$.paths[*].query`, `$.paths[*].additionalOperations[*]`).
 */
export const spectralOperationFields: readonly string[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
