import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Store, TokenRecord } from '../store.js';
import { bearerToken, type AuthenticateResult, type AuthenticationHandler } from './authentication.js';
import { ClaimsPrincipal, ClaimTypes, type Identity, type Role } from './claims.js';

// Service tokens, for CI: random, shown once when created, stored only as a hash, revocable, with an
// expiry. The form `swl_<id>_<secret>` lets the service find the row by id and compare hashes in
// constant time; a leaked database gives hashes of 256-bit secrets, which cannot be turned back.

const tokenPattern = /^swl_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewToken {
  record: TokenRecord;
  /** The token itself: returned once to whoever created it, never stored or logged. */
  token: string;
}

export async function createServiceToken(
  store: Store,
  input: {
    name: string;
    roles: readonly Role[];
    createdBy: string;
    /** The creator and whom it acts for: the token's path rights are bounded by theirs. Null: the operator's token, unbounded. */
    delegatedFrom: readonly Identity[] | null;
    lifetimeSeconds: number;
  },
): Promise<NewToken> {
  const id = randomBytes(8).toString('hex');
  const token = `swl_${id}_${randomBytes(32).toString('base64url')}`;
  const expires = new Date(Date.now() + input.lifetimeSeconds * 1000).toISOString();
  const record = await store.addToken({
    id,
    name: input.name,
    hash: hashToken(token),
    roles: [...input.roles],
    created_by: input.createdBy,
    expires_at: expires,
    delegated_from: input.delegatedFrom && input.delegatedFrom.map((i) => ({ name: i.name, groups: [...i.groups] })),
  });
  if (record === 'name-live') throw new TokenNameTaken(`a live service token is named '${input.name}' already; revoke it first, or choose another name`);
  if (record === 'name-owned') throw new TokenNameTaken(`the token name '${input.name}' belongs to whoever first made a token of that name; choose another name`);
  return { record, token };
}

/**
 * The name cannot be this creator's now. Path authorization names tokens by it (`token:<name>`), so a
 * name is one live token's, and always its first creator's: nobody takes over a name, revoked or not.
 */
export class TokenNameTaken extends Error {}

export class ServiceTokenHandler implements AuthenticationHandler {
  readonly scheme = 'service-token';

  constructor(private readonly store: Store) {}

  async authenticate(request: IncomingMessage): Promise<AuthenticateResult> {
    const token = bearerToken(request);
    if (!token || !token.startsWith('swl_')) return { kind: 'none' };
    return this.verify(token);
  }

  /** A service token as given (a bearer token, the sign-in form's field): who it is, or why not. */
  async verify(token: string): Promise<AuthenticateResult> {
    const m = tokenPattern.exec(token);
    if (!m) return { kind: 'fail', reason: 'malformed service token' };
    const record = await this.store.token(m[1]!);
    const given = Buffer.from(hashToken(token), 'hex');
    // compare even when there is no row, so timing does not tell which ids exist
    const expected = Buffer.from(record?.hash ?? '0'.repeat(64), 'hex');
    if (!record || !timingSafeEqual(given, expected)) return { kind: 'fail', reason: 'unknown service token' };
    return this.#principal(record, this.scheme);
  }

  /** The token of this id as it is now (revoked, expired or live), for a session opened with it; `method` names how the request came. */
  async byId(id: string, method: string): Promise<AuthenticateResult> {
    const record = await this.store.token(id);
    if (!record) return { kind: 'fail', reason: 'unknown service token' };
    return this.#principal(record, method);
  }

  #principal(record: TokenRecord, method: string): AuthenticateResult {
    if (record.revoked_at !== null) return { kind: 'fail', reason: 'revoked service token' };
    if (Date.parse(record.expires_at) <= Date.now()) return { kind: 'fail', reason: 'expired service token' };
    return {
      kind: 'success',
      principal: new ClaimsPrincipal([
        { type: ClaimTypes.name, value: `token:${record.name}` },
        { type: ClaimTypes.authenticationMethod, value: method },
        ...record.roles.map((value) => ({ type: ClaimTypes.role, value })),
        ...(record.delegated_from ?? []).map((identity) => ({ type: ClaimTypes.actor, value: JSON.stringify(identity) })),
      ]),
    };
  }
}
