import type { Collection } from './typed-collection';

/** What every read-model document has: `id`, unique within its collection. */
export interface Identified {
  id: string;
}

/** A stored document whose type is not known where it is read (the stores, the runner, a projection's context). */
export interface Doc extends Identified {
  [field: string]: unknown;
}

export type Comparison =
  | { $in: unknown[] }
  | { $ne: unknown }
  | { $gt: number | string }
  | { $gte: number | string }
  | { $lt: number | string }
  | { $lte: number | string }
  /**
   * Case-insensitive "contains" on a string field (ASCII case folding on every store). Search string
   * fields only: SQLite takes an object's or array's JSON for its text, MongoDB and matches() never match one.
   */
  | { $contains: string };

/** The top-level field names of a document type. */
export type FieldOf<D> = keyof D & string;

/** A filter on the documents of type D: its fields (or paths below them), each equal to a value or compared. */
export type FieldFilter<D> = { [K in FieldOf<D>]?: D[K] | null | Comparison } & {
  [P in `${FieldOf<D>}.${string}`]?: unknown;
} & { $and?: FieldFilter<D>[]; $or?: FieldFilter<D>[] };

/**
 * Equality on a (dotted) field, or one comparison operator per field; all conditions must hold.
 * `$and: [filters]` and `$or: [filters]` combine whole filters (keyset paging, search over several fields).
 * A typed collection's filter is a FieldFilter of its documents' fields.
 */
export type Filter = Record<string, unknown>;

/** A collection named as it is stored, or typed by its read model (`collection<D>('name')`). */
export type CollectionRef = string | { readonly name: string };
/** The stored name of a collection. */
export const collectionName = (c: CollectionRef): string => (typeof c === 'string' ? c : c.name);

/** Names and paths go into a store's queries as they are: each is checked first. */
const checked = (pattern: RegExp, what: string) => (s: string) => {
  if (!pattern.test(s)) throw new Error(`Bad ${what}: ${s}`);
  return s;
};
/** A top-level field name (FindOptions.fields). */
export const topField = checked(/^[A-Za-z_][A-Za-z0-9_]*$/, 'field name');
/** A top-level or dotted field path (filters, sorts, indexes). */
export const fieldPath = checked(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, 'field path');
const checkedCollection = checked(/^[A-Za-z_][A-Za-z0-9_]*$/, 'collection name');
/** The table (or MongoDB collection) of a read-model collection: `rm_<collection>`. */
export const storedName = (collection: string) => `rm_${checkedCollection(collection)}`;

/**
 * The order of find(), the same on every store so that limit/skip pages are stable:
 * - without `sort`, documents come in insertion order: the order in which they were first put (a
 *   later put keeps a document's place; deleted and put again, it goes to the end);
 * - with `sort`, missing/null values come first when ascending, and ties are broken by `id` in the
 *   direction of the last sort key.
 * A query that pages (limit/skip) should still name its sort: it says what the page means.
 */
export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
  /** Only these top-level fields of each document (and its id; a missing field stays missing): less to read. */
  fields?: string[];
}

/**
 * A search index on string fields, declared among a collection's indexes (`searchIndex('Name')`, or
 * `searchIndex('Name', 'Email')` for the fields one list searches together): it backs `$contains` on those
 * fields (the `?q=` of a list, an `$or` of them) where the store has one (SQLite: an FTS5 trigram table kept by
 * triggers, a column per field: one read of it answers a text in any of them), with the same results as without
 * it. A store without one ignores it.
 */
export const searchIndex = (...fields: string[]) => {
  if (!fields.length) throw new Error('A search index needs a field');
  if (new Set(fields).size !== fields.length) throw new Error(`A search index names a field twice: ${fields}`);
  return `search:${fields.join(',')}`;
};
/** The fields of a searchIndex() declaration, null for any other index. */
export const searchedFields = (index: string): string[] | null =>
  index.startsWith('search:') ? index.slice('search:'.length).split(',') : null;

/** Whether a declared index is one of fields (`a` or `a+b`), not a search index. */
export const isFieldIndex = (index: string): boolean => searchedFields(index) === null;

export type WriteOp = { op: 'put'; collection: string; doc: Doc } | { op: 'delete'; collection: string; id: string };

export class CheckpointConflictError extends Error {
  constructor(projection: string, expected: number, actual: number) {
    super(`Projection ${projection}: checkpoint is ${actual}, expected ${expected}`);
    this.name = 'CheckpointConflictError';
  }
}

/**
 * The reads of a ReadStore: a typed collection's (its read model's `collection<D>`) documents are D, its filters
 * keyed by D's fields; one named by a string (the runner, the stores' own tests) holds documents of no known type.
 * find with `fields`: only those top-level fields of each document, and its id.
 */
