// Components that nothing names: a hint, since a library of components may be meant for other documents.
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import { discriminatedByName, mappedSchemas } from './discriminated.js';

export const unusedComponents: Check = {
  id: 'unused-component',
  category: 'convention',
  severity: 'hint',
  description: 'Every component under `components` is named by a `$ref` (security schemes: by a security requirement; schemas also by a discriminator).',
  run(model, report) {
    const components = model.root['components'];
    if (!isObject(components)) return;
    const root = model.doc.root;
    const used = new Set<string>();
    for (const site of model.refs) if (site.target.ok && site.target.source === root) used.add(site.target.pointer.slice(0, 3).join('/'));
    // a discriminator chooses schemas that no `$ref` names
    for (const place of mappedSchemas(model)) if (place.source === root) used.add(place.pointer.slice(0, 3).join('/'));
    for (const name of discriminatedByName(model)) used.add(`components/schemas/${name}`);
    for (const node of model.nodes) if (node.kind === 'SecurityRequirement') for (const name of Object.keys(node.value)) used.add(`components/securitySchemes/${name}`);
    for (const [section, entries] of Object.entries(components)) {
      if (!isObject(entries) || section.startsWith('x-')) continue;
      for (const name of Object.keys(entries)) {
        if (used.has(`components/${section}/${name}`)) continue;
        report({ place: { source: root, pointer: ['components', section] }, property: [name], message: `\`${name}\` in components/${section} is not used in this document.` });
      }
    }
  },
};
