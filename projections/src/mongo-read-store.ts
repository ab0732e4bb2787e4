import {
  MongoClient,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
  type Filter as MongoFilter,
  type Sort,
} from 'mongodb';
import {
  CheckpointConflictError,
  collectionName as nameOf,
  fieldPath as checkedPath,
  isComparison,
  isLogical,
  logicalFilters,
  isFieldIndex,
  searchedFields,
  storedName as collectionName,
  topField,
  type CollectionRef,
  type Doc,
  type DocReads,
  type Filter,
  type FindOptions,
  type ReadStore,
  type WriteOp,
} from './read-store';

/*
 * Read models in MongoDB.
 *
 * - One Mongo collection per read-model collection, named `rm_<collection>`; each document is stored as
 *   put with `_id` = its `id` (so `_id` is reserved) and is returned without `_id`. Documents are
 *   normalised through JSON on the way in, exactly like the SQLite store (undefined fields dropped,
 *   Dates become strings), so both stores give back the same thing.
 * - Order: every document also carries `_seq` = `{ p, i }`, the log position of the batch that first
 *   put it and its place in that batch, kept when the document is put again (like SQLite's rowid). A
 *   find without a sort returns documents in that order, as the SQLite store returns insertion order;
 *   with a sort, ties are broken by `_id` (see toMongoSort). So `_seq` is reserved too.
 * - Checkpoints live in the `checkpoints` collection: `{ _id: projection, position }`.
 * - Transactions never create collections: `checkpoints` is made at connect, read-model collections by
 *   ensureIndexes (the runner's init at every start) or, for one nobody declared, by commit before it begins.
 * - commit() runs in a multi-document transaction, which needs a replica set (a single-node one is
 *   enough: `mongod --replSet rs0` + `rs.initiate()`); connect() refuses a standalone server.
 *   Inside the transaction the checkpoint is read and compared with `from` first, then written, then
 *   the ops are applied. Two runners committing from the same checkpoint both write the checkpoint
 *   document, so the second one hits a write conflict, the driver retries its transaction, and the
 *   retry sees the moved checkpoint and fails with CheckpointConflictError: nothing of it is written.
 *
 * Filters are translated to Mongo queries with the meaning of `matches` (read-store.ts): equality
 * with null/undefined means "missing or null", `$ne: x` also matches missing fields, `$in` with null
 * matches missing fields, ranges never match missing/null. Known differences, for values read models
 * should not filter on: Mongo also matches an array field when one of its elements equals the value
 * (matches() does not look into arrays), range operators only compare values of the same BSON type
 * (JS would coerce '5' > 4), and strings compare by UTF-8 bytes (JS by UTF-16 code units: only
 * characters above U+FFFF vs U+E000–U+FFFF differ). Equality with an object or array value is
 * refused, as in the SQLite store (matches() compares by reference, so such filters never match).
 */

const CHECKPOINTS = 'checkpoints';
/** MongoDB's error code for "collection already exists" (createCollection). */
const NAMESPACE_EXISTS = 48;

interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}
interface CheckpointDoc {
  _id: string;
  position: number;
  /** Set while reset() runs: commits are refused until it has finished. */
  resetting?: boolean;
}

/** Insertion order: the position of the batch that first put a document and its index in the batch. */
const ORDER = '_seq';
const HIDDEN = { _id: 0, [ORDER]: 0 } as const;

export class ProjectionResettingError extends Error {
  constructor(projection: string) {
    super(`Projection ${projection} is being reset (or a reset stopped part-way): run the rebuild again`);
    this.name = 'ProjectionResettingError';
  }
}

/** `id` is stored as `_id` too: using `_id` lets queries and sorts on id use the primary index. */
const fieldPath = (path: string) => (checkedPath(path) === 'id' ? '_id' : path);

const scalar = (v: unknown, path: string): unknown => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') throw new Error(`Filter on ${path}: objects and arrays cannot be compared`);
  return v;
};

