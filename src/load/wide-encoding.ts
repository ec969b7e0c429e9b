// Text that is not UTF-8: a file saved as UTF-16 or UTF-32 reads as NULs between letters. Said once,
// whatever format the file would have been.
import type { Diagnostic } from '../types.js';

const fieldList = (names: readonly string[]) => (names.length < 2 ? (names[0] ?? 'version') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`);

/**
 * Text that was UTF-16 or UTF-32 before it was read as UTF-8: NUL between the characters of ASCII
 * text, or a byte-order mark (which UTF-8 decoding turns into U+FFFD U+FFFD). Returns what it was.
 */
export function wideEncoding(text: string): 'UTF-16' | 'UTF-32' | undefined {
  const head = text.slice(0, 512);
  if (!head.includes('\u0000')) return undefined;
  let nuls = 0;
  for (let i = 0; i < head.length; i++) if (head.charCodeAt(i) === 0) nuls++;
  // ASCII in UTF-16 is half NULs, in UTF-32 three quarters; binary data has a few scattered ones
  const share = nuls / head.length;
  if (share > 0.6) return 'UTF-32';
  if (share > 0.3) return 'UTF-16';
  return undefined;
}

/**
 * What an API description's text looks like, as the formats say (src/formats/sniff.ts): the loader
 * knows no format, so the pipeline hands it over.
 */
export interface ApiTextSniffer {
  test(text: string): boolean;
  /** The fields `test` looks for (`swagger`, `openapi`, `paths`), for the skip message. */
  fields: readonly string[];
}

/**
 * The answer for a file that was UTF-16 or UTF-32: a `parse-error` that says so when it is an API
 * description (or under `strict`), else skipped as any other file that is not one.
 */
export function wideEncodingResult(text: string, uri: string, strict: boolean, sniffer: ApiTextSniffer): { diagnostics: Diagnostic[]; skipped?: string; texts: Map<string, string> } | undefined {
  const encoding = wideEncoding(text);
  if (!encoding) return undefined;
  // the ASCII of it, for the check below and for a code frame that shows the text, not NULs
  const narrow = text.replace(/[\u0000\ufffd\ufeff]/g, '');
  const texts = new Map([[uri, narrow]]);
  if (!sniffer.test(narrow) && !strict) return { diagnostics: [], texts, skipped: `not an API description (${encoding} text without a ${fieldList(sniffer.fields)} field)` };
  const at = { line: 0, character: 0 };
  const message = `The file is encoded in ${encoding}; swaglint reads UTF-8, the encoding JSON requires (RFC 8259) and YAML tools expect: save it as UTF-8.`;
  return { texts, diagnostics: [{ ruleId: 'parse-error', severity: 'error', category: 'validity', message, uri, pointer: '', range: { start: at, end: at } }] };
}
