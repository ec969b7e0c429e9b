// A test on a document's text that the $ref scans share (load.ts, rules/ref-resolves.ts).

/**
 * Whether the text escapes a `$` (`\u0024`, `\x24`, `\U00000024`), which can hide a `$ref` key from a
 * test on the text. By the backslashes, not by a regular expression: an alternation after `\` gets no
 * fast scan, and took tens of milliseconds on a 3 MB document that has no backslash at all.
 */
export function hasEscapedDollar(text: string): boolean {
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', at + 1)) {
    if (text.startsWith('u0024', at + 1) || text.startsWith('x24', at + 1) || text.startsWith('U00000024', at + 1)) return true;
  }
  return false;
}
