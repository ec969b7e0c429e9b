// A cycle of `$ref`s across files: `b.yaml` holding only `$ref: c.yaml` and `c.yaml` only `$ref: b.yaml`.
// Each step resolves, so no step is "unresolvable"; together they name nothing. The walk follows a
// file `$ref` in a loop and stops at the one whose target is already on its run (src/lint/walk.ts):
// that `$ref` closes the cycle, and it is the one reported, once per cycle however often it is reached.
import path from 'node:path';
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { refOf } from '../../src/lint/rule-helpers.js';

/** A `Ref` handler that reports each cross-file `$ref` cycle once, at the `$ref` that closes it. */
export function refCycleVisitor(ctx: RuleContext): (ref: string, node: Node) => void {
  const inReportedCycle = new Set<object>();
  return (ref, node) => {
    const target = ctx.resolveRef(node.source, ref);
    if (!target.ok || target.source === node.source || refOf(target.value) === undefined) return;
    // The run of `$ref`s that led here: the walk gives each followed `$ref` the previous one as parent.
    const run: Node[] = [node];
    for (let up = node.parent; up?.kind === 'Ref'; up = up.parent) run.push(up);
    const start = run.findIndex((n) => n.value === target.value);
    if (start === -1) return;
    const cycle = run.slice(0, start + 1).reverse();
    if (cycle.some((n) => inReportedCycle.has(n.value as object))) return;
    for (const n of cycle) inReportedCycle.add(n.value as object);
    const steps = [...cycle, cycle[0]!].map((n) => placeOf(node, n)).join(' → ');
    ctx.report({ node, property: '$ref', at: 'value', message: `$ref '${ref}' closes a cycle of $refs (${steps}): each names only the next, none names an object; point one of them at the object itself.` });
  };
}

/** A `$ref`'s place as a reader finds it: the file (relative to the reporting one) and the pointer in it. */
function placeOf(from: Node, node: Node): string {
  const file = node.source === from.source ? path.basename(node.source.uri) : path.relative(path.dirname(from.source.uri), node.source.uri).split(path.sep).join('/');
  return node.pointer.length === 0 ? file : `${file}#/${node.pointer.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}
