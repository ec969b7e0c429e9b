// `pattern`s compiled once per run: a document repeats the same few patterns across thousands of
// parameters and schemas. Compiled as ECMA-262 without the `u` flag, which accepts what browsers and
// most JSON Schema tools accept (`[\w-]`), so that only truly broken expressions fail.

export type Compiled = { ok: true; regex: RegExp } | { ok: false; reason: string };

export class RegexCache {
  private readonly cache = new Map<string, Compiled>();

  get(pattern: string): Compiled {
    let found = this.cache.get(pattern);
    if (!found) {
      try {
        found = { ok: true, regex: new RegExp(pattern) };
      } catch (error) {
        // V8's message repeats the pattern (`Invalid regular expression: /(?i)x/: Invalid group`): keep the reason
        const message = error instanceof Error ? error.message : String(error);
        found = { ok: false, reason: message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
      }
      this.cache.set(pattern, found);
    }
    return found;
  }
}
