import rule from '../../rules/tag-parent.js';
import { testRule } from '../helpers/test-rule.js';

const doc = (version: string, tags: string) => `openapi: ${version}\ninfo: {title: Orders, version: '1.0'}\npaths: {}\ntags:\n${tags}`;

testRule(rule, {
  valid: [
    { name: 'a parent that is a tag', yaml: doc('3.2.0', '  - {name: orders}\n  - {name: lines, parent: orders}\n') },
    { name: 'a chain of parents', yaml: doc('3.2.0', '  - {name: shop}\n  - {name: orders, parent: shop}\n  - {name: lines, parent: orders}\n') },
    { name: 'no parent', yaml: doc('3.2.0', '  - {name: orders, kind: nav, summary: Orders}\n') },
    { name: '3.1: schema-valid\'s', yaml: doc('3.1.0', '  - {name: lines, parent: order}\n') },
  ],
  invalid: [
    { name: 'a parent that is no tag', yaml: doc('3.2.0', '  - {name: orders}\n  - {name: lines, parent: order}\n'), errors: [{ line: 6, column: 27, message: /The parent 'order' of tag 'lines' is not a tag of the document/ }] },
    { name: 'its own parent', yaml: doc('3.2.0', '  - {name: orders, parent: orders}\n'), errors: [{ line: 5, column: 28, message: /Tags 'orders' → 'orders' form a cycle/ }] },
    {
      name: 'two tags that name each other',
      yaml: doc('3.2.0', '  - {name: a, parent: b}\n  - {name: b, parent: a}\n'),
      errors: [{ line: 5, column: 23, message: /'a' → 'b' → 'a'/ }, { line: 6, column: 23, message: /'b' → 'a' → 'b'/ }],
    },
  ],
});
