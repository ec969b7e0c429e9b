// What may be shown of a URL or a message once credentials have been near it.

/** Replaces every secret in `text` (defensive: messages are built without them, but servers echo). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    // the forms a value takes in a URL, a JSON string and XML (SARIF, JUnit, Checkstyle)
    const xml = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
    for (const form of new Set([s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1), xml])) out = out.split(form).join('***');
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
