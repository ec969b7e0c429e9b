// A `$ref` stands for what it names (issue 14): `parameters: {$ref: '#/parameters/sid'}` puts one
// parameter where the schema wants a list. The official schema allows a reference object only in a few
// places; elsewhere every resolver replaces it by its target before anything reads it, so the schema's
// complaint about the reference object itself says nothing. What counts is whether the target fits.
// These helpers find such references among a validation's errors and build the document as a resolver
// would see it, with each one replaced by its target, to validate that once more.

/** A reference object at a place whose schema does not allow one, relative to the validated value. */
export interface RefPlace {
  pointer: string[];
  ref: string;
}

function isRefObject(value: unknown): value is { $ref: string } {
  return value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)['$ref'] === 'string';
}

/**
 * Whether an error at `pointer` is about a reference object in the way (the first one on the way from
 * the root): `place` says which, so that its target can be checked instead; `ignore` is an error about
 * a malformed `$ref` member (not a string), which ref-resolves and the walk leave alone too.
 */
export function refInTheWay(value: unknown, pointer: readonly string[], aboutKey = false): { place: RefPlace } | 'ignore' | undefined {
  let current = value;
  // an unknown property is the fault of the object that has it, whatever its value (a `$ref` or not)
  const last = aboutKey ? pointer.length - 1 : pointer.length;
  for (let i = 0; i <= last; i++) {
    if (isRefObject(current)) return { place: { pointer: pointer.slice(0, i), ref: current.$ref } };
    if (i === last) break;
    if (i === pointer.length - 1 && pointer[i] === '$ref') return 'ignore';
    current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[pointer[i]!] : undefined;
  }
  return undefined;
}

/**
 * `root` with the value at each pointer replaced: copies along the ways only, the rest is shared. A
 * container copied for one replacement takes the next ones in place: copying `paths` again for each of
 * thousands of `$ref`s under it was quadratic.
 */
export function replacedAll(root: unknown, replacements: ReadonlyArray<readonly [readonly string[], unknown]>): unknown {
  const copies = new WeakSet<object>();
  const replace = (node: unknown, pointer: readonly string[], by: unknown, from: number): unknown => {
    if (from === pointer.length) return by;
    const key = pointer[from]!;
    let copy: Record<string, unknown> | unknown[];
    if (node !== null && typeof node === 'object' && copies.has(node)) copy = node as Record<string, unknown> | unknown[];
    else {
      copy = Array.isArray(node) ? node.slice() : { ...((node ?? {}) as Record<string, unknown>) };
      copies.add(copy);
    }
    if (Array.isArray(copy)) copy[Number(key)] = replace(copy[Number(key)], pointer, by, from + 1);
    else copy[key] = replace(copy[key], pointer, by, from + 1);
    return copy;
  };
  let out = root;
  for (const [pointer, by] of replacements) out = replace(out, pointer, by, 0);
  return out;
}
