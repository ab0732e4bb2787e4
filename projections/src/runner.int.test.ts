import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { AppendMeta } from '@panda/events/envelope';
import { SqliteReadStore } from './sqlite-read-store';
import { ProjectionRunner } from './runner';
import type { Projection } from './projection';
import type { Doc } from './read-store';

/** Counts events per stream and remembers every position it applied: a skip or a double shows. */
const tally: Projection = {
  name: 'tally',
  collections: { tallies: ['count'] },
  handles: ['Ticked'],
  async apply(e, ctx) {
    const doc = (await ctx.get('tallies', e.stream)) ?? {
      id: e.stream,
      count: 0,
      positions: [] as number[],
      _audience: [e.stream],
    };
    doc.count = (doc.count as number) + 1;
    (doc.positions as number[]).push(e.position);
    ctx.put('tallies', doc);
  },
};

const meta = (i: number): AppendMeta => ({
  time: '2026-01-01T00:00:00.000Z',
  actorId: null,
  correlationId: 'c',
  commandId: `cmd-${i}`,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setup(events = 120) {
  const dir = mkdtempSync(join(tmpdir(), 'panda-runner-'));
  const store = new SqliteEventStore(join(dir, 'events.db'), { pollMs: 10 });
  for (let i = 0; i < events; i++)
    await store.append(`s${i % 7}`, [{ type: i % 10 === 9 ? 'Other' : 'Ticked', data: { i } }], 'any', meta(i));
  const open = () => {
    const rs = new SqliteReadStore(join(dir, 'read.db'));
    closers.push(() => rs.close());
    return rs;
  };
  closers.push(() => store.close());
  return { dir, store, open };
}

const snapshot = async (rs: SqliteReadStore) => (await rs.find('tallies', {}, { sort: { id: 1 } })) as Doc[];

describe('ProjectionRunner', () => {
  it('builds the same read models incrementally as in one rebuild from the start', async () => {
    const { store, open } = await setup(0);
    const rs = open();
    const runner = new ProjectionRunner(store, rs, [tally], { batchSize: 7, idleMs: 20 });
    await runner.start();
    for (let i = 0; i < 100; i++) {
      const r = await store.append(`s${i % 5}`, [{ type: 'Ticked', data: { i } }], 'any', meta(i));
      if (i % 13 === 0) expect(await runner.waitFor(r.position, 5000)).toBe(true);
    }
    expect(await runner.waitFor(await store.headPosition(), 5000)).toBe(true);
    await runner.stop();
    const incremental = await snapshot(rs);
    expect(incremental.reduce((n, d) => n + (d.count as number), 0)).toBe(100);

    await runner.rebuild('tally');
    expect(await snapshot(rs)).toEqual(incremental);
  });

  it('resumes after a restart in the middle of the log without skipping or repeating an event', async () => {
    const { store, open } = await setup(120);
    const first = new ProjectionRunner(store, open(), [tally], { batchSize: 10 });
    await first.init();
    // Apply a few batches, then "crash" (drop the runner without stopping it cleanly).
    for (let i = 0; i < 2; i++) await (first as unknown as { step(p: Projection): Promise<number> }).step(tally);
    const crashedAt = first.checkpointOf('tally');
    expect(crashedAt).toBeGreaterThan(0);
    expect(crashedAt).toBeLessThan(await store.headPosition());

    const rs = open();
    const second = new ProjectionRunner(store, rs, [tally], { batchSize: 10 });
    await second.init();
    expect(second.checkpointOf('tally')).toBe(crashedAt);
    await second.catchUp();
    const docs = await snapshot(rs);
    const positions = docs.flatMap((d) => d.positions as number[]).sort((a, b) => a - b);
    const expected = (await store.readAll(0, 1000)).filter((e) => e.type === 'Ticked').map((e) => e.position);
    expect(positions).toEqual(expected);
  });

  it('reads four batches at a time while behind (its last read was full), one again once caught up', async () => {
    const { store, open } = await setup(120);
    const head = await store.headPosition();
    const runner = new ProjectionRunner(store, open(), [tally], { batchSize: 10 });
    await runner.init();
    const step = () => (runner as unknown as { step(p: Projection): Promise<number> }).step(tally);
    const reads: number[] = [];
    for (let n = await step(); n > 0; n = await step()) reads.push(n);
    // 10 (full: behind), then 40 at a time, then what is left, in as few reads as that allows.
    expect(reads[0]).toBe(10);
    expect(reads[1]).toBe(40);
    expect(reads.reduce((a, b) => a + b, 0)).toBe(head);
    expect(runner.checkpointOf('tally')).toBe(head);
    // Caught up (the last read came back short): a new event is read in a batch of 10 again.
    for (let i = 1000; i < 1012; i++)
      await store.append('tick-late', [{ type: 'Ticked', data: { i } }], 'any', meta(i));
    expect(await step()).toBe(10);
  });

  it('starts again from nothing after a rebuild stopped while writing its documents', async () => {
    const { dir, store, open } = await setup(120);
    const rs = open();
    const whole = new ProjectionRunner(store, rs, [tally], { rebuildBatchSize: 25 });
    await whole.init();
    await whole.rebuild('tally');
    const expected = await snapshot(rs);
    expect(expected.length).toBe(7);
    // The rebuild built the index of ids after writing the documents (a bulk reset), unique.
    const raw = new Database(join(dir, 'read.db'), { readonly: true });
    closers.push(async () => void raw.close());
    const idIndex = () =>
      raw.prepare(`SELECT name, origin FROM pragma_index_list('rm_tallies') WHERE "unique" = 1`).raw().all();
    expect(idIndex()).toEqual([['uq_rm_tallies_id', 'c']]);
    // The state a crash leaves part-way through the writing: some documents, checkpoint -1.
    await rs.reset('tally', ['tallies'], { bulk: true });
    await rs.commit('tally', 0, -1, [{ op: 'put', collection: 'tallies', doc: { ...expected[0], count: 1 } }]);
    expect(idIndex()).toEqual([]);
    const after = new ProjectionRunner(store, rs, [tally], { batchSize: 10 });
    await after.init();
    // Emptied again as ensureTable makes a table: with its primary key.
    expect(idIndex()).toEqual([['sqlite_autoindex_rm_tallies_1', 'pk']]);
    expect(after.checkpointOf('tally')).toBe(0);
    expect(await rs.count('tallies')).toBe(0);
    await after.catchUp();
    expect(await snapshot(rs)).toEqual(expected);
    expect(await rs.checkpoint('tally')).toBe(await store.headPosition());
  });

  it('builds a read model again from the log when the projection has a new version, and only then', async () => {
    const { store, open } = await setup(120);
    const rs = open();
    const v1 = new ProjectionRunner(store, rs, [tally], { batchSize: 10 });
    await v1.init();
    await v1.catchUp();
    const before = await snapshot(rs);
    expect(before.length).toBe(7);
    // Version 2 keeps a count of tens as well: the documents of version 1 lack it.
    const tallyV2: Projection = {
      ...tally,
      version: 2,
      async apply(e, ctx) {
        await tally.apply(e, ctx);
        const doc = (await ctx.get('tallies', e.stream)) as Doc;
        ctx.put('tallies', { ...doc, tens: Math.floor((doc.count as number) / 10) });
      },
    };
    // A document version 1 never made: what a new version starts from must not keep it.
    await rs.commit('tally', await rs.checkpoint('tally'), await rs.checkpoint('tally'), [
      { op: 'put', collection: 'tallies', doc: { id: 'stale', count: 0 } },
    ]);
    const v2 = new ProjectionRunner(store, rs, [tallyV2], { batchSize: 10 });
    await v2.init();
    expect(v2.checkpointOf('tally')).toBe(0);
    await v2.catchUp();
    const after = await snapshot(rs);
    expect(after).toEqual(before.map((d) => ({ ...d, tens: Math.floor((d.count as number) / 10) })));
    expect(await rs.checkpoint('tally')).toBe(await store.headPosition());
    // The same version again: the read model is kept as it is.
    await rs.commit('tally', await rs.checkpoint('tally'), await rs.checkpoint('tally'), [
      { op: 'put', collection: 'tallies', doc: { id: 'kept', count: 0 } },
    ]);
    const again = new ProjectionRunner(store, rs, [tallyV2], { batchSize: 10 });
    await again.init();
    expect(again.checkpointOf('tally')).toBe(await store.headPosition());
    expect((await snapshot(rs)).map((d) => d.id)).toContain('kept');
    // A rebuild records the version it builds: a start after it keeps what it built.
    const other = new ProjectionRunner(store, rs, [tally], { batchSize: 10 });
    await other.rebuild('tally');
    const rebuilt = new ProjectionRunner(store, rs, [tally], { batchSize: 10 });
    await rebuilt.init();
    expect(rebuilt.checkpointOf('tally')).toBe(await store.headPosition());
    expect(await snapshot(rs)).toEqual(before);
  });

  it('applies each event once even when two runners race on the same read store', async () => {
    const { store, open } = await setup(200);
    const rsA = open();
    const a = new ProjectionRunner(store, rsA, [tally], { batchSize: 9, idleMs: 20 });
    const b = new ProjectionRunner(store, open(), [tally], { batchSize: 13, idleMs: 20 });
    await Promise.all([a.start(), b.start()]);
    const head = await store.headPosition();
    await expect.poll(async () => rsA.checkpoint('tally'), { timeout: 10_000, interval: 20 }).toBe(head);
    await Promise.all([a.stop(), b.stop()]);
    const positions = (await snapshot(rsA)).flatMap((d) => d.positions as number[]);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions.length).toBe(180);
  });

  it('drops the documents it holds in memory when a batch fails before its commit: no event twice', async () => {
    const { store, open } = await setup(0);
    const rs = open();
    // The 50th step prunes old `_changes` entries: its read of them fails once.
    const find = rs.find.bind(rs) as (collection: string, ...rest: unknown[]) => Promise<Doc[]>;
    let failures = 1;
    Object.assign(rs, {
      find: (collection: string, ...rest: unknown[]) =>
        collection === '_changes' && failures-- > 0
          ? Promise.reject(new Error('read failed'))
          : find(collection, ...rest),
    });
    const runner = new ProjectionRunner(store, rs, [tally], { batchSize: 1, idleMs: 20 });
    await runner.start();
    for (let i = 0; i < 60; i++) {
      const r = await store.append(`s${i % 3}`, [{ type: 'Ticked', data: { i } }], 'any', meta(i));
      expect(await runner.waitFor(r.position, 5000)).toBe(true);
    }
    await runner.stop();
    expect(failures).toBe(0);
    const tallies = await snapshot(rs);
    expect(tallies.map((t) => t.count)).toEqual([20, 20, 20]);
    for (const t of tallies) expect(new Set(t.positions as number[]).size).toBe(20);
  });

  it('tells listeners which documents changed and for whom', async () => {
    const { store, open } = await setup(0);
    const runner = new ProjectionRunner(store, open(), [tally], { idleMs: 20 });
    const seen: string[] = [];
    runner.onCommitted((b) => b.changes.forEach((c) => seen.push(`${c.collection}/${c.id}:${c.audience.join(',')}`)));
    await runner.start();
    const r = await store.append('s1', [{ type: 'Ticked', data: {} }], 'any', meta(1));
    expect(await runner.waitFor(r.position, 5000)).toBe(true);
    await runner.stop();
    expect(seen).toEqual(['tallies/s1:s1']);
  });
});

describe('first start on a long log', () => {
  /** A read store of its own (setup's `open` shares one file). */
  const files = new WeakMap<SqliteReadStore, string>();
  const freshReadStore = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-runner-read-')), 'read.db');
    const rs = new SqliteReadStore(file);
    files.set(rs, file);
    closers.push(() => rs.close());
    return rs;
  };
  /** The secondary indexes of the tallies' table, as the file holds them. */
  const talliesIndexes = (rs: SqliteReadStore) => {
    const db = new Database(files.get(rs) as string, { readonly: true });
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_tallies' AND name LIKE 'ix%'")
      .pluck()
      .all();
    db.close();
    return names;
  };
  /** What following the log batch by batch builds (no documents in memory: no first start in memory). */
  const batchByBatch = async (store: SqliteEventStore) => {
    const rs = freshReadStore();
    const runner = new ProjectionRunner(store, rs, [tally], { batchSize: 10, cachedDocs: 0 });
    await runner.init();
    await runner.catchUp();
    return snapshot(rs);
  };

  it('applies the log in memory as a rebuild does (one commit, indexes after), then follows it', async () => {
    const { store } = await setup(500);
    const rs = freshReadStore();
    const runner = new ProjectionRunner(store, rs, [tally], { batchSize: 10, rebuildBatchSize: 64, idleMs: 20 });
    const commits: { position: number; changes: number }[] = [];
    runner.onCommitted((b) => commits.push({ position: b.position, changes: b.changes.length }));
    await runner.start();
    const head = await store.headPosition();
    expect(await runner.waitFor(head, 10_000)).toBe(true);
    // Not 50 batches of 10: one commit at the head, whose documents are all new.
    expect(commits).toEqual([{ position: head, changes: 0 }]);
    expect(await rs.find('_changes', {})).toEqual([]);
    expect(talliesIndexes(rs)).toEqual(['ix_rm_tallies_count']);
    // Then it follows the log as any runner does.
    const r = await store.append('s1', [{ type: 'Ticked', data: {} }], 'any', meta(10_001));
    expect(await runner.waitFor(r.position, 5000)).toBe(true);
    await runner.stop();
    expect(await snapshot(rs)).toEqual(await batchByBatch(store));
  });

  it('starts again from an empty read model and follows the log batch by batch when it fails part-way', async () => {
    const { store } = await setup(300);
    let failed = false;
    const flaky: Projection = {
      ...tally,
      async apply(e, ctx) {
        if (e.position === 201 && !failed) {
          failed = true;
          throw new Error('disk on fire');
        }
        await tally.apply(e, ctx);
      },
    };
    const errors: string[] = [];
    const logger = { error: (_: unknown, msg: string) => errors.push(msg) } as never;
    const rs = freshReadStore();
    const runner = new ProjectionRunner(store, rs, [flaky], { batchSize: 10, idleMs: 20, logger });
    const commits: number[] = [];
    runner.onCommitted((b) => commits.push(b.position));
    await runner.start();
    expect(await runner.waitFor(await store.headPosition(), 10_000)).toBe(true);
    await runner.stop();
    expect(errors).toEqual(['first start in memory failed; following the log batch by batch']);
    expect(commits.length).toBeGreaterThan(1);
    expect(talliesIndexes(rs)).toEqual(['ix_rm_tallies_count']);
    expect(await snapshot(rs)).toEqual(await batchByBatch(store));
  });

  it('stops between reads when the runner stops, and the next start does it all again', async () => {
    const { store } = await setup(300);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const holding = new Promise<void>((r) => (reached = r));
    const slow: Projection = {
      ...tally,
      async apply(e, ctx) {
        if (e.position === 1) {
          reached();
          await held;
        }
        await tally.apply(e, ctx);
      },
    };
    const rs = freshReadStore();
    const first = new ProjectionRunner(store, rs, [slow], { batchSize: 10, rebuildBatchSize: 50 });
    await first.start();
    await holding;
    const stopped = first.stop();
    release();
    await stopped;
    expect(await rs.checkpoint('tally')).toBe(0);
    expect(await rs.count('tallies')).toBe(0);

    const second = new ProjectionRunner(store, rs, [tally], { batchSize: 10 });
    await second.start();
    expect(await second.waitFor(await store.headPosition(), 10_000)).toBe(true);
    await second.stop();
    expect(await snapshot(rs)).toEqual(await batchByBatch(store));
  });
});

