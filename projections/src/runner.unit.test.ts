/**
 * The runner's catch-up loop when the tail of the log is system events. KurrentDB's $all ends with the
 * server's own records; no server is reachable here, so KurrentEventStore runs on the fake client of
 * @panda/events/testing/fake-kurrent-client (adapter logic only). Read models go to an embedded store.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KurrentEventStore } from '@panda/events/kurrent-event-store';
import { FakeKurrentClient } from '@panda/events/testing/fake-kurrent-client';
import type { EventStore } from '@panda/events/event-store';
import type { AppendMeta, RecordedEvent } from '@panda/events/envelope';
import { SqliteReadStore } from './sqlite-read-store';
import { ProjectionRunner } from './runner';
import type { Projection } from './projection';

const counter: Projection = {
  name: 'counter',
  collections: { counts: [] },
  handles: ['Ticked'],
  async apply(e, ctx) {
    const doc = (await ctx.get('counts', 'all')) ?? { id: 'all', n: 0, _audience: [] };
    doc.n = (doc.n as number) + 1;
    ctx.put('counts', doc);
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

const readStore = () => {
  const rs = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-runner-unit-')), 'read.db'));
  closers.push(() => rs.close());
  return rs;
};

describe('ProjectionRunner catch-up with system events at the tail of the log', () => {
  it('catches up and rebuilds on KurrentDB whose $all ends with system records', async () => {
    const client = new FakeKurrentClient();
    const store = new KurrentEventStore(client, { pollMs: 5 });
    closers.push(() => store.close());
    for (let i = 0; i < 5; i++) await store.append('ticks', [{ type: 'Ticked', data: { i } }], 'any', meta(i));
    for (let i = 0; i < 700; i++) client.write('$projections-x', 'ProjectionUpdated');
    client.write('$stats-127.0.0.1:2113', '$statsCollected');
    const rs = readStore();
    const runner = new ProjectionRunner(store, rs, [counter], { batchSize: 2 });
    await runner.init();
    await runner.catchUp();
    expect(await rs.get('counts', 'all')).toMatchObject({ n: 5 });
    expect(runner.checkpointOf('counter')).toBe(await store.headPosition());
    await runner.rebuild('counter');
    expect(await rs.get('counts', 'all')).toMatchObject({ n: 5 });
  });

  it('returns when a store reports a head that readAll never reaches', async () => {
    // A store whose head is a record its readAll skips (as KurrentDB's was before system streams
    // were filtered from both): catching up must end once nothing more can be read.
    const events: RecordedEvent[] = [1, 2, 3].map((i) => ({
      eventId: `e${i}`,
      type: 'Ticked',
      stream: 's',
      streamVersion: i - 1,
      position: i * 10,
      time: 't',
      actorId: null,
      correlationId: 'c',
      commandId: null,
      data: {},
    }));
    const store = {
      readAll: async (after: number, limit: number) => events.filter((e) => e.position > after).slice(0, limit),
      headPosition: async () => 999,
    } as unknown as EventStore;
    const rs = readStore();
    const runner = new ProjectionRunner(store, rs, [counter], { batchSize: 2 });
    await runner.init();
    await runner.catchUp();
    expect(runner.checkpointOf('counter')).toBe(30);
    await runner.rebuild('counter');
    expect(await rs.get('counts', 'all')).toMatchObject({ n: 3 });
  });
});
