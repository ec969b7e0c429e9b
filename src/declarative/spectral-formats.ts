/**
 * The kinds of API document a Spectral ruleset's `formats` tell apart, each with the format names
 * Spectral's detection gives such a document (@stoplight/spectral-formats: `oas2` for `swagger: 2.x`,
 * `oas3` for `openapi: 3.x`, and `oas3_0` / `oas3_1` / `oas3_2` by the minor version). A rule applies to a
 * document when one of its formats is among the document's.
 */
export const documentKinds = {
  oas2: ['oas2'],
  oas3_0: ['oas3', 'oas3_0'],
  oas3_1: ['oas3', 'oas3_1'],
  oas3_2: ['oas3', 'oas3_2'],
  /** `openapi: 3.3.0` and later: `oas3` alone. */
  oas3: ['oas3'],
} as const satisfies Record<string, readonly string[]>;

export type DocumentKind = keyof typeof documentKinds;

export const kindNames = Object.keys(documentKinds) as DocumentKind[];

/** The kind of a parsed document's root, as Spectral detects its format; undefined for none of them. */
export function documentKindOf(root: unknown): DocumentKind | undefined {
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return undefined;
  const doc = root as Record<string, unknown>;
  if ('swagger' in doc && Number.parseInt(String(doc['swagger'])) === 2) return 'oas2';
  if (!('openapi' in doc) || Number.parseInt(String(doc['openapi'])) !== 3) return undefined;
  const version = String(doc['openapi']);
  if (/^3\.0(?:\.[0-9]*)?$/.test(version)) return 'oas3_0';
  if (/^3\.1(?:\.[0-9]*)?$/.test(version)) return 'oas3_1';
  if (/^3\.2(?:\.[0-9]*)?$/.test(version)) return 'oas3_2';
  return 'oas3';
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
