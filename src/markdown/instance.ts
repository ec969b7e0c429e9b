import { createRequire } from 'node:module';
import type { MarkdownIt, StateBlock, StateCore, StateInline, Token } from 'markdown-it';

/**
 * The project's one markdown-it instance, for the construct check and the renderer alike, so that
 * what is checked is what is rendered. Loaded on first use (synchronously, through `require`, since
 * rules run synchronously): a run over documents without descriptions never loads markdown-it.
 *
 * Raw HTML is off (`html: false`) and linkify is off. The construct check still has to *find* raw
 * HTML, so the two HTML rules are wrapped: while a check runs (see `CheckEnv`) they see an HTML-enabled
 * view of the instance; a render never does, so raw HTML can only ever come out escaped, as text.
 */
export interface CheckEnv {
  /** Where each construct's first token starts and ends, as offsets into the parsed Markdown. */
  at: WeakMap<Token, [number, number]>;
}

export function isCheckEnv(env: unknown): env is CheckEnv {
  return env !== null && typeof env === 'object' && (env as Partial<CheckEnv>).at instanceof WeakMap;
}

import type { MarkdownDialect } from './dialect.js';
export type { MarkdownDialect };

const instances: Partial<Record<MarkdownDialect, MarkdownIt>> = {};

/** The check reads `gfm` on either format: it must find a table to name it, whatever renders it. */
export function markdown(dialect: MarkdownDialect = 'gfm'): MarkdownIt {
  return (instances[dialect] ??= create(dialect));
}

/** URL schemes that never become a live link or an image source. */
const unsafeScheme = /^\s*(javascript|vbscript|data|file):/i;

function create(dialect: MarkdownDialect): MarkdownIt {
  const MarkdownItClass = createRequire(import.meta.url)('markdown-it') as new (preset: 'default' | 'commonmark', options: object) => MarkdownIt;
  // markdown-it's `default` preset is CommonMark plus GFM's tables and strikethrough (linkify off below)
  const md = new MarkdownItClass(dialect === 'gfm' ? 'default' : 'commonmark', { html: false, linkify: false, typographer: false, xhtmlOut: false });
  // markdown-it's own check lets `data:image/png` through; a page that fetches nothing has no use for it
  const validateLink = md.validateLink.bind(md);
  md.validateLink = (url) => validateLink(url) && !unsafeScheme.test(url);
  // What a check sees: raw HTML recognized, and every link a link (a `javascript:` one most of all).
  // With every link valid, a link's normalised address is only its token's `href`, which a check never
  // reads: left as written, which spares parsing and percent-encoding each URL (a quarter of a check's
  // inline time on a document of many links).
  const checkView = Object.create(md, {
    options: { value: { ...md.options, html: true } },
    validateLink: { value: () => true },
    normalizeLink: { value: (url: string) => url },
    normalizeLinkText: { value: (url: string) => url },
  }) as MarkdownIt;
  for (const name of ['blockquote', 'table', 'html_block']) wrapBlockRule(md, name, name === 'html_block' ? checkView : undefined);
  for (const name of ['link', 'image', 'autolink', 'html_inline', 'strikethrough']) {
    wrapInlineRule(md, name, name === 'strikethrough' ? undefined : checkView);
  }
  checkOnlyWhereConstructsCan(md);
  safeRendering(md);
  return md;
}

/**
 * Every inline construct a check looks for (link, image, autolink, raw HTML tag, strikethrough) opens
 * with `[`, `<` or `~`: a check parses only the inline content that holds one, and the paragraphs of
 * plain prose around a link (most of a long description) are never tokenised. A render parses all.
 */
