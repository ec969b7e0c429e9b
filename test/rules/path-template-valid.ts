import rule from '../../rules/path-template-valid.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [{ name: 'well-formed templates and an extension', yaml: head + `paths:\n  /pets/{pet_id}/toys/{toy_id}: {}\n  x-note: {}\n` }],
  invalid: [
    { name: 'an empty placeholder', yaml: head + `paths:\n  /pets/{}: {}\n`, errors: [{ line: 4, column: 9, message: /empty parameter '{}'/ }] },
    { name: 'an unpaired brace', yaml: head + `paths:\n  /pets/{pet_id/toys: {}\n`, errors: [{ line: 4, column: 9, message: /unpaired '{'/ }] },
    { name: 'a repeated name', yaml: head + `paths:\n  /a/{id}/b/{id}: {}\n`, errors: [{ line: 4, column: 13, message: /'{id}' twice/ }] },
    { name: 'no leading slash', yaml: head + `paths:\n  pets: {}\n`, errors: [{ line: 4, column: 3, message: /write '\/pets'/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/pets/}x": {}}}', errors: [{ line: 1, column: 37 }] },
  ],
});
