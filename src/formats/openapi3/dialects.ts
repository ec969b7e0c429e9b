// The JSON Schema dialects whose Schema Objects swaglint checks in an OpenAPI 3.1 or 3.2 document: the
// OpenAPI dialect (its default; 3.2's as published, and the 3.1 id that 3.2.0's text still names) and
// plain 2020-12, which it extends. A document whose `jsonSchemaDialect` names
// another has its Schema Objects taken as they are. Read by the 3.1 and 3.2 validators' build
// (scripts/schema-object-keyword.ts) and by schema-valid for `$ref`'d files.
export const checkedDialects: readonly string[] = [
  'https://spec.openapis.org/oas/3.1/dialect/base', 'https://spec.openapis.org/oas/3.2/dialect/2025-09-17',
  'https://json-schema.org/draft/2020-12/schema',
];
