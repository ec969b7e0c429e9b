import { createRequire } from 'node:module';
import type OAuthType from 'oauth-1.0a';

/** One way of proving who is asking; several may go together (a header beside a bearer token). */
export type Credential =
  /** HTTP Basic: `Authorization: Basic base64(user:password)`. */
  | { type: 'basic'; user: string; password: string }
  /** Any header, such as `X-Service-Authentication`. */
  | { type: 'header'; name: string; value: string }
  /** `Authorization: Bearer <token>`. */
  | { type: 'bearer'; token: string }
  /** An OAuth 1.0 (RFC 5849) HMAC-SHA1 signed request; `token` and `tokenSecret` are absent for a two-legged client. */
  | { type: 'oauth1'; consumerKey: string; consumerSecret: string; token?: string; tokenSecret?: string };

/** Credentials and the one origin (`https://host:port`) they may be sent to. */
export interface OriginCredentials {
  origin: string;
  auth: Credential | readonly Credential[];
}

/** How swaglint fetches documents and `$ref`s given as `http(s)` URLs. */
export interface FetchOptions {
  /**
   * Fetch remote `$ref`s. Off by default, so that linting an untrusted document (a pull request)
   * makes no request: each remote `$ref` is then a finding that names this option.
   */
  resolveRemote?: boolean;
  /** Sent only to a request whose origin is listed; never to another host a `$ref` or a redirect names. */
  credentials?: readonly OriginCredentials[];
  /** One document's budget, from connecting to the last byte, redirects included (default 15 000). */
  timeoutMs?: number;
  /** Receives one line per request (method, URL without credentials, status); never a header value. */
  debug?: (line: string) => void;
}

/** `https://Host:443/x` → `https://host`: the form origins are compared in. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/** The credentials for `url`'s origin, none when it is not listed. */
export function credentialsFor(url: string, credentials: readonly OriginCredentials[] | undefined): Credential[] {
  if (!credentials) return [];
  const origin = originOf(url);
  return credentials.filter((c) => normalizeOrigin(c.origin) === origin).flatMap((c) => asList(c.auth));
}

export function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

function asList(auth: Credential | readonly Credential[]): readonly Credential[] {
  return Array.isArray(auth) ? (auth as readonly Credential[]) : [auth as Credential];
}

/** The request headers that carry `credentials` for a GET of `url` (OAuth signs the URL, query included). */
export function authHeaders(url: string, credentials: readonly Credential[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const c of credentials) {
    // lower-case names: two spellings of one header would both be sent
    if (c.type === 'header') headers[c.name.toLowerCase()] = c.value;
    else if (c.type === 'basic') headers['authorization'] = 'Basic ' + Buffer.from(`${c.user}:${c.password}`, 'utf8').toString('base64');
    else if (c.type === 'bearer') headers['authorization'] = `Bearer ${c.token}`;
    else headers['authorization'] = oauthHeader(url, c);
  }
  return headers;
}

function oauthHeader(url: string, c: Extract<Credential, { type: 'oauth1' }>): string {
  // loaded on first signed request only: most runs fetch nothing
  const OAuth = createRequire(import.meta.url)('oauth-1.0a') as typeof OAuthType;
  const oauth = new OAuth({
    consumer: { key: c.consumerKey, secret: c.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => process.getBuiltinModule('node:crypto').createHmac('sha1', key).update(base).digest('base64'),
  });
  const target = new URL(url);
  target.hash = ''; // never sent, so never signed
  const token = c.token !== undefined ? { key: c.token, secret: c.tokenSecret ?? '' } : undefined;
  return oauth.toHeader(oauth.authorize({ url: target.href, method: 'GET' }, token)).Authorization;
}

/**
 * Every value that must never be shown: passwords, tokens, header values, and the encoded forms
 * that travel on the wire (Basic's base64). Public parts (a user name, a consumer key) are kept.
 */
export function secretsOf(credentials: readonly OriginCredentials[] | undefined): string[] {
  const out = new Set<string>();
  for (const c of (credentials ?? []).flatMap((x) => asList(x.auth))) {
    if (c.type === 'basic') {
      out.add(c.password);
      out.add(Buffer.from(`${c.user}:${c.password}`, 'utf8').toString('base64'));
    } else if (c.type === 'header') out.add(c.value);
    else if (c.type === 'bearer') out.add(c.token);
    else {
      out.add(c.consumerSecret);
      if (c.tokenSecret) out.add(c.tokenSecret);
    }
  }
  // short values would blank out ordinary words; they are also too weak to matter much
  return [...out].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
}
