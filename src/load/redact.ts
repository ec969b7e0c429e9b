// What may be shown of a URL or a message once credentials have been near it.

/** Replaces every secret in `text` (defensive: messages are built without them, but servers echo). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    out = out.split(s).join('***');
    const encoded = encodeURIComponent(s);
    if (encoded !== s) out = out.split(encoded).join('***');
  }
  return out;
}

/** Query parameters whose values are credentials by their name. */
const sensitiveParam = /^(access_?token|token|api_?key|apikey|key|password|passwd|pwd|secret|client_secret|signature|sig|auth|authorization|session|sessionid|code|oauth_.*|x-amz-.*)$/i;

/** A URL fit to show: no user-info, and the values of credential-like query parameters replaced. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  u.username = '';
  u.password = '';
  for (const name of [...new Set(u.searchParams.keys())]) if (sensitiveParam.test(name)) u.searchParams.set(name, '***');
  return u.href;
}
