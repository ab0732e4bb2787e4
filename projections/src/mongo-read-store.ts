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
  sortKeys,
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

/* Read models in MongoDB: docs/architecture.md#mongo-read-store. */

const CHECKPOINTS = 'checkpoints';
/** "collection already exists" (createCollection). */
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

const ORDER = '_seq';
const HIDDEN = { _id: 0, [ORDER]: 0 } as const;

export class ProjectionResettingError extends Error {
  constructor(projection: string) {
    super(`Projection ${projection} is being reset (or a reset stopped part-way): run the rebuild again`);
    this.name = 'ProjectionResettingError';
  }
}

/** Queries and sorts on id use `_id`, the primary index. */
const fieldPath = (path: string) => (checkedPath(path) === 'id' ? '_id' : path);

const scalar = (v: unknown, path: string): unknown => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') throw new Error(`Filter on ${path}: objects and arrays cannot be compared`);
  return v;
};

function toMongoFilter(filter: Filter = {}): Document {
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
      // A null bound matches nothing (as in SQL).
      if (v === null) add(p, { $in: [] });
      else add(p, { [op]: v });
    }
  }
  if (and.length) query.$and = and;
  return query;
}

function logicalQuery(key: '$and' | '$or', cond: unknown): Document {
  const list = logicalFilters(key, cond).map(toMongoFilter);
  if (!list.length) return key === '$and' ? {} : { _id: { $in: [] } };
  return { [key]: list };
}

function containsQuery(text: string): Document {
  const escaped = text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[A-Za-z]/g, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`);
  return { $type: 'string', $regex: escaped };
}

/** Ends with `_id` (sortKeys): stable pages, one index for both directions. */
const toMongoSort = (sort: Record<string, 1 | -1>): Sort =>
  Object.fromEntries(sortKeys(sort).map(([path, dir]) => [fieldPath(path), dir]));

const normalise = (doc: Doc): StoredDoc => {
  if (typeof doc.id !== 'string') throw new Error('A read-model document needs a string id');
  return { ...(JSON.parse(JSON.stringify(doc)) as Doc), _id: doc.id };
};

const TRANSACTION = {
  readConcern: { level: 'snapshot' as const },
  writeConcern: { w: 'majority' as const },
  readPreference: 'primary' as const,
};

export class MongoReadStore implements ReadStore {
  readonly db: Db;
  private closed = false;
  /** Collections known to exist (created or found by this store). */
  private readonly ready = new Set<string>();
  /** Indexed fields per collection, from ensureIndexes: reset() recreates them. */
  private readonly indexed = new Map<string, Set<string>>();

  constructor(
    private readonly client: MongoClient,
    dbName: string,
    /** close() also closes the client (connect() made it). */
    private readonly ownsClient = false,
  ) {
    this.db = client.db(dbName);
  }

  /** Refuses a server that cannot run transactions (neither a replica set member nor mongos). */
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
      const store = new MongoReadStore(client, dbName, true);
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
    cursor.sort(options.sort && Object.keys(options.sort).length ? toMongoSort(options.sort) : { [ORDER]: 1 });
    if (options.skip) cursor.skip(Math.max(0, Math.floor(options.skip)));
    if (options.limit != null) cursor.limit(Math.floor(options.limit));
    return (await cursor.toArray()) as unknown as Doc[];
  }) as DocReads['find'];

  readonly count = (async (collection: CollectionRef, filter: object = {}) => {
    return this.col(nameOf(collection)).countDocuments(toMongoFilter(filter as Filter) as MongoFilter<StoredDoc>);
  }) as DocReads['count'];

  async ensureIndexes(collection: string, all: string[]): Promise<void> {
    for (const f of all) (searchedFields(f) ?? f.split('+')).forEach(fieldPath);
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
        // Replaces the document but keeps its `_seq`; a literal: its values are data, never expressions.
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
    await this.ensureCollection(CHECKPOINTS);
    for (const op of ops) await this.ensureCollection(collectionName(op.collection));
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        const stored = await this.checkpoints.findOne({ _id: projection }, { session });
        if (stored?.resetting) throw new ProjectionResettingError(projection);
        const current = stored?.position ?? 0;
        if (current !== from) throw new CheckpointConflictError(projection, from, current);
        await this.checkpoints.updateOne({ _id: projection }, { $set: { position: to } }, { upsert: true, session });
        await this.apply(ops, to, session);
      }, TRANSACTION);
    } catch (err) {
      // Two first commits racing on the checkpoint's insert: a duplicate key, reported as the conflict.
      if ((err as { code?: unknown }).code === 11000) {
        const current = await this.checkpoint(projection);
        if (current !== from) throw new CheckpointConflictError(projection, from, current);
      }
      throw err;
    } finally {
      await session.endSession();
    }
  }

  /** No transaction: a resetting mark instead (docs/architecture.md#mongo-read-store). */
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
