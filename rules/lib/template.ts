// The `{name}` placeholders of a path template, with their columns, and the path's shape: the template
// with names dropped, so that `/a/{x}` and `/a/{y}` compare equal (Swagger 2.0 matches them alike).

export interface Placeholder {
  name: string;
  /** Columns `[start, end)` of `{name}` inside the path key. */
  start: number;
  end: number;
}

export function placeholders(key: string): Placeholder[] {
  if (!key.includes('{')) return [];
  return [...key.matchAll(/\{([^{}]*)\}/g)].map((m) => ({ name: m[1]!, start: m.index, end: m.index + m[0].length }));
}

export function templateShape(key: string): string {
  return key.replace(/\{[^{}]*\}/g, '{}');
}
