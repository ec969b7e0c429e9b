// The property names the schemas of one document declare, for all of them at once
// (required-properties-exist). Asked schema by schema (declared-properties.ts), a chain of `allOf`s
// through `$ref`s costs its remaining length at every schema: 3,000 schemas that each name the next
// took some 4.5 million steps, and a required name none of them declares made each ask again for its
// composers. Here each schema and each edge (a `$ref`'s target, an `allOf`/`anyOf`/`oneOf` member)
// is read once, and whether a name is declared below a schema is answered by walking the edges
// backwards from the schemas that declare it, once per name: the work is the document's size per
// distinct name asked, not per schema.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { isObject } from './resolve.js';

const members = ['allOf', 'anyOf', 'oneOf'] as const;

interface Entry {
  node: Node;
  /** The target of its `$ref`, if it has one that resolves. */
  target?: number;
  /** Whether its own keywords count: not a `$ref` standing for the whole schema (JSON Schema 2020-12's is one keyword). */
  body: boolean;
  names: readonly string[];
  open: boolean;
  members: number[];
}

export class DeclaredIndex {
  /** Schemas read, edges followed and nodes marked: the index's whole work (a test bounds it). */
  steps = 0;
  private readonly ids = new Map<unknown, number>();
  private readonly entries: Entry[] = [];
  private readonly pending: number[] = [];
  private readonly into: number[][] = [];
  private readonly declarers = new Map<string, number[]>();
  private readonly composers = new Map<number, number[]>();
  private readonly reaching = new Map<string, ReadonlySet<number>>();
  private openReaching: ReadonlySet<number> | undefined;
  private namedReaching: ReadonlySet<number> | undefined;
  private readonly keyword: (key: string) => boolean;
  private readonly refKeyword: boolean;

  /** The index of `schemas` and everything their `$ref`s and members reach. */
  constructor(private readonly ctx: RuleContext, schemas: Iterable<Node>) {
    // only the keywords the format's Schema Object has: Swagger 2.0's has no patternProperties nor anyOf
    this.keyword = (key) => ctx.format.kinds.childSpec('Schema', key) !== undefined;
    this.refKeyword = ctx.format.kinds.refKeywordKinds?.(ctx.document.root.value).has('Schema') ?? false;
    for (const node of schemas) this.idOf(node);
    while (this.pending.length > 0) this.read(this.pending.pop()!);
  }

  /** The schema's id (added to the index if new; call before the first question). */
  idOf(node: Node): number {
    const value = node.value;
    const key = isObject(value) ? value : node; // a non-object is its own node: it declares nothing
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.entries.length;
      this.ids.set(key, id);
      this.entries.push({ node, body: false, names: [], open: false, members: [] });
      this.into.push([]);
      this.pending.push(id);
    }
    return id;
  }

  /** The schemas whose `allOf` lists this one by a local `$ref` (`Dog: {allOf: [{$ref: Pet}, …]}` composes Pet). */
  composersOf(id: number): readonly number[] {
    return this.composers.get(id) ?? [];
  }

  /** Whether any of `ids` declares `name`, itself or below. */
  declares(ids: readonly number[], name: string): boolean {
    let set = this.reaching.get(name);
    if (!set) this.reaching.set(name, (set = this.backwards(this.declarers.get(name) ?? [])));
    return ids.some((id) => set.has(id));
  }

  /** Whether any of `ids` allows any name (`additionalProperties` and the like), itself or below. */
  isOpen(ids: readonly number[]): boolean {
    this.openReaching ??= this.backwards(this.entries.flatMap((e, id) => (e.open ? [id] : [])));
    return ids.some((id) => this.openReaching!.has(id));
  }

  /** Whether any of `ids` declares a name at all. */
  declaresAny(ids: readonly number[]): boolean {
    this.namedReaching ??= this.backwards(this.entries.flatMap((e, id) => (e.names.length > 0 ? [id] : [])));
    return ids.some((id) => this.namedReaching!.has(id));
  }

  /**
   * The names `ids` declare, in the order a depth-first reading finds them (a message's "did you mean"
   * picks the first of equally close names), from at most `limit` schemas: a message needs no more.
   */
  namesOf(ids: readonly number[], limit = 100): string[] {
    const names = new Set<string>();
    const seen = new Set<number>();
    for (const start of ids) {
      const stack: Array<{ id: number; body?: true }> = [{ id: start }];
      while (stack.length > 0 && seen.size < limit) {
        const { id, body } = stack.pop()!;
        const entry = this.entries[id]!;
        if (!body) {
          if (seen.has(id)) continue;
          seen.add(id);
          if (entry.target !== undefined || !entry.body) {
            // a `$ref`'s target first, then (2020-12) the schema's own keywords
            if (entry.body) stack.push({ id, body: true });
            if (entry.target !== undefined) stack.push({ id: entry.target });
            continue;
          }
        }
        for (const name of entry.names) names.add(name);
        for (let i = entry.members.length - 1; i >= 0; i--) stack.push({ id: entry.members[i]! });
      }
    }
    return [...names];
  }

  private read(id: number): void {
    this.steps++;
    const entry = this.entries[id]!;
    const { node } = entry;
    const value = node.value;
    if (!isObject(value)) return;
    const edge = (to: number) => {
      this.steps++;
      this.into[to]!.push(id);
    };
    const hasRef = typeof value['$ref'] === 'string';
    if (hasRef) {
      const target = this.ctx.resolve(node);
      if (target.ok) {
        entry.target = this.idOf(this.ctx.nodeAt(target.source, target.pointer, { kind: node.kind }));
        edge(entry.target);
      }
      if (!this.refKeyword) return;
    }
    entry.body = true;
    if (isObject(value['properties'])) {
      entry.names = Object.keys(value['properties']);
      for (const name of entry.names) {
        const list = this.declarers.get(name);
        if (list) list.push(id);
        else this.declarers.set(name, [id]);
      }
    }
    const open = (key: string) => this.keyword(key) && (value[key] === true || isObject(value[key]));
    entry.open = open('additionalProperties') || open('unevaluatedProperties') || (this.keyword('patternProperties') && isObject(value['patternProperties']) && Object.keys(value['patternProperties']).length > 0);
    for (const key of members) {
      const list = value[key];
      if (!this.keyword(key) || !Array.isArray(list)) continue;
      list.forEach((member: unknown, i) => {
        const child = this.ctx.child(node, [key, String(i)]);
        const to = this.idOf(child);
        entry.members.push(to);
        edge(to);
        // a local `$ref` in an allOf composes its target with the other members
        const ref = isObject(member) ? member['$ref'] : undefined;
        if (key !== 'allOf' || typeof ref !== 'string' || !ref.startsWith('#/')) return;
        const target = this.ctx.resolve(child);
        if (!target.ok || target.source !== node.source) return;
        const composed = this.idOf(this.ctx.nodeAt(target.source, target.pointer, { kind: 'Schema' }));
        const list2 = this.composers.get(composed);
        if (list2) list2.push(id);
        else this.composers.set(composed, [id]);
      });
    }
  }

  /** The schemas from which one of `from` is reached (themselves included): the edges walked backwards, each once. */
  private backwards(from: readonly number[]): ReadonlySet<number> {
    const marked = new Set<number>(from);
    const queue = [...from];
    while (queue.length > 0) {
      const id = queue.pop()!;
      this.steps++;
      for (const before of this.into[id]!) {
        if (marked.has(before)) continue;
        marked.add(before);
        queue.push(before);
      }
    }
    return marked;
  }
}
