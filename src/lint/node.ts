import type { Kind } from './shape.js';
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
    /**
     * What lies between the parent's pointer and `key`: nothing (`key` is a property of the parent),
     * one segment (`parameters` before an index) or several; `pointer` instead gives the whole pointer
     * (a `$ref`'s target, the root). Segments, not a pointer array per node: most never need one.
     */
    private readonly via: string | readonly string[] | undefined,
    pointer?: string[],
  ) {
    this.built = pointer;
  }

  get pointer(): string[] {
    if (this.built === undefined) {
      const base = this.parent!.pointer;
      const via = this.via;
      this.built = via === undefined ? base.concat(this.key) : typeof via === 'string' ? base.concat(via, this.key) : base.concat(via, this.key);
    }
    return this.built;
  }
}
