// What may be shown of a URL or a message once credentials have been near it.

/** Replaces every secret in `text` (defensive: messages are built without them, but servers echo). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    // the forms a value takes in a URL, a JSON string and XML (SARIF, JUnit, Checkstyle)
    const xml = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
    for (const form of new Set([s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1), xml])) out = out.split(form).join('***');
    // a document's source may spell it with escapes, each character as it likes (`\u0073ecret`): code
    // frames and snippets show that source as written
    if (s !== '' && out.includes('\\')) out = out.replace(escapedForms(s), '***');
  }
  return out;
}

/** The characters JSON and YAML double-quoted strings may write as a backslash and a letter (as a regex). */
const shortEscapes: Readonly<Record<string, string>> = { '"': '"', '\\': '\\\\', '/': '/', '\n': 'n', '\t': 't', '\r': 'r', '\b': 'b', '\f': 'f' };

/**
 * Every spelling of `secret` in a JSON or YAML double-quoted string: each character as itself or as
 * an escape (`\u0041`, `\x41`, `\U00000041`, `\"`, `\/`). An escape is tried only at a
 * backslash, and the alternatives differ within three characters: no backtracking beyond that.
 */
function escapedForms(secret: string): RegExp {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').split('').map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');
  const parts: string[] = [];
  for (const ch of secret) {
    const code = ch.codePointAt(0)!;
    const forms = [ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')];
    // one backslash in the source, two once a JSON report (SARIF's snippet) has escaped it: both go,
    // so that no lone backslash is left to break the report's own escapes
    if (code <= 0xffff) forms.push(`\\\\{1,2}u${hex(code, 4)}`);
    if (code <= 0xff) forms.push(`\\\\{1,2}x${hex(code, 2)}`);
    forms.push(`\\\\{1,2}U${hex(code, 8)}`);
    // the short escapes (`\"`, `\\`, `\n`...); a JSON report escapes both the backslash and a quote
    const short = shortEscapes[ch];
    if (short !== undefined) forms.push(short === '"' || short === '\\\\' ? `\\\\{1,3}${short}` : `\\\\{1,2}${short}`);
    parts.push(`(?:${forms.join('|')})`);
  }
  return new RegExp(parts.join(''), 'g');
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
