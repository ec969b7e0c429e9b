// What the formats' fields look like in a document, asked before a parsed document exists or without
// detecting it: text that does not parse (a YAML error, UTF-16 read as UTF-8), an editor deciding
// whether a file is worth linting, `render` choosing a layout. The field names are the formats' data
// (`ApiFormat.versionField`, `shapeFields`), so a new format is sniffed as soon as it is listed.
import type { ApiFormat } from '../lint/format.js';
import { formats } from './index.js';

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new WeakMap<readonly ApiFormat[], { loose: RegExp; named: RegExp; atTop: RegExp }>();

function patternsOf(among: readonly ApiFormat[]) {
  let found = patterns.get(among);
  if (!found) {
    const names = versionFields(among);
    const loose = among.flatMap((f) => (f.versionField ? [f.versionField.name, ...(f.versionField.misspelt ?? [])] : []));
    const shaped = [...names, ...new Set(among.flatMap((f) => f.shapeFields ?? []))];
    const alternation = (list: readonly string[]) => (list.length ? list.map(escape).join('|') : '(?!)');
    found = {
      // a key anywhere a YAML or JSON key may start, in any letter case, misspelt as people do
      loose: new RegExp(`(?:^|[\\s{,])["']?(?:${alternation(loose)})["']?\\s*:`, 'im'),
      named: new RegExp(`(?:^|[\\s{,])["']?(?:${alternation(shaped)})["']?\\s*:`, 'm'),
      // a YAML key at column 0, or a JSON key anywhere
      atTop: new RegExp(`^["']?(?:${alternation(names)})["']?[ \\t]*:|"(?:${alternation(names)})"\\s*:`, 'm'),
    };
    patterns.set(among, found);
  }
  return found;
}

/** The formats' version fields (`swagger`, `openapi`), in the formats' order. */
export function versionFields(among: readonly ApiFormat[] = formats): string[] {
  return among.flatMap((f) => (f.versionField ? [f.versionField.name] : []));
}

/** `swagger or openapi`, `swagger, openapi or paths`: a list of field names in a sentence. */
export function fieldList(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? 'version') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Text that may name a format's version field, misspelt or in another case included: text that does not parse is reported, not skipped. */
export function mayNameFormat(text: string, among: readonly ApiFormat[] = formats): boolean {
  return patternsOf(among).loose.test(text);
}

/** Text with a version field or a field of a format's shape (`paths`), and the fields it looked for. */
export function namesFormatOrShape(text: string, among: readonly ApiFormat[] = formats): boolean {
  return patternsOf(among).named.test(text);
}

/** The fields `namesFormatOrShape` looks for, for a message. */
export function sniffedFields(among: readonly ApiFormat[] = formats): string[] {
  return [...versionFields(among), ...new Set(among.flatMap((f) => f.shapeFields ?? []))];
}

/** Text whose top level has a version field (a YAML key at column 0, or a JSON key): what an editor lints. */
export function hasVersionFieldAtTop(text: string, among: readonly ApiFormat[] = formats): boolean {
  return patternsOf(among).atTop.test(text);
}

/**
 * The format whose version field a parsed document has (the first listed when it has several), else
 * undefined: what `render` lays out, without linting.
 */
export function declaredFormat(root: Record<string, unknown>, among: readonly ApiFormat[] = formats): ApiFormat | undefined {
  return among.find((f) => f.versionField !== undefined && root[f.versionField.name] !== undefined);
}

/** `Swagger 2.0 or OpenAPI 3.0/3.1`: the formats' names in a sentence. */
export function formatNames(among: readonly ApiFormat[] = formats): string {
  const names = among.map((f) => f.name);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
