// Splits a path key (`/orders/{order_id}/lines`) into segments and words, keeping each one's columns
// inside the key, so that path rules can point at the offending segment rather than the whole key.

/** A word of a literal segment: camelCase, kebab-case, snake_case and dots separate words. */
export interface Word {
  /** Lower case (`getOrders` gives `get`, `orders`). */
  text: string;
  /** As written, for rebuilding the segment without it. */
  raw: string;
  /** Columns `[start, end)` inside the path key. */
  start: number;
  end: number;
}

export interface Segment {
  /** The segment as written, without its slashes. */
  text: string;
  /** Columns `[start, end)` inside the path key. */
  start: number;
  end: number;
  /**
   * `param`: exactly one `{name}`; `literal`: no braces; `mixed`: text and parameters together
   * (`{id}.json`, `{id1};{id2}`, or a stray brace).
   */
  kind: 'literal' | 'param' | 'mixed';
  /** Names of the `{params}` in the segment, in order. */
  params: string[];
  /** Words of the literal text (parameters left out). */
  words: Word[];
}

const paramPattern = /\{([^{}]*)\}/g;

/**
 * Words of a segment. Digits stay with their letters (`v1`, `k8s`, `oauth2`) so that version and
 * product tokens are not read as English words; leading `_`, `$` and `.` (`_apis`, `$count`,
 * `.well-known`) only separate.
 */
export function splitWords(text: string, offset = 0): Word[] {
  const words: Word[] = [];
  const upper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
  const lower = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
  // Runs of letters and digits, cut at camelCase (`getOrders`) and acronym (`HTTPStatus`) boundaries.
  for (const run of text.matchAll(/[A-Za-z0-9]+/g)) {
    const s = run[0];
    let from = 0;
    for (let i = 1; i <= s.length; i++) {
      const cut = i === s.length || (upper(s[i]) && (!upper(s[i - 1]) || lower(s[i + 1])));
      if (!cut) continue;
      const raw = s.slice(from, i);
      const start = offset + run.index + from;
      words.push({ text: raw.toLowerCase(), raw, start, end: start + raw.length });
      from = i;
    }
  }
  return words;
}

/** The segments of a path key; an empty key or `/` gives none. */
export function parsePath(key: string): Segment[] {
  const segments: Segment[] = [];
  let start = key.startsWith('/') ? 1 : 0;
  while (start <= key.length) {
    let end = key.indexOf('/', start);
    if (end === -1) end = key.length;
    const text = key.slice(start, end);
    if (text !== '') {
      const params = [...text.matchAll(paramPattern)].map((m) => m[1]!);
      const literal = text.replace(paramPattern, (m) => ' '.repeat(m.length)); // keep columns
      // A stray brace (`{si`, `d}warnMe` from `/{si/d}warnMe`) makes a segment no plain literal.
      const kind = !/[{}]/.test(text) ? 'literal' : params.length === 1 && /^\{[^{}]*\}$/.test(text) ? 'param' : 'mixed';
      segments.push({ text, start, end, kind, params, words: kind === 'param' ? [] : splitWords(literal, start) });
    }
    start = end + 1;
  }
  return segments;
}

/** A path key with parameter names dropped, so that `/a/{x}` and `/a/{y}` compare equal. */
export function pathShape(segments: readonly Segment[]): string {
  return '/' + segments.map((s) => s.text.replace(paramPattern, '{}')).join('/');
}

export type CaseStyle = 'kebab' | 'snake' | 'camel';

const stylePatterns: Record<CaseStyle, RegExp> = {
  kebab: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  snake: /^[a-z0-9]+(_[a-z0-9]+)*$/,
  camel: /^[a-z0-9]+([A-Z][a-z0-9]*)*$/,
};

/**
 * Whether a literal segment's text follows a case style. Dots separate independent names
 * (`v2.1`, `resource.k8s.io`) and a leading `_`, `$` or `.` marks a namespace or a query option, so
 * each dot-separated part is judged alone, without those marks.
 */
export function followsStyle(text: string, style: CaseStyle): boolean {
  return text
    .replace(/^[_$.]+/, '')
    .split('.')
    .every((part) => part === '' || stylePatterns[style].test(part));
}

/** The segment's words joined in a case style: `getOrderLines` in kebab is `get-order-lines`. */
export function toStyle(words: readonly Word[], style: CaseStyle): string {
  const lower = words.map((w) => w.text);
  if (style === 'kebab') return lower.join('-');
  if (style === 'snake') return lower.join('_');
  return lower.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}
