/** JSON pointers (RFC 6901) as strings and as segment lists. */

export function toPointer(segments: readonly string[]): string {
  let out = '';
  // most segments need no escape: two regular-expression replaces per segment were most of the cost
  for (const s of segments) out += s.includes('~') || s.includes('/') ? '/' + s.replace(/~/g, '~0').replace(/\//g, '~1') : '/' + s;
  return out;
}

/** Parses a pointer or a `$ref` fragment (which may also be percent-encoded). */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '' || pointer === '/') return pointer === '' ? [] : [''];
  if (!pointer.startsWith('/')) return undefined;
  let decoded = pointer;
  if (pointer.includes('%')) {
    try {
      decoded = decodeURIComponent(pointer);
    } catch {
      return undefined;
    }
  }
  return decoded
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `segments` inside `value`, or `undefined` with the first missing segment's index. */
export function getAt(value: unknown, segments: readonly string[]): { found: true; value: unknown } | { found: false; missingAt: number } {
  let current = value;
  for (let i = 0; i < segments.length; i++) {
    if (current === null || typeof current !== 'object') return { found: false, missingAt: i };
    const key = segments[i]!;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return { found: false, missingAt: i };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
}
