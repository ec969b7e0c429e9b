// The built-in rules, one import each, in catalog order (validity rules first). Adding a rule: its file
// here, its test in test/rules, its fixtures in fixtures/rules/<id>, its page in docs/rules.
import type { AnyRule } from '../src/lint/rule.js';
import swaggerVersion from './swagger-version.js';
import openapiVersion from './openapi-version.js';
import serversValid from './servers-valid.js';
import mediaTypeValid from './media-type-valid.js';
import encodingValid from './encoding-valid.js';
import discriminatorMapping from './discriminator-mapping.js';
import runtimeExpressionValid from './runtime-expression-valid.js';
import linkOperation from './link-operation.js';
import readOnlyWriteOnly from './read-only-write-only.js';
import nullableType from './nullable-type.js';
import unusedComponent from './unused-component.js';
import infoTitle from './info-title.js';
import infoVersion from './info-version.js';
import infoDescription from './info-description.js';
import infoNonempty from './info-nonempty.js';
import licenseIdentifier from './license-identifier.js';
import tagParent from './tag-parent.js';
import duplicateKey from './duplicate-key.js';
import schemaValid from './schema-valid.js';
import operationIdUnique from './operation-id-unique.js';
import tagNameUnique from './tag-name-unique.js';
import operationNoRef from './operation-no-ref.js';
import pathParamsMatch from './path-params-match.js';
import parameterUnique from './parameter-unique.js';
import bodyParameterSingle from './body-parameter-single.js';
import fileParameterForm from './file-parameter-form.js';
import refResolves from './ref-resolves.js';
import requiredPropertiesExist from './required-properties-exist.js';
import securitySchemeDefined from './security-scheme-defined.js';
import valueFitsSchema from './value-fits-schema.js';
import patternValid from './pattern-valid.js';
import pathTemplateValid from './path-template-valid.js';
import pathUniqueTemplate from './path-unique-template.js';
import pathNoQueryOrFragment from './path-no-query-or-fragment.js';
import arrayItems from './array-items.js';
import responseCodeValid from './response-code-valid.js';
import descriptionMarkdown from './description-markdown.js';
import descriptionNonempty from './description-nonempty.js';
import schemaKeywordTypo from './schema-keyword-typo.js';
import pathNoVerbs from './path-no-verbs.js';
import pathCollectionPlural from './path-collection-plural.js';
import pathMemberId from './path-member-id.js';
import pathSubcollectionNesting from './path-subcollection-nesting.js';
import pathNoMultiId from './path-no-multi-id.js';
import deleteMemberOnly from './delete-member-only.js';
import getNoBody from './get-no-body.js';
import putMemberOnly from './put-member-only.js';
import postCollectionOnly from './post-collection-only.js';
import pathTrailingSlash from './path-trailing-slash.js';
import pathParamNamesConsistent from './path-param-names-consistent.js';
import pathCase from './path-case.js';
import requestBodySchema from './request-body-schema.js';
import createResponseSchema from './create-response-schema.js';
import responseSuccess from './response-success.js';
import apiVersionParam from './api-version-param.js';
import apiVersionConsistent from './api-version-consistent.js';
import securityDefined from './security-defined.js';
import credentialsOverHttps from './credentials-over-https.js';
import apikeyNotInQuery from './apikey-not-in-query.js';
import authHeaderName from './auth-header-name.js';
import unusedIgnore from './unused-ignore.js';

export const builtinRules: readonly AnyRule[] = [
  swaggerVersion,
  openapiVersion,
  infoTitle,
  infoVersion,
  infoDescription,
  infoNonempty,
  licenseIdentifier,
  tagParent,
  duplicateKey,
  schemaValid,
  operationIdUnique,
  tagNameUnique,
  operationNoRef,
  pathParamsMatch,
  parameterUnique,
  bodyParameterSingle,
  fileParameterForm,
  refResolves,
  requiredPropertiesExist,
  securitySchemeDefined,
  valueFitsSchema,
  patternValid,
  pathTemplateValid,
  pathUniqueTemplate,
  pathNoQueryOrFragment,
  serversValid,
  mediaTypeValid,
  encodingValid,
  discriminatorMapping,
  runtimeExpressionValid,
  linkOperation,
  readOnlyWriteOnly,
  nullableType,
  arrayItems,
  responseCodeValid,
  descriptionMarkdown,
  descriptionNonempty,
  schemaKeywordTypo,
  pathNoVerbs,
  pathCollectionPlural,
  pathMemberId,
  pathSubcollectionNesting,
  pathNoMultiId,
  deleteMemberOnly,
  getNoBody,
  putMemberOnly,
  postCollectionOnly,
  pathTrailingSlash,
  pathParamNamesConsistent,
  pathCase,
  requestBodySchema,
  createResponseSchema,
  responseSuccess,
  apiVersionParam,
  apiVersionConsistent,
  securityDefined,
  credentialsOverHttps,
  apikeyNotInQuery,
  authHeaderName,
  unusedComponent,
  unusedIgnore,
] as AnyRule[];
