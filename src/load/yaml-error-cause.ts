// Where a YAML syntax error comes from. js-yaml stops where the text stops making sense, which is
// often far from the mistake: a quote left open on line 4 swallows everything up to the next quote
// and fails at line 25 with "bad indentation"; a key without its colon fails on the next line. This
// looks for those two mistakes before the place js-yaml names, and keeps a candidate only when
// repairing it (closing the quote, adding the colon) lets the parser get past that place: a guess
// that does not explain the error is never reported. Runs only for a file that failed to parse.
import yaml from 'js-yaml';
import { lineOf, lineStarts } from './line-table.js';

export interface Cause {
  /** Where the mistake is. */
  offset: number;
  message: string;
}

/** Errors of structure, which a mistake earlier in the text can cause (not a bad tag or alias). */
const structural = /indentation|mapping|colon|quoted scalar|end of the stream|implicit key|block sequence|flow collection|multiline key/i;
/** How many lines above the failure an unclosed quote is looked for. */
const quoteLookback = 200;
/**
 * Characters of trial parses one search may spend: each candidate is confirmed by parsing the whole
 * repaired text, and a generated document can hold a hundred multi-line quoted values above its error.
 * Six trials on a document up to 2.7 MB, fewer above, none above 16 MB.
 */
const trialBudget = 16_000_000;
const maxTrials = 6;

/** The mistake behind js-yaml's `reason` at `offset`, or undefined when none is found and confirmed. */
export function yamlErrorCause(text: string, reason: string, offset: number, schema: yaml.Schema): Cause | undefined {
  if (!structural.test(reason)) return undefined;
  const starts = lineStarts(text);
  const errorLine = lineOf(starts, offset);
  const where = `line ${errorLine + 1}, column ${offset - starts[errorLine]! + 1}`;
  let trials = Math.min(maxTrials, Math.floor(trialBudget / Math.max(1, text.length)));
  const getsFurther = (repaired: string, shift: number) => {
    if (trials-- <= 0) return false;
    try {
      yaml.load(repaired, { schema, json: true });
      return true;
    } catch (error) {
      const mark = (error as { mark?: { position?: number } }).mark;
      return mark?.position !== undefined && mark.position > offset + shift;
    }
  };

  // a quote opened and not closed on its line, nearest the failure first
  for (let line = errorLine; line >= 0 && line >= errorLine - quoteLookback; line--) {
    const start = starts[line]!;
    const end = lineEnd(text, start);
    const quote = unclosedQuote(text.slice(start, end));
    if (quote === undefined || start + quote.at >= offset) continue;
    const close = start + text.slice(start, end).trimEnd().length;
    if (!getsFurther(text.slice(0, close) + quote.char + text.slice(close), 1)) continue;
    const kind = quote.char === '"' ? 'double-quoted' : 'single-quoted';
    const stopped = line === errorLine ? '' : `; the parser read on to ${where} and stopped there (${reason})`;
    return { offset: start + quote.at, message: `the ${kind} string that opens here is not closed on its line${stopped || ` (${reason})`}` };
  }

  // a key without its colon: on the failing line or the one before it
  for (const line of [errorLine - 1, errorLine]) {
    if (line < 0) continue;
    let prev = line;
    // the line before, skipping blank and comment lines
    while (line === errorLine - 1 && prev >= 0 && /^\s*(#.*)?$/.test(text.slice(starts[prev]!, lineEnd(text, starts[prev]!)))) prev--;
    if (prev < 0) continue;
    const start = starts[prev]!;
    const m = /^(\s*(?:-\s+)?)([A-Za-z_$/][\w$./{}-]*)(?=\s+[^\s#:]|\s*$)/.exec(text.slice(start, lineEnd(text, start)));
    if (!m || text.slice(start, lineEnd(text, start)).includes(': ')) continue;
    const after = start + m[1]!.length + m[2]!.length;
    if (!getsFurther(text.slice(0, after) + ':' + text.slice(after), 1)) continue;
    const stopped = prev === errorLine ? ` (${reason})` : `; the parser stopped at ${where} (${reason})`;
    return { offset: after, message: `a colon is missing after '${m[2]}'${stopped}` };
  }
  return undefined;
}

/**
 * The quote that opens a value on this line and is not closed on it, if any (a `#` comment aside): after
 * optional sequence dashes and an optional key (plain or quoted) with its colon. One pass over the line,
 * since a line may be a megabyte long: a regular expression for this backtracked quadratically.
 */
function unclosedQuote(line: string): { at: number; char: '"' | "'" } | undefined {
  const at = valueQuote(line);
  if (at === undefined || closingQuote(line, at) !== undefined) return undefined;
  return { at, char: line[at] as '"' | "'" };
}

const space = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isQuote = (c: string | undefined) => c === '"' || c === "'";

/** Where the line's value starts with a quote: after dashes and a `key: `, or right after the dashes. */
function valueQuote(line: string): number | undefined {
  let p = 0;
  while (space(line[p])) p++;
  while (line[p] === '-' && space(line[p + 1])) {
    p++;
    while (space(line[p])) p++;
  }
  // the position after `: ` and its spaces, when a quote stands there
  const quoteAfterColon = (colon: number): number | undefined => {
    if (line[colon] !== ':' || !space(line[colon + 1])) return undefined;
    let v = colon + 1;
    while (space(line[v])) v++;
    return isQuote(line[v]) ? v : undefined;
  };
  const first = line[p];
  if (isQuote(first)) {
    // a quoted key (`"a": "b`), else the value itself
    const end = closingQuote(line, p);
    if (end !== undefined) {
      let colon = end + 1;
      while (space(line[colon])) colon++;
      const v = quoteAfterColon(colon);
      if (v !== undefined) return v;
    }
    return p;
  }
  if (first === undefined || space(first) || '#{[]},'.includes(first)) return undefined;
  // a plain key: any `: ` before a comment may end it
  for (let i = p + 1; i < line.length && line[i] !== '#'; i++) {
    const v = line[i] === ':' ? quoteAfterColon(i) : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The index of the quote closing the one at `open`, or undefined when it is not closed on the line. */
function closingQuote(line: string, open: number): number | undefined {
  const char = line[open];
  for (let i = open + 1; i < line.length; i++) {
    const c = line[i];
    if (char === '"' && c === '\\') i++;
    else if (c === char) {
      if (char === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return undefined;
}

function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  const stop = end === -1 ? text.length : end;
  return text[stop - 1] === '\r' ? stop - 1 : stop;
}
