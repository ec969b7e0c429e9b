import type { Source } from '../load/source.js';
import { resolveRef, refOf, type LoadedDocument } from '../load/refs.js';
import { sliceSelects, type CompiledPath, type Segment } from './jsonpath.js';
import { resolvedView } from './resolved.js';
import { FilterLimitError, filterBudgetPerDocument, type FilterBudget, type FilterScope } from './filter.js';

/** A place a `given` matched: where the value is (in the file it is in), and the value. */
export interface Match {
  value: unknown;
  source: Source;
  pointer: string[];
  /** The match is a property name (`given` ends in `~`): report at the key. */
  isKey: boolean;
  /**
   * The pointer, in the root document, of the last `$ref` crossed on the way (undefined when none
   * was): what puts a finding in a `$ref`'d file under an API path.
   */
  via: string[] | undefined;
  /**
   * The path from where matching started, through `$ref`s as if they were replaced (Spectral's path
   * in the resolved document): what a JavaScript function is given as `context.path`.
   */
  logical: string[];
  /**
   * A `$ref` was followed on the way for want of a key beside it: Spectral places what is found
   * here where it is written, not along `logical`.
   */
  jumped: boolean;
}

/** A node on the way down: its pointer is built only when something matches at or below it. */
interface Frame {
  value: unknown;
  key: string | number;
  parent: Frame | undefined;
  source: Source;
  /** A `$ref` target's whole pointer in its file; otherwise built from the parent's. */
  base: string[] | undefined;
  built?: string[];
  /** Active states: path index × stride + step index. */
  states: number[];
  /** A `$ref` target already entered with these states: it may match itself, its children were seen. */
  seen?: boolean;
  via: Frame | undefined;
  /**
   * The innermost `$ref` crossed that has keys beside it (`{$ref, description}`), as `file#pointer`:
   * Spectral places a finding below it at the key beside it, so what is matched through it is a
   * place of its own, though the value is the target's.
   */
  beside?: string;
  /**
   * A `$ref` was followed on the way for want of the key the path goes on with: Spectral's reference
   * map then places what is below at the targets of `$ref`s, keys beside them or not.
   */
  jumped?: boolean;
  /** The frame stands for the target of this `$ref` with keys beside it. */
  refObject?: object;
  /** What `beside` was before that `$ref`: its target's own keys (not beside it) are places of the target's. */
  outerBeside?: string;
  /** The target was entered already: only the keys beside the `$ref` are new places. */
  onlyOwn?: boolean;
  /** The frame is a `$ref` alone, followed: the target's place, reached along a path of its own. */
  refAlone?: boolean;
}

const stride = 4096;

/** A filter of the path at `path` (an index into `matchAll`'s list) went past its bounds. */
export class PathLimitError extends Error {
  constructor(
    readonly path: number,
    message: string,
  ) {
    super(message);
  }
}

function pointerOf(f: Frame): string[] {
  if (f.built) return f.built;
  f.built = f.base ?? pointerOf(f.parent!).concat(String(f.key));
  return f.built;
}

