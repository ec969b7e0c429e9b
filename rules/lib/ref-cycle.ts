// A cycle of `$ref`s: `b.yaml` holding only `$ref: c.yaml` and `c.yaml` only `$ref: b.yaml`, or two
// definitions of one file naming each other.
// Each step resolves, so no step is "unresolvable"; together they name nothing. The walk follows a
// file `$ref` in a loop and stops at the one whose target is already on its run (src/lint/walk.ts):
// that `$ref` closes the cycle, and it is the one reported, once per cycle however often it is reached.
import path from 'node:path';
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { refOf } from '../../src/lint/rule-helpers.js';

/** A `Ref` handler that reports each `$ref` cycle once, at the `$ref` that closes it (for one file: the first the walk meets). */
export function refCycleVisitor(ctx: RuleContext): (ref: string, node: Node) => void {
  const inReportedCycle = new Set<object>();
  return (ref, node) => {
    const target = ctx.resolveRef(node.source, ref);
    if (!target.ok || refOf(target.value) === undefined) return;
    if (target.source === node.source) {
      sameFileCycle(ctx, node, inReportedCycle);
      return;
    }
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

/**
 * A cycle inside one file (`A: {$ref: '#/definitions/B'}`, `B: {$ref: '#/definitions/A'}`): the walk
 * visits each where it is defined and follows no local `$ref`, so the chain is followed here, from each
 * `$ref` whose target is another `$ref`. A `$ref` the chain returns to is on the cycle; the first one the
 * walk meets reports it. A `$ref` that leads into a cycle without being on it is not reported: the cycle is.
 */
function sameFileCycle(ctx: RuleContext, node: Node, inReportedCycle: Set<object>): void {
  if (inReportedCycle.has(node.value as object)) return;
  const steps: Array<{ value: object; pointer: string[] }> = [{ value: node.value as object, pointer: node.pointer }];
  let ref = refOf(node.value);
  // a chain longer than this names something long before it could loop back here
  for (let hop = 0; hop < 64 && ref !== undefined; hop++) {
    const target = ctx.resolveRef(node.source, ref);
    if (!target.ok || target.source !== node.source || target.value === null || typeof target.value !== 'object') return;
    if (target.value === node.value) {
      for (const step of steps) inReportedCycle.add(step.value);
      const places = [...steps, steps[0]!].map((step) => pointerText(step.pointer)).join(' → ');
      // a warning: swagger-parser and swagger-cli take a schema that names itself as a valid circular
      // `$ref` (their own test documents have one), though it describes nothing
      ctx.report({ node, property: '$ref', at: 'value', severity: 'warn', message: `$ref '${refOf(node.value)!}' closes a cycle of $refs (${places}): each names only the next, none names an object; point one of them at the object itself.` });
      return;
    }
    if (steps.some((step) => step.value === target.value)) return; // a cycle this $ref only leads into
    steps.push({ value: target.value, pointer: target.pointer });
    ref = refOf(target.value);
  }
}

/** A `$ref`'s place as a reader finds it: the file (relative to the reporting one) and the pointer in it. */
function placeOf(from: Node, node: Node): string {
  const file = node.source === from.source ? path.basename(node.source.uri) : path.relative(path.dirname(from.source.uri), node.source.uri).split(path.sep).join('/');
  return node.pointer.length === 0 ? file : `${file}${pointerText(node.pointer)}`;
}

function pointerText(pointer: readonly string[]): string {
  return `#/${pointer.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}
