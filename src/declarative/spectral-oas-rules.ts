import { spectralOperationFields } from '../formats/spectral.js';

/**
 * The `spectral:oas` rules that swaglint runs as Spectral defines them, not through a built-in
 * counterpart: written here as a Spectral ruleset (plain data, read by the same loader as a user's
 * ruleset), with Spectral's rule names, default severities (`warn` unless given), `recommended`
 * flags, formats, messages (the description where Spectral's rule has no message) and JSONPaths.
 * Written from Spectral's published rule reference; each rule's findings are compared with
 * Spectral's own on fixtures/spectral/oas-rules.
 */
// Spectral's, not the format's: no 3.2 `query`, no `additionalOperations` (formats/spectral.ts)
const operationMethods = spectralOperationFields.join(',');

export const spectralOasRuleset: Readonly<Record<string, unknown>> = {
  aliases: {
    PathItem: ['$.paths[*]'],
    OperationObject: [`#PathItem[${operationMethods}]`],
  },
  rules: {
    'info-contact': {
      description: 'Info object must have "contact" object.',
      given: '$',
      then: { field: 'info.contact', function: 'truthy' },
    },
    'operation-operationId': {
      description: 'Operation must have "operationId".',
      given: '#OperationObject',
      then: { field: 'operationId', function: 'truthy' },
    },
    'operation-operationId-valid-in-url': {
      message: 'operationId must not contain characters that are invalid when used in URL.',
      given: '#OperationObject',
      then: { field: 'operationId', function: 'pattern', functionOptions: { match: "^[A-Za-z0-9-._~:/?#\\[\\]@!\\$&'()*+,;=]*$" } },
    },
    'operation-tags': {
      description: 'Operation must have non-empty "tags" array.',
      given: '#OperationObject',
      then: { field: 'tags', function: 'schema', functionOptions: { dialect: 'draft7', schema: { type: 'array', minItems: 1 } } },
    },
    'path-not-include-query': {
      description: 'Path must not include query string.',
      given: '$.paths',
      then: { field: '@key', function: 'pattern', functionOptions: { notMatch: '\\?' } },
    },
    'oas2-api-host': {
      description: 'OpenAPI "host" must be present and non-empty string.',
      formats: ['oas2'],
      given: '$',
      then: { field: 'host', function: 'truthy' },
    },
    'oas2-api-schemes': {
      description: 'OpenAPI host "schemes" must be present and non-empty array.',
      formats: ['oas2'],
      given: '$',
      then: { field: 'schemes', function: 'schema', functionOptions: { dialect: 'draft7', schema: { type: 'array', minItems: 1, items: { type: 'string' } } } },
    },
    'oas2-host-trailing-slash': {
      description: 'Server URL must not have trailing slash.',
      formats: ['oas2'],
      given: '$',
      then: { field: 'host', function: 'pattern', functionOptions: { notMatch: '/$' } },
    },
    'oas2-unused-definition': {
      description: 'Potentially unused definition has been detected.',
      formats: ['oas2'],
      resolved: false,
      given: '$.definitions',
      then: { function: 'unreferencedReusableObject', functionOptions: { reusableObjectsLocation: '#/definitions' } },
    },
    'oas3-api-servers': {
      description: 'OpenAPI "servers" must be present and non-empty array.',
      formats: ['oas3'],
      given: '$',
      then: { field: 'servers', function: 'schema', functionOptions: { dialect: 'draft7', schema: { type: 'array', minItems: 1, items: { type: 'object' } } } },
    },
    'oas3-server-trailing-slash': {
      description: 'Server URL must not have trailing slash.',
      formats: ['oas3'],
      given: '$.servers[*].url',
      then: { function: 'pattern', functionOptions: { notMatch: './$' } },
    },
    'oas3-examples-value-or-externalValue': {
      description: 'Examples must have either "value" or "externalValue" field.',
      formats: ['oas3'],
      given: [
        '$.components.examples[*]',
        '$.paths[*][*]..content[*].examples[*]',
        '$.paths[*][*]..parameters[*].examples[*]',
        '$.components.parameters[*].examples[*]',
        '$.paths[*][*]..headers[*].examples[*]',
        '$.components.headers[*].examples[*]',
      ],
      then: { function: 'xor', functionOptions: { properties: ['externalValue', 'value'] } },
    },
    'oas3-callbacks-in-callbacks': {
      message: 'Callbacks should not be defined within a callback',
      formats: ['oas3'],
      given: ['#OperationObject.callbacks[*][*][*].callbacks'],
      then: { function: 'undefined' },
    },
    'oas3_1-servers-in-webhook': {
      message: 'Servers should not be defined in a webhook.',
      formats: ['oas3_1', 'oas3_2'],
      given: ['$.webhooks.servers', '$.webhooks[*][*].servers'],
      then: { function: 'undefined' },
    },
    'oas3_1-callbacks-in-webhook': {
      message: 'Callbacks should not be defined in a webhook.',
      formats: ['oas3_1', 'oas3_2'],
      given: ['$.webhooks[*][*].callbacks'],
      then: { function: 'undefined' },
    },
    'operation-tag-defined': {
      description: 'Operation tags must be defined in global tags.',
      given: '$',
      then: { function: 'oasTagDefined' },
    },
    'openapi-tags-uniqueness': {
      description: 'Each tag must have a unique name.',
      message: '{{error}}',
      severity: 'error',
      given: '$.tags',
      then: { function: 'uniquenessTags' },
    },
    'oas3_2-no-deprecated-xml-attribute': {
      message: '"xml.attribute" is deprecated in OAS 3.2; use "xml.nodeType: attribute" instead.',
      formats: ['oas3_2'],
      given: ['$..[?(@ && @.xml)].xml'],
      then: { function: 'schema', functionOptions: { schema: { not: { properties: { attribute: { const: true } }, required: ['attribute'] } } } },
    },
    'duplicated-entry-in-enum': {
      description: 'Enum values must not have duplicate entry.',
      message: '{{error}}',
      given: ["$..[?(@property !== 'properties' && @ != null && @.enum && @.enum.constructor.name === 'Array')]"],
      then: { field: 'enum', function: 'schema', functionOptions: { schema: { type: 'array', uniqueItems: true } } },
    },
    // recommended: false — on under [spectral:oas, all] or when the ruleset sets them
    'contact-properties': {
      description: 'Contact object must have "name", "url" and "email".',
      recommended: false,
      given: '$.info.contact',
      then: [
        { field: 'name', function: 'truthy' },
        { field: 'url', function: 'truthy' },
        { field: 'email', function: 'truthy' },
      ],
    },
    'info-license': {
      description: 'Info object must have "license" object.',
      recommended: false,
      given: '$',
      then: { field: 'info.license', function: 'truthy' },
    },
    'license-url': {
      description: 'License object must include "url".',
      recommended: false,
      given: '$',
      then: { field: 'info.license.url', function: 'truthy' },
    },
    'openapi-tags-alphabetical': {
      description: 'OpenAPI object must have alphabetical "tags".',
      recommended: false,
      given: '$',
      then: { field: 'tags', function: 'alphabetical', functionOptions: { keyedBy: 'name' } },
    },
    'openapi-tags': {
      description: 'OpenAPI object must have non-empty "tags" array.',
      recommended: false,
      given: '$',
      then: { field: 'tags', function: 'schema', functionOptions: { dialect: 'draft7', schema: { type: 'array', minItems: 1 } } },
    },
    'operation-singular-tag': {
      description: 'Operation must not have more than a single tag.',
      recommended: false,
      given: '#OperationObject',
      then: { field: 'tags', function: 'length', functionOptions: { max: 1 } },
    },
    'tag-description': {
      description: 'Tag object must have "description".',
      recommended: false,
      given: '$.tags[*]',
      then: { field: 'description', function: 'truthy' },
    },
    'oas2-host-not-example': {
      description: 'Host URL must not point at example.com.',
      recommended: false,
      formats: ['oas2'],
      given: '$',
      then: { field: 'host', function: 'pattern', functionOptions: { notMatch: 'example\\.com' } },
    },
    'oas2-parameter-description': {
      description: 'Parameter objects must have "description".',
      recommended: false,
      formats: ['oas2'],
      given: '$..parameters[?(@ && @.in)]',
      then: { field: 'description', function: 'truthy' },
    },
    'oas3-parameter-description': {
      description: 'Parameter objects must have "description".',
      recommended: false,
      formats: ['oas3'],
      given: ['#PathItem.parameters[?(@ && @.in)]', '#OperationObject.parameters[?(@ && @.in)]', '$.components.parameters[?(@ && @.in)]'],
      then: { field: 'description', function: 'truthy' },
    },
    'oas3-server-not-example.com': {
      description: 'Server URL must not point at example.com.',
      recommended: false,
      formats: ['oas3'],
      given: '$.servers[*].url',
      then: { function: 'pattern', functionOptions: { notMatch: 'example\\.com' } },
    },
  },
};


/** The names of the rules above: comparisons of a ruleset's own rules leave them out (fixtures/spectral/oas-rules compares them). */
export const spectralOasRuleNames: ReadonlySet<string> = new Set(Object.keys(spectralOasRuleset['rules'] as object));