const inlineCandidate = /[[<~]/;

function checkOnlyWhereConstructsCan(md: MarkdownIt): void {
  const { fn, alt } = ruleEntry<(state: StateCore) => void>(md.core.ruler, 'inline');
  const selective = (state: StateCore): void => {
    if (!isCheckEnv(state.env)) return fn(state);
    for (const token of state.tokens) {
      if (token.type === 'inline' && inlineCandidate.test(token.content)) state.md.inline.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
    }
  };
  md.core.ruler.at('inline', selective as never, { alt });
}

/**
 * What the renderer adds to markdown-it's escaping: links that say they lead elsewhere, images shown
 * as their text (a page that fetches nothing cannot show a remote image), and raw HTML escaped even
 * if a future option let it be parsed.
 */
function safeRendering(md: MarkdownIt): void {
  const rules = md.renderer.rules;
  const escape = md.utils.escapeHtml;
  rules.link_open = (tokens, idx, options, _env, self) => {
    tokens[idx]!.attrSet('rel', 'nofollow noopener noreferrer');
    return self.renderToken(tokens, idx, options);
  };
  rules.image = (tokens, idx) => {
    const token = tokens[idx]!;
    const alt = token.children ? md.renderer.renderInlineAsText(token.children, md.options, {}) : token.content;
    return `<span class="image">[image: ${escape(alt)}] <code>${escape(token.attrGet('src') ?? '')}</code></span>`;
  };
  rules.html_block = (tokens, idx) => `<pre>${escape(tokens[idx]!.content)}</pre>\n`;
  rules.html_inline = (tokens, idx) => escape(tokens[idx]!.content);
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

interface RuleEntry<T> {
  name: string;
  fn: T;
  alt: string[];
}

/** markdown-it's Ruler keeps its rules in `__rules__`; `at` replaces one but needs its `alt` list again. */
function ruleEntry<T>(ruler: unknown, name: string): RuleEntry<T> {
  const entry = (ruler as { __rules__: Array<RuleEntry<T>> }).__rules__.find((r) => r.name === name);
  if (!entry) throw new Error(`markdown-it has no rule named ${name}`);
  return entry;
}

function wrapBlockRule(md: MarkdownIt, name: string, view: MarkdownIt | undefined): void {
  const { fn, alt } = ruleEntry<BlockRule>(md.block.ruler, name);
  const wrapped: BlockRule = (state, startLine, endLine, silent) => {
    const env = state.env as unknown;
    if (!isCheckEnv(env)) return fn(state, startLine, endLine, silent);
    const before = state.tokens.length;
    const ok = withView(state, view, () => fn(state, startLine, endLine, silent));
    const first = state.tokens[before];
    if (ok && !silent && first) {
      const start = state.bMarks[startLine]! + state.tShift[startLine]!;
      env.at.set(first, [start, Math.max(start, state.eMarks[startLine]!)]);
    }
    return ok;
  };
  md.block.ruler.at(name, wrapped as never, { alt });
}

function wrapInlineRule(md: MarkdownIt, name: string, view: MarkdownIt | undefined): void {
  const { fn, alt } = ruleEntry<InlineRule>(md.inline.ruler, name);
  const wrapped: InlineRule = (state, silent) => {
    const env = state.env as unknown;
    if (!isCheckEnv(env)) return fn(state, silent);
    if (!silent && state.pending) state.pushPending(); // so that the tokens the rule adds come after `before`
    const before = state.tokens.length;
    const start = state.pos;
    const ok = withView(state, view, () => fn(state, silent));
    if (ok && !silent) {
      // strikethrough pushes one token per `~~`; a link its label's tokens, which their own rules placed
      let at = start;
      for (let i = before; i < state.tokens.length; i++) {
        const token = state.tokens[i]!;
        if (!env.at.has(token)) env.at.set(token, [at, state.pos]);
        if (name === 'strikethrough') at += token.content.length;
      }
    }
    return ok;
  };
  md.inline.ruler.at(name, wrapped as never, { alt });
}

function withView<T>(state: { md: MarkdownIt }, view: MarkdownIt | undefined, fn: () => T): T {
  if (!view) return fn();
  const md = state.md;
  state.md = view;
  try {
    return fn();
  } finally {
    state.md = md;
  }
}
