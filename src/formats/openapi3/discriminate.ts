// Turns the official OpenAPI 3.0 schema's choices (oneOf) into if/then/else on what decides them, as
// src/validate/discriminate.ts does for Swagger 2.0. The accepted documents are the same; the errors are
// those of the branch the document chose: a Schema Object with a typo gets "unknown property" and not
// also "must have `$ref`" from the Reference branch. Used by the build step only.

type Json = Record<string, unknown>;

const referenceRef = '#/definitions/Reference';
const ref = (name: string): Json => ({ $ref: `#/definitions/${name}` });
const hasProperty = (name: string): Json => ({ type: 'object', required: [name] });
const propertyIs = (name: string, value: string): Json => ({ type: 'object', required: [name], properties: { [name]: { enum: [value] } } });

/** `if c1 then s1 else if c2 then s2 … else fallback`, as nested if/then/else. */
function chain(cases: Array<[Json, Json]>, fallback: Json): Json {
  return cases.reduceRight<Json>((otherwise, [when, then]) => ({ if: when, then, else: otherwise }), fallback);
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `oneOf: [X, Reference]` (either order) → `if $ref then Reference else X`, everywhere in the schema. */
function referenceChoices(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(referenceChoices);
    return;
  }
  if (!isObject(node)) return;
  const choices = node['oneOf'];
  if (Array.isArray(choices) && choices.length === 2) {
    const at = choices.findIndex((c) => isObject(c) && c['$ref'] === referenceRef);
    if (at !== -1) {
      delete node['oneOf'];
      Object.assign(node, { if: hasProperty('$ref'), then: { $ref: referenceRef }, else: choices[1 - at] as Json });
    }
  }
  for (const value of Object.values(node)) referenceChoices(value);
}

function replace(definitions: Json, name: string, by: Json): void {
  const at = definitions[name];
  if (!isObject(at) || !Array.isArray(at['oneOf'])) throw new Error(`the OpenAPI 3.0 schema has no oneOf in ${name}: was it updated?`);
  delete at['oneOf'];
  Object.assign(at, by);
}

export function discriminateReferences(official: Json): Json {
  const schema = structuredClone(official);
  referenceChoices(schema);
  const d = schema['definitions'] as Json;
  const locations = ['path', 'query', 'header', 'cookie'];
  replace(d, 'Parameter', chain(
    locations.map((where) => [propertyIs('in', where), ref(`${where.charAt(0).toUpperCase()}${where.slice(1)}Parameter`)]),
    { properties: { in: { enum: locations } } },
  ));
  const content = (d['SchemaXORContent'] as Json)['oneOf'] as Json[];
  const { required: _required, description: _description, ...withContent } = content[1]!;
  replace(d, 'SchemaXORContent', { if: hasProperty('content'), then: withContent, else: { required: ['schema'] } });
  const schemes: Array<[string, string]> = [['apiKey', 'APIKeySecurityScheme'], ['http', 'HTTPSecurityScheme'], ['oauth2', 'OAuth2SecurityScheme'], ['openIdConnect', 'OpenIdConnectSecurityScheme']];
  replace(d, 'SecurityScheme', chain(
    schemes.map(([type, name]) => [propertyIs('type', type), ref(name)]),
    { type: 'object', required: ['type'], properties: { type: { enum: schemes.map(([type]) => type) } } },
  ));
  return schema;
}
