/**
 * The frame table both YAML readers fill (js-yaml's listener in parse-yaml.ts, the fast path in
 * yaml-fast-path.ts), and the key helpers they share.
 */
export const mappingKind = 1;
export const sequenceKind = 2;

/** start, end and last (four bytes each), kind and sameAsChild (one each). */
const bytesPerFrame = 14;
const noInts = new Int32Array(0);
const noBytes = new Uint8Array(0);

/**
 * The listener's record of every node, in flat typed arrays: a 3 MB document has about a million
 * nodes, and an object per node cost more than the parse itself (in allocation and GC). Frames are
 * numbered as they open (document order), so a node's descendants are the frames after it up to its
 * `last`: one write when a node closes links the whole tree.
 */
export class FrameTable {
  n = 0;
  start: Int32Array;
  end: Int32Array;
  /** The last frame inside this one (itself for a leaf). */
  last: Int32Array;
  /** What the node is: a mapping, a sequence, or else (a scalar, an empty node, an alias: 0). */
  kind: Uint8Array;
  /** Its one child is the same value (a block sequence's item and the flow mapping it is: two frames). */
  sameAsChild: Uint8Array;
  /**
   * The only values kept: an alias's, an empty node's (null) and a collection's written as a key. A
   * scalar's is read again from the text, and a collection's frames describe it: most values are
   * young when the table is old, and storing each (a write barrier, then a slot each scavenge visits)
   * cost some 20 ms of a 3 MB document's parse.
   */
  values = new Map<number, unknown>();

  constructor(capacity: number) {
    this.start = this.end = this.last = noInts;
    this.kind = this.sameAsChild = noBytes;
    this.allocate(capacity);
  }

  add(start: number): number {
    if (this.n === this.start.length) this.grow();
    const i = this.n++;
    this.start[i] = start;
    return i;
  }

  private grow(): void {
    this.allocate(this.start.length * 2);
  }

  /**
   * The five arrays as views of one new buffer of `capacity` frames, keeping the frames so far: a
   * buffer is an allocation outside V8's heap, and a multi-file API's 195 small files paid 4-11 ms
   * cold for five each, against about 1 for one.
   */
  private allocate(capacity: number): void {
    const buffer = new ArrayBuffer(capacity * bytesPerFrame);
    const view = <T extends Int32Array | Uint8Array>(old: T, Kind: new (b: ArrayBuffer, offset: number, length: number) => T, offset: number): T => {
      const fresh = new Kind(buffer, offset * capacity, capacity);
      fresh.set(old);
      return fresh;
    };
    this.start = view(this.start, Int32Array, 0);
    this.end = view(this.end, Int32Array, 4);
    this.last = view(this.last, Int32Array, 8);
    this.kind = view(this.kind, Uint8Array, 12);
    this.sameAsChild = view(this.sameAsChild, Uint8Array, 13);
  }

  hasChildren(i: number): boolean {
    return this.last[i]! > i;
  }

  children(i: number): number[] {
    const out: number[] = [];
    const last = this.last[i]!;
    for (let c = i + 1; c <= last; c = this.last[c]! + 1) out.push(c);
    return out;
  }
}

/** Whether a key is an array index such as `200`. */
export function isIndex(r: unknown): boolean {
  // the first character first: most keys are words, and a regex test per key of a large document adds up
  return typeof r === 'number' ? Number.isInteger(r) && r >= 0 : typeof r === 'string' && isDigit(r.charCodeAt(0)) && /^(0|[1-9]\d{0,8})$/.test(r);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Has V8 keep this mapping's array-index keys in a dictionary. js-yaml assigns keys one by one to
 * `{}`, and V8 answers `o['404'] = …` on an empty object with a 405-slot array: every `responses`
 * object then weighed 1.6 to 4 KB and cost microseconds to enumerate (a fifth of the memory of a
 * large document, and much of the walk's time). Setting a huge index and deleting it makes V8 move
 * the elements into a dictionary, in place: no copy of the mapping, and an anchored mapping's
 * aliases see the same object. Keys, values and their order are unchanged.
 */
export function toSparseElements(mapping: Record<string, unknown>): void {
  // that index written as a key of the document: its value stays, the elements as V8 keeps them
  if (Object.prototype.hasOwnProperty.call(mapping, sparseIndex)) return;
  mapping[sparseIndex] = 0;
  delete mapping[sparseIndex];
}
const sparseIndex = 4_294_967_294;

