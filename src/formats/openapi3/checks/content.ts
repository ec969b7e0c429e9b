// Media types as content keys, and encoding only where it applies (multipart and form request bodies,
// for properties their schema has).
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import { declaredProperties } from './properties.js';
import { encodingInResponses } from '../version.js';

/** `type/subtype` with optional parameters, or a range (`text/*`, `*\/*`), as RFC 9110 writes them. */
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const mediaRange = new RegExp(`^(?:\\*/\\*|${token}/(?:\\*|${token}))(?:\\s*;.*)?$`);

export const mediaTypeValid: Check = {
  id: 'media-type-valid',
  category: 'validity',
  severity: 'error',
  description: 'Each key of a `content` map is a media type or media type range (`application/json`, `text/*`).',
  run(model, report) {
    // a content key, whether its value is a Media Type or (3.2) a `$ref` to one; components/mediaTypes keys are names
    const keyed = [...model.nodes.filter((n) => n.kind === 'MediaType'), ...model.refs.filter((r) => r.kind === 'MediaType')];
    for (const node of keyed) {
      if (node.pointer[node.pointer.length - 2] !== 'content') continue;
      const key = node.pointer[node.pointer.length - 1]!;
      if (!mediaRange.test(key)) report({ place: node, message: `\`${key}\` is not a media type: write type/subtype, such as application/json or text/*.` });
    }
  },
};

export const encodingValid: Check = {
  id: 'encoding-valid',
  category: 'validity',
  severity: 'error',
  description: '`encoding` stands in multipart and application/x-www-form-urlencoded request bodies only, and each of its keys is a property of the body\'s schema.',
  run(model, report) {
    const requestBodies = new Set(model.nodes.filter((n) => n.kind === 'RequestBody').map((n) => `${n.source.uri}#${n.pointer.join('/')}`));
    for (const node of model.nodes) {
      if (node.kind !== 'MediaType' || node.value['encoding'] === undefined) continue;
      const key = node.pointer[node.pointer.length - 1]!;
      // "SHALL only apply to Request Body Objects", "only when the media type is multipart or application/x-www-form-urlencoded"
      if (!encodingInResponses(model.version) && !requestBodies.has(`${node.source.uri}#${node.pointer.slice(0, -2).join('/')}`)) {
        report({ place: node, property: ['encoding'], severity: 'warn', message: '`encoding` applies to request bodies only; here it is ignored.' });
        continue;
      }
      if (!/^(multipart\/|application\/x-www-form-urlencoded)/i.test(key)) {
        report({ place: node, property: ['encoding'], severity: 'warn', message: `\`encoding\` applies to multipart and application/x-www-form-urlencoded bodies only; under \`${key}\` it is ignored.` });
        continue;
      }
      const encoding = node.value['encoding'];
      const schema = node.value['schema'];
      if (!isObject(encoding) || !isObject(schema)) continue;
      const declared = declaredProperties(model, { source: node.source, pointer: [...node.pointer, 'schema'] }, schema);
      if (declared.open || declared.names.size === 0) continue;
      for (const name of Object.keys(encoding)) {
        if (declared.names.has(name)) continue;
        // "The key, being the property name, MUST exist in the schema as a property."
        report({ place: node, property: ['encoding', name], message: `\`encoding\` names \`${name}\`, which is not a property of the body's schema (it has ${[...declared.names].join(', ')}); an encoding's key is the property it applies to.` });
      }
    }
  },
};
