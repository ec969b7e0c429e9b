import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as oidc from 'openid-client';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import type { AuthenticateResult, AuthenticationHandler } from './authentication.js';
import { ClaimsPrincipal, ClaimTypes, reservedNameReason } from './claims.js';

// Browser sign-in: OpenID Connect's authorization code flow with PKCE against the organization's
// identity provider (openid-client), then a session kept in the database and named by a random value
// in a cookie that is `Secure`, `HttpOnly`, `SameSite=Lax` and `__Host-` (this host only, path /).
// The cookie signs in the pages alone: the REST API takes bearer tokens, so a page another site
// opens cannot make the API act with the user's session.

export interface BrowserSignInOptions {
  /** The identity provider's issuer URL (its discovery document is under it). */
  issuer: string;
  clientId: string;
  /** Absent: a public client, authenticated by PKCE alone. */
  clientSecret?: string | undefined;
  /** The service's address as browsers reach it: the redirect URI is `<publicUrl>/signin/callback`. */
  publicUrl: string;
  sessionSeconds: number;
}

export const sessionCookie = '__Host-swaglint-session';
/** The sign-in's state, in the browser that started it: an answer brought to another browser is refused. */
export const signInCookie = '__Host-swaglint-signin';
/** A sign-in that has not come back within this time is forgotten. */
const signInSeconds = 600;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** The value of one cookie of a request, or undefined. */
export function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A path on this service to come back to after signing in: never another site (`//evil`, `/\evil`). */
export function localPath(value: string | null): string {
  return value !== null && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : '/';
}

export class BrowserSignIn {
  #config: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly options: BrowserSignInOptions,
    private readonly db: Queryable,
  ) {}

  get redirectUri(): string {
    return `${this.options.publicUrl}/signin/callback`;
  }

  /** The identity provider's configuration, discovered once (again after a failure). */
  #configuration(): Promise<oidc.Configuration> {
    const issuer = new URL(this.options.issuer);
    // plain http only to a provider on this machine (a test, a development set-up)
    const loopback = /^(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(issuer.hostname);
    this.#config ??= oidc
      .discovery(issuer, this.options.clientId, this.options.clientSecret, undefined, loopback && issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {})
      .catch((error: unknown) => {
        this.#config = undefined;
        throw new HttpError(502, 'identity-provider-unavailable', `The identity provider at ${issuer.origin} cannot be reached (${(error as { code?: string }).code ?? 'no answer'}); try again later.`);
      });
    return this.#config;
  }

  /**
   * Where to send the browser to sign in, and the cookie that binds the sign-in to it; the state,
   * nonce and PKCE verifier wait in the database.
   */
  async start(returnTo: string): Promise<{ location: string; cookie: string }> {
    const config = await this.#configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    await this.db.query("INSERT INTO signins (state_hash, verifier, nonce, return_to, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))", [hash(state), verifier, nonce, returnTo, signInSeconds]);
    await this.db.query('DELETE FROM signins WHERE expires_at < now()');
    const location = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).href;
    return { location, cookie: `${signInCookie}=${state}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${signInSeconds}` };
  }

  /**
   * The identity provider's answer: exchanges the code (with the verifier), checks the ID token
   * (issuer, audience, nonce, signature) and opens a session. Returns its cookie value and where to go.
   */
  async finish(callback: URL, browserState: string | undefined): Promise<{ session: string; returnTo: string }> {
    const state = callback.searchParams.get('state') ?? '';
    // someone else's sign-in brought to this browser (to sign it in as them) is not this browser's
    if (browserState !== state) throw new HttpError(400, 'sign-in-expired', 'This sign-in was not started in this browser; sign in again.');
    const [pending] = await this.db.query<{ verifier: string; nonce: string; return_to: string }>('DELETE FROM signins WHERE state_hash = $1 AND expires_at > now() RETURNING verifier, nonce, return_to', [hash(state)]);
    if (!pending) throw new HttpError(400, 'sign-in-expired', 'This sign-in is unknown or has expired; sign in again.');
    if (callback.searchParams.has('error')) throw new HttpError(401, 'sign-in-refused', `The identity provider refused the sign-in (${callback.searchParams.get('error')!.slice(0, 100)}).`);
    const config = await this.#configuration();
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: pending.verifier, expectedState: state, expectedNonce: pending.nonce, idTokenExpected: true });
      const idClaims = tokens.claims()!;
      // groups and the user name may come only from the userinfo endpoint (providers differ)
      const info = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
      claims = { ...info, ...idClaims };
    } catch (error) {
      throw new HttpError(401, 'sign-in-refused', `The sign-in could not be completed: ${(error as { code?: string }).code ?? (error as Error).message}.`);
    }
    const name = typeof claims['preferred_username'] === 'string' ? claims['preferred_username'] : String(claims['sub']);
    const reserved = reservedNameReason(name);
    if (reserved) throw new HttpError(403, 'sign-in-refused', `The identity provider's user name ${reserved}.`);
    const groups = Array.isArray(claims['groups']) ? claims['groups'].filter((g): g is string => typeof g === 'string') : [];
    const session = randomBytes(32).toString('base64url');
    await this.db.query('DELETE FROM sessions WHERE expires_at < now()');
    await this.db.query('INSERT INTO sessions (id_hash, name, groups, expires_at) VALUES ($1, $2, $3::jsonb, now() + make_interval(secs => $4))', [hash(session), name, JSON.stringify(groups), this.options.sessionSeconds]);
    return { session, returnTo: pending.return_to };
  }

  async signOut(session: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE id_hash = $1 OR expires_at < now()', [hash(session)]);
  }

  cookie(session: string): string {
    return `${sessionCookie}=${session}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${this.options.sessionSeconds}`;
  }

  /** A header that makes the browser forget the cookie `name`. */
  static clear(name: string): string {
    return `${name}=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0`;
  }
}

/** The pages' sessions: the cookie's value names a live session (only its hash is stored). */
export class SessionHandler implements AuthenticationHandler {
  readonly scheme = 'session';

  /** `tokens`: what a session opened with a service token acts as, that token as it is now. */
  constructor(
    private readonly db: Queryable,
    private readonly tokens?: { byId(id: string, method: string): Promise<AuthenticateResult> },
  ) {}

  async authenticate(request: IncomingMessage): Promise<AuthenticateResult> {
    const value = cookieValue(request, sessionCookie);
    if (value === undefined || value === '') return { kind: 'none' };
    if (!/^[A-Za-z0-9_-]{43}$/.test(value)) return { kind: 'fail', reason: 'malformed session' };
    const [row] = await this.db.query<{ name: string; groups: string[]; token_id: string | null }>('SELECT name, groups, token_id FROM sessions WHERE id_hash = $1 AND expires_at > now()', [hash(value)]);
    if (!row) return { kind: 'fail', reason: 'the session has ended; sign in again' };
    if (row.token_id !== null) return this.tokens ? this.tokens.byId(row.token_id, this.scheme) : { kind: 'fail', reason: 'the session has ended; sign in again' };
    return {
      kind: 'success',
      principal: new ClaimsPrincipal([
        { type: ClaimTypes.name, value: row.name },
        { type: ClaimTypes.authenticationMethod, value: this.scheme },
        ...row.groups.map((value) => ({ type: ClaimTypes.group, value })),
      ]),
    };
  }
}
