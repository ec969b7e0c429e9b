// The validators the OpenAPI 3 build exports besides the whole document: one per kind a `$ref` may
// name, so a file reached through a `$ref` is checked as what its place expects (build and runtime).
import type { ObjectKind } from './kinds.js';

export type EntryKind = 'PathItem' | 'Parameter' | 'RequestBody' | 'Response' | 'Header' | 'Example' | 'Link' | 'Callback' | 'SecurityScheme' | 'Schema';

/** Definitions of the 3.0 schema, by kind. */
export const openapi30Entries: Record<EntryKind, string> = {
  PathItem: 'PathItem', Parameter: 'Parameter', RequestBody: 'RequestBody', Response: 'Response', Header: 'Header',
  Example: 'Example', Link: 'Link', Callback: 'Callback', SecurityScheme: 'SecurityScheme', Schema: 'Schema',
};

/** `$defs` of the 3.1 schema (and of 3.2's, which keeps their names), by kind. */
export const openapi31Entries: Record<EntryKind, string> = {
  PathItem: 'path-item', Parameter: 'parameter', RequestBody: 'request-body', Response: 'response', Header: 'header',
  Example: 'example', Link: 'link', Callback: 'callbacks', SecurityScheme: 'security-scheme', Schema: 'schema',
};

export function isEntryKind(kind: ObjectKind): kind is EntryKind {
  return kind in openapi30Entries;
}
