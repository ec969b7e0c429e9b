import type { RuleLevel } from '../types.js';

/**
 * `spectral:oas`, as swaglint runs it: each of its rules with the built-in swaglint rules that cover
 * the same ground (never empty: a rule with none on a format would stop the run, spectral.ts). The rules swaglint runs as Spectral
 * defines them are not here but in spectral-oas-rules.ts. A rule runs on the documents its
 * name says (`oas2-…` Swagger 2.0, `oas3…` OpenAPI 3, the others both, as Spectral's formats have
 * them), through those of its counterparts that run on the document's format.
 * `recommended: false` rules are on only under `[spectral:oas, all]`. docs/spectral.md prints this table;
 * test/docs-spectral.test.ts keeps the two in step.
 */
export interface OasRule {
  swaglint: readonly string[];
  /** Spectral's severity for the rule. */
  severity: RuleLevel;
  recommended: boolean;
  /** How the counterpart differs, when it does. */
  note?: string;
}

export const spectralOas: Readonly<Record<string, OasRule>> = {
  'operation-success-response': { swaglint: ['response-success'], severity: 'warn', recommended: true },
  'oas2-operation-formData-consume-check': { swaglint: ['file-parameter-form'], severity: 'warn', recommended: true, note: 'checks the consumes of file parameters only' },
  'operation-operationId-unique': { swaglint: ['operation-id-unique'], severity: 'error', recommended: true },
  'operation-parameters': { swaglint: ['parameter-unique', 'body-parameter-single'], severity: 'warn', recommended: true },
  'path-params': { swaglint: ['path-params-match', 'path-unique-template'], severity: 'error', recommended: true },
  'info-description': { swaglint: ['info-description'], severity: 'warn', recommended: true },
  'no-eval-in-markdown': { swaglint: ['description-markdown'], severity: 'warn', recommended: true, note: 'description-markdown reports any HTML in a description, not eval alone' },
  'no-script-tags-in-markdown': { swaglint: ['description-markdown'], severity: 'warn', recommended: true, note: 'description-markdown reports any HTML in a description' },
  'operation-description': { swaglint: ['description-nonempty'], severity: 'warn', recommended: true, note: 'description-nonempty also asks it of schema properties' },
  'path-declarations-must-exist': { swaglint: ['path-template-valid'], severity: 'warn', recommended: true },
  'path-keys-no-trailing-slash': { swaglint: ['path-trailing-slash'], severity: 'warn', recommended: true },
  'no-$ref-siblings': { swaglint: ['schema-valid'], severity: 'error', recommended: true, note: 'schema-valid reports keys beside a $ref' },
  'array-items': { swaglint: ['array-items'], severity: 'error', recommended: true },
  'typed-enum': { swaglint: ['value-fits-schema'], severity: 'warn', recommended: true, note: 'value-fits-schema checks each enum value against the type' },
  'oas2-discriminator': { swaglint: ['schema-valid'], severity: 'error', recommended: true, note: 'only the part the official schema checks' },
  'oas2-operation-security-defined': { swaglint: ['security-scheme-defined'], severity: 'warn', recommended: true },
  'oas2-valid-schema-example': { swaglint: ['value-fits-schema'], severity: 'error', recommended: true },
  'oas2-valid-media-example': { swaglint: ['value-fits-schema'], severity: 'error', recommended: true },
  'oas2-anyOf': { swaglint: ['schema-valid'], severity: 'warn', recommended: true },
  'oas2-oneOf': { swaglint: ['schema-valid'], severity: 'warn', recommended: true },
  'oas2-schema': { swaglint: ['schema-valid'], severity: 'error', recommended: true },
  'oas3-server-variables': { swaglint: ['servers-valid'], severity: 'error', recommended: true, note: 'servers-valid checks server URLs and their variables' },
  'oas3-operation-security-defined': { swaglint: ['security-scheme-defined'], severity: 'warn', recommended: true },
  'oas3-valid-media-example': { swaglint: ['value-fits-schema'], severity: 'error', recommended: true },
  'oas3-valid-schema-example': { swaglint: ['value-fits-schema'], severity: 'error', recommended: true },
  'oas3-schema': { swaglint: ['schema-valid'], severity: 'error', recommended: true },
  'oas3-unused-component': { swaglint: ['unused-component'], severity: 'warn', recommended: true, note: 'unused-component is a hint' },
};

/** The swaglint formats a `spectral:oas` rule applies to, by its name as Spectral's formats have them. */
export function oasRuleFormats(name: string): readonly string[] {
  if (name.startsWith('oas2')) return ['swagger2'];
  if (name.startsWith('oas3')) return ['openapi3'];
  return ['swagger2', 'openapi3'];
}
