// Every `$ref` the walk met names something that exists (3.1: also an `$id` or `$anchor`).
import type { Check } from '../check.js';

export const refResolves: Check = {
  id: 'ref-resolves',
  category: 'validity',
  severity: 'error',
  description: 'Every `$ref` names something that exists: a JSON pointer into this document, a readable file, or (3.1) a schema\'s `$id` or `$anchor`.',
  run(model, report) {
    for (const site of model.refs) {
      if (site.target.ok) continue;
      const why = site.target.message;
      report({ place: site, property: ['$ref'], at: 'value', message: why.includes(`'${site.ref}'`) ? `$ref ${why}.` : `$ref '${site.ref}' does not resolve: ${why}.` });
    }
  },
};
