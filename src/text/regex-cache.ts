// `pattern`s compiled once per run: a document repeats the same few patterns across thousands of
// parameters and schemas. Validity is ECMA-262's without the `u` flag, which accepts what browsers and
// most JSON Schema tools accept (`[\w-]`), so that only truly broken expressions fail; matching is
// linear-time (linear-regex.ts), since the document chooses both pattern and text.
import { compileLinear, type LinearRegex } from './linear-regex.js';

export type Compiled = LinearRegex;

export class RegexCache {
  private readonly cache = new Map<string, Compiled>();

  get(pattern: string): Compiled {
    let found = this.cache.get(pattern);
    if (!found) {
      found = compileLinear(pattern);
      this.cache.set(pattern, found);
    }
    return found;
  }
}
