import { builtinRules, formatsOf } from '../pipeline/catalog.js';
import type { RuleInfo } from '../format/types.js';

export function ruleInfos(): RuleInfo[] {
  return builtinRules.map(({ meta }) => ({
    id: meta.id,
    description: meta.description,
    severity: meta.severity,
    ...(meta.category ? { category: meta.category } : {}),
    formats: formatsOf({ meta }),
    ...(meta.docs ? { docs: meta.docs } : {}),
    docsPath: `docs/rules/${meta.id}.md`,
  }));
}
