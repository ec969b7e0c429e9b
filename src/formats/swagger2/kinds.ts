import { kindAlong, type ChildSpec as AnyChildSpec, type FormatKinds } from '../../lint/shape.js';

/**
 * Swagger 2.0's shape as data: which kind of node each child of each kind is. The walk reads this
 * table (as `swagger2Kinds`); rules and the schema explanations read it to name a place's kind.
 */
export const objectKinds = [
  'Document',
  'Info',
  'Contact',
  'License',
  'Paths',
  'PathItem',
  'Operation',
  'Parameter',
  'Items',
  'Responses',
  'Response',
  'Header',
  'Schema',
  'SecurityScheme',
  'SecurityRequirement',
  'Tag',
  'ExternalDocs',
] as const;

export type ObjectKind = (typeof objectKinds)[number];

// Swagger 2.0's kinds join the kinds rules may visit (src/lint/shape.ts).
declare module '../../lint/shape.js' {
  interface FormatKindNames extends Record<ObjectKind, true> {}
}

export type { Kind } from '../../lint/shape.js';
export type ChildSpec = AnyChildSpec<ObjectKind>;

const one = (kind: ObjectKind): ChildSpec => ({ one: kind });
const list = (kind: ObjectKind): ChildSpec => ({ list: kind });
const map = (kind: ObjectKind, extensions = false): ChildSpec => ({ map: kind, extensions });

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
export type Method = (typeof methods)[number];

export const kinds: Record<ObjectKind, Record<string, ChildSpec>> = {
  Document: {
    info: one('Info'),
    paths: one('Paths'),
    definitions: map('Schema'),
    parameters: map('Parameter'),
    responses: map('Response'),
    securityDefinitions: map('SecurityScheme'),
    security: list('SecurityRequirement'),
    tags: list('Tag'),
    externalDocs: one('ExternalDocs'),
  },
  Info: { contact: one('Contact'), license: one('License') },
  Contact: {},
  License: {},
  Paths: {}, // its children are PathItems, chosen by key in childKind
  PathItem: {
    ...Object.fromEntries(methods.map((m) => [m, one('Operation')])),
    parameters: list('Parameter'),
  },
  Operation: {
    parameters: list('Parameter'),
    responses: one('Responses'),
    security: list('SecurityRequirement'),
    externalDocs: one('ExternalDocs'),
  },
  Parameter: { schema: one('Schema'), items: one('Items') },
  Items: { items: one('Items') },
  Responses: {}, // status codes and `default`, chosen in childKind
  Response: { schema: one('Schema'), headers: map('Header') },
  Header: { items: one('Items') },
  Schema: {
    properties: map('Schema'),
    items: { oneOrList: 'Schema' },
    allOf: list('Schema'),
    additionalProperties: one('Schema'),
    externalDocs: one('ExternalDocs'),
  },
  SecurityScheme: {},
  SecurityRequirement: {},
  Tag: { externalDocs: one('ExternalDocs') },
  ExternalDocs: {},
};

/** Kinds whose `description` is Markdown (docs/architecture.md, "Descriptions are Markdown"). */
export const describedKinds: ReadonlySet<ObjectKind> = new Set([
  'Info',
  'Tag',
  'Operation',
  'Parameter',
  'Response',
  'Header',
  'Schema',
  'SecurityScheme',
  'ExternalDocs',
]);

/** Kinds whose position may hold a `{ $ref }` instead of the object itself. */
export const referable: ReadonlySet<ObjectKind> = new Set(['PathItem', 'Parameter', 'Response', 'Schema']);

const pathItem = one('PathItem');
const response = one('Response');
const statusCode = /^[1-5](\d\d|XX)$/;

/** Children chosen by key pattern rather than by name. Called once per key of every walked object. */
export function childSpec(kind: ObjectKind, key: string): ChildSpec | undefined {
  if (kind === 'Paths') return key.startsWith('/') ? pathItem : undefined;
  if (kind === 'Responses') return key === 'default' || statusCode.test(key) ? response : undefined;
  return Object.prototype.hasOwnProperty.call(kinds[kind], key) ? kinds[kind][key] : undefined;
}

/**
 * The kind of the node at `pointer` below a node of kind `rootKind` (whose value is `root`), by the
 * table above; `undefined` where the pointer leaves the places the table knows (an example, an
 * extension) or ends on a container (a list of parameters, a map of definitions).
 */
export function kindAt(root: unknown, rootKind: ObjectKind, pointer: readonly string[]): { kind: ObjectKind; value: unknown } | undefined {
  return kindAlong(childSpec, root, rootKind, pointer);
}

/** Swagger 2.0's shape as the engine reads it. */
export const swagger2Kinds: FormatKinds<ObjectKind> = {
  root: 'Document',
  childSpec,
  described: describedKinds,
  referable,
  pathItems: ['paths'],
  kindAt,
};
