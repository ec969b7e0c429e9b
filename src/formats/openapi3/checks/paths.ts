// What the schemas cannot see about paths and operations: path parameters declared and used, unique
// operationIds, unique parameters, no two templates that differ only in their parameters' names.
import type { Check } from '../check.js';
import { operations, parameterIdentity, parameterList, pathItems } from './operations.js';

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

export const operationIdUnique: Check = {
  id: 'operation-id-unique',
  category: 'validity',
  severity: 'error',
  description: 'Every operationId is unique among all the operations of the document (paths, webhooks and callbacks).',
  run(model, report) {
    const first = new Map<string, string>();
    for (const node of model.nodes) {
      if (node.kind !== 'Operation' || typeof node.value['operationId'] !== 'string') continue;
      const id = node.value['operationId'];
      const where = node.pointer.slice(0, -1).join(' ') + ' ' + node.pointer[node.pointer.length - 1];
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, where);
      else report({ place: node, property: ['operationId'], at: 'value', message: `operationId \`${id}\` is already used (at ${earlier.trim()}); operationIds must be unique.` });
    }
    // A path item that a second path takes by `$ref` (one in components/pathItems, or another path's) is
    // written once, so the list above meets its operations once, but each is one more operation with its id.
    const takenBy = new Map<string, string>(); // the path item's definition → the first path that serves it
    for (const op of operations(model)) {
      if (typeof op.value['operationId'] !== 'string') continue;
      const definition = `${op.source.uri}#${op.pointer.join('/')}`;
      const path = takenBy.get(definition);
      if (path === undefined) takenBy.set(definition, op.item.path);
      else if (path !== op.item.path) report({ place: op.item.keyPlace, property: ['$ref'], at: 'value', message: `\`${op.item.path}\` takes by $ref the path item of \`${path}\`, so its operationId \`${op.value['operationId']}\` (${op.method.toUpperCase()}) names two operations; copy the path item and give its operations their own operationIds.` });
    }
  },
};

export const parameterUnique: Check = {
  id: 'parameter-unique',
  category: 'validity',
  severity: 'error',
  description: 'A parameter list names each parameter (name and location) once.',
  run(model, report) {
    const lists = model.nodes.filter((n) => n.kind === 'PathItem' || n.kind === 'Operation');
    for (const node of lists) {
      const seen = new Set<string>();
      for (const p of parameterList(model, { source: node.source, pointer: [...node.pointer, 'parameters'] }, node.value['parameters'])) {
        const id = parameterIdentity(p.value);
        if (!seen.has(id)) {
          seen.add(id);
          continue;
        }
        report({ place: p, property: ['name'], at: 'value', message: `The ${String(p.value['in'])} parameter \`${String(p.value['name'])}\` is listed twice here; a name and location may appear once in a list.` });
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
