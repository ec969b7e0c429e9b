// PostgreSQL's text type holds neither NUL nor a lone UTF-16 surrogate (its UTF-8 has no encoding for
// one): what the service stores is checked or mended here first, so a publish never fails at the end.

const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store `text` (no NUL, no lone surrogate). */
export function isStorable(text: string): boolean {
  return !unstorable.test(text);
}

/** `text` with what PostgreSQL cannot store replaced by U+FFFD: findings may quote a YAML "\0" escape. */
export function storable(text: string): string {
  return isStorable(text) ? text : text.replace(new RegExp(unstorable.source, 'g'), '\uFFFD');
}
