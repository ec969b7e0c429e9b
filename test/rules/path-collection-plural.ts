import rule from '../../rules/path-collection-plural.js';
import { testRule, ordersPaths as paths, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;
const postBody = (path: string, schema: string, extra = '', responses = `{'200': {description: OK}}`) =>
  `  ${path}:\n    post:\n      parameters: [{name: body, in: body, schema: {$ref: '#/definitions/${schema}'}}]\n      responses: ${responses}\n${extra}`;
const definitions = (...names: string[]) => 'definitions:\n' + names.map((n) => `  ${n}: {type: object}\n`).join('');
const arrayGet = (path: string) => `  ${path}:\n    get:\n      responses:\n        '200': {description: OK, schema: {type: array, items: {type: string}}}\n`;
/** A path whose GET answers with a named schema. */
const getRef = (path: string, schema: string) => `  ${path}:\n    get: {responses: {'200': {description: OK, schema: {$ref: '#/definitions/${schema}'}}}}\n`;

testRule(rule, {
  valid: [
    { name: 'the seed paths', yaml: paths('/orders', '/orders/{order_id}', '/orders/{order_id}/lines', '/{organization}/{project}/_apis/build/definitions') },
    { name: 'uncountable nouns', yaml: paths('/data/{key}', '/metadata/{key}', '/health/{check}', '/info/{key}', '/status/{code}', '/search/{query}', '/software/{name}') },
    { name: 'a singleton sub-resource', yaml: head + `  /orders/{order_id}/status:\n    get: {responses: {'200': {description: OK, schema: {type: object}}}}\n    put: {responses: {'200': {description: OK}}}\n` },
    { name: 'version tokens and unknown words', yaml: paths('/v1/{tenant}/orders', '/oauth2/{provider}/tokens') },
    { name: 'a verb (path-no-verbs reports it)', yaml: paths('/questions/show/{id}') },
    { name: 'a kind of a collection', yaml: head + arrayGet('/estimates/price') },
    { name: 'a sub-path parameter', yaml: paths('/pods/{name}/proxy/{path}') },
    { name: 'a POST alone is no sign of a collection', yaml: head + `  /oauth2/token:\n    post: {responses: {'201': {description: Created}}}\n` },
    { name: 'a GET that returns an array makes no collection', yaml: head + arrayGet('/user') + arrayGet('/usageHistory') },
    { name: 'lookup keys, scopes and versions are no member ids', yaml: paths('/name/{groupName}', '/maven/{groupId}/{artifactId}', '/api/{api_version}/media') },
    // issue 20's classes, written for these tests (not taken from the labels)
    { name: 'a parameter that is the member id of another collection of the document is a lookup key', yaml: paths('/users/{user}', '/time/{user}', '/customers/{customer_id}', '/broker/{customer_id}', '/groups/{groupId}', '/maven/{groupId}') },
    { name: 'a GET-only view beside an indexed sibling', yaml: head + arrayGet('/reports/{report_id}/usageHistory') + arrayGet('/invoices/byClient') },
    { name: 'a POST whose body is named after the segment, below a member, is a sub-resource of that member', yaml: head + postBody('/pods/{name}/eviction', 'Eviction') + definitions('Eviction') },
    { name: 'a POST named after the segment that answers with something else stores nothing', yaml: head + postBody('/fields/query', 'Query', '', `{'200': {description: OK, schema: {$ref: '#/definitions/Results'}}}`) + definitions('Query', 'Results') },
    { name: 'a POST named after the segment on a path whose GET reads one object is a singleton', yaml: head + postBody('/me/profile', 'Profile', `    get: {responses: {'200': {description: OK, schema: {$ref: '#/definitions/Profile'}}}}\n`) + definitions('Profile') },
    { name: 'a word mostly an adjective, with POST and no member path, is no collection name', yaml: head + `  /vaults/{vault_id}/secret:\n    post: {responses: {'201': {description: Created}}}\n` },
    { name: 'a plural collection whose members answer with the singular schema', yaml: head + getRef('/configs/{configId}', 'Config') + getRef('/users/{id}', 'User') + definitions('Config', 'User') },
    { name: 'a plural by spelling whose member schema is named otherwise', yaml: head + getRef('/webhooks/{hookId}', 'Hook') + definitions('Hook') },
    { name: 'a POST whose body is something else adds no member', yaml: head + postBody('/oauth2/token', 'TokenRequest') + postBody('/fields/query', 'FieldFilter') + definitions('TokenRequest', 'FieldFilter') },
  ],
  invalid: [
    { name: 'a singular collection before an identifier', yaml: paths('/order/{id}'), errors: [{ line: 4, column: 4, message: /'order' names a collection \(.*a member identifier.*\) but is singular; .*'orders': \/orders\/\{id\}\./ }] },
    { name: 'indexed by another path, POST adds to it', yaml: head + `  /pet:\n    post: {responses: {'200': {description: OK}}}\n  /pet/{petId}: {}\n`, errors: [{ line: 4, column: 4, message: /'pets': \/pets\./ }, { line: 6, column: 4 }] },
    { name: 'a nested collection', yaml: paths('/stores/{store_id}/order/{order_id}'), errors: [{ line: 4, column: 22 }] },
    { name: 'POST adds what GET lists', yaml: head + `  /order:\n    get: {responses: {'200': {description: OK, schema: {type: array, items: {$ref: '#/definitions/Order'}}}}}\n    post: {responses: {'201': {description: Created, schema: {$ref: '#/definitions/Order'}}}}\ndefinitions:\n  Order: {type: object}\n`, errors: [{ line: 4, column: 4, message: /'orders': \/orders\./ }] },
    { name: 'a closed compound by its head', yaml: paths('/permissionsreport/{id}'), errors: [{ line: 4, column: 4, message: /'permissionsreports'/ }] },
    { name: 'a leaf read with GET is a singleton, the same word before a member id a collection', yaml: head + `  /user:\n    get: {responses: {'200': {description: OK}}}\n  /user/{username}/orgs: {}\n`, errors: [{ line: 6, column: 4 }] },
    // Issue 26's model, in a document of one or two paths, misses `POST /pet` with a `Pet` body and `POST /store/order`
    // with an `Order` body (too little else to weigh: of the three labelled paths where a POST alone adds members, one
    // is a collection); its figures are measured on whole documents. A POST adding what the GET lists still decides
    // alone (above). Since its eight-feature round it reports `/user_list/{list_id}` and `/userprofile/{profile_id}`.
    { name: 'a compound before its member id', yaml: paths('/user_list/{list_id}'), errors: [{ line: 4, column: 4, message: /'user_lists': \/user_lists\/\{list_id\}\./ }] },
    // the member path answers with a schema named after the segment itself: the segment names one member,
    // whatever its spelling (ARM's `Redis`, read as the plural of `redi` by its spelling alone)
    {
      name: 'a member schema named after the segment',
      yaml: head + getRef('/providers/Microsoft.Cache/Redis', 'RedisListResult') + getRef('/providers/Microsoft.Cache/Redis/{name}', 'RedisResource') + getRef('/user/{id}', 'User') + definitions('RedisResource', 'RedisListResult', 'User'),
      errors: [
        { line: 4, column: 30, message: /'Redis' names a collection \(its member path answers with a schema named after it\) but is singular; name the collection with a plural noun\./ },
        { line: 6, column: 30 },
        { line: 8, column: 4, message: /'users': \/users\/\{id\}\./ },
      ],
    },
    // issue 20's misses, written for these tests (not taken from the labels)
    { name: 'closed compounds by their head', yaml: paths('/userprofile/{profile_id}', '/accountsetting/{key}'), errors: [{ line: 4, column: 4, message: /'userprofiles'/ }, { line: 5, column: 4, message: /'accountsettings'/ }] },
    { name: 'a singular collection after a plural segment', yaml: paths('/stores/order/{order_id}', '/pets/{pet_id}/toy/{toy_id}'), errors: [{ line: 4, column: 11 }, { line: 5, column: 18 }] },
    { name: 'indexed elsewhere under the same parent', yaml: paths('/stores/{store_id}/order/{order_id}', '/stores/{store_id}/order/history'), errors: [{ line: 4, column: 22 }, { line: 5, column: 22, message: /'order' names a collection \(.*\/stores\/\{store_id\}\/orders\/history\./ }] },
    { name: 'the caller: a GET-only leaf beside a member path, and the literals below it, pass', yaml: head + `  /user:\n    get: {responses: {'200': {description: OK}}}\n  /user/keys: {}\n  /user/{username}: {}\n`, errors: [{ line: 7, column: 4 }] },
    // the model trained on all three label sets (issue 38) reports the POST-only leaf no more: the member path's one finding names the fix
    { name: 'a word mostly an adjective, with a member path, is a collection name (at both paths, as POST /pet with /pet/{petId})', yaml: head + `  /integration/secret:\n    post: {responses: {'201': {description: Created}}}\n  /integration/secret/{key_id}: {}\n`, errors: [{ line: 4, column: 16, message: /'secrets'/ }, { line: 6, column: 16, message: /'secrets'/ }] },
  ],
});
