import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { operationParams, operationsOf, type Param } from './lib/operation-params.js';
import { isObject, resolveChild } from './lib/resolve.js';
import { isVersionName, serverVersion } from './lib/api-version.js';
import { servedPaths } from './lib/served-paths.js';

/** Where an operation's accepted versions are written: a node and the key below it. */
interface Accepted {
  node: Node;
  property: string[];
  versions: string[];
}

/** The versions a value accepts: its enum, else its const or default (one showing none says nothing). */
function versionsOf(node: Node, value: JsonObject, keys: string[] = []): Accepted | undefined {
  if (Array.isArray(value['enum'])) return { node, property: [...keys, 'enum'], versions: value['enum'].map(String).sort() };
  for (const key of ['const', 'default']) if (value[key] !== undefined) return { node, property: [...keys, key], versions: [String(value[key])] };
  return undefined;
}

/** A parameter's accepted versions: Swagger 2.0's are its own, OpenAPI 3's its schema's (`$ref` followed). */
function paramVersions(ctx: RuleContext, param: Param): Accepted | undefined {
  if (ctx.format.id !== 'openapi3') return versionsOf(param, param.value);
  const schema = resolveChild(ctx, param, 'schema', 'Schema');
  return schema && versionsOf(schema, schema.value);
}

/** OpenAPI 3: the versions the servers an operation is served from choose (its own, its path item's, or the document's). */
function serverVersions(ctx: RuleContext, owners: Node[]): Accepted[] {
  const owner = owners.find((o) => Array.isArray((o.value as JsonObject)['servers']));
  const servers = owner ? ((owner.value as JsonObject)['servers'] as unknown[]) : [];
  const out: Accepted[] = [];
  servers.forEach((server, i) => {
    const version = isObject(server) ? serverVersion(server) : undefined;
    if (!owner || !isObject(server) || !version) return;
    const node = ctx.child(owner, ['servers', String(i)], server, 'Server');
    const variable = version.variables[0];
    const accepted = version.literal !== undefined ? { node, property: ['url'], versions: [version.literal] } : variable && versionsOf(node, variable[1], ['variables', variable[0]]);
    if (accepted) out.push(accepted);
  });
  return out;
}

export default defineRule({
  meta: {
    id: 'api-version-consistent',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'off',
    allSeverity: 'warn',
    description: 'All operations that take `api-version` accept the same versions, and `info.version` is among them.',
    messages: {
      otherVersions: 'This api-version accepts {{versions}}, but most operations accept {{common}}; one API version is one set of operations.',
      infoVersion: 'info.version {{version}} is not among the api-version values the operations accept ({{common}}).',
    },
    docs: `One version of the API is one set of operations: when operations accept different \`api-version\` values
(by \`enum\`, or by \`default\` where there is no enum), a client pinned to one version finds some operations
missing. The set most operations accept is the API's; an operation that differs is reported at its
parameter, and \`info.version\` is expected among the versions. OpenAPI 3: a parameter's versions are its
\`schema\`'s (\`enum\`, else \`const\` or \`default\`), and an operation without an \`api-version\` parameter accepts
those its servers choose (\`?api-version=7.1\` in the URL, or the variable that stands there or is named
\`api-version\`), from its own \`servers\`, its path item's or the document's.

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
        if (isVersionName(param['name'])) anyVersion = true;
      },
      Server(server) {
        if (serverVersion(server)) anyVersion = true;
      },
      // the path items the API serves (a callback's operations are requests it sends)
      ...servedPaths(ctx, (_key, node) => items.push(node)),
      'Document:done'() {
        if (!anyVersion) return;
        // By where the parameter is defined (a shared one is reported once), with how many operations take it.
        const found = new Map<string, Accepted & { operations: number }>();
        for (const item of items) {
          for (const method of operationsOf(item)) {
            const param = operationParams(ctx, item, method).find((p) => isVersionName(p.value['name']));
            const accepted = param ? [paramVersions(ctx, param)].filter((a) => a !== undefined)
              : ctx.format.id === 'openapi3' && documentNode ? serverVersions(ctx, [ctx.child(item, method, undefined, 'Operation'), item, documentNode]) : [];
            for (const a of accepted) {
              const where = `${a.node.source.uri}#${[...a.node.pointer, ...a.property].join('/')}`;
              found.set(where, { ...a, operations: (found.get(where)?.operations ?? 0) + 1 });
            }
          }
        }
        const tally = new Map<string, number>();
        for (const f of found.values()) tally.set(f.versions.join(', '), (tally.get(f.versions.join(', ')) ?? 0) + f.operations);
        const common = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
        if (common === undefined) return;
        for (const { node, property, versions } of found.values()) {
          if (versions.join(', ') === common) continue;
          ctx.report({ node, property, ...(property[0] === 'url' ? { at: 'value' as const } : {}), messageId: 'otherVersions', data: { versions: versions.join(', '), common } });
        }
        const version = (documentNode?.value as { info?: { version?: unknown } } | undefined)?.info?.version;
        if (documentNode && version !== undefined && !common.split(', ').includes(String(version))) {
          ctx.report({ node: documentNode, property: ['info', 'version'], at: 'value', messageId: 'infoVersion', data: { version: JSON.stringify(version), common } });
        }
      },
    };
  },
});
