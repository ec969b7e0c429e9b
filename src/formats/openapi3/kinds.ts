// OpenAPI 3.0, 3.1 and 3.2's shape as data: which kind of node each child of each kind is. The engine's walk
// reads it (as `openapi3Kinds`); the checks and the schema explanations read it to name a place's kind.
// A Reference Object stands where its target's kind would; it is named by what it stands for.
// One table for every version: a field a version lacks is the validator's finding (schema-valid), and
// the walk still visits what is under it, so the other rules see it as the later version would.
import { kindAlong, type ChildSpec as AnyChildSpec, type FormatKinds } from '../../lint/shape.js';
import { isObject } from '../../json.js';
import { openapiVersion } from './version.js';

export const objectKinds = [
  'Document', 'Info', 'Contact', 'License', 'Server', 'ServerVariable', 'Paths', 'PathItem', 'Operation',
  'Parameter', 'RequestBody', 'MediaType', 'Encoding', 'Responses', 'Response', 'Header', 'Example', 'Link',
  'Callback', 'Components', 'Schema', 'SecurityScheme', 'OAuthFlows', 'OAuthFlow', 'SecurityRequirement',
  'Tag', 'ExternalDocs', 'Discriminator', 'Xml',
] as const;

export type ObjectKind = (typeof objectKinds)[number];

declare module '../../lint/shape.js' {
  interface FormatKindNames extends Record<ObjectKind, true> {}
}

type ChildSpec = AnyChildSpec<ObjectKind>;

const one = (kind: ObjectKind): ChildSpec => ({ one: kind });
const list = (kind: ObjectKind): ChildSpec => ({ list: kind });
const map = (kind: ObjectKind): ChildSpec => ({ map: kind, extensions: false });

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

/** 3.2: a Path Item's operations for methods other than the fixed fields, keyed by method name. */
export const additionalOperations = 'additionalOperations';

export interface OperationEntry {
  /** `get`…`query` as the field is written; an additional operation's key as written (`COPY`). */
  method: string;
  /** Below the path item: `['get']`, `['additionalOperations', 'COPY']`. */
  pointer: string[];
  value: Record<string, unknown>;
}

/** A Path Item's operations, in the order a reader meets them: the method fields, then `additionalOperations`. */
export function pathItemOperations(item: Record<string, unknown>): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const method of methods) {
    const value = item[method];
    if (isObject(value)) out.push({ method, pointer: [method], value });
  }
  const more = item[additionalOperations];
  if (isObject(more)) {
    for (const [method, value] of Object.entries(more)) if (isObject(value) && !method.startsWith('x-')) out.push({ method, pointer: [additionalOperations, method], value });
  }
  return out;
}

const content = map('MediaType');

export const kinds: Record<ObjectKind, Record<string, ChildSpec>> = {
  Document: {
    info: one('Info'), servers: list('Server'), paths: one('Paths'), webhooks: map('PathItem'), components: one('Components'),
    security: list('SecurityRequirement'), tags: list('Tag'), externalDocs: one('ExternalDocs'),
  },
  Info: { contact: one('Contact'), license: one('License') },
  Contact: {},
  License: {},
  Server: { variables: map('ServerVariable') },
  ServerVariable: {},
  Paths: {}, // its children are path items, chosen by key in childSpec
  PathItem: {
    ...Object.fromEntries(methods.map((m) => [m, one('Operation')])), [additionalOperations]: map('Operation'),
    parameters: list('Parameter'), servers: list('Server'),
  },
  Operation: {
    parameters: list('Parameter'), requestBody: one('RequestBody'), responses: one('Responses'), callbacks: map('Callback'),
    security: list('SecurityRequirement'), servers: list('Server'), externalDocs: one('ExternalDocs'),
  },
  Parameter: { schema: one('Schema'), content, examples: map('Example') },
  RequestBody: { content },
  // 3.2: `itemSchema` and the positional encodings of sequential media types (a stream of items)
  MediaType: { schema: one('Schema'), itemSchema: one('Schema'), examples: map('Example'), encoding: map('Encoding'), prefixEncoding: list('Encoding'), itemEncoding: one('Encoding') },
  Encoding: { headers: map('Header'), encoding: map('Encoding'), prefixEncoding: list('Encoding'), itemEncoding: one('Encoding') },
  Responses: {}, // status codes and `default`, chosen in childSpec
  Response: { headers: map('Header'), content, links: map('Link') },
  Header: { schema: one('Schema'), content, examples: map('Example') },
  Example: {},
  Link: { server: one('Server') },
  Callback: {}, // runtime expressions, each a path item, chosen in childSpec
  Components: {
    schemas: map('Schema'), responses: map('Response'), parameters: map('Parameter'), examples: map('Example'),
    requestBodies: map('RequestBody'), headers: map('Header'), securitySchemes: map('SecurityScheme'),
    links: map('Link'), callbacks: map('Callback'), pathItems: map('PathItem'), mediaTypes: map('MediaType'),
  },
  Schema: {
    properties: map('Schema'), patternProperties: map('Schema'), $defs: map('Schema'), dependentSchemas: map('Schema'),
    items: { oneOrList: 'Schema' }, additionalProperties: one('Schema'), unevaluatedProperties: one('Schema'),
    unevaluatedItems: one('Schema'), propertyNames: one('Schema'), contains: one('Schema'), not: one('Schema'),
    if: one('Schema'), then: one('Schema'), else: one('Schema'), contentSchema: one('Schema'),
    allOf: list('Schema'), anyOf: list('Schema'), oneOf: list('Schema'), prefixItems: list('Schema'),
    discriminator: one('Discriminator'), xml: one('Xml'), externalDocs: one('ExternalDocs'),
  },
  SecurityScheme: { flows: one('OAuthFlows') },
  OAuthFlows: {
    implicit: one('OAuthFlow'), password: one('OAuthFlow'), clientCredentials: one('OAuthFlow'), authorizationCode: one('OAuthFlow'),
    deviceAuthorization: one('OAuthFlow'),
  },
  OAuthFlow: {},
  SecurityRequirement: {},
  Tag: { externalDocs: one('ExternalDocs') },
  ExternalDocs: {},
  Discriminator: {},
  Xml: {},
};

