import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { REACTOR_DONE, ReactorRunner, type Reactor } from './reactor';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

function stores() {
  const dir = mkdtempSync(join(tmpdir(), 'panda-reactor-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  const readStore = new SqliteReadStore(join(dir, 'read-models.db'));
  open.push(store, readStore);
  return { store, readStore };
}

let n = 0;
const append = (store: SqliteEventStore, type = 'AccountLocked') =>
  store.append(`account-a${++n}`, [{ type, data: { accountId: `a${n}`, reason: null } }], 'any', {
    time: new Date().toISOString(),
    actorId: null,
    correlationId: 'c',
    commandId: `cmd-${n}`,
  });

function recorder(name = 'test', fail: (e: RecordedEvent, attempt: number) => boolean = () => false) {
  const seen: string[] = [];
  const attempts = new Map<number, number>();
  const reactor: Reactor = {
    name,
    handles: ['AccountLocked'],
    async react(e, key) {
      const a = (attempts.get(e.position) ?? 0) + 1;
      attempts.set(e.position, a);
      if (fail(e, a)) throw new Error('effect failed');
      seen.push(key);
    },
  };
  return { reactor, seen, attempts };
}

describe('ReactorRunner', () => {
  it('starts at the head the first time (never reacts to an existing past), then reacts to each new event once, across restarts', async () => {
    const { store, readStore } = stores();
    await append(store);
    const first = recorder();
    const a = new ReactorRunner(store, readStore, [first.reactor]);
    await a.init();
    await a.catchUp();
    expect(first.seen).toEqual([]);
    const { position } = await append(store);
    await append(store, 'AccountUnlocked');
    await a.catchUp();
    expect(first.seen).toEqual([`test:${position}`]);
    expect(await readStore.get(REACTOR_DONE, `test:${position}`)).toMatchObject({ outcome: 'done' });

    // A restart (a new runner on the same stores) resumes from the checkpoint: nothing twice.
    const again = recorder();
    const b = new ReactorRunner(store, readStore, [again.reactor]);
    await b.init();
    await b.catchUp();
    expect(again.seen).toEqual([]);
    const next = await append(store);
    await b.catchUp();
    expect(again.seen).toEqual([`test:${next.position}`]);
  });

  it('never runs a key recorded as done, even when the checkpoint is behind it (a crash after the record)', async () => {
    const { store, readStore } = stores();
    const r = recorder();
    const runner = new ReactorRunner(store, readStore, [r.reactor]);
    await runner.init();
    const { position } = await append(store);
    await readStore.commit('unrelated', 0, 1, [
      {
        op: 'put',
        collection: REACTOR_DONE,
        doc: { id: `test:${position}`, reactor: 'test', position, outcome: 'done' },
      },
    ]);
    await runner.catchUp();
    expect(r.seen).toEqual([]);
    expect(runner.checkpointOf('test')).toBe(position);
  });

  it('retries a failing effect, then records it as failed and moves on', async () => {
    const { store, readStore } = stores();
    const flaky = recorder('flaky', (_e, attempt) => attempt < 3);
    const broken = recorder('broken', () => true);
    const runner = new ReactorRunner(store, readStore, [flaky.reactor, broken.reactor], {
      attempts: 4,
      backoffMs: () => 1,
    });
    await runner.init();
    const { position } = await append(store);
    const later = await append(store);
    await runner.catchUp();
    expect(flaky.seen).toEqual([`flaky:${position}`, `flaky:${later.position}`]);
    expect(flaky.attempts.get(position)).toBe(3);
    expect(broken.attempts.get(position)).toBe(4);
    expect(await readStore.get(REACTOR_DONE, `broken:${position}`)).toMatchObject({ outcome: 'failed' });
    expect(runner.checkpointOf('broken')).toBe(later.position);
  });
  it('reactors at the same checkpoint share one read of the log, and each reacts to every event', async () => {
    const { store, readStore } = stores();
    const reactors = ['one', 'two', 'three'].map((name) => recorder(name));
    const runner = new ReactorRunner(
      store,
      readStore,
      reactors.map((r) => r.reactor),
    );
    await runner.init();
    const reads: number[] = [];
    const readAll = store.readAll.bind(store);
    store.readAll = (after, limit) => (reads.push(after), readAll(after, limit));
    const { position } = await append(store);
    const later = await append(store);
    await runner.catchUp();
    for (const { reactor, seen } of reactors) {
      expect(seen).toEqual([`${reactor.name}:${position}`, `${reactor.name}:${later.position}`]);
      expect(runner.checkpointOf(reactor.name)).toBe(later.position);
    }
    // Stepped together (as the follow loops are, woken by the same append): one read per position.
    const { position: third } = await append(store);
    reads.length = 0;
    await runner.start();
    await runner.catchUp();
    await runner.stop();
    expect(reactors.map((r) => r.seen.at(-1))).toEqual(reactors.map((r) => `${r.reactor.name}:${third}`));
    expect(reads.filter((after) => after === later.position)).toEqual([later.position]);
  });
});
