// OpenAPI 3's places where credentials would travel in clear text: the servers an operation that needs
// basic or apiKey credentials is served from, and the URLs of oauth2 flows and OpenID Connect discovery.
// It reports by credentials-over-https's message ids (`clearText` is Swagger 2.0's `schemes` finding too).
import type { JsonObject as Json, Node, RuleContext } from '../../src/lint/rule.js';
import { openapi3Version } from './openapi3.js';
import type { ServedOperation } from './served-paths.js';
import { isObject } from './resolve.js';

/** A host on this machine: a request to it never crosses a network (a development server). */
const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** Whether a URL goes over plain http to another machine. */
export function inClear(url: string): boolean {
  const match = /^http:\/\/([^/?#]*)/i.exec(url);
  return match !== null && !loopback.test(match[1]!.replace(/^[^@]*@/, ''));
}

/** Where in a Server Object plain http is chosen: the URL itself, or a value of the variable that is its scheme. */
function clearTextPlaces(server: Json): string[][] {
  const url = typeof server['url'] === 'string' ? server['url'] : '';
  if (inClear(url)) return [['url']];
  const scheme = /^\{([^{}]+)\}:\/\//.exec(url)?.[1];
  const variable = scheme === undefined || !isObject(server['variables']) ? undefined : server['variables'][scheme];
  if (!isObject(variable)) return [];
  const rest = url.slice(scheme!.length + 2);
  const places: string[][] = [];
  if (typeof variable['default'] === 'string' && inClear(variable['default'] + rest)) places.push(['variables', scheme!, 'default']);
  if (Array.isArray(variable['enum'])) variable['enum'].forEach((v, i) => typeof v === 'string' && inClear(v + rest) && places.push(['variables', scheme!, 'enum', String(i)]));
  return places;
}

const credentialType = (scheme: Json): string | undefined =>
  scheme['type'] === 'apiKey' ? 'apiKey' : scheme['type'] === 'http' && String(scheme['scheme']).toLowerCase() === 'basic' ? 'http basic' : undefined;

/** Reports each server that serves one of the operations (the API's, in document order) needing basic or apiKey credentials over plain http. */
export function reportClearServers(ctx: RuleContext, operations: readonly ServedOperation[]): void {
  if (openapi3Version(ctx) === undefined) return;
  const root = ctx.document.root;
  const rootNode = ctx.nodeAt<Json>(root, []);
  const components = rootNode.value['components'];
  const schemes = isObject(components) && isObject(components['securitySchemes']) ? components['securitySchemes'] : {};
  const typeOf = new Map<string, string | undefined>();
  const credentials = (name: string) => {
    if (!typeOf.has(name)) {
      const scheme = Object.hasOwn(schemes, name) ? ctx.resolve(ctx.nodeAt(root, ['components', 'securitySchemes', name])) : undefined;
      typeOf.set(name, scheme?.ok && isObject(scheme.value) ? credentialType(scheme.value) : undefined);
    }
    return typeOf.get(name);
  };
  const reported = new Set<Json>(); // a server shared by every operation (the document's) once
  for (const op of operations) {
    const security = Array.isArray(op.node.value['security']) ? op.node.value['security'] : rootNode.value['security'];
    const needed = (Array.isArray(security) ? security : []).flatMap((r) => (isObject(r) ? Object.keys(r) : [])).find((n) => credentials(n) !== undefined);
    if (needed === undefined) continue;
    // the operation's own servers, else its path item's, else the document's
    const owner = [op.node, op.item, rootNode].find((o) => Array.isArray(o.value['servers']));
    const servers = owner ? (owner.value['servers'] as unknown[]) : [];
    servers.forEach((server, i) => {
      if (!isObject(server) || reported.has(server)) return;
      const places = clearTextPlaces(server);
      if (places.length === 0) return;
      reported.add(server);
      const node = ctx.nodeAt(owner!.source, [...owner!.pointer, 'servers', String(i)], { kind: 'Server' });
      for (const property of places) {
        ctx.report({
          node,
          property,
          at: 'value',
          messageId: 'clearText',
          data: {
            where: `Server '${String(server['url'])}' (${property[0] === 'url' ? 'plain http' : `its variable '${property[1]!}' offers http`}), serving ${op.method.toUpperCase()} ${op.path},`,
            name: needed,
            type: credentials(needed)!,
            fix: 'an https:// URL',
          },
        });
      }
    });
  }
}

const flowUrls = ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const;

/** Reports an oauth2 flow's or an OpenID Connect scheme's URL over plain http: tokens, codes and passwords go there. */
export function reportClearSchemeUrls(ctx: RuleContext, scheme: Json, node: Node): void {
  const url = scheme['openIdConnectUrl'];
  if (scheme['type'] === 'openIdConnect' && typeof url === 'string' && inClear(url)) {
    ctx.report({ node, property: 'openIdConnectUrl', at: 'value', messageId: 'discovery', data: { url, scheme: node.key } });
  }
  const flows = scheme['flows'];
  if (scheme['type'] !== 'oauth2' || !isObject(flows)) return;
  for (const [flow, value] of Object.entries(flows)) {
    if (!isObject(value)) continue;
    for (const key of flowUrls) {
      const at = value[key];
      if (typeof at !== 'string' || !inClear(at)) continue;
      ctx.report({ node, property: ['flows', flow, key], at: 'value', messageId: key === 'authorizationUrl' ? 'authorizationUrl' : 'tokenUrl', data: { key, url: at, flow, scheme: node.key } });
    }
  }
}
