// Media types as content keys, and encoding only where it applies (multipart and form bodies).
import type { Check } from '../check.js';

/** `type/subtype` with optional parameters, or a range (`text/*`, `*\/*`), as RFC 9110 writes them. */
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const mediaRange = new RegExp(`^(?:\\*/\\*|${token}/(?:\\*|${token}))(?:\\s*;.*)?$`);

export const mediaTypeValid: Check = {
  id: 'media-type-valid',
  category: 'validity',
  severity: 'error',
  description: 'Each key of a `content` map is a media type or media type range (`application/json`, `text/*`).',
  run(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'MediaType') continue;
      const key = node.pointer[node.pointer.length - 1]!;
      if (!mediaRange.test(key)) report({ place: node, message: `\`${key}\` is not a media type: write type/subtype, such as application/json or text/*.` });
      const encoding = node.value['encoding'];
      if (encoding !== undefined && !/^(multipart\/|application\/x-www-form-urlencoded)/i.test(key)) {
        report({ place: node, property: ['encoding'], severity: 'warn', message: `\`encoding\` applies to multipart and application/x-www-form-urlencoded bodies only; under \`${key}\` it is ignored.` });
      }
    }
  },
};
