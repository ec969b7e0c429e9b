import type { IncomingMessage } from 'node:http';
import { ClaimsPrincipal, transformClaims, type RoleMap } from './claims.js';

/**
 * Token authentication as the interface specification builds it: an options type, a handler type
 * and a middleware type, registered at start-up (see server.ts). Each handler knows one kind of
 * credential; the middleware asks them in turn and then runs the claims transformation.
 */
export interface AuthenticationOptions {
  /** JWTs: the accepted `iss` values. No issuer: JWTs are not accepted. */
  issuers: readonly string[];
  /** JWTs: the accepted `aud` values. */
  audiences: readonly string[];
  /** JWTs: the identity provider's key set. */
  jwksUrl?: string | undefined;
  /** The longest a token may live: a JWT issued longer ago, or a service token asked for longer, is refused. */
  tokenLifetimeSeconds: number;
  /** Addresses of reverse proxies trusted to hand over the user they signed in (header X-Forwarded-User). */
  trustedProxies: readonly string[];
  /** The header in which those proxies hand over the user's groups; none: groups are not taken from a proxy. */
  proxyGroupsHeader?: string | undefined;
  roleMap: RoleMap;
}

/** What a handler concludes about a request. */
export type AuthenticateResult =
  /** No credential of this handler's kind: the next handler is asked. */
  | { kind: 'none' }
  | { kind: 'success'; principal: ClaimsPrincipal }
  /** A credential of this kind that is not valid: the request is unauthenticated (401). */
  | { kind: 'fail'; reason: string };

export interface AuthenticationHandler {
  readonly scheme: string;
  authenticate(request: IncomingMessage): Promise<AuthenticateResult>;
}

/** A request's outcome: a principal, or why not (never the credential itself). */
export type Authentication = { ok: true; principal: ClaimsPrincipal; scheme: string } | { ok: false; reason: string };

export class AuthenticationMiddleware {
  readonly #handlers: AuthenticationHandler[] = [];

  constructor(readonly options: AuthenticationOptions) {}

  /** Registers a handler; handlers are asked in the order they were added. */
  addScheme(handler: AuthenticationHandler): this {
    this.#handlers.push(handler);
    return this;
  }

  get schemes(): readonly string[] {
    return this.#handlers.map((h) => h.scheme);
  }

  get handlers(): readonly AuthenticationHandler[] {
    return this.#handlers;
  }

  async authenticate(request: IncomingMessage): Promise<Authentication> {
    for (const handler of this.#handlers) {
      const result = await handler.authenticate(request);
      if (result.kind === 'none') continue;
      if (result.kind === 'fail') return { ok: false, reason: result.reason };
      return { ok: true, principal: transformClaims(result.principal, this.options.roleMap), scheme: handler.scheme };
    }
    return { ok: false, reason: 'no credentials: send Authorization: Bearer <token>' };
  }
}

/** The bearer token of a request, `undefined` when there is no Authorization header, `null` when it is not a bearer one. */
export function bearerToken(request: IncomingMessage): string | undefined | null {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return m ? m[1]! : null;
}
