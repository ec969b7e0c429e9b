// Security requirements name the document's security schemes, with scopes their flows define.
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';

export const securitySchemeDefined: Check = {
  id: 'security-scheme-defined',
  category: 'validity',
  severity: 'error',
  description: 'A security requirement names security schemes under components/securitySchemes; an oauth2 requirement names scopes its flows define; other schemes take no scopes in 3.0.',
  run(model, report) {
    const components = model.root['components'];
    const schemes = isObject(components) && isObject(components['securitySchemes']) ? components['securitySchemes'] : {};
    for (const node of model.nodes) {
      if (node.kind !== 'SecurityRequirement') continue;
      for (const [name, scopes] of Object.entries(node.value)) {
        const place = { source: model.doc.root, pointer: ['components', 'securitySchemes', name] };
        const scheme = Object.hasOwn(schemes, name) ? model.deref(place, schemes[name]) : undefined;
        if (!scheme || !isObject(scheme.value)) {
          const known = Object.keys(schemes);
          report({ place: node, property: [name], message: `Security scheme \`${name}\` is not defined under components/securitySchemes${known.length > 0 ? ` (defined: ${known.join(', ')})` : ''}.` });
          continue;
        }
        if (!Array.isArray(scopes)) continue; // the schema's finding
        const type = scheme.value['type'];
        if (type === 'oauth2') {
          const defined = new Set<string>();
          const flows = scheme.value['flows'];
          if (isObject(flows)) for (const flow of Object.values(flows)) if (isObject(flow) && isObject(flow['scopes'])) Object.keys(flow['scopes']).forEach((s) => defined.add(s));
          scopes.forEach((scope, i) => {
            if (typeof scope === 'string' && !defined.has(scope)) report({ place: node, property: [name, String(i)], at: 'value', message: `Scope \`${scope}\` is not defined by any flow of the oauth2 scheme \`${name}\`.` });
          });
        } else if (type !== 'openIdConnect' && scopes.length > 0 && model.version === '3.0') {
          report({ place: node, property: [name], message: `\`${name}\` is a ${String(type)} scheme: its requirement lists no scopes in OpenAPI 3.0 (write \`${name}: []\`).` });
        }
      }
    }
  },
};
