import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { cookieValue, sessionCookie } from './browser-sign-in.js';
import type { ServiceTokenHandler } from './service-tokens.js';

// The pages' sign-in when no identity provider is set (the quick start): a form takes a service token
// once and opens a session that acts as that token (checked on every request, so revoking the token
// ends it). The token is sent once, in a POST body, never in a URL. Against login CSRF (another site
// posting its own token to sign a browser in as itself) the form carries a random value that must
// match a SameSite=Strict __Host- cookie the service set with the form, and a request whose Origin
// is another host is refused.

export const csrfCookie = '__Host-swaglint-csrf';
const csrfSeconds = 3600;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export class TokenSignIn {
  constructor(
    private readonly db: Queryable,
    private readonly tokens: ServiceTokenHandler,
    readonly sessionSeconds: number,
  ) {}

  /** A fresh value for the form and the cookie that carries it. */
  form(): { csrf: string; cookie: string } {
    const csrf = randomBytes(32).toString('base64url');
    return { csrf, cookie: `${csrfCookie}=${csrf}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${csrfSeconds}` };
  }

  /**
   * The form's answer: the CSRF value checked, then the token; a session acting as it on success.
   * A token that is not valid answers `{ error }` (the form again, 401).
   */
  async signIn(request: IncomingMessage, fields: URLSearchParams): Promise<{ session: string } | { error: string }> {
    sameOrigin(request);
    const sent = fields.get('csrf') ?? '';
    const kept = cookieValue(request, csrfCookie) ?? '';
    if (sent === '' || sent.length !== kept.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(kept))) {
      throw new HttpError(403, 'forbidden', 'Not allowed: the sign-in form has expired or did not come from this service; open it again.');
    }
    const token = (fields.get('token') ?? '').trim();
    const result = await this.tokens.verify(token);
    if (result.kind !== 'success') return { error: `That token cannot sign in: ${result.kind === 'fail' ? result.reason : 'not a service token'}.` };
    const id = token.split('_')[1]!;
    const session = randomBytes(32).toString('base64url');
    await this.db.query('DELETE FROM sessions WHERE expires_at < now()');
    await this.db.query("INSERT INTO sessions (id_hash, name, groups, expires_at, token_id) VALUES ($1, $2, '[]'::jsonb, now() + make_interval(secs => $3), $4)", [hash(session), result.principal.name, this.sessionSeconds, id]);
    return { session };
  }

  cookie(session: string): string {
    return `${sessionCookie}=${session}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${this.sessionSeconds}`;
  }

  async signOut(request: IncomingMessage): Promise<void> {
    sameOrigin(request);
    const session = cookieValue(request, sessionCookie);
    if (session) await this.db.query('DELETE FROM sessions WHERE id_hash = $1 OR expires_at < now()', [hash(session)]);
  }
}

/** A form posted from another site's page is refused (browsers send Origin with every POST). */
export function sameOrigin(request: IncomingMessage): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (URL.parse(origin)?.host !== request.headers.host) throw new HttpError(403, 'forbidden', 'Not allowed: signing in and out is for pages of this service.');
}
