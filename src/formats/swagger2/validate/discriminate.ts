// Turns the official Swagger 2.0 schema's choices (oneOf/anyOf) into if/then/else on the property that
// decides them. The accepted documents are the same; what changes is the errors: ajv reports a failed
// oneOf with the errors of every branch, so a query parameter with a typo gets "must have `schema`" (from
// the body branch), "`in` must be header" (from the header branch) and so on. A discriminated schema
// yields only the errors of the branch the document chose. Used by the build step only.

type Json = Record<string, unknown>;

export const schemaId = 'http://swagger.io/v2/schema.json#';

/** The validators the build exports: the whole document, and each kind a `$ref`'d file may hold. */
export const entryPoints = {
  document: '',
  pathItem: '/definitions/pathItem',
  parameter: '/definitions/parameter',
  response: '/definitions/response',
  schema: '/definitions/schema',
} as const;

export type EntryPoint = keyof typeof entryPoints;

const ref = (name: string): Json => ({ $ref: `#/definitions/${name}` });
const hasProperty = (name: string): Json => ({ type: 'object', required: [name] });
const propertyIs = (name: string, value: string): Json => ({ type: 'object', required: [name], properties: { [name]: { enum: [value] } } });
const isType = (type: string): Json => ({ type });

/** `if c1 then s1 else if c2 then s2 … else fallback`, as nested if/then/else. */
function chain(cases: Array<[Json, Json]>, fallback: Json): Json {
  return cases.reduceRight<Json>((otherwise, [when, then]) => ({ if: when, then, else: otherwise }), fallback);
}

/** Replaces `keyword` in the object at `pointer` (inside definitions) by the given keywords. */
function replace(definitions: Json, pointer: string[], keyword: 'oneOf' | 'anyOf', by: Json): void {
  let at = definitions;
  for (const key of pointer) at = at[key] as Json;
  if (!Array.isArray(at[keyword])) throw new Error(`the Swagger 2.0 schema has no ${keyword} at ${pointer.join('/')}: was it updated?`);
  delete at[keyword];
  Object.assign(at, by);
}

export function discriminate(official: Json): Json {
  const schema = structuredClone(official) as Json;
  const d = schema['definitions'] as Json;

  const referenceOr = (name: string) => ({ if: hasProperty('$ref'), then: ref('jsonReference'), else: ref(name) });
  replace(d, ['parametersList', 'items'], 'oneOf', referenceOr('parameter'));
  replace(d, ['responseValue'], 'oneOf', referenceOr('response'));
  replace(d, ['parameter'], 'oneOf', { if: propertyIs('in', 'body'), then: ref('bodyParameter'), else: ref('nonBodyParameter') });

  const locations: Array<[string, string]> = [
    ['header', 'headerParameterSubSchema'],
    ['formData', 'formDataParameterSubSchema'],
    ['query', 'queryParameterSubSchema'],
    ['path', 'pathParameterSubSchema'],
  ];
  replace(
    d,
    ['nonBodyParameter'],
    'oneOf',
    chain(
      locations.map(([where, name]) => [propertyIs('in', where), ref(name)]),
      { properties: { in: { enum: ['body', ...locations.map(([where]) => where)] } } },
    ),
  );

  replace(d, ['response', 'properties', 'schema'], 'oneOf', { if: propertyIs('type', 'file'), then: ref('fileSchema'), else: ref('schema') });

  const oauth2 = (flow: string): Json => ({ type: 'object', required: ['type', 'flow'], properties: { type: { enum: ['oauth2'] }, flow: { enum: [flow] } } });
  replace(
    d,
    ['securityDefinitions', 'additionalProperties'],
    'oneOf',
    chain(
      [
        [propertyIs('type', 'basic'), ref('basicAuthenticationSecurity')],
        [propertyIs('type', 'apiKey'), ref('apiKeySecurity')],
        [oauth2('implicit'), ref('oauth2ImplicitSecurity')],
        [oauth2('password'), ref('oauth2PasswordSecurity')],
        [oauth2('application'), ref('oauth2ApplicationSecurity')],
        [oauth2('accessCode'), ref('oauth2AccessCodeSecurity')],
      ],
      {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: ['basic', 'apiKey', 'oauth2'] } },
        if: propertyIs('type', 'oauth2'),
        then: { required: ['flow'], properties: { flow: { enum: ['implicit', 'password', 'application', 'accessCode'] } } },
      },
    ),
  );

  replace(d, ['schema', 'properties', 'additionalProperties'], 'anyOf', { if: isType('boolean'), then: {}, else: ref('schema') });
  replace(d, ['schema', 'properties', 'items'], 'anyOf', {
    if: isType('array'),
    then: { type: 'array', minItems: 1, items: ref('schema') },
    else: ref('schema'),
  });
  return schema;
}
