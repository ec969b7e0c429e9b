import { locate } from '../load/positions.js';
import { rangeOf, type Source } from '../load/source.js';
import type { Range } from '../types.js';

/**
 * Where Spectral's report starts for an object or a list at `pointer`, so that a team's report keys
 * on the same line and column: one character past its key, in YAML and JSON alike (Spectral starts
 * a collection that is a property's value there: `info:|` and `"info":| {`); a list's item where
 * the value starts. Undefined where swaglint's own place is Spectral's (a scalar, the root, a place
 * that does not exist).
 */
export function spectralCollectionRange(source: Source, pointer: readonly string[]): Range | undefined {
  if (pointer.length === 0) return undefined;
  const { node, depth } = locate(source.positions, pointer);
  if (depth !== pointer.length) return undefined;
  const start = node.keyEnd !== undefined ? node.keyEnd + 1 : node.start;
  const value = rangeOf(source, pointer, 'value');
  const at = source.lines(start);
  const after = value.end.line > at.line || (value.end.line === at.line && value.end.character >= at.character);
  return { start: at, end: after ? value.end : at };
}
