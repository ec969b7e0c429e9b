import { defineRule } from '../src/lint/rule.js';
import { openApiVersions, openapiVersion } from '../src/formats/openapi3/version.js';

// from the format's list, so a new minor version changes neither the description nor the page
const checked = openApiVersions.map((v) => `${v}.x`);
const checkedList = `${checked.slice(0, -1).join(', ')} or ${checked[checked.length - 1]}`;
const newest = openApiVersions[openApiVersions.length - 1]!;
const unchecked = `${newest.split('.')[0]}.${Number(newest.split('.')[1]) + 1}.0`;

export default defineRule({
  meta: {
    id: 'openapi-version',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: `\`openapi\` is a version swaglint checks: ${checkedList}, written as a string with its patch number.`,
    docs: `An OpenAPI document says which version of the specification it follows, as major.minor.patch
(\`3.0.4\`, \`3.1.1\`). swaglint checks ${checkedList.replace(' or ', ' and ')}. A version it does not check (\`${unchecked}\`, until its schema
is added), a version without its patch (\`3.0\`), a number (\`openapi: 3.1\`, which YAML reads as 3.1) and a
document with both \`swagger\` and \`openapi\` get this one finding and no other: the rest would be a cascade
of differences between versions.

Fails:

\`\`\`yaml
openapi: '3.1'
info: {title: Orders, version: '1.0'}
paths: {}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.1
info: {title: Orders, version: '1.0'}
paths: {}
\`\`\``,
  },
  create: (ctx) => ({
    Document(value, node) {
      if (node.source !== ctx.document.root) return;
      const version = openapiVersion(value);
      if (!version.ok) ctx.report({ node, property: version.pointer, at: version.at, message: version.message });
    },
  }),
});
