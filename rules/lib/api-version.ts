// Where an OpenAPI 3 document chooses its API version besides a parameter: in a server's URL query
// (`?api-version=7.1`, or `?api-version={version}` with a variable), or a server variable named for it.
import { isObject } from './resolve.js';

export const isVersionName = (name: unknown): boolean => typeof name === 'string' && name.toLowerCase() === 'api-version';

export interface ServerVersion {
  /** The value written in the URL's query (`7.1` of `?api-version=7.1`), when it is no variable. */
  literal: string | undefined;
  /** The server variables that carry the version: the one standing after `api-version=`, and any named api-version. */
  variables: Array<[name: string, variable: Record<string, unknown>]>;
}

/** How a Server Object chooses the version; undefined when it does not. */
export function serverVersion(server: Record<string, unknown>): ServerVersion | undefined {
  const url = typeof server['url'] === 'string' ? server['url'] : '';
  const chosen = /[?&]api-version=([^&#]*)/i.exec(url)?.[1];
  const standing = chosen === undefined ? undefined : /^\{([^{}]+)\}$/.exec(chosen)?.[1];
  const declared = isObject(server['variables']) ? server['variables'] : {};
  const variables = Object.entries(declared).filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]) && (entry[0] === standing || isVersionName(entry[0])));
  const literal = standing === undefined ? chosen : undefined;
  return literal === undefined && variables.length === 0 ? undefined : { literal, variables };
}
