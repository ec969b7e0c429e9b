// What the engine is given about an API format (Swagger 2.0, OpenAPI 3): its shape as data, and what
// the pipeline needs to choose it for a document. The engine imports no format; each format's folder
// under src/formats/ builds one of these values and src/formats/index.ts lists them
// (docs/architecture.md, "Adding an API format").

import type { ErrorObject } from 'ajv';
import type { FormatKinds } from './shape.js';
import type { RenderFlavour } from '../markdown/render-document.js';

export type { ChildSpec, FormatKinds, FormatKindNames, Kind, ObjectKindName } from './shape.js';

/**
 * How sure a format is that a parsed document is one of its own. The pipeline takes the strongest
 * claim, the first format listed on a tie.
 */
export type Claim =
  /** The document names this format and version (`swagger: "2.0"`). */
  | 'declared'
  /** No version field, but this format's shape: linted, and a rule reports the missing field. */
  | 'shaped'
  /**
   * Another format's document that no listed format claims better: linted with `fallbackRules` only
   * (Swagger 2.0 takes an OpenAPI 3 document while no OpenAPI 3 format is listed, and says so once).
   */
  | 'fallback';

export const claimRank: Record<Claim, number> = { declared: 3, shaped: 2, fallback: 1 };

/** One compiled JSON Schema validator (ajv's standalone code): true when valid, else `errors`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface ApiFormat<K extends string = string> {
  /** What rules name in `meta.formats`: `swagger2`, `openapi3`. */
  id: string;
  /** For people: `Swagger 2.0`. */
  name: string;
  /** Whether a parsed document (its root value, an object) is this format's, and how sure. */
  detect(value: Record<string, unknown>): Claim | undefined;
  kinds: FormatKinds<K>;
  /**
   * Loads the format's schema validators (compiled at build time), one per kind a whole file may be
   * checked as: the root, and the kinds a `$ref`'d file may hold. Loaded on first use only.
   */
  validator?: () => Promise<Partial<Record<K, CompiledValidator>>>;
  /** The ids of the rules that run when the format only claims a document as `fallback`. */
  fallbackRules?: readonly string[];
  /**
   * The top-level field that names the format and its version (`swagger`), with the misspellings
   * people make of it: text that does not parse but names one is reported, not skipped, and an
   * editor lints a file whose top level has one (src/formats/sniff.ts).
   */
  versionField?: { name: string; misspelt?: readonly string[] };
  /** Top-level fields of the format's shape without its version field (`paths`), sniffed in text that does not parse. */
  shapeFields?: readonly string[];
  /** How a document of the format begins (`swagger: "2.0"`), for the message to a file no format claims. */
  declaration?: string;
  /** How `swaglint render` lays out a document of the format; none: it is not rendered. */
  render?: RenderFlavour;
  /**
   * The URI a parsed file of the format names itself by (OpenAPI 3.2's `$self`), when valid: the base
   * URI its relative `$ref`s resolve against (the loader's `ResolveOptions.selfUri`). None: a file's base is where it was read.
   */
  selfUri?: (value: unknown) => string | undefined;
}