describe('rebuild in bounded memory', () => {
  /**
   * A note per event, some deleted and put again later, and each event's stream's oldest note found
   * and changed: every kind of write, and finds that must see documents already written.
   */
  const notes: Projection = {
    name: 'notes',
    collections: { notes: ['stream'] },
    handles: ['Ticked'],
    async apply(e, ctx) {
      const i = e.position;
      const [oldest] = await ctx.find('notes', { stream: e.stream });
      if (oldest) ctx.put('notes', { ...oldest, seen: ((oldest.seen as number) ?? 0) + 1 });
      ctx.put('notes', { id: `n${i}`, stream: e.stream, _audience: [e.stream] });
      if (i % 5 === 4) ctx.delete('notes', `n${i - 3}`);
      if (i % 11 === 10) ctx.put('notes', { id: `n${i - 6}`, stream: e.stream, again: true, _audience: [] });
    },
  };
  const contents = async (rs: SqliteReadStore) => ({
    notes: await rs.find('notes', {}),
    tallies: await rs.find('tallies', {}),
    checkpoints: [await rs.checkpoint('notes'), await rs.checkpoint('tally')],
  });
  const freshReadStore = (dir: string, name: string) => {
    const rs = new SqliteReadStore(join(dir, name));
    closers.push(() => rs.close());
    return rs;
  };

  it('holds at most the limit in memory, writing the biggest read model early, with the same result', async () => {
    const { dir, store } = await setup(400);
    const head = await store.headPosition();

    const unbounded = freshReadStore(dir, 'unbounded.db');
    await new ProjectionRunner(store, unbounded, [notes, tally], { rebuildBatchSize: 7 }).rebuildAll([
      'notes',
      'tally',
    ]);
    const expected = await contents(unbounded);
    expect(expected.notes.length).toBeGreaterThan(200);
    expect(expected.checkpoints).toEqual([head, head]);

    const bounded = freshReadStore(dir, 'bounded.db');
    // What the store holds of the notes when the last note is made: nothing, if they were all kept for the end.
    let storedAtLastEvent = -1;
    const watched: Projection = {
      ...notes,
      async apply(e, ctx) {
        storedAtLastEvent = await bounded.count('notes');
        await notes.apply(e, ctx);
      },
    };
    const runner = new ProjectionRunner(store, bounded, [watched, tally], { rebuildBatchSize: 7, rebuildDocs: 40 });
    const held: (number | undefined)[] = [];
    await runner.rebuildAll(['notes', 'tally'], (p) => void (p.written || held.push(p.held)));
    expect(held.length).toBe(Math.ceil(head / 7));
    expect(Math.max(...held.map((n) => n ?? Infinity))).toBeLessThanOrEqual(40);
    expect(storedAtLastEvent).toBeGreaterThan(200);
    expect(await contents(bounded)).toEqual(expected);

    // A first start on the long log goes the same way.
    const first = freshReadStore(dir, 'first.db');
    const starting = new ProjectionRunner(store, first, [notes, tally], {
      batchSize: 10,
      rebuildBatchSize: 7,
      rebuildDocs: 40,
    });
    await starting.init();
    await starting.catchUp();
    expect(await contents(first)).toEqual(expected);

    // And one event at a time through the store, with nothing in memory.
    const slow = freshReadStore(dir, 'slow.db');
    const oneByOne = new ProjectionRunner(store, slow, [notes, tally], { batchSize: 1, cachedDocs: 0 });
    await oneByOne.init();
    await oneByOne.catchUp();
    expect(await contents(slow)).toEqual(expected);
  });
});

