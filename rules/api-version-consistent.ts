import { defineRule, type Node } from '../src/lint/rule.js';
import { operationParams, operationsOf, type Param } from './lib/operation-params.js';

/** The versions a parameter accepts: its enum, else its default (a parameter showing neither says nothing). */
function acceptedVersions(param: Param): { key: string; versions: string[] } | undefined {
  const { value } = param;
  if (Array.isArray(value['enum'])) return { key: 'enum', versions: value['enum'].map(String).sort() };
  if (value['default'] !== undefined) return { key: 'default', versions: [String(value['default'])] };
  return undefined;
}

export default defineRule({
  meta: {
    id: 'api-version-consistent',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'off',
    allSeverity: 'warn',
    description: 'All operations that take `api-version` accept the same versions, and `info.version` is among them.',
    docs: `One version of the API is one set of operations: when operations accept different \`api-version\` values
(by \`enum\`, or by \`default\` where there is no enum), a client pinned to one version finds some operations
missing. The set most operations accept is the API's; an operation that differs is reported at its
parameter, and \`info.version\` is expected among the versions.

Fails:

\`\`\`yaml
info: {version: '7.1'}
paths:
  /a: {get: {parameters: [{name: api-version, in: query, type: string, enum: ['7.1']}]}}
  /b: {get: {parameters: [{name: api-version, in: query, type: string, enum: ['7.0']}]}}
\`\`\`

Passes:

\`\`\`yaml
info: {version: '7.1'}
paths:
  /a: {get: {parameters: [{name: api-version, in: query, type: string, enum: ['7.1']}]}}
  /b: {get: {parameters: [{name: api-version, in: query, type: string, enum: ['7.1']}]}}
\`\`\``,
  },
  create: (ctx) => {
    let documentNode: Node | undefined;
    let anyVersion = false; // operations' parameters are resolved only where some api-version exists
    const items: Node[] = [];
    return {
      Document(_doc, node) {
        documentNode = node;
      },
      Parameter(param) {
        if (String(param['name']).toLowerCase() === 'api-version') anyVersion = true;
      },
      PathItem(_item, node) {
        items.push(node);
      },
      'Document:done'() {
        if (!anyVersion) return;
        // By where the parameter is defined (a shared one is reported once), with how many operations take it.
        const found = new Map<string, { param: Param; key: string; versions: string[]; operations: number }>();
        for (const item of items) {
          for (const method of operationsOf(item)) {
            const param = operationParams(ctx, item, method).find((p) => String(p.value['name']).toLowerCase() === 'api-version');
            const accepted = param && acceptedVersions(param);
            if (!param || !accepted) continue;
            const where = `${param.source.uri}#${param.pointer.join('/')}`;
            found.set(where, { param, ...accepted, operations: (found.get(where)?.operations ?? 0) + 1 });
          }
        }
        const tally = new Map<string, number>();
        for (const f of found.values()) tally.set(f.versions.join(', '), (tally.get(f.versions.join(', ')) ?? 0) + f.operations);
        const common = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
        if (common === undefined) return;
        for (const { param, key, versions } of found.values()) {
          if (versions.join(', ') === common) continue;
          ctx.report({ node: param, property: key, message: `This api-version accepts ${versions.join(', ')}, but most operations accept ${common}; one API version is one set of operations.` });
        }
        const version = (documentNode?.value as { info?: { version?: unknown } } | undefined)?.info?.version;
        if (documentNode && version !== undefined && !common.split(', ').includes(String(version))) {
          ctx.report({ node: documentNode, property: ['info', 'version'], at: 'value', message: `info.version ${JSON.stringify(version)} is not among the api-version values the operations accept (${common}).` });
        }
      },
    };
  },
});
