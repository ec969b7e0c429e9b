// Values quoted in messages, shortened: a document chooses its values, and one long scalar reused by
// a YAML alias hundreds of times, or a path with thousands of parameters quoted by every finding under
// it, would otherwise make a report hundreds of megabytes long. The cost is bounded as well as the
// text: a huge value is never serialized whole just to be cut.

/** The longest quoted value, in characters, before the ellipsis. */
export const quoteLimit = 80;

/** A string between single quotes, or any other value as JSON, at most `max` characters and an ellipsis. */
export function quote(value: unknown, max = quoteLimit): string {
  if (typeof value === 'string') return `'${clip(value, max)}'`;
  return preview(value, max);
}

/** `text` cut to `max` characters, with an ellipsis when something was cut (never inside a surrogate pair). */
export function clip(text: string, max = quoteLimit): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1; // do not leave half a character behind
  return text.slice(0, end) + '…';
}

/** JSON for `value`, cut at `max` characters; only as much of the value is visited as is shown. */
export function preview(value: unknown, max = quoteLimit): string {
  const out: string[] = [];
  let length = 0;
  const push = (text: string): boolean => {
    out.push(text);
    length += text.length;
    return length <= max;
  };
  const write = (v: unknown): boolean => {
    if (typeof v === 'string') return push(JSON.stringify(clip(v, max + 1)));
    if (v === null || typeof v !== 'object') return push(JSON.stringify(v) ?? String(v));
    if (Array.isArray(v)) {
      if (!push('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !push(',')) || !write(v[i])) return false;
      return push(']');
    }
    if (!push('{')) return false;
    let first = true;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if ((!first && !push(',')) || !push(`${JSON.stringify(clip(key, max + 1))}:`) || !write((v as Record<string, unknown>)[key])) return false;
      first = false;
    }
    return push('}');
  };
  write(value);
  return clip(out.join(''), max);
}

/** The longest message a finding may carry: several sentences with two absolute paths fit. */
export const messageLimit = 2000;

/** The longest unbroken run of characters (a path key, a token, a file path) a message keeps whole. */
export const wordLimit = 300;

/**
 * A rule's message, bounded whatever the rule quoted: each run of non-space characters longer than
 * `wordLimit` is shortened, then the whole is cut at `messageLimit`. Applied to every finding, so a
 * rule that quotes a 20 KB path key (one with thousands of parameters) cannot multiply it into every
 * message under that path. (Runs, not quoted spans: an apostrophe does not reliably pair.)
 */
export function boundMessage(message: string): string {
  if (message.length <= wordLimit) return message;
  return clip(message.replace(/\S{301,}/g, (run) => clip(run, wordLimit)), messageLimit);
}
