// "line 12" or "line 12 of common.yaml": how a message names another finding's place.
import path from 'node:path';
import type { Node, Target } from '../../src/lint/rule.js';
import { rangeOf } from '../../src/lint/rule-helpers.js';

export function lineOf(node: Node, from: Node, at: Target = 'key'): string {
  const line = rangeOf(node.source, node.pointer, at).start.line + 1;
  return node.source.uri === from.source.uri ? `line ${line}` : `line ${line} of ${path.basename(node.source.uri)}`;
}
