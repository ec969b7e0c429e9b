import rule from '../../rules/path-no-verbs.js';
import { testRule, ordersPaths as paths } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'the seed paths', yaml: paths('/orders', '/orders/{order_id}', '/orders/{order_id}/lines', '/{organization}/{project}/_apis/build/definitions') },
    { name: 'nouns that are also verbs', yaml: paths('/orders', '/records', '/updates', '/searches', '/status', '/exports', '/logs', '/builds', '/runs') },
    { name: 'a singleton sub-resource', yaml: paths('/orders/{order_id}/status', '/orders/{order_id}/history') },
    { name: 'a word that qualifies the next segment', yaml: paths('/api/v1/watch/pods') },
    // Issue 26's model reports `connect` in '/connect/logs' and `follow_requests` in a document of these
    // paths alone (no methods, no siblings to weigh); its figures are measured on whole documents.
    { name: 'a sub-collection between identifiers', yaml: paths('/repos/{owner}/{repo}/commit/{sha}') },
    { name: 'an allowed word', yaml: paths('/orders/{order_id}/cancel'), options: { allow: ['Cancel'] } },
    { name: 'version and product tokens', yaml: paths('/v1/k8s/apis', '/oauth2/token') },
    { name: 'a noun qualified by a preposition, no verb before it', yaml: paths('/reportsByRegion') },
  ],
  invalid: [
    { name: 'the seed example', yaml: paths('/questions/show/{id}'), errors: [{ line: 4, column: 14, message: /'show' in '\/questions\/show\/\{id\}' names an action.*write GET \/questions\/\{question_id\}\./ }] },
    { name: 'camelCase', yaml: paths('/getOrders'), errors: [{ line: 4, column: 4, message: /'get'.*write GET \/orders\./ }] },
    { name: 'kebab-case', yaml: paths('/create-user'), errors: [{ line: 4, column: 4, message: /'create'.*write POST \/users\./ }] },
    { name: 'snake_case with a preposition', yaml: paths('/pet/find_by_status'), errors: [{ line: 4, column: 8, message: /'find'.*GET \/pet\./ }] },
    { name: 'a verb, its object and a qualifying preposition', yaml: paths('/searchPlayerByName'), errors: [{ line: 4, column: 4, message: /'search'.*a verb, its object and a qualifying preposition make a method name/ }] },
    { name: 'an action on a member', yaml: paths('/orders/{id}/cancel'), errors: [{ line: 4, column: 16, message: /'cancel'.*change of state \(PATCH \/orders\/\{order_id\}\)/ }] },
    { name: 'activate', yaml: paths('/users/{user_id}/activate'), errors: [{ line: 4, column: 20 }] },
    { name: 'a dotted method name', yaml: paths('/conversations.create'), errors: [{ line: 4, column: 4, message: /'create'.*POST \/conversations\./ }] },
    { name: 'a verb alone', yaml: paths('/orders', '/delete'), errors: [{ line: 5, column: 4, message: /DELETE/ }] },
    {
      name: 'a quoted JSON key',
      uri: '/virtual/api.json',
      yaml: `{\n  "swagger": "2.0",\n  "info": {"title": "t", "version": "1"},\n  "paths": {\n    "/pet/{petId}/uploadImage": {}\n  }\n}`,
      errors: [{ line: 5, column: 19, message: /'upload'.*POST \/pet\/\{petId\}\/images\./ }],
    },
  ],
});
