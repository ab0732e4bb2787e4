/**
 * `npm run projections:rebuild` reports how many events it read, not a log position: on KurrentDB
 * positions are byte offsets. KurrentDB is not reachable here, so its store runs on the fake client of
 * @panda/events/testing/fake-kurrent-client; read models go to an embedded store in a temp folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KurrentEventStore } from '@panda/events/kurrent-event-store';
import { FakeKurrentClient } from '@panda/events/testing/fake-kurrent-client';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import type { Projection } from '@panda/projections/projection';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { EventStore } from '@panda/events/event-store';
import type { ReadStore } from '@panda/projections/read-store';
import { describeRebuild, mergeProgress, progressReporter, rebuildInWorkers, rebuildProjections } from './rebuild';

const seen: Projection = {
  name: 'seen',
  collections: { seen: [] },
  handles: ['Ticked'],
  async apply(e, ctx) {
    ctx.put('seen', { id: e.eventId, _audience: [] });
  },
};

describe('projections:rebuild', () => {
  it('reports the number of events read, not the byte offset of the head', async () => {
    const client = new FakeKurrentClient();
    const store = new KurrentEventStore(client);
    for (let i = 0; i < 6; i++) {
      await store.append('ticks', [{ type: i === 5 ? 'Other' : 'Ticked', data: { i } }], 'any', {
        time: 't',
        actorId: null,
        correlationId: 'c',
        commandId: `c${i}`,
      });
    }
    client.write('$stats-127.0.0.1:2113', '$statsCollected');
    const readStore = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rebuild-')), 'read.db'));
    const runner = new ProjectionRunner(store, readStore, [seen], { batchSize: 4 });
    await runner.init();
    const [report] = await rebuildProjections(runner, []);
    expect(await store.headPosition()).toBeGreaterThan(1000);
    expect(report).toMatchObject({ projection: 'seen', events: 6 });
    expect(describeRebuild(report)).toMatch(/^seen: rebuilt from 6 events in \d+ ms/);
    expect(await readStore.count('seen')).toBe(5);
    await expect(rebuildProjections(runner, ['seen', 'nope'])).rejects.toThrow(/Unknown projection\(s\): nope/);
    await readStore.close();
    await store.close();
  });
});

describe('projections:rebuild in one pass', () => {
  const counter = (name: string): Projection => ({
    name,
    collections: { [name]: [] },
    handles: ['Ticked'],
    async apply(e, ctx) {
      const id = `s${(e.data as { i: number }).i % 3}`;
      const doc = (await ctx.get(name, id)) ?? { id, n: 0, _audience: [] };
      ctx.put(name, { ...doc, n: (doc.n as number) + 1 });
    },
  });

  it('reads the log once for all projections, in big batches, and never reads a document back from the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panda-rebuild-'));
    const inner = new SqliteEventStore(join(dir, 'events.db'));
    for (let i = 0; i < 50; i++)
      await inner.append(`t${i}`, [{ type: 'Ticked', data: { i } }], 'no_stream', {
        time: 't',
        actorId: null,
        correlationId: 'c',
        commandId: `c${i}`,
      });
    const innerRead = new SqliteReadStore(join(dir, 'read.db'));
    let logReads = 0;
    let docReads = 0;
    const store: EventStore = Object.create(inner);
    store.readAll = (after, limit) => (logReads++, inner.readAll(after, limit));
    const readStore: ReadStore = Object.create(innerRead);
    readStore.get = ((c: string, id: string) => (docReads++, innerRead.get(c, id))) as ReadStore['get'];
    const runner = new ProjectionRunner(store, readStore, [counter('a'), counter('b')], {
      batchSize: 4,
      rebuildBatchSize: 10,
    });
    await runner.init();
    const seen: number[] = [];
    const reports = await rebuildProjections(runner, [], (p) => p.written || seen.push(p.events));
    expect(reports.map((r) => [r.projection, r.events])).toEqual([
      ['a', 50],
      ['b', 50],
    ]);
    // 5 batches of 10 for both projections together; the documents stay in memory for the whole pass.
    expect(logReads).toBe(5);
    expect(docReads).toBe(0);
    expect(seen).toEqual([10, 20, 30, 40, 50]);
    expect((await innerRead.find('a', {}, { sort: { id: 1 } })).map((d) => d.n)).toEqual([17, 17, 16]);
    expect((await innerRead.find('b', {}, { sort: { id: 1 } })).map((d) => d.n)).toEqual([17, 17, 16]);
    await innerRead.close();
    await inner.close();
  });

  it('shows progress as a bar with events/s and an ETA on a terminal, as periodic lines otherwise', () => {
    let t = 0;
    const tty = { isTTY: true, columns: 100, text: '', write: (s: string) => ((tty.text += s), true) };
    const bar = progressReporter(tty, () => t);
    t = 10_000;
    bar.update({ events: 250_000, position: 250_000, head: 1_000_000 });
    expect(tty.text).toMatch(/^\r\[#{10}-{30}\] {2}25% {2}250,000 events {2}25,000 events\/s {2}ETA 0:30/);

    const file = { isTTY: false, text: '', write: (s: string) => ((file.text += s), true) };
    t = 0;
    const lines = progressReporter(file, () => t, 5000);
    for (t = 1000; t <= 12_000; t += 1000) lines.update({ events: t * 10, position: t * 10, head: 120_000 });
    expect(file.text.split('\n').filter(Boolean)).toEqual([
      'rebuild:   8%  10,000 events  10,000 events/s  ETA 0:11',
      'rebuild:  50%  60,000 events  10,000 events/s  ETA 0:06',
      'rebuild:  92%  110,000 events  10,000 events/s  ETA 0:01',
      'rebuild: 100%  120,000 events  10,000 events/s  ETA 0:00',
    ]);
  });

  it('then shows the writing of the rebuilt documents, with its own rate and ETA', () => {
    let t = 0;
    const tty = { isTTY: true, columns: 160, text: '', write: (s: string) => ((tty.text = s), true) };
    const bar = progressReporter(tty, () => t);
    t = 10_000;
    bar.update({ events: 100_000, position: 100_000, head: 100_000 });
    bar.update({ events: 100_000, position: 100_000, head: 100_000, written: { documents: 0, of: 400_000 } });
    t = 14_000;
    bar.update({ events: 100_000, position: 100_000, head: 100_000, written: { documents: 100_000, of: 400_000 } });
    expect(tty.text).toMatch(
      /^\r\[#{10}-{30}\] {2}25% {2}writing 100,000 of 400,000 documents \(100,000 events read\) {2}25,000 documents\/s {2}ETA 0:12/,
    );
  });

  it('counts only the documents written since the writing was first shown in its rate (a thread that wrote early)', () => {
    let t = 0;
    const tty = { isTTY: true, columns: 160, text: '', write: (s: string) => ((tty.text = s), true) };
    const bar = progressReporter(tty, () => t);
    t = 10_000;
    bar.update({ events: 100_000, position: 100_000, head: 100_000, written: { documents: 200_000, of: 400_000 } });
    t = 14_000;
    bar.update({ events: 100_000, position: 100_000, head: 100_000, written: { documents: 300_000, of: 400_000 } });
    expect(tty.text).toMatch(/ {2}75% {2}writing 300,000 of 400,000 documents .* {2}25,000 documents\/s {2}ETA 0:04/);
  });
});

describe('projections:rebuild in worker threads', () => {
  it('shows the slowest thread reading, then the documents of every thread once all of them write', () => {
    const reading = { events: 40, position: 40, head: 100 };
    const ahead = { events: 100, position: 100, head: 100, written: { documents: 10, of: 50 } };
    expect(mergeProgress([ahead, reading])).toEqual(reading);
    const writing = { events: 100, position: 100, head: 100, written: { documents: 5, of: 30 } };
    expect(mergeProgress([ahead, writing])).toEqual({ ...writing, written: { documents: 15, of: 80 } });
  });

  // A thread loads its TypeScript through tsx before it fails: about a second alone, more than vitest's 5 s
  // default when the suite's other files and lint share the two cores.
  it('fails when a thread fails, and says why', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panda-rebuild-threads-'));
    await expect(
      rebuildInWorkers(['training'], { eventsFile: join(dir, 'none', 'events.db'), readFile: join(dir, 'read.db') }),
    ).rejects.toThrow(/directory does not exist|unable to open/);
  });
});
