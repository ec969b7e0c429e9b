import type { Fix, TextEdit } from '../../src/types.js';
import type { Source } from '../../src/lint/rule.js';
import { locate, type Located } from '../../src/lint/rule-helpers.js';

/**
 * A fix that adds `key: value` to the mapping at `pointer`, written the way the mapping already is:
 * a new line at the entries' indentation in a YAML block mapping, `, key: value` before the brace of a
 * flow mapping or JSON object (on its own line when the object spans lines). `value` is a string and
 * is written quoted, so text such as `TODO: …` stays one scalar. Undefined when the mapping is not
 * there to add to (no such key, or `info:` with nothing after it).
 */
export function addEntryFix(source: Source, pointer: readonly string[], key: string, value: string, title: string): Fix | undefined {
  const { node, depth } = locate(source.positions, pointer);
  if (depth !== pointer.length || node.items || source.text[node.start] === undefined) return undefined;
  const edit = source.text[node.start] === '{' ? inBraces(source, node.start, node.entries ?? [], key, value) : inBlock(source, node.entries ?? [], key, value);
  return edit && { title, edits: [edit] };
}

type Entries = NonNullable<Located['node']['entries']>;

function inBlock(source: Source, entries: Entries, key: string, value: string): TextEdit | undefined {
  const first = entries[0]?.node.keyStart;
  const last = entries[entries.length - 1]?.node.end;
  if (first === undefined || last === undefined) return undefined;
  const { text } = source;
  const indent = ' '.repeat(source.lines(first).character);
  const line = `${indent}${key}: ${yamlQuote(value)}\n`;
  // after the last entry's last line, so a trailing comment on it stays where it is
  if (text[last - 1] === '\n') return insert(source, last, line);
  const nl = text.indexOf('\n', last);
  return nl === -1 ? insert(source, text.length, '\n' + line.slice(0, -1)) : insert(source, nl + 1, line);
}

function inBraces(source: Source, open: number, entries: Entries, key: string, value: string): TextEdit {
  const json = source.format === 'json';
  const entry = json ? `${JSON.stringify(key)}: ${JSON.stringify(value)}` : `${key}: ${yamlQuote(value)}`;
  const lastEntry = entries[entries.length - 1];
  if (!lastEntry) return insert(source, open + 1, entry);
  const lastKey = lastEntry.node.keyStart ?? lastEntry.node.start;
  const at = source.lines(lastKey);
  const multiline = at.line !== source.lines(open).line;
  return insert(source, lastEntry.node.end, multiline ? `,\n${' '.repeat(at.character)}${entry}` : `, ${entry}`);
}

function insert(source: Source, offset: number, newText: string): TextEdit {
  const at = source.lines(offset);
  return { range: { start: at, end: at }, newText };
}

function yamlQuote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
