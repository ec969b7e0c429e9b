// A test on a document's text that the $ref scans share (load.ts, rules/ref-resolves.ts).

/**
 * Whether the text escapes a `$` (`\u0024`, `\x24`, `\U00000024`), which can hide a `$ref` key from a
 * test on the text. Three searches for the escapes themselves: V8 skips through a text for a needle of
 * several characters, while stopping at every backslash (the 4 MB DocuSign document has 24,000, its
 * descriptions' `\"` and `\n`) took a median 9 ms of a cold process against 6 ms (five each, loaded
 * machine), and a lint asks twice (load.ts, ref-resolves.ts). Not a
 * regular expression: an alternation after `\` gets no fast scan, and took tens of milliseconds on a
 * 3 MB document that has no backslash at all.
 */
export function hasEscapedDollar(text: string): boolean {
  return text.includes('\\u0024') || text.includes('\\x24') || text.includes('\\U00000024');
}
