// A keyword for the 3.1 validator's build (scripts/build-openapi3-validator.ts): the place of every Schema
// Object in the 3.1 schema holds `{ [schemaObjectKeyword]: { checked, otherwise } }`, which validates the
// Schema Object against `checked` (the OpenAPI dialect) when the document checks that dialect
// (`jsonSchemaDialect` absent or one of src/formats/openapi3/dialects.ts), else against `otherwise` (any
// object or boolean). JSON Schema cannot look at the document's root from inside a Schema Object; ajv's
// generated code can (`rootData`). Before it, the build compiled the whole 3.1 schema a second time for
// documents of other dialects: 130 KB more of shipped code.
import type { KeywordCxt } from 'ajv';
import { _, or } from 'ajv/dist/compile/codegen/index.js';
import names from 'ajv/dist/compile/names.js';
import { checkedDialects } from '../src/formats/openapi3/dialects.js';

export const schemaObjectKeyword = 'x-swaglint-schema-object';

export const schemaObjectKeywordDefinition = {
  keyword: schemaObjectKeyword,
  schemaType: 'object' as const,
  code(cxt: KeywordCxt): void {
    const { gen } = cxt;
    // a file reached through a `$ref` is validated on its own: its root is no document, so the dialect is checked
    const dialect = gen.const('dialect', _`${names.default.rootData} !== null && typeof ${names.default.rootData} === "object" ? ${names.default.rootData}.jsonSchemaDialect : undefined`);
    const checked = or(_`typeof ${dialect} !== "string"`, ...checkedDialects.map((id) => _`${dialect} === ${id}`));
    const valid = gen.name('valid');
    // with allErrors (the build's option) the subschema's errors are the result: nothing to add here
    gen.if(
      checked,
      () => void cxt.subschema({ keyword: schemaObjectKeyword, schemaProp: 'checked' }, valid),
      () => void cxt.subschema({ keyword: schemaObjectKeyword, schemaProp: 'otherwise' }, valid),
    );
  },
};