/** The Mongo query with the meaning of `matches(doc, filter)`. */
export function toMongoFilter(filter: Filter = {}): Document {
  const query: Document = {};
  const and: Document[] = [];
  const add = (path: string, cond: Document) => {
    // Two entries can map to one Mongo path (`id` and `_id`): keep both with $and.
    if (path in query) and.push({ [path]: cond });
    else query[path] = cond;
  };
  for (const [path, cond] of Object.entries(filter)) {
    if (isLogical(path)) {
      and.push(logicalQuery(path, cond));
      continue;
    }
    const p = fieldPath(path);
    if (!isComparison(cond)) {
      add(p, { $eq: scalar(cond, path) });
      continue;
    }
    const [op, arg] = Object.entries(cond)[0] as [string, unknown];
    if (op === '$in') {
      if (!Array.isArray(arg)) throw new Error(`Filter on ${path}: $in needs an array`);
      add(p, { $in: arg.map((a) => scalar(a, path)) });
    } else if (op === '$ne') {
      add(p, { $ne: scalar(arg, path) });
    } else if (op === '$contains') {
      add(p, containsQuery(String(arg)));
    } else {
      const v = scalar(arg, path);
      // A missing/null field never satisfies a range (as in matches()); a null bound matches nothing (as in SQL).
      if (v === null) add(p, { $in: [] });
      else add(p, { [op]: v });
    }
  }
  if (and.length) query.$and = and;
  return query;
}

/** `$and` / `$or` over whole filters (an empty `$or` matches nothing, an empty `$and` everything, as in matches()). */
function logicalQuery(key: '$and' | '$or', cond: unknown): Document {
  const list = logicalFilters(key, cond).map(toMongoFilter);
  if (!list.length) return key === '$and' ? {} : { _id: { $in: [] } };
  return { [key]: list };
}

