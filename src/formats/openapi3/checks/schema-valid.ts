// The document against the official OpenAPI 3.0, 3.1 or 3.2 JSON Schema, with explain.ts's messages; a file
// reached through a `$ref` against the part of the schema for the place that names it.
import { explain } from '../../swagger2/validate/explain.js';
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import { isEntryKind } from '../entry-points.js';
import { describe } from '../kinds.js';
import { checkedDialects } from '../dialects.js';
import { jsonSchema2020 } from '../version.js';


export const schemaValid: Check = {
  id: 'schema-valid',
  category: 'validity',
  severity: 'error',
  description: 'The document conforms to the official JSON Schema of its OpenAPI version (3.0, 3.1 or 3.2; from 3.1 on, Schema Objects as JSON Schema 2020-12).',
  run(model, report, validators) {
    const forVersion = validators[model.version];
    const dialect = model.root['jsonSchemaDialect'];
    // the 3.1 validator itself leaves a document's Schema Objects unchecked when its dialect is another
    const otherDialect = jsonSchema2020(model.version) && typeof dialect === 'string' && !checkedDialects.includes(dialect);
    const document = forVersion.document;
    const root = model.doc.root;
    if (!document(root.value)) {
      for (const problem of explain(document.errors ?? [], root.value, (pointer) => describe(root.value, pointer))) {
        // `openapi` was checked first (openapi-version); a missing one cannot reach here
        report({ place: { source: root, pointer: [] }, property: problem.pointer, at: problem.at, message: problem.message, ...(problem.missing ? { missing: problem.missing } : {}) });
      }
    }
    // targets in other files, each once, as the kind of the first place that names it
    const checked = new Set<string>();
    for (const site of model.refs) {
      const { target } = site;
      if (!target.ok || target.source === root || !isEntryKind(site.kind) || (otherDialect && site.kind === 'Schema')) continue;
      const key = `${target.source.uri}#${target.pointer.join('/')}`;
      if (checked.has(key) || !isObject(target.value) || typeof target.value['$ref'] === 'string') continue;
      checked.add(key);
      const validate = forVersion[site.kind];
      if (validate(target.value)) continue;
      const value = target.value;
      for (const problem of explain(validate.errors ?? [], value, (pointer) => describe(value, pointer, site.kind))) {
        report({ place: { source: target.source, pointer: target.pointer }, property: problem.pointer, at: problem.at, message: problem.message });
      }
    }
  },
};
