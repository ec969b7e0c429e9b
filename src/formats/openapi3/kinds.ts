// The kinds of object in an OpenAPI 3.0 or 3.1 document and where each lies, as one table: what a
// message calls the node at a pointer ("a query parameter", "a media type"), and where the semantic
// checks find operations, parameters and schemas. A Reference Object stands where its target's kind
// would; it is named by what it stands for.
import { isObject } from '../../json.js';

export type Kind =
  | 'Document' | 'Info' | 'Contact' | 'License' | 'Server' | 'ServerVariable' | 'Paths' | 'PathItem' | 'Operation'
  | 'Parameter' | 'RequestBody' | 'MediaType' | 'Encoding' | 'Responses' | 'Response' | 'Header' | 'Example'
  | 'Link' | 'Callback' | 'Components' | 'Schema' | 'SecurityScheme' | 'OAuthFlows' | 'OAuthFlow'
  | 'SecurityRequirement' | 'Tag' | 'ExternalDocs' | 'Discriminator' | 'Xml';

/** A child of a kind: one object, a map of them (by any key), or a list of them. */
type Child = Kind | { map: Kind } | { list: Kind };

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const schemaChildren: Record<string, Child> = {
  properties: { map: 'Schema' }, patternProperties: { map: 'Schema' }, $defs: { map: 'Schema' }, definitions: { map: 'Schema' },
  dependentSchemas: { map: 'Schema' }, items: 'Schema', additionalProperties: 'Schema', additionalItems: 'Schema',
  unevaluatedProperties: 'Schema', unevaluatedItems: 'Schema', propertyNames: 'Schema', contains: 'Schema',
  not: 'Schema', if: 'Schema', then: 'Schema', else: 'Schema', contentSchema: 'Schema',
  allOf: { list: 'Schema' }, anyOf: { list: 'Schema' }, oneOf: { list: 'Schema' }, prefixItems: { list: 'Schema' },
  discriminator: 'Discriminator', xml: 'Xml', externalDocs: 'ExternalDocs',
};

const operationChildren: Record<string, Child> = {
  parameters: { list: 'Parameter' }, requestBody: 'RequestBody', responses: 'Responses', callbacks: { map: 'Callback' },
  security: { list: 'SecurityRequirement' }, servers: { list: 'Server' }, externalDocs: 'ExternalDocs',
};

const content: Child = { map: 'MediaType' };

const table: Partial<Record<Kind, Record<string, Child>>> = {
  Document: {
    info: 'Info', servers: { list: 'Server' }, paths: 'Paths', webhooks: { map: 'PathItem' }, components: 'Components',
    security: { list: 'SecurityRequirement' }, tags: { list: 'Tag' }, externalDocs: 'ExternalDocs',
  },
  Info: { contact: 'Contact', license: 'License' },
  Server: { variables: { map: 'ServerVariable' } },
  PathItem: { ...Object.fromEntries(methods.map((m) => [m, 'Operation' as const])), parameters: { list: 'Parameter' }, servers: { list: 'Server' } },
  Operation: operationChildren,
  Parameter: { schema: 'Schema', content, examples: { map: 'Example' } },
  Header: { schema: 'Schema', content, examples: { map: 'Example' } },
  RequestBody: { content },
  MediaType: { schema: 'Schema', examples: { map: 'Example' }, encoding: { map: 'Encoding' } },
  Encoding: { headers: { map: 'Header' } },
  Response: { headers: { map: 'Header' }, content, links: { map: 'Link' } },
  Link: { server: 'Server' },
  Components: {
    schemas: { map: 'Schema' }, responses: { map: 'Response' }, parameters: { map: 'Parameter' }, examples: { map: 'Example' },
    requestBodies: { map: 'RequestBody' }, headers: { map: 'Header' }, securitySchemes: { map: 'SecurityScheme' },
    links: { map: 'Link' }, callbacks: { map: 'Callback' }, pathItems: { map: 'PathItem' },
  },
  SecurityScheme: { flows: 'OAuthFlows' },
  OAuthFlows: { implicit: 'OAuthFlow', password: 'OAuthFlow', clientCredentials: 'OAuthFlow', authorizationCode: 'OAuthFlow' },
  Tag: { externalDocs: 'ExternalDocs' },
  Schema: schemaChildren,
};

