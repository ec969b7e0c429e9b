import type { IncomingMessage } from 'node:http';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { bearerToken, type AuthenticateResult, type AuthenticationHandler, type AuthenticationOptions } from './authentication.js';
import { ClaimsPrincipal, ClaimTypes, reservedNameReason, type Claim } from './claims.js';

/**
 * JWTs from the organization's identity provider, verified with `jose` against its JWKS URL: the
 * signature, `iss` among the configured issuers, `aud` among the audiences, `exp`/`nbf`, and an
 * `iat` no older than the token lifetime. Groups (`groups`) and scopes (`scope` or `scp`) become
 * claims for the claims transformation to map to roles.
 */
export class JwtHandler implements AuthenticationHandler {
  readonly scheme = 'jwt';
  readonly #keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(private readonly options: AuthenticationOptions) {
    this.#keys = options.jwksUrl ? createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 }) : undefined;
  }

  async authenticate(request: IncomingMessage): Promise<AuthenticateResult> {
    const token = bearerToken(request);
    if (!token || token.split('.').length !== 3) return { kind: 'none' };
    if (!this.#keys || this.options.issuers.length === 0 || this.options.audiences.length === 0) return { kind: 'fail', reason: 'this service accepts no JWTs (no --jwks-url, --issuer and --audience)' };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.#keys, {
        issuer: [...this.options.issuers],
        audience: [...this.options.audiences],
        maxTokenAge: this.options.tokenLifetimeSeconds,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      return { kind: 'fail', reason: `JWT refused: ${reasonOf(error)}` };
    }
    const name = typeof payload['preferred_username'] === 'string' ? payload['preferred_username'] : payload.sub!;
    const reserved = reservedNameReason(name);
    if (reserved) return { kind: 'fail', reason: `JWT refused: its user name ${reserved}` };
    const claims: Claim[] = [
      { type: ClaimTypes.name, value: name },
      { type: ClaimTypes.authenticationMethod, value: this.scheme },
      ...strings(payload['groups']).map((value) => ({ type: ClaimTypes.group, value })),
      ...[...strings(payload['scp']), ...(typeof payload['scope'] === 'string' ? payload['scope'].split(' ').filter(Boolean) : [])].map((value) => ({ type: ClaimTypes.scope, value })),
    ];
    return { kind: 'success', principal: new ClaimsPrincipal(claims) };
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** jose's reason without the token: its error codes and claim names. */
function reasonOf(error: unknown): string {
  // an `iat` older than the lifetime is also JWTExpired, told apart by its claim
  if (error instanceof errors.JWTExpired) return `expired (claim ${error.claim})`;
  if (error instanceof errors.JWTClaimValidationFailed) return `claim ${error.claim} (${error.reason})`;
  if (error instanceof errors.JOSEError) return error.code;
  return 'cannot be verified';
}
