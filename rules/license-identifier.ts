import { createRequire } from 'node:module';
import { defineRule } from '../src/lint/rule.js';
import { fields31, openapiVersion } from '../src/formats/openapi3/version.js';
import { isObject } from './lib/resolve.js';
import { quote } from '../src/text/quote.js';

type ParseSpdx = (expression: string) => unknown;
let parseSpdx: ParseSpdx | undefined;

/** Whether `text` is an SPDX license expression (`MIT`, `Apache-2.0 OR MIT`, `LicenseRef-acme`), by the SPDX parser. */
function isSpdxExpression(text: string): boolean {
  // loaded on the first identifier met: few documents have one
  parseSpdx ??= createRequire(import.meta.url)('spdx-expression-parse') as ParseSpdx;
  try {
    parseSpdx(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * OpenAPI 3.1's `info.license.identifier` is an SPDX license expression; the schema only asks for a
 * string, so a name written where the identifier belongs (`Apache 2.0`) passes it. A blank one is
 * info-nonempty's; one beside `url` is the schema's.
 */
export default defineRule({
  meta: {
    id: 'license-identifier',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'OpenAPI 3.1\'s `info.license.identifier` is an SPDX license expression.',
    docs: `OpenAPI 3.1 added \`identifier\` to the license object: "an SPDX license expression for the API",
which tools read to tell licenses apart (\`MIT\`, \`Apache-2.0\`, \`GPL-3.0-or-later\`, \`MIT OR Apache-2.0\`, or a
\`LicenseRef-\` of the API's own). The schema only asks for a string, so a license's name written there
(\`Apache 2.0\`) passes it; this rule parses the expression with the SPDX parser (the
\`spdx-expression-parse\` package, with the SPDX list of license ids) and reports one that is none at its
value. The license's name goes in \`name\`. A blank identifier is \`info-nonempty\`'s; OpenAPI 3.0 has no
\`identifier\` (\`schema-valid\` reports one as an unknown field).

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0', license: {name: Apache 2.0, identifier: Apache 2.0}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0', license: {name: Apache 2.0, identifier: Apache-2.0}}
\`\`\``,
  },
  create: (ctx) => ({
    Document(doc, node) {
      if (node.source !== ctx.document.root) return;
      const version = openapiVersion(doc);
      if (!version.ok || !fields31(version.version)) return;
      const info = doc['info'];
      const license = isObject(info) ? info['license'] : undefined;
      const identifier = isObject(license) ? license['identifier'] : undefined;
      if (typeof identifier !== 'string' || identifier.trim() === '' || isSpdxExpression(identifier)) return;
      ctx.report({
        node,
        property: ['info', 'license', 'identifier'],
        at: 'value',
        message: `info.license.identifier ${quote(identifier, 60)} is not an SPDX license expression; write the license's SPDX id (such as "Apache-2.0" or "MIT"; the list is at https://spdx.org/licenses/), and its name in \`name\`.`,
      });
    },
  }),
});
