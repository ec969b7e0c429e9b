import * as jsoncNamespace from 'jsonc-parser';
import type { DuplicateKey, PosNode } from './positions.js';
import { maxDepth } from './limits.js';

/**
 * JSON with positions. `JSON.parse` builds the value (ten times faster than any YAML parser on the
 * same data); one scan of the text checks the nesting depth and finds duplicate keys (which the
 * value cannot show); the position index is built only when something asks where a node is, which
 * a document without findings never does.
 */
export interface JsonResult {
  value: unknown;
  duplicates: DuplicateKey[];
  /** Where each node sits; built on the first call, then the same tree. */
  positions: () => PosNode;
}

/**
 * Node loads jsonc-parser's UMD build, whose exports only `default` holds; the CLI's bundle takes its
 * ES module build, whose exports are named (and has no `default`: reading it there by name makes the
 * bundler warn). Either works.
 */
const jsonc: typeof jsoncNamespace = 'visit' in jsoncNamespace ? jsoncNamespace : (Reflect.get(jsoncNamespace, 'default') as typeof jsoncNamespace);
type ParseErrorCode = jsoncNamespace.ParseErrorCode;
const { ParseErrorCode } = jsonc;

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

export function parseJson(text: string): JsonResult {
  let value: unknown;
  try {
    // V8's JSON.parse keeps its own stack: any nesting depth is safe here
    value = JSON.parse(text);
  } catch {
    // jsonc-parser's scanner recurses per level: the depth check goes first
    checkDepth(text);
    throw firstSyntaxError(text);
  }
  const duplicates = scanKeys(text);
  let positions: PosNode | undefined;
  return { value, duplicates, positions: () => (positions ??= indexJson(text)) };
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COLON = 58;
const COMMA = 44;

/** The offset of the quote that closes the string opening at `start` (text known to be valid JSON). */
function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  for (;;) {
    // a quote preceded by an odd run of backslashes is escaped
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((j - k) % 2 === 1) return j;
    j = text.indexOf('"', j + 1);
  }
}

/** A key's name: its text between the quotes, decoded only when it holds an escape. */
function keyName(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end + 1)) as string) : raw;
}

/**
 * The upfront scan of a text `JSON.parse` accepted: the nesting depth (a document past `maxDepth` is
 * refused as the YAML parser refuses it) and every second (and later) occurrence of a key in one
 * object, with its exact offsets and pointer. Only one object is open per depth, so one reusable set
 * of seen names per depth is enough.
 */
function scanKeys(text: string): DuplicateKey[] {
  const duplicates: DuplicateKey[] = [];
  // per open collection, by depth: an object?, expecting a key?, the current key, the current item
  const isObject: boolean[] = [];
  const expectKey: boolean[] = [];
  const key: string[] = [];
  const item: number[] = [];
  const seen: Array<Set<string>> = [];
  let depth = -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (depth >= 0 && isObject[depth] && expectKey[depth]) {
        const name = keyName(text, i, end);
        const names = seen[depth]!;
        if (names.has(name)) duplicates.push({ name, keyStart: i, keyEnd: end + 1, pointer: pointerAt(depth, isObject, key, item).concat(name) });
        else names.add(name);
        key[depth] = name;
        expectKey[depth] = false;
      }
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth >= maxDepth) throw new JsonSyntaxError(`the document nests more than ${maxDepth} levels deep`, i);
      const object = c === OPEN_BRACE;
      isObject[depth] = object;
      expectKey[depth] = object;
      item[depth] = 0;
      if (object) {
        if (seen[depth]) seen[depth]!.clear();
        else seen[depth] = new Set();
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (c === COMMA) {
      if (isObject[depth]) expectKey[depth] = true;
      else item[depth]!++;
    } else if (c === COLON) {
      expectKey[depth] = false;
    }
  }
  return duplicates;
}

/** The pointer of the collection open at `depth`: each enclosing one's current key or item. */
function pointerAt(depth: number, isObject: readonly boolean[], key: readonly string[], item: readonly number[]): string[] {
  const pointer: string[] = [];
  for (let d = 0; d < depth; d++) pointer.push(isObject[d] ? key[d]! : String(item[d]));
  return pointer;
}

/**
 * The position index of a text `JSON.parse` accepted: each value's offsets, each entry's key
 * offsets, collections with their entries or items in document order (the same shape the YAML
 * parser gives). A plain loop with its own stack: nesting is bounded by the upfront scan.
 */
function indexJson(text: string): PosNode {
  const root: PosNode = { start: 0, end: text.length, items: [] };
  const stack: PosNode[] = [root];
  // the key waiting for its value, in the innermost object
  let pendingKey: string | undefined;
  let keyStart = 0;
  let keyEnd = 0;
  const attach = (node: PosNode): void => {
    const parent = stack[stack.length - 1]!;
    if (parent.entries) {
      node.keyStart = keyStart;
      node.keyEnd = keyEnd;
      parent.entries.push({ name: pendingKey!, node });
      pendingKey = undefined;
    } else parent.items!.push(node);
  };
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === COMMA || c === COLON) continue;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const parent = stack[stack.length - 1]!;
      if (parent.entries && pendingKey === undefined) {
        pendingKey = keyName(text, i, end);
        keyStart = i;
        keyEnd = end + 1;
      } else attach({ start: i, end: end + 1 });
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const node: PosNode = c === OPEN_BRACE ? { start: i, end: i, entries: [] } : { start: i, end: i, items: [] };
      attach(node);
      stack.push(node);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      stack.pop()!.end = i + 1;
    } else {
      // a number, true, false or null: up to the next delimiter
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || d === 32 || d === 10 || d === 13 || d === 9) break;
      }
      attach({ start: i, end: j });
      i = j - 1;
    }
  }
  return root.items![0] ?? { start: 0, end: 0 };
}

/**
 * Stops at the first bracket past `maxDepth` levels. A plain scan, no recursion: brackets inside
 * strings are skipped; whatever else is wrong with the text is left to the parsers.
 */
function checkDepth(text: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) throw new JsonSyntaxError(`the document nests more than ${maxDepth} levels deep`, i);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
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

const descriptions: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'unexpected character',
  [ParseErrorCode.InvalidNumberFormat]: 'a malformed number',
  [ParseErrorCode.PropertyNameExpected]: 'a property name in double quotes was expected (a trailing comma?)',
  [ParseErrorCode.ValueExpected]: 'a value was expected (a trailing comma?)',
  [ParseErrorCode.ColonExpected]: "a ':' was expected",
  [ParseErrorCode.CommaExpected]: "a ',' was expected",
  [ParseErrorCode.CloseBraceExpected]: "a closing '}' was expected",
  [ParseErrorCode.CloseBracketExpected]: "a closing ']' was expected",
  [ParseErrorCode.EndOfFileExpected]: 'text after the end of the JSON value',
  [ParseErrorCode.InvalidCommentToken]: 'comments are not allowed in JSON',
  [ParseErrorCode.UnexpectedEndOfComment]: 'an unterminated comment',
  [ParseErrorCode.UnexpectedEndOfString]: 'an unterminated string',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'an unterminated number',
  [ParseErrorCode.InvalidUnicode]: 'an invalid \\u escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'an invalid escape character',
  [ParseErrorCode.InvalidCharacter]: 'a control character inside a string',
};

function describe(code: ParseErrorCode): string {
  return `invalid JSON: ${descriptions[code] ?? 'a syntax error'}`;
}
