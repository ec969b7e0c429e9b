// A test on a document's text that the $ref scans share (load.ts, rules/ref-resolves.ts).

/** The characters of `$ref` as an escape's hex digits: `$` 24, `r` 72, `e` 65, `f` 66 (digits only: no letter case). */
const refHex = new Set(['24', '72', '65', '66']);
/** JSON's `\uXXXX` and YAML's `\xXX`, `\uXXXX`, `\UXXXXXXXX`, up to the last two digits. */
const escapeHeads = ['\\u00', '\\x', '\\U000000'];

/**
 * Whether the text escapes a character of `$ref` (`\u0024ref`, `"$r\u0065f"`, `\x24`, `\U00000024`),
 * which can hide a `$ref` key from a test on the text: such a key names a file as any other does. Not
 * only the `$`: a key spelled `"$r\u0065f"` once hid the files it named from the loader, which then
 * reported them "not loaded". A search per escape's head, then its two digits: V8 skips through a text
 * for a needle of several characters, while stopping at every backslash (the 4 MB DocuSign document has
 * 24,000, its descriptions' `\"` and `\n`, and none of these heads) took a median 9 ms of a cold process
 * against 6 ms. Not a regular expression: an alternation after `\` gets no fast scan, and took tens of
 * milliseconds on a 3 MB document that has no backslash at all. An escaped backslash before a head
 * (`\\u0065`) answers yes too: a full scan, never a missed key.
 */
export function escapesRefCharacter(text: string): boolean {
  if (text === lastText) return lastAnswer;
  lastAnswer = false;
  search: for (const head of escapeHeads) {
    for (let i = text.indexOf(head); i !== -1; i = text.indexOf(head, i + 1)) {
      const at = i + head.length;
      if (refHex.has(text.slice(at, at + 2))) {
        lastAnswer = true;
        break search;
      }
    }
  }
  lastText = text;
  return lastAnswer;
}

/**
 * The last text asked about and its answer: the loader asks about a document's text before looking
 * for other files, and ref-resolves asks again after its walk (three searches of the whole text each
 * time, 4 to 10 ms warm on the 4 MB DocuSign document). The same string is the same object, compared
 * at once; another text of another length at once too, and one of the same length (an editor's
 * one-character edit) up to its first difference, a native comparison far cheaper than the searches.
 */
let lastText: string | undefined;
let lastAnswer = false;
