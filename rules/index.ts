// The built-in rules, one import each, in catalog order (CONVENTIONS.md). Adding a rule: its file
// here, its test in test/rules, its fixtures in fixtures/rules/<id>, its page in docs/rules.
import type { AnyRule } from '../src/lint/rule.js';
import swaggerVersion from './swagger-version.js';
import infoTitle from './info-title.js';
import infoVersion from './info-version.js';
import infoDescription from './info-description.js';
import duplicateKey from './duplicate-key.js';

export const builtinRules: readonly AnyRule[] = [
  swaggerVersion,
  infoTitle,
  infoVersion,
  infoDescription,
  duplicateKey,
] as AnyRule[];