export interface DocReads {
  get<D extends Identified>(collection: Collection<D>, id: string): Promise<D | null>;
  get(collection: string, id: string): Promise<Doc | null>;
  find<D extends Identified, K extends FieldOf<D>>(
    collection: Collection<D>,
    filter: FieldFilter<D> | undefined,
    options: FindOptions & { fields: K[] },
  ): Promise<Pick<D, K | 'id'>[]>;
  find<D extends Identified>(collection: Collection<D>, filter?: FieldFilter<D>, options?: FindOptions): Promise<D[]>;
  find(collection: string, filter?: Filter, options?: FindOptions): Promise<Doc[]>;
  count<D extends Identified>(collection: Collection<D>, filter?: FieldFilter<D>): Promise<number>;
  count(collection: string, filter?: Filter): Promise<number>;
}

/**
 * Where read models live. Implementations: SqliteReadStore (embedded default) and MongoReadStore.
 * Both pass the contract suite in read-store.contract.ts.
 */
export interface ReadStore extends DocReads {
  /**
   * Secondary indexes on top-level or dotted fields; idempotent. `a+b` is one compound index on
   * (a, b, id), for keyset pages of `a = value` sorted by b.
   */
  ensureIndexes(collection: string, fields: string[]): Promise<void>;
  /**
   * Drops the secondary indexes of `collection` that ensureIndexes made for fields other than
   * `fields` (left behind by an older version's declarations, they cost writes and can mislead the
   * query planner). The documents and the other indexes stay as they are.
   */
  dropIndexesExcept(collection: string, fields: string[]): Promise<void>;
  /** The log position a projection has fully applied, 0 when it never ran. */
  checkpoint(projection: string): Promise<number>;
  /**
   * Applies `ops` and moves the projection's checkpoint from `from` to `to`, all or nothing.
   * Refuses (CheckpointConflictError, nothing written) when the stored checkpoint is not `from`:
   * so an event is applied to a read model at most once, even with two runners.
   */
  commit(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void>;
  /**
   * True when commits are applied in the order they are made even when the caller does not wait for one
   * before making the next: a rebuild then prepares its next commit while the last one is written.
   */
  readonly commitsInOrder?: boolean;
  /** True when a read is answered in the caller's turn (the embedded store; see PageSource in platform/paging). */
  readonly readsInline?: boolean;
  /**
   * Drops the collections and the checkpoint of a projection, for a rebuild. `bulk`: until
   * ensureIndexes is called on a collection, the caller only puts documents it has not put since the
   * reset (a rebuild writes each document once), so a store may build its index of ids last, as it
   * builds the secondary ones; ensureIndexes then fails if one was put twice. A delete in that time
   * builds it at once.
   */
  reset(projection: string, collections: string[], options?: { bulk?: boolean }): Promise<void>;
  close(): Promise<void>;
}

const norm = (v: unknown) => (v === undefined ? null : v);
type Ordered = number | string;

/** What each comparison operator means in memory (`v`: the field's value, null when missing). */
const COMPARE: Record<string, (v: unknown, arg: unknown) => boolean> = {
  $in: (v, arg) => (arg as unknown[]).some((a) => norm(a) === v),
  $ne: (v, arg) => v !== norm(arg),
  $gt: (v, arg) => v !== null && (v as Ordered) > (arg as Ordered),
  $gte: (v, arg) => v !== null && (v as Ordered) >= (arg as Ordered),
  $lt: (v, arg) => v !== null && (v as Ordered) < (arg as Ordered),
  $lte: (v, arg) => v !== null && (v as Ordered) <= (arg as Ordered),
  $contains: (v, arg) => typeof v === 'string' && asciiLower(v).includes(asciiLower(String(arg))),
};

export const isComparison = (v: unknown): v is Comparison =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  Object.hasOwn(COMPARE, Object.keys(v)[0]);

export const fieldValue = (doc: Doc, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);

/** The in-memory meaning of a filter; every store must agree with it. */
export function matches(doc: Doc, filter: Filter = {}): boolean {
  return Object.entries(filter).every(([path, cond]) => {
    if (isLogical(path)) return logicalMatches(doc, path, cond);
    const v = norm(fieldValue(doc, path));
    if (!isComparison(cond)) return v === norm(cond);
    const [op, arg] = Object.entries(cond)[0] as [string, unknown];
    return COMPARE[op](v, arg);
  });
}

/** `$and` / `$or` keys of a filter: a list of whole filters. */
export const isLogical = (key: string): key is '$and' | '$or' => key === '$and' || key === '$or';

export function logicalFilters(key: string, cond: unknown): Filter[] {
  if (!Array.isArray(cond) || !cond.every((f) => typeof f === 'object' && f !== null && !Array.isArray(f)))
    throw new Error(`Filter ${key} needs an array of filters`);
  return cond as Filter[];
}

function logicalMatches(doc: Doc, key: '$and' | '$or', cond: unknown): boolean {
  const list = logicalFilters(key, cond);
  return key === '$and' ? list.every((f) => matches(doc, f)) : list.some((f) => matches(doc, f));
}

/** Lower case for A-Z only, as SQLite's lower() does (so every store agrees on `$contains`). */
export const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
