import rule from '../../rules/license-identifier.js';
import { testRule } from '../helpers/test-rule.js';

const doc = (version: string, license: string) => `openapi: ${version}\ninfo:\n  title: Orders\n  version: '1.0'\n  license: ${license}\npaths: {}\n`;

testRule(rule, {
  valid: [
    { name: 'an SPDX id', yaml: doc('3.1.0', '{name: MIT, identifier: MIT}') },
    { name: 'an expression with an exception', yaml: doc('3.1.0', "{name: GPL, identifier: 'GPL-2.0-or-later WITH Classpath-exception-2.0'}") },
    { name: 'a url instead', yaml: doc('3.1.0', "{name: Acme, url: 'https://example.com/terms'}") },
    { name: 'blank: info-nonempty\'s', yaml: doc('3.1.0', "{name: MIT, identifier: ' '}") },
    { name: 'a version swaglint does not check', yaml: doc('3.3.0', '{name: MIT, identifier: Nope Nope}') },
    { name: '3.2 has the identifier too', yaml: doc('3.2.0', '{name: MIT, identifier: MIT}') },
  ],
  invalid: [
    { name: 'a name where the id belongs', yaml: doc('3.1.0', '{name: Apache 2.0, identifier: Apache 2.0}'), errors: [{ line: 5, column: 43, message: /'Apache 2\.0' is not an SPDX license expression; .*"Apache-2\.0"/ }] },
    { name: 'an unknown id', yaml: doc('3.1.1', '{name: Acme, identifier: ACME-1.0}'), errors: [{ line: 5, column: 37 }] },
  ],
});
