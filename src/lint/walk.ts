import { childSpec, describedKinds, referable, type ObjectKind } from './kinds.js';
import type { JsonObject, Node } from './rule.js';
import { splitRef, resolveRef, type LoadedDocument } from '../load/refs.js';
import type { Source } from '../load/source.js';

export type WalkHandler = (value: unknown, node: Node) => void;

/** Handlers by kind (`Operation`, `Operation:exit`, `Description`, `Ref`). */
export type HandlerTable = Map<string, WalkHandler[]>;

interface Frame {
  node: Node;
  exit: boolean;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The one traversal of a document. Iterative, so a deeply nested document cannot overflow the stack.
 * A `{ $ref }` fires `Ref`; a local target is visited where it is defined, an external one (another
 * file) once, at its first use, with the kind of the place that uses it. An object met twice (a YAML
 * alias, a file `$ref`'d from two places) is visited once, which also bounds alias bombs.
 */
export function walk(doc: LoadedDocument, handlers: HandlerTable): void {
  const step = walker(doc, handlers);
  while (!step(Infinity));
}

/**
 * The same traversal, resumable: each call of the returned `step` visits at most `frames` nodes and
 * says whether the walk is done. The explicit stack is what makes this cheap: an editor's run can
 * pause between chunks, let the event loop deliver a newer edit, and stop (see `runRulesAsync`).
 */
export function walker(doc: LoadedDocument, handlers: HandlerTable): (frames: number) => boolean {
  const root = doc.root;
  if (!isObject(root.value)) return () => true;
  const visited = new Set<object>();
  const stack: Frame[] = [];
  const fire = (kind: string, value: unknown, node: Node) => {
    const list = handlers.get(kind);
    if (list) for (const h of list) h(value, node);
  };
  const enter = (kind: ObjectKind, value: unknown, source: Source, pointer: string[], parent: Node | undefined, out: Frame[]) => {
    if (!isObject(value) || visited.has(value)) return;
    const ref = value['$ref'];
    if (referable.has(kind) && typeof ref === 'string') {
      const refNode = { kind: 'Ref', value, source, pointer, key: pointer[pointer.length - 1] ?? '', parent, refKind: kind } as Node & { refKind: ObjectKind };
      fire('Ref', ref, refNode);
      if (splitRef(source.uri, ref).uri === source.uri) return; // visited where it is defined
      const target = resolveRef(doc, source.uri, ref);
      if (target.ok) enter(kind, target.value, target.source, target.pointer, refNode, out);
      return;
    }
    visited.add(value);
    out.push({ node: { kind, value, source, pointer, key: pointer[pointer.length - 1] ?? '', parent }, exit: false });
  };

  enter('Document', root.value, root, [], undefined, stack);
  return (frames) => {
    for (let n = 0; n < frames && stack.length > 0; n++) step();
    return stack.length === 0;
  };

  function step(): void {
    const frame = stack.pop()!;
    const { node } = frame;
    const kind = node.kind as ObjectKind;
    if (frame.exit) {
      fire(kind + ':exit', node.value, node);
      return;
    }
    const value = node.value as JsonObject;
    fire(kind, value, node);
    stack.push({ node, exit: true });
    if (describedKinds.has(kind) && typeof value['description'] === 'string') {
      const pointer = node.pointer.concat('description');
      fire('Description', value['description'], { kind: 'Description', value: value['description'], source: node.source, pointer, key: 'description', parent: node });
    }
    const children: Frame[] = [];
    for (const key in value) {
      const spec = childSpec(kind, key);
      if (!spec) continue;
      const child = value[key];
      const pointer = node.pointer.concat(key);
      if ('one' in spec) enter(spec.one, child, node.source, pointer, node, children);
      else if ('list' in spec || ('oneOrList' in spec && Array.isArray(child))) {
        if (!Array.isArray(child)) continue;
        const itemKind = 'list' in spec ? spec.list : spec.oneOrList;
        for (let i = 0; i < child.length; i++) enter(itemKind, child[i], node.source, pointer.concat(String(i)), node, children);
      } else if ('oneOrList' in spec) enter(spec.oneOrList, child, node.source, pointer, node, children);
      else if (isObject(child)) {
        for (const name in child) enter(spec.map, child[name], node.source, pointer.concat(name), node, children);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}
