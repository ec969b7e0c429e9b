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
    { name: '3.1 nullable is no keyword: the message writes the type list', yaml: head('3.1.0') + '    A: {type: integer, nullable: true}\n', errors: [{ line: 6, column: 24, message: /write type: \[integer, 'null'\] instead/ }] },
  ],
});
