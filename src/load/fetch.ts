import type { IncomingMessage } from 'node:http';
import { authHeaders, credentialsFor, originOf, secretsOf, type FetchOptions } from './credentials.js';
import { redactSecrets, redactUrl } from './redact.js';
import { defaultFetchTimeoutMs, maxDocumentBytes, maxRedirects, megabytes } from './limits.js';
import { version } from '../version.js';

export type FetchOutcome =
  | { ok: true; text: string; contentType: string | undefined }
  | { ok: false; message: string; status?: number };

/**
 * GETs one document over http(s), bounded in time, size and redirects. Redirects are followed here,
 * not by the HTTP stack, so that credentials go only to the origins they were given for: once a
 * redirect leaves the first origin, no later request carries them. Never throws for what the server
 * or the network does; the message names the URL without credentials and the HTTP status.
 */
export async function fetchDocument(url: string, options: FetchOptions = {}): Promise<FetchOutcome> {
  const timeoutMs = options.timeoutMs ?? defaultFetchTimeoutMs;
  const secrets = secretsOf(options.credentials);
  const fail = (message: string, status?: number): FetchOutcome => ({ ok: false, message: redactSecrets(message, secrets), ...(status !== undefined ? { status } : {}) });
  const signal = AbortSignal.timeout(timeoutMs);
  let current: URL;
  try {
    current = stripUserInfo(new URL(url));
  } catch {
    return fail(`'${redactUrl(url)}' is not a valid URL`);
  }
  const first = redactUrl(url);
  let crossed = false;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') return fail(`${first} leads to ${redactUrl(current.href)}, which is not http or https`);
    const credentials = crossed ? [] : credentialsFor(current.href, options.credentials);
    const shown = redactUrl(current.href);
    let response: IncomingMessage;
    try {
      response = await get(current, { ...baseHeaders, ...authHeaders(current.href, credentials) }, signal, timeoutMs);
    } catch (error) {
      options.debug?.(`GET ${shown} failed: ${redactSecrets(reason(error, timeoutMs), secrets)}`);
      return fail(`${shown} cannot be fetched: ${reason(error, timeoutMs)}`);
    }
    const status = response.statusCode ?? 0;
    options.debug?.(`GET ${shown} → ${status}${credentials.length > 0 ? ` (credentials for ${current.origin} sent: ${credentials.map((c) => c.type).join(', ')})` : ''}`);
    const location = response.headers.location;
    if (status >= 300 && status < 400 && status !== 304 && location) {
      response.destroy();
      if (hop >= maxRedirects) return fail(`${first} redirects more than ${maxRedirects} times`, status);
      let next: URL;
      try {
        next = stripUserInfo(new URL(location, current));
      } catch {
        return fail(`${shown} redirects (HTTP ${status}) to an invalid URL`, status);
      }
      // a cross-origin hop ends credentials for the rest of the chain, even back to the first origin
      if (next.origin !== current.origin) crossed = true;
      current = next;
      continue;
    }
    if (status === 401 || status === 403) {
      response.destroy();
      return fail(`${shown} answered HTTP ${status} ${statusText(response)}: ${authHint(status, response.headers['www-authenticate'], credentials.map((c) => c.type), crossed, options, current.href)}`, status);
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      return fail(`${shown} answered HTTP ${status} ${statusText(response)}`, status);
    }
    const contentType = response.headers['content-type'];
    if (contentType && !documentType(contentType)) {
      response.destroy();
      return fail(`${shown} answered with ${contentType.split(';')[0]}, not YAML or JSON`, status);
    }
    const declared = Number(response.headers['content-length']);
    if (declared > maxDocumentBytes) {
      response.destroy();
      return fail(`${shown} is ${megabytes(declared)}, over the limit of ${megabytes(maxDocumentBytes)} for one document`, status);
    }
    let bytes: Buffer;
    try {
      bytes = await readBody(response, signal);
    } catch (error) {
      return fail(error instanceof TooLarge ? `${shown} is over the limit of ${megabytes(maxDocumentBytes)} for one document` : `${shown} cannot be fetched: ${reason(error, timeoutMs)}`, status);
    }
    const text = decode(bytes, contentType);
    // a sign-in page served with a 200 and a wrong or missing content type
    if (/^\s*<(!doctype html|html)[\s>]/i.test(text)) return fail(`${shown} answered with an HTML page, not YAML or JSON (a sign-in page? check the credentials)`, status);
    return { ok: true, text, contentType };
  }
}

const baseHeaders = {
  accept: 'application/yaml, application/json;q=0.9, text/yaml;q=0.9, text/plain;q=0.5, */*;q=0.1',
  'user-agent': `swaglint/${version()}`,
  // no accept-encoding: the size limit then bounds what is held, with no decompression bomb
};

