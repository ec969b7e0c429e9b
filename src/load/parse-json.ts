import * as jsoncModule from 'jsonc-parser';
import type { DuplicateKey, PosNode } from './positions.js';
import { maxDepth } from './limits.js';

/**
 * JSON with positions. `JSON.parse` builds the value (ten times faster than any YAML parser on the
 * same data); jsonc-parser's scanner, a maintained tokenizer with offsets, builds the position index.
 */
export interface JsonResult {
  value: unknown;
  positions: PosNode;
  duplicates: DuplicateKey[];
}

/**
 * Node loads jsonc-parser's UMD build, whose exports only `default` holds; the CLI's bundle takes its
 * ES module build, whose exports are named (and needs no CommonJS loader at start-up). Either works.
 */
const jsonc: typeof jsoncModule = (jsoncModule as unknown as { default?: typeof jsoncModule }).default ?? jsoncModule;

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

export function parseJson(text: string): JsonResult {
  // before JSON.parse: jsonc-parser's scanner recurses per level, and the first syntax error is
  // found with it too
  checkDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw firstSyntaxError(text);
  }
  const { positions, duplicates } = indexJson(text);
  return { value, positions, duplicates };
}

interface Open {
  node: PosNode;
  /** The pending key of an object, set by onObjectProperty until its value arrives. */
  key?: { name: string; start: number; end: number };
  seen?: Set<string>;
  pointer: string[];
}

export function indexJson(text: string): { positions: PosNode; duplicates: DuplicateKey[] } {
  const duplicates: DuplicateKey[] = [];
  const root: Open = { node: { start: 0, end: text.length, items: [] }, pointer: [] };
  const stack: Open[] = [root];
  const attach = (node: PosNode): string => {
    const parent = stack[stack.length - 1]!;
    if (parent.key) {
      const { name, start, end } = parent.key;
      node.keyStart = start;
      node.keyEnd = end;
      parent.node.entries!.push({ name, node });
      parent.key = undefined;
      return name;
    }
    parent.node.items!.push(node);
    return String(parent.node.items!.length - 1);
  };
  jsonc.visit(
    text,
    {
      onObjectBegin(offset) {
        const node: PosNode = { start: offset, end: offset, entries: [] };
        const name = attach(node);
        stack.push({ node, seen: new Set(), pointer: stack[stack.length - 1]!.pointer.concat(name) });
      },
      onObjectProperty(name, offset, length) {
        const top = stack[stack.length - 1]!;
        top.key = { name, start: offset, end: offset + length };
        if (top.seen!.has(name)) duplicates.push({ name, keyStart: offset, keyEnd: offset + length, pointer: top.pointer.concat(name) });
        top.seen!.add(name);
      },
      onObjectEnd(offset, length) {
        stack.pop()!.node.end = offset + length;
      },
      onArrayBegin(offset) {
        const node: PosNode = { start: offset, end: offset, items: [] };
        const name = attach(node);
        stack.push({ node, pointer: stack[stack.length - 1]!.pointer.concat(name) });
      },
      onArrayEnd(offset, length) {
        stack.pop()!.node.end = offset + length;
      },
      onLiteralValue(_value, offset, length) {
        attach({ start: offset, end: offset + length });
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  const positions = root.node.items![0] ?? { start: 0, end: 0 };
  return { positions, duplicates };
}

/**
 * Stops at the first bracket past `maxDepth` levels. A plain scan, no recursion: brackets inside
 * strings are skipped; whatever else is wrong with the text is left to the parsers.
 */
function checkDepth(text: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > maxDepth) throw new JsonSyntaxError(`the document nests more than ${maxDepth} levels deep`, i);
    } else if (c === 125 || c === 93 /* } ] */) depth--;
  }
}

function firstSyntaxError(text: string): JsonSyntaxError {
  let found: JsonSyntaxError | undefined;
  jsonc.visit(
    text,
    {
      onError(error, offset) {
        found ??= new JsonSyntaxError(describe(error), offset);
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return found ?? new JsonSyntaxError('the text is not valid JSON', 0);
}

const descriptions: Partial<Record<jsoncModule.ParseErrorCode, string>> = {
  [jsonc.ParseErrorCode.InvalidSymbol]: 'unexpected character',
  [jsonc.ParseErrorCode.InvalidNumberFormat]: 'a malformed number',
  [jsonc.ParseErrorCode.PropertyNameExpected]: 'a property name in double quotes was expected (a trailing comma?)',
  [jsonc.ParseErrorCode.ValueExpected]: 'a value was expected (a trailing comma?)',
  [jsonc.ParseErrorCode.ColonExpected]: "a ':' was expected",
  [jsonc.ParseErrorCode.CommaExpected]: "a ',' was expected",
  [jsonc.ParseErrorCode.CloseBraceExpected]: "a closing '}' was expected",
  [jsonc.ParseErrorCode.CloseBracketExpected]: "a closing ']' was expected",
  [jsonc.ParseErrorCode.EndOfFileExpected]: 'text after the end of the JSON value',
  [jsonc.ParseErrorCode.InvalidCommentToken]: 'comments are not allowed in JSON',
  [jsonc.ParseErrorCode.UnexpectedEndOfComment]: 'an unterminated comment',
  [jsonc.ParseErrorCode.UnexpectedEndOfString]: 'an unterminated string',
  [jsonc.ParseErrorCode.UnexpectedEndOfNumber]: 'an unterminated number',
  [jsonc.ParseErrorCode.InvalidUnicode]: 'an invalid \\u escape',
  [jsonc.ParseErrorCode.InvalidEscapeCharacter]: 'an invalid escape character',
  [jsonc.ParseErrorCode.InvalidCharacter]: 'a control character inside a string',
};

function describe(code: jsoncModule.ParseErrorCode): string {
  return `invalid JSON: ${descriptions[code] ?? 'a syntax error'}`;
}
