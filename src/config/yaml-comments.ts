/** A `#` comment in YAML text: its 0-based line, the column of the `#`, and its text from the `#` on. */
export interface YamlComment {
  line: number;
  column: number;
  text: string;
}

/**
 * The comments of a YAML text, found by scanning its lines (no comment-keeping parser needed). A `#`
 * starts a comment at the start of a line or after a space, outside quoted scalars (which may span
 * lines) and outside block scalars (`|`, `>`), whose lines are all content.
 */
export function yamlComments(text: string): YamlComment[] {
  const out: YamlComment[] = [];
  const lines = text.split('\n');
  let quote: '"' | "'" | undefined;
  let blockIndent = -1; // inside a block scalar: the indent its content lines exceed
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) continue;
      blockIndent = -1;
    }
    let commentAt = -1;
    let last = ''; // the last non-space character outside quotes, to tell a quoted scalar from an apostrophe
    for (let j = 0; j < line.length; j++) {
      const c = line[j]!;
      if (quote === '"') {
        if (c === '\\') j++;
        else if (c === '"') quote = undefined;
        continue;
      }
      if (quote === "'") {
        if (c === "'") {
          if (line[j + 1] === "'") j++;
          else quote = undefined;
        }
        continue;
      }
      if (c === '#' && (j === 0 || line[j - 1] === ' ' || line[j - 1] === '\t')) {
        commentAt = j;
        break;
      }
      if ((c === '"' || c === "'") && (last === '' || ':-[{,?'.includes(last))) quote = c;
      if (c !== ' ' && c !== '\t') last = c;
    }
    if (commentAt !== -1) out.push({ line: i, column: commentAt, text: line.slice(commentAt) });
    if (quote === undefined) {
      const content = (commentAt === -1 ? line : line.slice(0, commentAt)).trimEnd();
      if (/(^|[\s:-])[|>][-+0-9]*$/.test(content)) blockIndent = blockParentIndent(content);
    }
  }
  return out;
}

/** The indent a block scalar's lines must exceed: its key's column (after any `- `), or its dash's. */
function blockParentIndent(content: string): number {
  const dashes = /^(\s*-\s+)*/.exec(content)![0];
  const rest = content.slice(dashes.length);
  if (/^[|>]/.test(rest)) return dashes.trimEnd().length - 1;
  return dashes.length === 0 ? content.length - content.trimStart().length : dashes.length;
}
