import rule from '../../rules/nullable-type.js';
import { testRule } from '../helpers/test-rule.js';

const head = (version: string) => `openapi: ${version}\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n`;

testRule(rule, {
  valid: [
    { name: '3.0 nullable beside type', yaml: head('3.0.3') + '    A: {type: integer, nullable: true}\n' },
    { name: '3.1 a type list with null', yaml: head('3.1.0') + "    A: {type: [integer, 'null']}\n" },
    { name: 'a property named nullable is no keyword', yaml: head('3.1.0') + '    A: {type: object, properties: {nullable: {type: boolean}}}\n' },
  ],
  invalid: [
    { name: '3.0 nullable without type', yaml: head('3.0.3') + '    A: {nullable: true, allOf: [{type: integer}]}\n', errors: [{ line: 6, column: 9, message: /takes effect only beside a `type`/ }] },
    { name: '3.0 nullable beside $ref', yaml: head('3.0.3') + "    A: {type: integer}\n    B: {$ref: '#/components/schemas/A', nullable: true}\n", errors: [{ line: 7, column: 41, message: /beside `\$ref` is ignored/ }] },
    // OpenAI's openapi.yaml: `{$ref: ..., nullable: true}` was told "write type: ['null']", which allows null only
    { name: '3.1 nullable beside $ref and no type: the message writes an anyOf with null', yaml: head('3.1.0') + "    A: {type: integer}\n    B: {$ref: '#/components/schemas/A', nullable: true}\n", errors: [{ line: 7, column: 41, message: /has no `type` to add 'null' to: to allow null, write anyOf: \[\{\$ref: '#\/components\/schemas\/A'\}, \{type: 'null'\}\]/ }] },
    { name: '3.1 nullable and no type at all: null is not rejected', yaml: head('3.1.0') + '    A: {nullable: true, description: anything}\n', errors: [{ line: 6, column: 9, message: /^`nullable` is not a keyword in OpenAPI 3.1 \(JSON Schema 2020-12 ignores it\); this schema has no `type` to add 'null' to: to allow null, write anyOf: \[<this schema>, \{type: 'null'\}\]/ }] },
    { name: '3.1 nullable beside a type list that has null already', yaml: head('3.1.0') + "    A: {type: [integer, 'null'], nullable: true}\n", errors: [{ line: 6, column: 34, message: /`type` already lists 'null': remove `nullable`/ }] },
    { name: '3.0 nullable without type or allOf: no allOf is named', yaml: head('3.0.3') + '    A: {nullable: true, description: anything}\n', errors: [{ line: 6, column: 9, message: /^`nullable: true` takes effect only beside a `type` in the same schema \(OpenAPI 3.0.3\), so here it allows nothing more: add the type/ }] },
    // never "add type: object" inside an anyOf/oneOf branch: the branch would accept every object
    { name: '3.0 an anyOf branch of nullable alone', yaml: head('3.0.3') + "    A: {type: integer}\n    B: {anyOf: [{$ref: '#/components/schemas/A'}, {nullable: true}]}\n", errors: [{ line: 7, column: 52, messageId: 'withoutTypeBranch', message: /^`nullable: true` takes effect only beside a `type` in the same schema \(OpenAPI 3\.0\.3\), so this anyOf branch allows nothing, not null; adding a type here would let it accept every value of that type/ }] },
    { name: '3.0 a oneOf branch', yaml: head('3.0.3') + "    B: {oneOf: [{type: string}, {nullable: true, description: none}]}\n", errors: [{ line: 6, column: 34, messageId: 'withoutTypeBranch', message: /this oneOf branch/ }] },
    { name: '3.1 an anyOf branch of nullable alone is {type: null}', yaml: head('3.1.0') + "    A: {type: integer}\n    B: {anyOf: [{$ref: '#/components/schemas/A'}, {nullable: true}]}\n", errors: [{ line: 7, column: 52, messageId: 'nullBranch', message: /this anyOf branch allows every value, not only null; write the branch as \{type: 'null'\}/ }] },
    { name: '3.1 nullable is no keyword: the message writes the type list', yaml: head('3.1.0') + '    A: {type: integer, nullable: true}\n', errors: [{ line: 6, column: 24, message: /write type: \[integer, 'null'\] instead/ }] },
  ],
});
