// The JSON Schema dialects whose Schema Objects swaglint checks in an OpenAPI 3.1 document: the OpenAPI
// dialect (its default) and plain 2020-12, which it extends. A document whose `jsonSchemaDialect` names
// another has its Schema Objects taken as they are. Read by the 3.1 validator's build
// (scripts/schema-object-keyword.ts) and by schema-valid for `$ref`'d files.
export const checkedDialects: readonly string[] = ['https://spec.openapis.org/oas/3.1/dialect/base', 'https://json-schema.org/draft/2020-12/schema'];