function stripUserInfo(url: URL): URL {
  // node:http would turn user-info into a Basic header for whatever host the URL names
  url.username = '';
  url.password = '';
  return url;
}

async function get(url: URL, headers: Record<string, string>, signal: AbortSignal, timeoutMs: number): Promise<IncomingMessage> {
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    let req: ReturnType<typeof request>;
    try {
      req = request(url, { method: 'GET', headers, signal, timeout: timeoutMs }, resolve);
    } catch (error) {
      // an invalid header name or value: node says which header, never its value
      reject(error);
      return;
    }
    req.on('timeout', () => req.destroy(new TimedOut()));
    req.on('error', reject);
    req.end();
  });
}

class TimedOut extends Error {}
class TooLarge extends Error {}

function readBody(response: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cause: Error | undefined; // why we ended it: destroying emits 'aborted' or 'error' of its own first
    const stop = (error: Error) => {
      cause ??= error;
      response.destroy(error);
    };
    const onAbort = () => stop(new TimedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    let settled = false;
    const done = (error?: Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (cause ?? error) reject(cause ?? error);
      else resolve(Buffer.concat(chunks, size));
    };
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxDocumentBytes) stop(new TooLarge());
      else chunks.push(chunk);
    });
    response.on('end', () => done());
    response.on('error', (error) => done(error));
    response.on('aborted', () => done(new Closed()));
  });
}

class Closed extends Error {
  override message = 'the connection closed before the document was complete';
}

function documentType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return false;
  return type === '' || type.startsWith('text/') || /[/+](json|yaml|x-yaml)$/.test(type) || type === 'application/octet-stream';
}

function decode(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset="?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // an unknown charset label
  }
}

/** The standard reason phrase: a server's own may carry anything, an echoed token included. */
function statusText(response: IncomingMessage): string {
  return process.getBuiltinModule('node:http').STATUS_CODES[response.statusCode ?? 0] ?? '';
}

function reason(error: unknown, timeoutMs: number): string {
  const e = error as NodeJS.ErrnoException;
  if (error instanceof Closed) return error.message;
  if (error instanceof TimedOut || e?.name === 'AbortError' || e?.name === 'TimeoutError' || e?.code === 'ABORT_ERR') return `no complete answer within ${timeoutMs / 1000} s`;
  switch (e?.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'ERR_INVALID_CHAR':
    case 'ERR_INVALID_HTTP_TOKEN':
      return 'a header given with --header has a character HTTP does not allow';
  }
  return e?.code ? `${e.code}` : 'the request failed';
}

/** What to try after a 401 or 403, from the scheme the server asks for. */
function authHint(status: number, challenge: string | undefined, sent: readonly string[], crossed: boolean, options: FetchOptions, url: string): string {
  const scheme = /^\s*([A-Za-z][\w-]*)/.exec(challenge ?? '')?.[1]?.toLowerCase();
  const asks = scheme ? `the server asks for ${scheme === 'oauth' ? 'OAuth' : scheme[0]!.toUpperCase() + scheme.slice(1)} authentication; ` : '';
  const kinds: Record<string, string> = { basic: 'basic', bearer: 'bearer', oauth: 'oauth1' };
  const wanted = kinds[scheme ?? ''];
  if (wanted && sent.length > 0 && !sent.includes(wanted)) return `${asks}the credentials sent (${sent.join(', ')}) are of another kind`;
  if (sent.length > 0) return `${asks}the credentials sent were ${status === 401 ? 'refused' : 'not enough for this document'}; check them`;
  if (crossed) return `${asks}no credentials were sent, because a redirect left the origin they are for`;
  const listed = (options.credentials ?? []).length > 0;
  const origin = originOf(url);
  if (listed) return `${asks}no credentials were sent, since none were given for ${origin}; add --auth-origin ${origin} to send them there`;
  const byScheme: Record<string, string> = {
    basic: 'pass --auth <user> (swaglint asks for the password) or set SWAGLINT_AUTH',
    bearer: 'pass --bearer env:<VARIABLE> with the token in that variable',
    oauth: 'set SWAGLINT_OAUTH_CONSUMER_KEY, SWAGLINT_OAUTH_CONSUMER_SECRET, SWAGLINT_OAUTH_TOKEN and SWAGLINT_OAUTH_TOKEN_SECRET',
  };
  return asks + (byScheme[scheme ?? ''] ?? 'pass credentials with --auth <user>, --header \'<Name>: env:<VARIABLE>\', --bearer env:<VARIABLE> or the SWAGLINT_OAUTH_* variables');
}
