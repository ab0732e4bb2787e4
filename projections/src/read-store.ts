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
  /** ASCII case-insensitive, on string fields only (docs/architecture.md#read-stores). */
  | { $contains: string };

export type FieldOf<D> = keyof D & string;

/** A filter on the documents of type D: its fields (or paths below them), each equal to a value or compared. */
export type FieldFilter<D> = { [K in FieldOf<D>]?: D[K] | null | Comparison } & {
  [P in `${FieldOf<D>}.${string}`]?: unknown;
} & { $and?: FieldFilter<D>[]; $or?: FieldFilter<D>[] };

/** Equality or one comparison per (dotted) field, all must hold; `$and`/`$or` combine whole filters. */
export type Filter = Record<string, unknown>;

/** A collection named as it is stored, or typed by its read model (`collection<D>('name')`). */
export type CollectionRef = string | { readonly name: string };
export const collectionName = (c: CollectionRef): string => (typeof c === 'string' ? c : c.name);

const checked = (pattern: RegExp, what: string) => (s: string) => {
  if (!pattern.test(s)) throw new Error(`Bad ${what}: ${s}`);
  return s;
};
/** A top-level field name (FindOptions.fields). */
export const topField = checked(/^[A-Za-z_][A-Za-z0-9_]*$/, 'field name');
/** A top-level or dotted field path (filters, sorts, indexes). */
export const fieldPath = checked(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, 'field path');
const checkedCollection = checked(/^[A-Za-z_][A-Za-z0-9_]*$/, 'collection name');
export const storedName = (collection: string) => `rm_${checkedCollection(collection)}`;

/** The order of the answer, with or without `sort`: docs/architecture.md#read-stores. */
export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
  /** Only these top-level fields of each document, and its id. */
  fields?: string[];
}

/** A sort's keys, ending with `id` in the direction of the last key unless it names `id` (ties by id). */
export function sortKeys(sort: Record<string, 1 | -1>): [string, 1 | -1][] {
  const keys = Object.entries(sort);
  if (keys.length && !keys.some(([p]) => p === 'id')) keys.push(['id', keys[keys.length - 1][1]]);
  return keys;
}

/** A search index backing `$contains` on these fields (docs/architecture.md#sqlite-read-store). */
export const searchIndex = (...fields: string[]) => {
  if (!fields.length) throw new Error('A search index needs a field');
  if (new Set(fields).size !== fields.length) throw new Error(`A search index names a field twice: ${fields}`);
  return `search:${fields.join(',')}`;
};
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

/** A typed collection's documents are D, filters keyed by its fields; one named by a string is untyped. */
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

/** Where read models live (docs/architecture.md#read-stores). */
export interface ReadStore extends DocReads {
  /** Secondary indexes on (dotted) fields, `a+b` compound; idempotent. */
  ensureIndexes(collection: string, fields: string[]): Promise<void>;
  /** Drops the secondary indexes made for fields other than `fields`. */
  dropIndexesExcept(collection: string, fields: string[]): Promise<void>;
  /** The log position a projection has fully applied, 0 when it never ran. */
  checkpoint(projection: string): Promise<number>;
  /** All or nothing; CheckpointConflictError when the stored checkpoint is not `from`. */
  commit(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void>;
  /** Commits are applied in the order made, even when not awaited one by one. */
  readonly commitsInOrder?: boolean;
  /** A read is answered in the caller's turn (see PageSource in platform/paging). */
  readonly readsInline?: boolean;
  /** Drops a projection's collections and checkpoint; `bulk`: each document is put once until ensureIndexes. */
  reset(projection: string, collections: string[], options?: { bulk?: boolean }): Promise<void>;
  close(): Promise<void>;
}

const norm = (v: unknown) => (v === undefined ? null : v);
type Ordered = number | string;

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