/** Kinds whose `description` is CommonMark. */
const described: ReadonlySet<ObjectKind> = new Set<ObjectKind>([
  'Info', 'Server', 'ServerVariable', 'PathItem', 'Operation', 'Parameter', 'RequestBody', 'MediaType', 'Response', 'Header',
  'Example', 'Link', 'Schema', 'SecurityScheme', 'Tag', 'ExternalDocs',
]);

/** Kinds whose position may hold a Reference Object (3.2: a Media Type too, to components/mediaTypes). */
export const referable: ReadonlySet<ObjectKind> = new Set<ObjectKind>([
  'PathItem', 'Parameter', 'RequestBody', 'MediaType', 'Response', 'Header', 'Example', 'Link', 'Callback', 'SecurityScheme', 'Schema',
]);

const pathItem = one('PathItem');
const response = one('Response');
const statusCode = /^[1-5](\d\d|XX)$/;

/** Children chosen by key pattern rather than by name. */
export function childSpec(kind: ObjectKind, key: string): ChildSpec | undefined {
  if (kind === 'Paths') return key.startsWith('/') ? pathItem : undefined;
  if (kind === 'Callback') return key.startsWith('x-') ? undefined : pathItem;
  if (kind === 'Responses') return key === 'default' || statusCode.test(key) ? response : undefined;
  return Object.prototype.hasOwnProperty.call(kinds[kind], key) ? kinds[kind][key] : undefined;
}

/**
 * The kind of the node at `pointer` below a node of kind `rootKind` (whose value is `root`);
 * `undefined` where the pointer leaves the places the table knows or ends on a container.
 */
export function kindAt(root: unknown, rootKind: ObjectKind, pointer: readonly string[]): { kind: ObjectKind; value: unknown } | undefined {
  return kindAlong(childSpec, root, rootKind, pointer);
}

const jsonSchemaKinds: ReadonlySet<ObjectKind> = new Set<ObjectKind>(['Schema']);
const none: ReadonlySet<ObjectKind> = new Set<ObjectKind>();

/** From 3.1 on, a Schema Object is JSON Schema 2020-12: its `$ref` sits beside other keywords. */
function refKeywordKinds(root: unknown): ReadonlySet<ObjectKind> {
  const version = openapiVersion(root);
  return version.ok && version.version !== '3.0' ? jsonSchemaKinds : none;
}

/** OpenAPI 3's shape as the engine reads it. */
export const openapi3Kinds: FormatKinds<ObjectKind> = { root: 'Document', childSpec, described, referable, pathItems: ['paths'], kindAt, refKeywordKinds };

export const kindNames: Record<ObjectKind, string> = {
  Document: 'the document', Info: 'the info object', Contact: 'the contact object', License: 'the license object',
  Server: 'a server', ServerVariable: 'a server variable', Paths: 'paths', PathItem: 'a path item', Operation: 'an operation',
  Parameter: 'a parameter', RequestBody: 'a request body', MediaType: 'a media type object', Encoding: 'an encoding object',
  Responses: 'responses', Response: 'a response', Header: 'a header', Example: 'an example', Link: 'a link',
  Callback: 'a callback', Components: 'components', Schema: 'a schema', SecurityScheme: 'a security scheme',
  OAuthFlows: 'an OAuth flows object', OAuthFlow: 'an OAuth flow', SecurityRequirement: 'a security requirement',
  Tag: 'a tag', ExternalDocs: 'an externalDocs object', Discriminator: 'a discriminator', Xml: 'an xml object',
};

/** What the node at `pointer` below a node of `kind` is, in the specification's words, for a message. */
export function describe(root: unknown, pointer: readonly string[], kind: ObjectKind = 'Document'): string {
  const found = kindAt(root, kind, pointer);
  if (!found) return pointer.length === 0 ? kindNames[kind] : `\`${pointer[pointer.length - 1]}\``;
  const { value } = found;
  const at = found.kind;
  if (isObject(value) && typeof value['$ref'] === 'string') return `a reference to ${kindNames[at]}`;
  if (at === 'Parameter' && isObject(value) && typeof value['in'] === 'string') return `a ${value['in']} parameter`;
  if (at === 'SecurityScheme' && isObject(value) && typeof value['type'] === 'string') return `an ${value['type']} security scheme`.replace(/^an ([^aeiou])/, 'a $1');
  return kindNames[at];
}
