// The validators the OpenAPI 3 build exports besides the whole document: one per kind a `$ref` may
// name, so a file reached through a `$ref` is checked as what its place expects (build and runtime).
import type { ObjectKind } from './kinds.js';

// 3.2 adds MediaType (a content entry may be a `$ref`); the earlier schemas define it too, under the same names
export type EntryKind = 'PathItem' | 'Parameter' | 'RequestBody' | 'MediaType' | 'Response' | 'Header' | 'Example' | 'Link' | 'Callback' | 'SecurityScheme' | 'Schema';

/** Definitions of the 3.0 schema, by kind. */
export const openapi30Entries: Record<EntryKind, string> = {
  PathItem: 'PathItem', Parameter: 'Parameter', RequestBody: 'RequestBody', MediaType: 'MediaType', Response: 'Response', Header: 'Header',
  Example: 'Example', Link: 'Link', Callback: 'Callback', SecurityScheme: 'SecurityScheme', Schema: 'Schema',
};

/** `$defs` of the 3.1 schema (and of 3.2's, which keeps their names), by kind. */
export const openapi31Entries: Record<EntryKind, string> = {
  PathItem: 'path-item', Parameter: 'parameter', RequestBody: 'request-body', MediaType: 'media-type', Response: 'response', Header: 'header',
  Example: 'example', Link: 'link', Callback: 'callbacks', SecurityScheme: 'security-scheme', Schema: 'schema',
};

export function isEntryKind(kind: ObjectKind): kind is EntryKind {
  return kind in openapi30Entries;
}
