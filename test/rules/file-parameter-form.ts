import rule from '../../rules/file-parameter-form.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'multipart from the document, vendor variant on the operation', yaml: head + `consumes: [multipart/form-data]\npaths:\n  /photos:\n    post:\n      parameters: [{name: photo, in: formData, type: file}]\n      ${ok}\n    put:\n      consumes: ['multipart/vnd.acme+form-data; version=1']\n      parameters: [{name: photo, in: formData, type: file}]\n      ${ok}\n` },
  ],
  invalid: [
    { name: 'JSON consumes', yaml: head + `consumes: [application/json]\npaths:\n  /photos:\n    post:\n      parameters:\n        - name: photo\n          in: formData\n          type: file\n      ${ok}\n`,
      errors: [{ line: 10, column: 17, message: /needs a form request body, but POST consumes only application\/json; add consumes: \[multipart\/form-data\]/ }] },
    { name: 'a file in the body', yaml: head + `paths:\n  /photos:\n    post:\n      consumes: [multipart/form-data]\n      parameters:\n        - name: photo\n          in: body\n          type: file\n      ${ok}\n`,
      errors: [{ line: 9, column: 15, message: /write in: formData/ }] },
    { name: 'JSON, no consumes', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/a": {"post": {"responses": {}, "parameters": [\n{"name": "f", "in": "formData", "type": "file"}]}}}}', errors: [{ line: 2, column: 41, message: /consumes nothing/ }] },
  ],
});
