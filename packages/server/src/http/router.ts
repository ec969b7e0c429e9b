import type { IncomingMessage, ServerResponse } from 'node:http';

/** A route as the service's Swagger document writes its path: `/apis/{api_id}/revisions`. */
export interface Route<Context> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /**
   * `api`: a REST operation (in the Swagger document, takes api-version); `probe`: a REST operation
   * that health checks, scrapers and tools call blind, with no api-version and no credentials;
   * `page`: HTML for people; `sign-in`: the browser's way in and out, HTML without credentials.
   */
  kind: 'api' | 'probe' | 'page' | 'sign-in';
  handle: (context: Context, params: Record<string, string>) => Promise<void>;
}

export interface Match<Context> {
  route: Route<Context>;
  params: Record<string, string>;
}

/** Matches a request's method and path; `allowed` lists the methods of a path that exists. */
export function matchRoute<Context>(routes: readonly Route<Context>[], method: string, pathname: string): Match<Context> | { allowed: string[] } {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params };
    allowed.push(route.method);
  }
  return { allowed };
}

function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const m = /^\{(\w+)\}$/.exec(want[i]!);
    if (m) {
      let value: string;
      try {
        value = decodeURIComponent(have[i]!);
      } catch {
        return undefined;
      }
      // no id holds a control character, and PostgreSQL's text cannot hold NUL: such a path names nothing
      if (value === '' || /[\u0000-\u001f]/.test(value)) return undefined;
      params[m[1]!] = value;
    } else if (want[i] !== have[i]) return undefined;
  }
  return params;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;
