// What the Markdown parse and the exact finder share about offsets, so that both place a construct
// by one algorithm: markdown-it's line-end normalisation with its map back, and where a table cell's
// text is taken to start on its line (markdown-it gives cells no position).

/**
 * markdown-it turns CR LF and CR into LF and NUL into U+FFFD before parsing; doing it here, with a
 * map back, keeps offsets into the original text.
 */
export function normalize(text: string): { src: string; toText: (offset: number) => number } {
  if (!/[\r\0]/.test(text)) return { src: text, toText: (o) => o };
  // Copied run by run, not a character at a time (a table-heavy DocuSign description with CR LF line
  // ends is thousands of characters). Only a CR LF shortens the text: `lfAt` holds where each one's LF
  // sits in `src`, and an offset at or past k of them is k characters further on in the text.
  const lfAt: number[] = [];
  let src = '';
  let from = 0;
  for (const m of text.matchAll(/\r\n?|\0/g)) {
    src += text.slice(from, m.index);
    if (m[0] === '\0') src += '\uFFFD';
    else {
      if (m[0].length === 2) lfAt.push(src.length);
      src += '\n';
    }
    from = m.index + m[0].length;
  }
  src += text.slice(from);
  const srcLength = src.length;
  return {
    src,
    toText: (o) => {
      if (o >= srcLength) return text.length;
      let lo = 0;
      let hi = lfAt.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (lfAt[mid]! <= o) lo = mid + 1;
        else hi = mid;
      }
      return o + lo;
    },
  };
}

/**
 * Where a line's piece of inline text starts in `src` when it is not the line's tail: its first
 * occurrence on the line at or after `from`, else `from` itself, as when an escaped pipe (`\|`, which a
 * cell's text holds without its backslash) makes the text differ from the line. A table cell (`cell`,
 * `from` where the row's previous cell ended, or the closing pipe of an empty one) is looked for only up
 * to the unescaped pipe that closes it: a search to the line's end for each cell was quadratic in a row's length (a 330 KB header row of
 * 20,000 cells with an escaped pipe each took 2.3 s, 40,000 cells 9 s).
 */
export function pieceStart(src: string, from: number, lineEnd: number, piece: string, cell = false): number {
  // the pipe that ends the previous cell (or opens the first), then the one that ends this one
  const end = cell ? unescapedPipe(src, unescapedPipe(src, from, lineEnd) + 1, lineEnd) : lineEnd;
  // an empty cell is placed at its closing pipe, so that the next cell's search starts at its own
  if (piece === '') return cell ? end : from;
  if (from + piece.length > lineEnd) return from;
  const found = src.slice(from, end).indexOf(piece);
  return found === -1 ? from : from + found;
}

/** The first `|` at or after `from` that no backslash escapes (markdown-it's `escapedSplit`), or `lineEnd`. */
function unescapedPipe(src: string, from: number, lineEnd: number): number {
  for (let i = from; i < lineEnd; i++) {
    if (src.charCodeAt(i) === 0x7c && src.charCodeAt(i - 1) !== 0x5c) return i;
  }
  return lineEnd;
}
