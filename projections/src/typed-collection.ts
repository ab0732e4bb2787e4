import type { ProjectionContext } from './projection';
import type { Doc, Filter, FindOptions, ReadStore } from './read-store';

/** A collection's documents while a projection applies an event: its batch's writes are seen at once. */
export interface WritableCollection<D extends Doc> {
  get(id: string): Promise<D | null>;
  /** Documents matching `filter`, the batch's own uncommitted writes included (no sort or limit). */
  find(filter: Filter): Promise<D[]>;
  put(doc: D): void;
  delete(id: string): void;
  /**
   * Emmett-style `evolve(doc)`: the document with this id, changed by `evolve`, is written back.
   * Nothing happens when there is no such document. Answers the written document (or null).
   */
  update(id: string, evolve: (doc: D) => D | void): Promise<D | null>;
}

/** A collection's documents as a reader sees them (committed writes only). */
export interface ReadableCollection<D extends Doc> {
  get(id: string): Promise<D | null>;
  find(filter?: Filter, options?: FindOptions): Promise<D[]>;
  count(filter?: Filter): Promise<number>;
}

/** A read-model collection with the type of its documents: `collection<JobDoc>('jobs')`. */
export interface Collection<D extends Doc> {
  readonly name: string;
  /** Inside a projection's handler. */
  in(ctx: ProjectionContext): WritableCollection<D>;
  /** On the query side. */
  from(store: ReadStore): ReadableCollection<D>;
}

/**
 * The one place a stored `Doc` becomes a `D`. It holds because every collection has ONE owning
 * projection, which writes it only through this collection's `put(doc: D)`; documents are JSON, so
 * they read back as written.
 */
const typed = <D extends Doc>(doc: Doc | null): D | null => doc as D | null;
const typedAll = <D extends Doc>(docs: Doc[]): D[] => docs as D[];

/** A collection inside one handler's context: a class, so that `.in(ctx)` makes no closures. */
class Writable<D extends Doc> implements WritableCollection<D> {
  constructor(
    private readonly name: string,
    private readonly ctx: ProjectionContext,
  ) {}

  async get(id: string): Promise<D | null> {
    return typed<D>(await this.ctx.get(this.name, id));
  }

  async find(filter: Filter): Promise<D[]> {
    return typedAll<D>(await this.ctx.find(this.name, filter));
  }

  put(doc: D): void {
    this.ctx.put(this.name, doc);
  }

  delete(id: string): void {
    this.ctx.delete(this.name, id);
  }

  async update(id: string, evolve: (doc: D) => D | void): Promise<D | null> {
    const doc = await this.get(id);
    if (!doc) return null;
    const next = evolve(doc) ?? doc;
    this.ctx.put(this.name, next);
    return next;
  }
}

export function collection<D extends Doc>(name: string): Collection<D> {
  return {
    name,
    in: (ctx) => new Writable<D>(name, ctx),
    from(store) {
      return {
        get: async (id) => typed<D>(await store.get(name, id)),
        find: async (filter, options) => typedAll<D>(await store.find(name, filter, options)),
        count: (filter) => store.count(name, filter),
      };
    },
  };
}