describe('change audiences', () => {
  /** Gives the document t1 to whoever the event names, replacing its audience list or changing it in place. */
  const owner = (inPlace: boolean): Projection => ({
    name: 'owner',
    collections: { things: [] },
    handles: ['Owned'],
    async apply(e, ctx) {
      const doc = (await ctx.get('things', 't1')) ?? { id: 't1', _audience: [] as string[] };
      const by = (e.data as { by: string }).by;
      if (inPlace) (doc._audience as string[]).splice(0, Infinity, by);
      else doc._audience = [by];
      ctx.put('things', doc);
    },
  });

  // A document of a projection kept in memory (a first start) is handed out itself, not a copy: the
  // old audience must have been noted before the handler changed the list in place.
  it.each([
    ['replaces the list', 'kept in memory', false, false],
    ['replaces the list', 'read from the store after a restart', false, true],
    ['changes the list in place', 'kept in memory', true, false],
    ['changes the list in place', 'read from the store after a restart', true, true],
  ])(
    'tell both the old and the new audience when a document changes hands (the handler %s; the document %s)',
    async (_how, _where, inPlace, restart) => {
      const { store, open } = await setup(0);
      const rs = open();
      const audiences: string[][] = [];
      const started = async () => {
        const r = new ProjectionRunner(store, rs, [owner(inPlace)], { idleMs: 20 });
        r.onCommitted((b) => b.changes.forEach((c) => audiences.push([...c.audience].sort())));
        await r.start();
        return r;
      };
      let runner = await started();
      const a = await store.append('t', [{ type: 'Owned', data: { by: 'alice' } }], 'any', meta(1));
      await runner.waitFor(a.position, 5000);
      if (restart) {
        await runner.stop();
        runner = await started();
      }
      const b = await store.append('t', [{ type: 'Owned', data: { by: 'bob' } }], 'any', meta(2));
      await runner.waitFor(b.position, 5000);
      await runner.stop();
      expect(audiences).toEqual([['alice'], ['alice', 'bob']]);
      expect(await rs.get('things', 't1')).toEqual({ id: 't1', _audience: ['bob'] });
    },
  );
});