/** `$contains`: a string field holding the text, A-Z folded to a-z only (as SQLite's lower() and matches()). */
function containsQuery(text: string): Document {
  const escaped = text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[A-Za-z]/g, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`);
  return { $type: 'string', $regex: escaped };
}

/**
 * Sort with the meaning of `compareBy` (missing/null first when ascending), plus `_id` as the last
 * key so that skip/limit pages are stable (Mongo gives no order among equal keys otherwise). It
 * follows the direction of the last key, so a single-field index {field: 1, _id: 1} serves both
 * directions.
 */
function toMongoSort(sort: Record<string, 1 | -1>): Sort {
  const out: Record<string, 1 | -1> = {};
  let last: 1 | -1 = 1;
  for (const [path, dir] of Object.entries(sort)) {
    out[fieldPath(path)] = dir;
    last = dir;
  }
  if (!('_id' in out)) out._id = last;
  return out;
}

const normalise = (doc: Doc): StoredDoc => {
  if (typeof doc.id !== 'string') throw new Error('A read-model document needs a string id');
  return { ...(JSON.parse(JSON.stringify(doc)) as Doc), _id: doc.id };
};

const TRANSACTION = {
  readConcern: { level: 'snapshot' as const },
  writeConcern: { w: 'majority' as const },
  readPreference: 'primary' as const,
};

export interface MongoReadStoreOptions {
  /** close() also closes the client (true when the store made it, as connect() does). */
  ownsClient?: boolean;
}

/** Read models in MongoDB (replica set required for commit's transaction). Passes the ReadStore contract. */
export class MongoReadStore implements ReadStore {
  readonly db: Db;
  private readonly ownsClient: boolean;
  private closed = false;
  /** Collections known to exist (created or found by this store). */
  private readonly ready = new Set<string>();
  /** Indexed fields per collection, from ensureIndexes: reset() recreates them. */
  private readonly indexed = new Map<string, Set<string>>();

  constructor(
    private readonly client: MongoClient,
    dbName: string,
    options: MongoReadStoreOptions = {},
  ) {
    this.db = client.db(dbName);
    this.ownsClient = options.ownsClient ?? false;
  }

  /**
   * Connects and checks that the server can run transactions (replica set member or mongos), e.g.
   * `MongoReadStore.connect('mongodb://mongodb:27017/?replicaSet=rs0', 'panda')`.
   */
  static async connect(uri: string, dbName: string): Promise<MongoReadStore> {
    const client = new MongoClient(uri);
    await client.connect();
    try {
      const hello = await client.db('admin').command({ hello: 1 });
      if (!hello.setName && hello.msg !== 'isdbgrid') {
        throw new Error(
          'MongoReadStore needs a replica set (transactions): start mongod with --replSet and run rs.initiate()',
        );
      }
      const store = new MongoReadStore(client, dbName, { ownsClient: true });
      await store.ensureCollection(CHECKPOINTS);
      return store;
    } catch (err) {
      await client.close();
      throw err;
    }
  }

  /** Creates a Mongo collection unless it exists; never inside a transaction. */
  private async ensureCollection(name: string): Promise<void> {
    if (this.ready.has(name)) return;
    try {
      await this.db.createCollection(name);
    } catch (err) {
      if ((err as { code?: unknown }).code !== NAMESPACE_EXISTS) throw err;
    }
    this.ready.add(name);
  }

  private col(collection: string): Collection<StoredDoc> {
    return this.db.collection<StoredDoc>(collectionName(collection));
  }

  private get checkpoints(): Collection<CheckpointDoc> {
    return this.db.collection<CheckpointDoc>(CHECKPOINTS);
  }

  // Typed by the collection's read model (DocReads): its documents are those its projection put (see Collection).
  readonly get = (async (collection: CollectionRef, id: string) => {
    return (await this.col(nameOf(collection)).findOne({ _id: id }, { projection: HIDDEN })) as Doc | null;
  }) as DocReads['get'];

  readonly find = (async (collection: CollectionRef, filter: object = {}, options: FindOptions = {}) => {
    if (options.limit != null && Math.floor(options.limit) <= 0) return []; // Mongo's limit 0 means "no limit"
    const projection = options.fields
      ? { _id: 0, id: 1, ...Object.fromEntries(options.fields.map((f) => [topField(f), 1])) }
      : HIDDEN;
    const cursor = this.col(nameOf(collection)).find(toMongoFilter(filter as Filter) as MongoFilter<StoredDoc>, {
      projection,
    });
    // Always a sort: without one, limit/skip would page through an arbitrary order.
    cursor.sort(options.sort && Object.keys(options.sort).length ? toMongoSort(options.sort) : { [ORDER]: 1 });
    if (options.skip) cursor.skip(Math.max(0, Math.floor(options.skip)));
    if (options.limit != null) cursor.limit(Math.floor(options.limit));
    return (await cursor.toArray()) as unknown as Doc[];
  }) as DocReads['find'];

  readonly count = (async (collection: CollectionRef, filter: object = {}) => {
    return this.col(nameOf(collection)).countDocuments(toMongoFilter(filter as Filter) as MongoFilter<StoredDoc>);
  }) as DocReads['count'];

  async ensureIndexes(collection: string, all: string[]): Promise<void> {
    // refuse bad paths before remembering any
    for (const f of all) (searchedFields(f) ?? f.split('+')).forEach(fieldPath);
    // Search indexes are SQLite's: here `$contains` stays a regular expression over the documents.
    const fields = all.filter(isFieldIndex);
    const known = this.indexed.get(collection) ?? new Set<string>();
    for (const f of fields) known.add(f);
    this.indexed.set(collection, known);
    await this.createWithIndexes(collection, fields);
  }

  async dropIndexesExcept(collection: string, all: string[]): Promise<void> {
    const fields = all.filter(isFieldIndex);
    const keyOf = (f: string) => JSON.stringify([...f.split('+').map(fieldPath), '_id']);
    const keep = new Set(fields.map(keyOf));
    const known = this.indexed.get(collection);
    if (known) for (const f of [...known]) if (!keep.has(keyOf(f))) known.delete(f);
    const col = this.col(collection);
    for (const index of await col.listIndexes().toArray()) {
      const key = Object.keys(index.key as Record<string, unknown>);
      // _id and the insertion order are the store's own; only secondary indexes (ending in _id) are read models'.
      if (key.length < 2 || key[key.length - 1] !== '_id' || keep.has(JSON.stringify(key))) continue;
      await col.dropIndex(index.name as string);
    }
  }

  /** The collection, its insertion-order index and the secondary indexes on `fields`. */
  private async createWithIndexes(collection: string, fields: Iterable<string>): Promise<void> {
    await this.ensureCollection(collectionName(collection));
    const col = this.col(collection);
    await col.createIndex({ [ORDER]: 1 });
    for (const f of fields) {
      const paths = f.split('+').map(fieldPath);
      if (paths.length === 1 && paths[0] === '_id') continue;
      // With _id last, the index also serves the stable sort of find() (see toMongoSort); `a+b` is compound.
      await col.createIndex(Object.fromEntries([...paths.map((p) => [p, 1]), ['_id', 1]]));
    }
  }

  async checkpoint(projection: string): Promise<number> {
    return (await this.checkpoints.findOne({ _id: projection }))?.position ?? 0;
  }

  private async apply(ops: WriteOp[], to: number, session: ClientSession) {
    const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
    for (const [i, op] of ops.entries()) {
      let list = byCollection.get(op.collection);
      if (!list) byCollection.set(op.collection, (list = []));
      if (op.op === 'put') {
        const doc = normalise(op.doc);
        // Replaces the document (as replaceOne would) but keeps its place in insertion order. The
        // document goes in as a literal: its values are data, never expressions.
        const update = [
          {
            $replaceWith: {
              $mergeObjects: [{ $literal: doc }, { [ORDER]: { $ifNull: [`$${ORDER}`, { $literal: { p: to, i } }] } }],
            },
          },
        ];
        list.push({ updateOne: { filter: { _id: doc._id }, update, upsert: true } });
      } else {
        list.push({ deleteOne: { filter: { _id: op.id } } });
      }
    }
    // Sequential on purpose: operations of one transaction must not run in parallel.
    for (const [collection, list] of byCollection) {
      await this.col(collection).bulkWrite(list, { session, ordered: true });
    }
  }

  async commit(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void> {
    for (const op of ops) collectionName(op.collection); // refuse bad names before touching anything
    // Collections are created here, before the transaction, never implicitly inside it.
    await this.ensureCollection(CHECKPOINTS);
    for (const op of ops) await this.ensureCollection(collectionName(op.collection));
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        const stored = await this.checkpoints.findOne({ _id: projection }, { session });
        if (stored?.resetting) throw new ProjectionResettingError(projection);
        const current = stored?.position ?? 0;
        if (current !== from) throw new CheckpointConflictError(projection, from, current);
        // Checkpoint first: a concurrent commit from the same checkpoint conflicts here, before any work.
        await this.checkpoints.updateOne({ _id: projection }, { $set: { position: to } }, { upsert: true, session });
        await this.apply(ops, to, session);
      }, TRANSACTION);
    } catch (err) {
      // Two first commits (no checkpoint yet) may race on inserting the checkpoint: the loser gets a
      // duplicate key error instead of a write conflict. Report it as the conflict it is.
      if ((err as { code?: unknown }).code === 11000) {
        const current = await this.checkpoint(projection);
        if (current !== from) throw new CheckpointConflictError(projection, from, current);
      }
      throw err;
    } finally {
      await session.endSession();
    }
  }

  /**
   * Empties the collections and zeroes the checkpoint (a rebuild's start), without a transaction (MongoDB aborts
   * one after 60 s, too short for a large read model): mark the checkpoint as resetting (commits refused), drop,
   * recreate with indexes, clear the mark. A crash part-way leaves the projection stopped, not half-built;
   * running reset (the rebuild) again finishes it.
   */
  async reset(projection: string, collections: string[]): Promise<void> {
    for (const c of collections) collectionName(c);
    await this.checkpoints.replaceOne({ _id: projection }, { position: 0, resetting: true }, { upsert: true });
    for (const c of collections) {
      await this.db.dropCollection(collectionName(c)); // false when it did not exist
      this.ready.delete(collectionName(c));
    }
    for (const c of collections) await this.createWithIndexes(c, this.indexed.get(c) ?? []);
    await this.checkpoints.deleteOne({ _id: projection });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsClient) await this.client.close();
  }
}
