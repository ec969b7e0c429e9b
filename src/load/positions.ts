/**
 * Where each node of a parsed document sits in its text. Both parsers (YAML and JSON) produce this
 * one shape; everything downstream finds places through `locate` by JSON pointer, so nodes never
 * carry offsets of their own.
 */
export interface PosNode {
  /** Offset of the value's first character (after any key, colon and spacing). */
  start: number;
  /** Offset just past the value's last character. */
  end: number;
  /** Offsets of the key, for a node that is the value of a mapping entry. */
  keyStart?: number;
  keyEnd?: number;
  /** The mapping entries (with their key names) or sequence items of a collection. */
  entries?: PosEntry[];
  items?: PosNode[];
  /** Built on first lookup in a large mapping. */
  byName?: Map<string, PosNode>;
  /** The entry's value under `name`, for a mapping that finds one without listing its entries. */
  lookup?(name: string): PosNode | undefined;
}

export interface PosEntry {
  name: string;
  node: PosNode;
}

/** A key that appears twice in one mapping: where its second (and later) occurrence sits. */
export interface DuplicateKey {
  name: string;
  keyStart: number;
  keyEnd: number;
  pointer: string[];
}

const SMALL = 12;

export function child(node: PosNode, segment: string): PosNode | undefined {
  if (node.items) {
    if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
    return node.items[Number(segment)];
  }
  if (node.lookup) return node.lookup(segment);
  const entries = node.entries;
  if (!entries) return undefined;
  if (entries.length <= SMALL) {
    // the last occurrence wins, as it does in the parsed value
    for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.name === segment) return entries[i]!.node;
    return undefined;
  }
  if (!node.byName) {
    node.byName = new Map();
    for (const e of entries) node.byName.set(e.name, e.node);
  }
  return node.byName.get(segment);
}

export interface Located {
  node: PosNode;
  /** How many pointer segments were found; less than the pointer's length for a missing node. */
  depth: number;
}

/** The last pointer looked up in a tree, with the node at each of its steps. */
interface Walked {
  segments: string[];
  nodes: PosNode[];
}

const walked = new WeakMap<PosNode, Walked>();

/**
 * The deepest node along `pointer` that exists in the text. Findings come in document order, and a
 * finding is placed more than once (its range, its Markdown's offsets): most pointers share a long
 * prefix with the one before, whose steps are taken again from memory, not through each collection.
 * A tree does not change once built, so a remembered step stays right.
 */
export function locate(root: PosNode, pointer: readonly string[]): Located {
  let memo = walked.get(root);
  if (!memo) walked.set(root, (memo = { segments: [], nodes: [] }));
  const { segments, nodes } = memo;
  let node = root;
  let depth = 0;
  const shared = Math.min(segments.length, pointer.length);
  while (depth < shared && segments[depth] === pointer[depth]) node = nodes[depth++]!;
  segments.length = depth;
  nodes.length = depth;
  for (; depth < pointer.length; depth++) {
    const segment = pointer[depth]!;
    const next = child(node, segment);
    if (!next) break;
    node = next;
    segments.push(segment);
    nodes.push(next);
  }
  return { node, depth };
}
