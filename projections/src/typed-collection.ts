import type { ProjectionContext } from './projection';
import type { Doc, FieldFilter, FindOptions, Identified, ReadStore } from './read-store';

/**
 * A collection's documents while a projection applies an event (a class: `.in(ctx)` makes no closures). Its
 * reads are where a stored `Doc` becomes a `D`: its one owning projection writes it only through `put(doc: D)`.
 */
export class Writable<D extends Identified> {
  constructor(
    private readonly name: string,
    private readonly ctx: ProjectionContext,
  ) {}

  async get(id: string): Promise<D | null> {
    return (await this.ctx.get(this.name, id)) as D | null;
  }

  async find(filter: FieldFilter<D>): Promise<D[]> {
    return (await this.ctx.find(this.name, filter)) as Identified[] as D[];
  }

  put(doc: D): void {
    this.ctx.put(this.name, doc as Identified as Doc);
  }

  delete(id: string): void {
    this.ctx.delete(this.name, id);
  }

  /** The document changed by `evolve` and written back; null (nothing written) when there is none. */
  async update(id: string, evolve: (doc: D) => D | void): Promise<D | null> {
    const doc = await this.get(id);
    if (!doc) return null;
    const next = evolve(doc) ?? doc;
    this.ctx.put(this.name, next as Identified as Doc);
    return next;
  }
}

/** A read-model collection with the type of its documents: `collection<JobDoc>('jobs')`. */
export interface Collection<D extends Identified> {
  readonly name: string;
  /** Inside a projection's handler. */
  in(ctx: ProjectionContext): Writable<D>;
  /** On the query side: committed writes only. */
  from(store: ReadStore): {
    get(id: string): Promise<D | null>;
    find(filter?: FieldFilter<D>, options?: FindOptions): Promise<D[]>;
    count(filter?: FieldFilter<D>): Promise<number>;
  };
}

export function collection<D extends Identified>(name: string): Collection<D> {
  const c: Collection<D> = {
    name,
    in: (ctx) => new Writable<D>(name, ctx),
    from: (store) => ({
      get: (id) => store.get(c, id),
      find: (filter, options) => store.find(c, filter, options),
      count: (filter) => store.count(c, filter),
    }),
  };
  return c;
}
