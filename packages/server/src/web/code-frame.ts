// Code frames for the revision page. A file's line table is built once, whatever the number of
// findings in it (splitting a 4 MB file once per finding kept the whole service waiting), and each
// frame slices only its few lines, and at most a window of each: a minified document is one long line.
import type { Finding } from '../store.js';
import { escapeHtml as e } from './html.js';

/** Where each line of a text starts, found once; lines are read by slicing, never by splitting. */
export class LineTable {
  readonly #starts: number[] = [0];

  constructor(readonly text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.#starts.push(at + 1);
  }

  get lineCount(): number {
    return this.#starts.length;
  }

  /** Characters [from, to) of 0-based line `line`, without its line break. */
  slice(line: number, from: number, to: number): string {
    const start = this.#starts[line]!;
    const next = this.#starts[line + 1];
    const end = next === undefined ? this.text.length : next - 1 - (this.text[next - 2] === '\r' ? 1 : 0);
    return this.text.slice(Math.min(start + from, end), Math.min(start + to, end));
  }
}

/** The widest part of a line a frame shows: around the finding's column on a long line. */
const window = 300;

/** Two lines either side of the finding, the finding's lines marked (1-based numbers, as editors show). */
export function codeFrame(table: LineTable | undefined, finding: Finding): string {
  if (table === undefined) return '';
  const from = Math.max(0, finding.start_line - 2);
  const to = Math.min(table.lineCount - 1, finding.end_line + 2);
  // one window for the whole frame, so its lines stay aligned: the finding's column in view
  const left = Math.max(0, finding.start_character - window / 3);
  const width = String(to + 1).length;
  const out: string[] = [];
  for (let i = from; i <= to; i++) {
    const at = i >= finding.start_line && i <= finding.end_line;
    const text = `${left > 0 ? '…' : ''}${table.slice(i, left, left + window)}`;
    const line = `${String(i + 1).padStart(width)} | ${text}`;
    out.push(at ? `<span class="at">${e(line)}</span>` : e(line));
  }
  return `<pre>${out.join('\n')}</pre>`;
}
