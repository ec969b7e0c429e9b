import type { Diagnostic } from '../types.js';
import { lint, type LintInput, type LintOptions, type RuleSetting } from './lint.js';
import { builtinRules } from '../../rules/index.js';

/**
 * The rules that decide whether a document is a valid Swagger 2.0 description, as opposed to one that
 * follows the house conventions (CONVENTIONS.md section 1: the document, the schema and the semantic
 * rules). An id listed here but not registered is simply not run.
 */
export const validityRuleIds: ReadonlySet<string> = new Set([
  'swagger-version',
  'info-title',
  'info-version',
  'info-description',
  'duplicate-key',
  'schema-valid',
  'operation-id-unique',
  'path-params-match',
  'parameter-unique',
  'body-parameter-single',
  'file-parameter-form',
  'ref-resolves',
  'required-properties-exist',
  'security-scheme-defined',
  'value-fits-schema',
  'pattern-valid',
  'path-template-valid',
  'path-unique-template',
  'array-items',
  'response-code-valid',
]);

/**
 * `lint` with only the validity rules: is this a well-formed Swagger 2.0 document? Settings in
 * `options.rules` for those rules still apply (to lower a severity, say); every other rule is off.
 */
export async function validate(input: LintInput, options: LintOptions = {}): Promise<Diagnostic[]> {
  const rules: Record<string, RuleSetting> = {};
  for (const rule of [...builtinRules, ...(options.plugins ?? [])]) {
    const id = rule.meta.id;
    rules[id] = validityRuleIds.has(id) ? (options.rules?.[id] ?? rule.meta.severity) : 'off';
  }
  return lint(input, { ...options, preset: 'recommended', rules });
}