function logicalOf(f: Frame): string[] {
  const keys: string[] = [];
  for (let at: Frame | undefined = f; at?.parent; at = at.parent) keys.push(String(at.key));
  return keys.reverse();
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

/**
 * Every `given` of every declarative rule, matched in one traversal of the document: each node
 * carries the set of (path, step) states still alive at it, and a child is entered only when some
 * state selects it, so a rule about `$.info` costs nothing below `paths`. `$ref`s are followed as
 * Spectral's resolved view does (into other files too, reporting where the value really is); a
 * target already entered with the same states is not entered again, which bounds both cycles and
 * the cost of a definition used from many places. Matches are per path, each place once.
 */
export function matchAll(doc: LoadedDocument | undefined, root: { value: unknown; source: Source; pointer: string[] }, paths: readonly CompiledPath[], budgets: FilterBudget[] = paths.map(() => ({ left: filterBudgetPerDocument }))): Match[][] {
  const out: Match[][] = paths.map(() => []);
  const seen: Array<Set<string>> = paths.map(() => new Set());
  const entered = new Map<object, Set<string>>();
  const rootValue = root.value;
  let current = 0; // the path whose step `selects` is testing

  const record = (f: Frame, p: number) => {
    const path = paths[p]!;
    // A property name is where it is written: in the parent, even when its value is a `$ref` that
    // was followed (the frame then stands in the target's file).
    const onKey = path.keys && f.parent !== undefined;
    const source = onKey ? f.parent!.source : f.source;
    const pointer = onKey ? pointerOf(f.parent!).concat(String(f.key)) : pointerOf(f);
    // a `$ref` alone is matched once per path that reaches it, as Spectral's resolved document has
    // it once per place: a missing field's message names the target from there, not the field
    const id = source.uri + '#' + pointer.join('/') + (path.keys ? '~' : '') + (f.beside === undefined ? '' : '@' + f.beside) + (f.refAlone && !path.keys ? '^' + logicalOf(f).join('/') : '');
    if (seen[p]!.has(id)) return;
    seen[p]!.add(id);
    out[p]!.push({ value: path.keys ? f.key : f.value, source, pointer, isKey: path.keys, via: f.via ? pointerOf(f.via) : undefined, logical: logicalOf(f), jumped: f.jumped === true });
  };

  const initial: number[] = [];
  paths.forEach((_, p) => initial.push(p * stride));
  const stack: Frame[] = [{ value: rootValue, key: '', parent: undefined, source: root.source, base: root.pointer, states: initial, via: undefined }];

  // The node whose children are being selected, and the child at hand: one function for all steps
  // of all children, with no closure or scope allocated per child (a `$..` rule meets every node).
  let node: Frame = stack[0]!;
  let nodeValue: object = {};
  let nodeIsArray = false;
  let childKey: string | number = '';
  let childVal: unknown;
  let childScope: FilterScope | undefined;
  const selects = (seg: Segment): boolean => {
    switch (seg.t) {
      case 'names':
        return seg.names.has(typeof childKey === 'string' ? childKey : String(childKey));
      case 'any':
        return true;
      case 'slice':
        return nodeIsArray && sliceSelects(seg, childKey as number, (nodeValue as unknown[]).length);
      case 'filter': {
        if (!childScope) {
          const parent = node;
          const key = childKey;
          childScope = {
            // Spectral's filters run over the resolved document: `@.schema.items` sees through `$ref`s
            value: doc ? resolvedView(doc)(childVal, parent.source.uri) : childVal,
            property: key,
            parent: nodeValue,
            parentProperty: parent.key,
            root: rootValue,
            path: () => '$' + logicalOf(parent).concat(String(key)).map((k) => `['${k}']`).join(''),
            budget: budgets[current]!,
          };
        }
        childScope.budget = budgets[current]!;
        try {
          return seg.fn(childScope);
        } catch (error) {
          if (error instanceof FilterLimitError) throw new PathLimitError(current, `the filter '${seg.code}' stopped: ${error.message}`);
          throw error;
        }
      }
      case 'descend':
      case 'parent':
        return false;
    }
  };

  while (stack.length > 0) {
    const f = stack.pop()!;
    // states that are complete here match; the rest look at the children
    let live: number[] | undefined;
    for (const s of f.states) {
      const p = (s / stride) | 0;
      const i = s % stride;
      const segs = paths[p]!.segments;
      if (i === segs.length) record(f, p);
      else if (segs[i]!.t === 'parent') {
        // `^`: the rest of the path goes on from the parent (visited again, with that state alone)
        if (f.parent) stack.push({ ...f.parent, built: pointerOf(f.parent), states: [s + 1] });
      } else (live ??= []).push(s);
    }
    if (!live || f.seen || !isObject(f.value)) continue;
    const value = f.value;
    const isArray = Array.isArray(value);
    // Only named steps alive: look those names up instead of scanning every key.
    let onlyNames = true;
    for (const s of live) if (paths[(s / stride) | 0]!.segments[s % stride]!.t !== 'names') onlyNames = false;
    let keys: Array<string | number> = [];
    if (onlyNames) {
      const wanted = new Set<string>();
      for (const s of live) for (const n of (paths[(s / stride) | 0]!.segments[s % stride] as { names: ReadonlySet<string> }).names) wanted.add(n);
      for (const n of wanted) if (Object.prototype.hasOwnProperty.call(value, n)) keys.push(isArray ? Number(n) : n);
    } else if (isArray) for (let i = 0; i < value.length; i++) keys.push(i);
    // parsed values are plain objects: their own keys are what `for…in` gave, in the same order, in one allocation
    else keys = Object.keys(value);
    if (f.onlyOwn) {
      const own = f.refObject!;
      for (let i = keys.length - 1; i >= 0; i--) if (!Object.prototype.hasOwnProperty.call(own, keys[i]!)) keys.splice(i, 1);
    }

    // the children go straight onto the stack and are then put in reverse there, so the first pops first
    const firstChild = stack.length;
    node = f;
    nodeValue = value;
    nodeIsArray = isArray;
    for (const key of keys) {
      const childValue = (value as Record<string, unknown>)[key as string];
      let states: number[] | undefined;
      childKey = key;
      childVal = childValue;
      childScope = undefined;
      for (const s of live) {
        const p = (s / stride) | 0;
        const i = s % stride;
        const segs = paths[p]!.segments;
        const seg = segs[i]!;
        current = p;
        if (seg.t === 'descend') {
          (states ??= []).push(s); // still looking, deeper
          if (selects(segs[i + 1]!)) states.push(s + 2);
        } else if (selects(seg)) (states ??= []).push(s + 1);
      }
      if (!states) continue;
      if (states.length > 1) states = distinct(states);
      // a value with no children (a scalar: never a `$ref`) where no path ends or turns back to the
      // parent is a dead end: no frame for it (under `$..` most nodes are such leaves)
      if (!isObject(childValue) && !endsOrTurns(states, paths)) continue;
      stack.push(childFrame(doc, f, key, childValue, states, entered, paths));
    }
    for (let i = firstChild, j = stack.length - 1; i < j; i++, j--) {
      const t = stack[i]!;
      stack[i] = stack[j]!;
      stack[j] = t;
    }
  }
  return out;
}

/** The states without repeats, in first-seen order; the same array when it has none (the usual case). */
function distinct(states: number[]): number[] {
  for (let i = 1; i < states.length; i++) {
    if (states.lastIndexOf(states[i]!, i - 1) !== -1) return [...new Set(states)];
  }
  return states;
}

/** Whether some state ends at the node (a match) or goes on from its parent (`^`). */
function endsOrTurns(states: readonly number[], paths: readonly CompiledPath[]): boolean {
  for (const s of states) {
    const segs = paths[(s / stride) | 0]!.segments;
    const i = s % stride;
    if (i === segs.length || segs[i]!.t === 'parent') return true;
  }
  return false;
}

/**
 * A child, or the target of the `$ref` it is (a chain followed to its end), as Spectral's resolved
 * document has it; `seen` when that target was already entered with the same states.
 */
function childFrame(doc: LoadedDocument | undefined, parent: Frame, key: string | number, value: unknown, states: number[], entered: Map<object, Set<string>>, paths: readonly CompiledPath[]): Frame {
  // below a `$ref` with keys beside it, a key it does not have is the target's: a jump, placed as the target's
  const past = parent.refObject !== undefined && !Object.prototype.hasOwnProperty.call(parent.refObject, key);
  const jumped = parent.jumped === true || past;
  const outer = past ? parent.outerBeside : parent.beside;
  const plain: Frame = { value, key, parent, source: parent.source, base: undefined, states, via: parent.via, beside: outer, jumped };
  if (!doc || refOf(value) === undefined) return plain;
  let source = parent.source;
  let pointer: string[] | undefined;
  let current = value;
  for (let hops = 0; hops < 16; hops++) {
    const ref = refOf(current);
    if (ref === undefined) break;
    const target = resolveRef(doc, source.uri, ref);
    if (!target.ok) break;
    source = target.source;
    pointer = target.pointer;
    current = target.value;
  }
  if (pointer === undefined) return plain;
  // a plain `$ref`'s target is entered once per set of states; one with keys beside it once more for
  // those keys (twice when reached both before and after a jump, which Spectral places apart)
  const alone = Object.keys(value as object).length === 1;
  const beside = alone ? outer : parent.source.uri + '#' + pointerOf(parent).concat(String(key)).join('/') + (jumped ? '!' : '');
  const refObject = alone ? undefined : (value as object);
  let onlyOwn = false;
  if (isObject(current)) {
    // by the states that go on below it: one that completes here matches here, whatever else does
    const signature = states.filter((st) => st % stride < paths[(st / stride) | 0]!.segments.length).join(',');
    // a plain `$ref` enters a target that only `$ref`s with keys beside them entered: the keys those
    // have are its own places too; a `$ref` with keys beside it, once the target was entered, adds its keys
    const sigs = entered.get(current);
    const targetSeen = refObject ? sigs !== undefined && (sigs.has(signature) || sigs.has(signature + '~')) : firstEntry(entered, current, signature) === false;
    if (refObject && !targetSeen) firstEntry(entered, current, signature + '~');
    const seen = refObject ? firstEntry(entered, refObject, signature + (jumped ? '!' : '')) === false : targetSeen;
    if (seen) return { value: current, key, parent, source, base: pointer, states, via: parent.via, seen: true, beside, jumped: jumped || alone, refObject, outerBeside: outer, refAlone: alone };
    onlyOwn = refObject !== undefined && targetSeen;
  }
  // the first `$ref` that leaves the root file is what places a finding under an API path
  const via = parent.via ?? (source !== doc.root && parent.source === doc.root ? { ...plain, states: [] } : undefined);
  return { value: current, key, parent, source, base: pointer, states, via, beside, jumped: jumped || alone, refObject, outerBeside: outer, refAlone: alone, ...(onlyOwn ? { onlyOwn } : {}) };
}

/** Whether this is the first entry into `by` with these states (and records it). */
function firstEntry(entered: Map<object, Set<string>>, by: object, signature: string): boolean {
  let sigs = entered.get(by);
  if (!sigs) entered.set(by, (sigs = new Set()));
  if (sigs.has(signature)) return false;
  sigs.add(signature);
  return true;
}
