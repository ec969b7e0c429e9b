// What the schemas cannot see about paths: path parameters declared and used, no two templates that
// differ only in their parameters' names.
import type { Check } from '../check.js';
import { operations, pathItems } from './operations.js';

const templateNames = (path: string) => [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);

export const pathParamsMatch: Check = {
  id: 'path-params-match',
  category: 'validity',
  severity: 'error',
  description: 'Each `{name}` in a path has a path parameter of that name, and each path parameter is in its path.',
  run(model, report) {
    for (const op of operations(model)) {
      if (op.path === undefined) continue;
      const names = templateNames(op.path);
      const declared = op.parameters.filter((p) => p.value['in'] === 'path');
      const declaredNames = new Set(declared.map((p) => String(p.value['name'])));
      for (const name of new Set(names)) {
        if (declaredNames.has(name)) continue;
        report({ place: op, message: `\`${op.method.toUpperCase()} ${op.path}\` has \`{${name}}\` in its path but no path parameter \`${name}\`: declare it (in: path, required: true) on the operation or its path item.` });
      }
      for (const p of declared) {
        const name = String(p.value['name']);
        if (names.includes(name)) continue;
        report({ place: p, property: ['name'], at: 'value', message: `Path parameter \`${name}\` is not in the path \`${op.path}\`: add \`{${name}}\` to the path, or make it another kind of parameter.` });
      }
    }
  },
};

export const pathUniqueTemplate: Check = {
  id: 'path-unique-template',
  category: 'validity',
  severity: 'error',
  description: 'No two paths differ only in the names of their template parameters (`/a/{id}` and `/a/{name}` are the same path).',
  run(model, report) {
    const byShape = new Map<string, string>();
    for (const item of pathItems(model)) {
      const shape = item.path.replace(/\{[^{}]*\}/g, '{}');
      const earlier = byShape.get(shape);
      if (earlier === undefined) byShape.set(shape, item.path);
      else report({ place: item.keyPlace, message: `\`${item.path}\` is the same path as \`${earlier}\`: templates that differ only in their parameters' names are identical; merge them.` });
    }
  },
};
