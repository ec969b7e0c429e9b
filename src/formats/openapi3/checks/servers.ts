// Server URLs and their variables: each `{name}` has a variable, a variable's `enum` lists values and
// holds its `default` (a MUST in 3.1, a SHOULD in 3.0), the URL with its defaults is a URL.
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';

/** Characters a URI reference never holds (RFC 3986): a URL with them is not one. */
const notInUrls = /[\s<>"\\^`|{}]/;

export const serversValid: Check = {
  id: 'servers-valid',
  category: 'validity',
  severity: 'error',
  description: 'A server URL is a URL once its variables are substituted; each `{name}` in it has a variable; a variable\'s `enum` is not empty and holds its `default`.',
  run(model, report) {
    const should = model.version === '3.0' ? 'warn' : undefined; // 3.0 says SHOULD where 3.1 says MUST
    for (const node of model.nodes) {
      if (node.kind !== 'Server' || typeof node.value['url'] !== 'string') continue;
      const url = node.value['url'];
      const variables = isObject(node.value['variables']) ? node.value['variables'] : {};
      let substituted = url;
      for (const match of url.matchAll(/\{([^{}]*)\}/g)) {
        const name = match[1]!;
        const variable = variables[name];
        if (!isObject(variable)) {
          report({ place: node, property: ['url'], at: 'value', message: `\`{${name}}\` in the server URL has no variable: add \`variables: {${name}: {default: ...}}\`.` });
          continue;
        }
        if (typeof variable['default'] === 'string') substituted = substituted.replace(match[0], variable['default']);
      }
      if (notInUrls.test(substituted.replace(/\{[^{}]*\}/g, 'x'))) {
        report({ place: node, property: ['url'], at: 'value', message: `\`${url}\` is not a URL: spaces and the characters < > " \\ ^ \` | { } are not allowed outside variables.` });
      }
      for (const [name, variable] of Object.entries(variables)) {
        if (!isObject(variable) || !Array.isArray(variable['enum'])) continue;
        const values = variable['enum'];
        if (values.length === 0) report({ place: node, property: ['variables', name, 'enum'], severity: should, message: `Server variable \`${name}\` has an empty \`enum\`: list its values, or remove \`enum\`.` });
        else if (variable['default'] !== undefined && !values.includes(variable['default'])) {
          report({ place: node, property: ['variables', name, 'default'], at: 'value', severity: should, message: `The default \`${String(variable['default'])}\` of server variable \`${name}\` is not in its enum (${values.map(String).join(', ')}).` });
        }
      }
    }
  },
};
