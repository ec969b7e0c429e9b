import type { Diagnostic } from '../types.js';
import { lint, type LintInput, type LintOptions, type RuleSetting } from './lint.js';
import { formats } from '../formats/index.js';
import { rulesOf } from './catalog.js';
import { categoryOf } from '../lint/rule.js';

/**
 * `lint` with only the validity rules (`meta.category: 'validity'`): is this a well-formed Swagger 2.0
 * document? Each runs at its own severity whatever the configuration says, so a config cannot switch
 * validity off; settings in `options.rules` still apply (to lower a severity, say).
 */
export async function validate(input: LintInput, options: LintOptions = {}): Promise<Diagnostic[]> {
  const rules: Record<string, RuleSetting> = {};
  for (const rule of [...rulesOf(options.formats ?? formats), ...(options.plugins ?? [])]) {
    const id = rule.meta.id;
    if (categoryOf(rule) === 'validity') rules[id] = options.rules?.[id] ?? rule.meta.severity;
  }
  return lint(input, { ...options, preset: 'recommended', category: 'validity', rules });
}
