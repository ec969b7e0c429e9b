import type { Kind } from './kinds.js';
import type { Node } from './rule.js';
import type { Source } from '../load/source.js';

/**
 * A node whose pointer is built on first read, from its parent's and the segments between them:
 * most nodes of a clean document are never reported, so they never need one (a 3 MB document has some
 * 100,000 nodes, and building a pointer array for each was a tenth of the walk's time, most of it GC).
 */
export class LazyNode<T = unknown> implements Node<T> {
  private built: string[] | undefined;

  constructor(
    readonly kind: Kind,
    readonly value: T,
    readonly source: Source,
    readonly key: string,
    readonly parent: Node | undefined,
    /** The segments from the parent's pointer to this node's (a key, or a key and an index)... */
    private readonly below: string | readonly string[] | undefined,
    /** ...or, instead, the whole pointer (a `$ref`'s target, the root). */
    pointer?: string[],
  ) {
    this.built = pointer;
  }

  get pointer(): string[] {
    if (this.built === undefined) this.built = this.parent!.pointer.concat(this.below!);
    return this.built;
  }
}
