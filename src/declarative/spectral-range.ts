import { locate } from '../load/positions.js';
import { rangeOf, type Source } from '../load/source.js';
import type { Range } from '../types.js';

/**
 * Where Spectral's report starts for an object or a list at `pointer`, so that a team's report keys
 * on the same line and column: one character past its key, in YAML and JSON alike (Spectral starts
 * a collection that is a property's value there: `info:|` and `"info":| {`); a list's item where
 * the value starts; the root as `spectralRootRange` says. Undefined where swaglint's own place is
 * Spectral's (a scalar, a place that does not exist). `yamlParsed`: Spectral read the file with its
 * YAML parser (the document it lints, JSON too, and every referenced file but a `.json` one).
 */
export function spectralCollectionRange(source: Source, pointer: readonly string[], yamlParsed: boolean): Range | undefined {
  if (pointer.length === 0) return yamlParsed ? spectralRootRange(source) : undefined;
  const { node, depth } = locate(source.positions, pointer);
  if (depth !== pointer.length) return undefined;
  const start = node.keyEnd !== undefined ? node.keyEnd + 1 : node.start;
  const value = rangeOf(source, pointer, 'value');
  const at = source.lines(start);
  const after = value.end.line > at.line || (value.end.line === at.line && value.end.character >= at.character);
  return { start: at, end: after ? value.end : at };
}

/**
 * Spectral's YAML locator starts the root at the file's first character when the root begins the
 * second line (after `---`, one comment or a blank line): it compares the root's offset with the
 * end of the first line, not with 0. Elsewhere the root starts where swaglint starts it.
 */
function spectralRootRange(source: Source): Range | undefined {
  const firstLineEnd = source.text.indexOf('\n');
  if (firstLineEnd === -1 || source.positions.start !== firstLineEnd + 1) return undefined;
  return { start: { line: 0, character: 0 }, end: rangeOf(source, [], 'value').end };
}
