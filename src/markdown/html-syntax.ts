// Raw HTML as markdown-it 14 recognises it, for the exact finder (link-finder.ts): its tag patterns
// (`common/html_re.mjs`), the seven kinds of HTML block with where each ends (`rules_block/html_block.mjs`,
// `common/html_blocks.mjs`) and its autolink patterns (`rules_inline/autolink.mjs`). Ported from
// markdown-it: Copyright (c) 2014 Vitaly Puzrin, Alex Kocharin, under the MIT license
// (node_modules/markdown-it/LICENSE).

const attrName = '[a-zA-Z_:][a-zA-Z0-9:._-]*';
const attrValue = '(?:[^"\'=<>`\\x00-\\x20]+|\'[^\']*\'|"[^"]*")';
const attribute = `(?:\\s+${attrName}(?:\\s*=\\s*${attrValue})?)`;
const openTag = `<[A-Za-z][A-Za-z0-9\\-]*${attribute}*\\s*\\/?>`;
const closeTag = '<\\/[A-Za-z][A-Za-z0-9\\-]*\\s*>';

/** An open or close tag at `lastIndex` (markdown-it anchors its pattern on a slice of the rest; sticky is the same without the copy). */
export const openCloseTagAt = new RegExp(`(?:${openTag}|${closeTag})`, 'y');

const blockNames = [
  'address', 'article', 'aside', 'base', 'basefont', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup', 'dd',
  'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'iframe', 'legend', 'li', 'link', 'main', 'menu',
  'menuitem', 'nav', 'noframes', 'ol', 'optgroup', 'option', 'p', 'param', 'search', 'section', 'summary', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul',
];

/** The seven kinds, in markdown-it's order: how a line opens one, what ends it, whether it may interrupt a paragraph. */
const htmlBlocks: ReadonlyArray<readonly [RegExp, RegExp, boolean]> = [
  [/^<(script|pre|style|textarea)(?=(\s|>|$))/i, /<\/(script|pre|style|textarea)>/i, true],
  [/^<!--/, /-->/, true],
  [/^<\?/, /\?>/, true],
  [/^<![A-Za-z]/, />/, true],
  [/^<!\[CDATA\[/, /\]\]>/, true],
  [new RegExp(`^</?(${blockNames.join('|')})(?=(\\s|/?>|$))`, 'i'), /^$/, true],
  [new RegExp(`^(?:${openTag}|${closeTag})\\s*$`), /^$/, false],
];

export interface HtmlBlockKind {
  /** Whether it ends at a blank line (kinds 6 and 7) rather than at the line holding `end`. */
  endsOnBlankLine: boolean;
  end: RegExp;
  interruptsParagraph: boolean;
}

/** The kind of HTML block `lineText` (a line from its first non-blank character, which is `<`) opens, if any. */
export function htmlBlockKind(lineText: string): HtmlBlockKind | undefined {
  for (const [open, end, interruptsParagraph] of htmlBlocks) {
    if (open.test(lineText)) return { endsOnBlankLine: end.source === '^$', end, interruptsParagraph };
  }
  return undefined;
}

export const autolinkUrl = /^([a-zA-Z][a-zA-Z0-9+.-]{1,31}):([^<>\x00-\x20]*)$/;
export const autolinkEmail = /^([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)$/;
