/**
 * MongoReadStore's own sequencing on a recording fake of the driver, because no MongoDB is reachable
 * here: which calls run inside a transaction, when collections are created, the steps of reset() and
 * what a crash between them leaves. The fake keeps just enough state (collections, checkpoint
 * documents) for that; what MongoDB itself does with the calls is checked by the contract suite in
 * mongo-read-store.int.test.ts against a real replica set, when one is available.
 */
import { describe, expect, it } from 'vitest';
import type { MongoClient } from 'mongodb';
import { MongoReadStore, ProjectionResettingError } from './mongo-read-store';
import type { WriteOp } from './read-store';

interface Call {
  op: string;
  collection: string;
  inTransaction: boolean;
  /** A write to a collection that does not exist: MongoDB would create it implicitly. */
  implicit?: boolean;
}

type Doc = Record<string, unknown> & { _id: string };

class FakeMongo {
  readonly calls: Call[] = [];
  readonly collections = new Set<string>();
  readonly docs = new Map<string, Map<string, Doc>>();
  inTransaction = false;
  /** Throws (a crash, a lost connection) instead of running the matching call. */
  failOn?: (op: string, collection: string) => boolean;

  private record(op: string, collection: string, write = false) {
    if (this.failOn?.(op, collection)) throw new Error(`connection lost during ${op} ${collection}`);
    this.calls.push({
      op,
      collection,
      inTransaction: this.inTransaction,
      ...(write && !this.collections.has(collection) ? { implicit: true } : {}),
    });
    if (write) this.collections.add(collection);
  }

  private store(name: string) {
    let m = this.docs.get(name);
    if (!m) this.docs.set(name, (m = new Map()));
    return m;
  }

  private collection(name: string) {
    const rec = (op: string, write = false) => this.record(op, name, write);
    const docs = () => this.store(name);
    return {
      findOne: async (filter: { _id: string }) => {
        rec('findOne');
        return docs().get(filter._id) ?? null;
      },
      find: () => {
        rec('find');
        const cursor = {
          sort: () => cursor,
          skip: () => cursor,
          limit: () => cursor,
          toArray: async () => [...docs().values()],
        };
        return cursor;
      },
      countDocuments: async () => {
        rec('countDocuments');
        return docs().size;
      },
      createIndex: async (spec: Record<string, number>) => {
        rec(`createIndex ${Object.keys(spec).join(',')}`, true);
        return 'ix';
      },
      replaceOne: async (filter: { _id: string }, doc: Record<string, unknown>) => {
        rec('replaceOne', true);
        docs().set(filter._id, { ...doc, _id: filter._id });
      },
      updateOne: async (filter: { _id: string }, update: { $set: Record<string, unknown> }) => {
        rec('updateOne', true);
        docs().set(filter._id, { ...(docs().get(filter._id) ?? {}), ...update.$set, _id: filter._id });
      },
      deleteOne: async (filter: { _id: string }) => {
        rec('deleteOne', true);
        docs().delete(filter._id);
      },
      bulkWrite: async (
        list: { updateOne?: { filter: { _id: string } }; deleteOne?: { filter: { _id: string } } }[],
      ) => {
        rec('bulkWrite', true);
        for (const w of list) {
          if (w.updateOne) docs().set(w.updateOne.filter._id, { _id: w.updateOne.filter._id });
          if (w.deleteOne) docs().delete(w.deleteOne.filter._id);
        }
      },
    };
  }

  readonly client = {
    db: () => ({
      collection: (name: string) => this.collection(name),
      createCollection: async (name: string) => {
        this.record('createCollection', name);
        if (this.collections.has(name)) throw Object.assign(new Error('exists'), { code: 48 });
        this.collections.add(name);
      },
      dropCollection: async (name: string) => {
        this.record('dropCollection', name);
        this.docs.delete(name);
        return this.collections.delete(name);
      },
    }),
    startSession: () => ({
      withTransaction: async (fn: () => Promise<void>) => {
        this.inTransaction = true;
        try {
          await fn();
        } finally {
          this.inTransaction = false;
        }
      },
      endSession: async () => {},
    }),
    close: async () => {},
  };

  open(): MongoReadStore {
    return new MongoReadStore(this.client as unknown as MongoClient, 'panda');
  }
}

const put = (collection: string, id: string): WriteOp => ({ op: 'put', collection, doc: { id } });
const SCHEMA_OPS = /^(createCollection|dropCollection|createIndex)/;

describe('MongoReadStore and transactions (fake driver)', () => {
  it('creates collections and indexes before and outside transactions', async () => {
    const mongo = new FakeMongo();
    const store = mongo.open();
    await store.ensureIndexes('people', ['age']);
    expect(mongo.collections).toContain('rm_people');
    // 'other' was never declared: commit creates it first, then opens the transaction.
    await store.commit('p', 0, 1, [put('people', 'a'), put('other', 'x')]);
    const inTx = mongo.calls.filter((c) => c.inTransaction);
    expect(inTx.map((c) => c.op)).toEqual(['findOne', 'updateOne', 'bulkWrite', 'bulkWrite']);
    expect(mongo.calls.filter((c) => c.implicit)).toEqual([]);
    expect(mongo.calls.filter((c) => c.inTransaction && SCHEMA_OPS.test(c.op))).toEqual([]);
    expect(mongo.calls.findIndex((c) => c.op === 'createCollection' && c.collection === 'rm_other')).toBeLessThan(
      mongo.calls.findIndex((c) => c.inTransaction),
    );
  });

  it('resets without a transaction: mark the checkpoint, drop, recreate with indexes, clear the mark', async () => {
    const mongo = new FakeMongo();
    const store = mongo.open();
    await store.ensureIndexes('people', ['age']);
    await store.commit('p', 0, 7, [put('people', 'a')]);
    mongo.calls.length = 0;
    await store.reset('p', ['people']);
    expect(mongo.calls.filter((c) => c.inTransaction)).toEqual([]);
    expect(mongo.calls.map((c) => `${c.op} ${c.collection}`)).toEqual([
      'replaceOne checkpoints',
      'dropCollection rm_people',
      'createCollection rm_people',
      'createIndex _seq rm_people',
      'createIndex age,_id rm_people',
      'deleteOne checkpoints',
    ]);
    expect(await store.checkpoint('p')).toBe(0);
    await store.commit('p', 0, 7, [put('people', 'a')]);
    expect(await store.checkpoint('p')).toBe(7);
  });

  it('refuses commits after a reset stopped part-way, until the reset is run again', async () => {
    const mongo = new FakeMongo();
    const store = mongo.open();
    await store.ensureIndexes('people', ['age']);
    await store.ensureIndexes('stats', []);
    await store.commit('p', 0, 9, [put('people', 'a'), put('stats', 's')]);
    // Stops after dropping 'people', before 'stats' is dropped: stats still holds the old documents.
    mongo.failOn = (op, collection) => op === 'dropCollection' && collection === 'rm_stats';
    await expect(store.reset('p', ['people', 'stats'])).rejects.toThrow(/connection lost/);
    mongo.failOn = undefined;
    expect(await store.checkpoint('p')).toBe(0);
    // A runner restarted now would apply the log again onto the old stats: refused instead.
    await expect(store.commit('p', 0, 9, [put('stats', 's')])).rejects.toBeInstanceOf(ProjectionResettingError);
    await store.reset('p', ['people', 'stats']);
    expect(mongo.docs.get('rm_stats')?.size ?? 0).toBe(0);
    await store.commit('p', 0, 9, [put('people', 'a'), put('stats', 's')]);
    expect(await store.checkpoint('p')).toBe(9);
  });
});