/** The kind of the child `key` of a node of `kind`; maps (paths, responses, callbacks) first. */
function childKind(kind: Kind, key: string): Kind | undefined {
  if (key.startsWith('x-')) return undefined;
  if (kind === 'Paths') return key.startsWith('/') ? 'PathItem' : undefined;
  if (kind === 'Callback') return 'PathItem';
  if (kind === 'Responses') return 'Response';
  if (kind === 'SecurityRequirement') return undefined;
  const child = table[kind]?.[key];
  if (child === undefined || typeof child === 'string') return child;
  return 'map' in child ? child.map : child.list;
}

/** The kind at `pointer` below a node of `kind` (the document by default), when it has one. */
export function kindAt(root: unknown, pointer: readonly string[], kind: Kind = 'Document'): { kind: Kind; value: unknown } | undefined {
  let at: Kind = kind;
  let value = root;
  let pendingList = false;
  for (let i = 0; i < pointer.length; i++) {
    const key = pointer[i]!;
    const container = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    if (pendingList) {
      // a list member: the list's kind, already chosen
      pendingList = false;
      value = container?.[key];
      continue;
    }
    const next = childKind(at, key);
    if (!next) return undefined;
    const entry = at === 'Paths' || at === 'Callback' || at === 'Responses' ? undefined : table[at]?.[key];
    const mapped = entry !== undefined && typeof entry !== 'string';
    value = container?.[key];
    at = next;
    if (mapped) {
      if ('list' in entry) pendingList = true;
      else if (i + 1 < pointer.length) {
        // a map member: skip its key
        i++;
        value = isObject(value) ? value[pointer[i]!] : undefined;
      } else return undefined; // the map itself
    }
  }
  if (pendingList) return undefined;
  return { kind: at, value };
}

export const kindNames: Record<Kind, string> = {
  Document: 'the document', Info: 'the info object', Contact: 'the contact object', License: 'the license object',
  Server: 'a server', ServerVariable: 'a server variable', Paths: 'paths', PathItem: 'a path item', Operation: 'an operation',
  Parameter: 'a parameter', RequestBody: 'a request body', MediaType: 'a media type object', Encoding: 'an encoding object',
  Responses: 'responses', Response: 'a response', Header: 'a header', Example: 'an example', Link: 'a link',
  Callback: 'a callback', Components: 'components', Schema: 'a schema', SecurityScheme: 'a security scheme',
  OAuthFlows: 'an OAuth flows object', OAuthFlow: 'an OAuth flow', SecurityRequirement: 'a security requirement',
  Tag: 'a tag', ExternalDocs: 'an externalDocs object', Discriminator: 'a discriminator', Xml: 'an xml object',
};

/** What the node at `pointer` below a node of `kind` is, in the specification's words, for a message. */
export function describe(root: unknown, pointer: readonly string[], kind: Kind = 'Document'): string {
  const found = kindAt(root, pointer, kind);
  if (!found) return pointer.length === 0 ? kindNames[kind] : `\`${pointer[pointer.length - 1]}\``;
  const { value } = found;
  const at = found.kind;
  if (isObject(value) && typeof value['$ref'] === 'string') return `a reference to ${kindNames[at]}`;
  if (at === 'Parameter' && isObject(value) && typeof value['in'] === 'string') return `a ${value['in']} parameter`;
  if (at === 'SecurityScheme' && isObject(value) && typeof value['type'] === 'string') return `an ${value['type']} security scheme`.replace(/^an ([^aeiou])/, 'a $1');
  return kindNames[at];
}
