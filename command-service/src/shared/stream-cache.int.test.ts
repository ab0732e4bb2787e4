import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WrongExpectedVersionError, type EventStore, type ReadStreamOptions } from '@panda/events/event-store';
import type { AppendMeta } from '@panda/events/envelope';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { accountStream } from '@panda/events/catalogue/accounts';
import { studentRegistered } from '@panda/events/testing/fixtures';
import { accountDecider } from '../accounts/decider';
import { changeProfile } from '../profiles/service';
import type { CommandDeps } from './deps';
import { handle, load } from './decider';
import { StreamCache, streamCacheOf } from './stream-cache';
import { startTestApp } from '@panda/server/testing/harness';

let n = 0;
const meta = (): AppendMeta => ({
  time: '2026-03-01T10:00:00.000Z',
  actorId: null,
  correlationId: `c${++n}`,
  commandId: `k${n}`,
});
const stream = accountStream('centre-1');
const rename = (name: string) => ({ type: 'ChangeProfile' as const, changes: { Name: name } });

/** A store that records what each readStream call asked for and got, and can act before an append. */
function watched(inner: EventStore, beforeAppend: () => Promise<void> = async () => {}) {
  const reads: { fromRevision: number; returned: number }[] = [];
  const store: EventStore = Object.create(inner);
  store.readStream = async (s: string, options?: ReadStreamOptions) => {
    const events = await inner.readStream(s, options);
    reads.push({ fromRevision: options?.fromRevision ?? 0, returned: events.length });
    return events;
  };
  store.append = async (...args: Parameters<EventStore['append']>) => {
    await beforeAppend();
    return inner.append(...args);
  };
  return { store, reads };
}

describe('decided state cached per stream', () => {
  let file: string;
  let a: SqliteEventStore;
  let b: SqliteEventStore;
  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'panda-cache-')), 'events.db');
    a = new SqliteEventStore(file);
    b = new SqliteEventStore(file);
    const signedUp = {
      accountId: 'centre-1',
      role: 'training_centre',
      firstName: 'C',
      lastName: 'One',
      email: 'c1@x.co',
      centreName: 'Centre 0',
      passwordHash: 'h',
    };
    await a.append(stream, [{ type: 'AccountSignedUp', data: signedUp }], 'no_stream', meta());
  });
  afterEach(async () => {
    await a.close();
    await b.close();
  });

  it('folds each event once: later commands decide on the cached state without reading the stream', async () => {
    const { store, reads } = watched(a);
    for (let i = 1; i <= 30; i++) await handle(store, stream, accountDecider, rename(`Centre ${i}`), meta());
    // The first command folds the whole stream; a command's own event is folded as the append recorded
    // it, and each later one appends on the cached version (another writer's event would make it conflict).
    expect(reads).toEqual([{ fromRevision: 0, returned: 1 }]);
    const { state, version } = await load(store, stream, accountDecider);
    expect([state.centreName, version]).toEqual(['Centre 30', 30]);
  });

  it('keeps, from what the appends recorded, the state and command ids a cold fold of the stream gives', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const m = meta();
      ids.push(m.commandId);
      const r = await handle(a, stream, accountDecider, rename(`Centre ${i}`), m);
      // What the command answers is the state the cache now holds.
      expect(r.state).toBe((await load(a, stream, accountDecider)).state);
    }
    // b shares the file but not a's cache: it folds the whole stream, read back from the store.
    const warm = await load(a, stream, accountDecider);
    const cold = await load(b, stream, accountDecider);
    expect(warm.state).toEqual(cold.state);
    expect(warm.version).toBe(cold.version);
    expect(ids.map(warm.positionOfCommand)).toEqual(ids.map(cold.positionOfCommand));
    expect(ids.map(warm.positionOfCommand).every((p) => typeof p === 'number' && p > 0)).toBe(true);
  });

  it('sees a conflicting write by another store on the same file and decides again from there', async () => {
    let interfere = false;
    const { store, reads } = watched(a, async () => {
      // Another process appends between this command's read and its append.
      if (!interfere) return;
      interfere = false;
      await handle(b, stream, accountDecider, rename('Theirs'), meta());
    });
    await handle(store, stream, accountDecider, rename('Mine'), meta());
    reads.length = 0;
    interfere = true;
    const r = await handle(store, stream, accountDecider, rename('Again'), meta());
    expect(r.events.map((e) => e.type)).toEqual(['ProfileChanged']);
    expect(r.state.centreName).toBe('Again');
    // This store's previous command was folded when it appended: it decides on that without a read, the
    // append conflicts, and the retry reads only the other writer's event.
    expect(reads).toEqual([{ fromRevision: 2, returned: 1 }]);
    expect(
      (await a.readStream(stream)).map((e) => (e.data as { changes?: { Name: string } }).changes?.Name ?? null),
    ).toEqual([null, 'Mine', 'Theirs', 'Again']);
  });

  it('a read-only load sees what another store appended since the state was cached', async () => {
    await handle(a, stream, accountDecider, rename('Mine'), meta());
    expect((await load(a, stream, accountDecider)).state.centreName).toBe('Mine');
    await handle(b, stream, accountDecider, rename('Theirs'), meta());
    const { state, version } = await load(a, stream, accountDecider);
    expect([state.centreName, version]).toEqual(['Theirs', 2]);
  });

  it('answers a retried command id from the cache with the position of its first append', async () => {
    const m = meta();
    const first = await handle(a, stream, accountDecider, rename('Once'), m);
    await handle(a, stream, accountDecider, rename('Twice'), meta());
    const again = await handle(a, stream, accountDecider, rename('Once'), m);
    expect(again).toMatchObject({ duplicate: true, position: first.position, events: [] });
    expect(await a.readStream(stream)).toHaveLength(3);
  });

  it("reads the stream once for a student's profile change (no load ahead of the command)", async () => {
    const student = studentRegistered();
    await a.append(accountStream(student.data.accountId), [student], 'no_stream', meta());
    const { store, reads } = watched(a);
    const deps = { store, accountChanged: async () => {} } as Partial<CommandDeps> as CommandDeps;
    const first = await changeProfile(deps, student.data.accountId, { First_Name: 'Ann' }, meta());
    expect([first.events.length, reads]).toEqual([1, [{ fromRevision: 0, returned: 1 }]]);
    reads.length = 0;
    await changeProfile(deps, student.data.accountId, { First_Name: 'Bea' }, meta());
    expect(reads).toEqual([]);
  });

  it('decides again on a read state when the cached one refuses the command or makes it a no-op', async () => {
    const other = accountStream('centre-2');
    const { store, reads } = watched(a);
    // This process saw the account before it existed; another process then signs it up.
    expect((await load(store, other, accountDecider)).version).toBe(-1);
    const signedUp = { accountId: 'centre-2', role: 'training_centre', firstName: 'C', lastName: 'Two' };
    await b.append(
      other,
      [{ type: 'AccountSignedUp', data: { ...signedUp, email: 'c2@x.co', centreName: 'Two', passwordHash: 'h' } }],
      'no_stream',
      meta(),
    );
    reads.length = 0;
    // Refused on the cached state (no such account), then decided on the read one.
    const renamed = await handle(store, other, accountDecider, rename('Two Ltd'), meta());
    expect([renamed.events.map((e) => e.type), renamed.state.centreName]).toEqual([['ProfileChanged'], 'Two Ltd']);
    expect(reads).toEqual([{ fromRevision: 0, returned: 1 }]);
    // A no-op on the cached state (the name this process saw last), a change on the read one.
    await handle(b, other, accountDecider, rename('Theirs'), meta());
    reads.length = 0;
    const back = await handle(store, other, accountDecider, rename('Two Ltd'), meta());
    expect([back.events.map((e) => e.type), back.state.centreName]).toEqual([['ProfileChanged'], 'Two Ltd']);
    expect(reads).toEqual([{ fromRevision: 2, returned: 1 }]);
  });

  it('does not count a conflict on the cached state as an attempt (a caller that allows one attempt)', async () => {
    await handle(a, stream, accountDecider, rename('Mine'), meta());
    await handle(b, stream, accountDecider, rename('Theirs'), meta());
    const r = await handle(a, stream, accountDecider, rename('Again'), meta(), 1);
    expect([r.events.map((e) => e.type), r.state.centreName]).toEqual([['ProfileChanged'], 'Again']);
    // One attempt on a read state: a conflict there is the caller's to handle.
    await handle(b, stream, accountDecider, rename('Theirs again'), meta());
    const { store } = watched(a, async () => {
      await handle(b, stream, accountDecider, rename(`Racing ${n}`), meta());
    });
    await expect(handle(store, stream, accountDecider, rename('Lost'), meta(), 1)).rejects.toThrow(/expected version/);
  });

  it('reads first after an append the store answered without the events it recorded (KurrentDB)', async () => {
    const { store, reads } = watched(a);
    let conflicts = 0;
    const noRecorded: EventStore = Object.create(store);
    noRecorded.append = async (...args: Parameters<EventStore['append']>) => {
      try {
        const { recorded: _recorded, ...answer } = await store.append(...args);
        return answer;
      } catch (err) {
        if (err instanceof WrongExpectedVersionError) conflicts += 1;
        throw err;
      }
    };
    for (let i = 1; i <= 3; i++) await handle(noRecorded, stream, accountDecider, rename(`Centre ${i}`), meta());
    // Each command reads the event the one before it appended, and none conflicts on it.
    expect([reads, conflicts]).toEqual([
      [
        { fromRevision: 0, returned: 1 },
        { fromRevision: 1, returned: 1 },
        { fromRevision: 2, returned: 1 },
      ],
      0,
    ]);
    expect((await load(noRecorded, stream, accountDecider)).state.centreName).toBe('Centre 3');
  });

  it('answers a command id that another process appended as a duplicate, with the state read from the store', async () => {
    const { store, reads } = watched(a);
    await handle(store, stream, accountDecider, rename('Mine'), meta());
    const m = meta();
    const theirs = await handle(b, stream, accountDecider, rename('Theirs'), m);
    reads.length = 0;
    const again = await handle(store, stream, accountDecider, rename('Theirs'), m);
    expect(again).toMatchObject({ duplicate: true, position: theirs.position, events: [] });
    expect(again.state.centreName).toBe('Theirs');
    expect(reads).toEqual([{ fromRevision: 2, returned: 1 }]);
  });

  it('keeps a separate state per fold of the same stream', async () => {
    await handle(a, stream, accountDecider, rename('Mine'), meta());
    const counting = { initialState: () => 0, evolve: (count: number) => count + 1 };
    expect((await load(a, stream, counting)).state).toBe(2);
    expect((await load(a, stream, accountDecider)).state.centreName).toBe('Mine');
    expect(streamCacheOf(a).size).toBe(2);
  });
});

describe('StreamCache bounds', () => {
  const entry = (version: number, ids: number) => ({
    state: version,
    version,
    commands: new Map(Array.from({ length: ids }, (_, i) => [`k${i}`, i])),
  });

  it('drops the least recently used stream past the stream limit', () => {
    const cache = new StreamCache({ streams: 2, commands: 100 });
    cache.set('a', entry(1, 1));
    cache.set('b', entry(1, 1));
    cache.get('a');
    cache.set('c', entry(1, 1));
    expect([cache.get('a')?.version, cache.get('b'), cache.get('c')?.version]).toEqual([1, undefined, 1]);
  });

  it('drops the oldest streams past the command-id limit, and never goes back to an older version', () => {
    const cache = new StreamCache({ streams: 10, commands: 10 });
    cache.set('a', entry(4, 4));
    cache.set('b', entry(4, 4));
    cache.set('c', entry(5, 5));
    expect([cache.get('a'), cache.get('b')?.version, cache.get('c')?.version]).toEqual([undefined, 4, 5]);
    cache.set('c', entry(3, 3));
    expect(cache.get('c')?.version).toBe(5);
  });
});

describe('the command service over HTTP', () => {
  it('sees a write by another process on the same log, and is right after a restart (cold cache)', async () => {
    let app = await startTestApp({ env: { SEED_DEMO: '0' } });
    try {
      const { token, user } = await app.signUp('training_centre', 'cache-centre@test.panda', {
        Training_Centre_Name: 'First Name Ltd',
      });
      const put = (Name: string, t = token) =>
        app.call('PUT', '/api/profile', { Name, Email: 'cache-centre@test.panda' }, t);
      expect((await put('Second Name Ltd')).body.changed).toBe(true);
      // Another process (its own store on the same file) renames the centre.
      const other = new SqliteEventStore(join(app.dataDir, 'events.db'));
      await handle(other, accountStream(user.id), accountDecider, rename('Third Name Ltd'), meta());
      await other.close();
      // Back to the name this process saw last: a real change, not a no-op on a stale state.
      const back = await put('Second Name Ltd');
      expect([back.status, back.body.changed, back.body.user.Name]).toEqual([200, true, 'Second Name Ltd']);

      await app.stop();
      app = await startTestApp({ dataDir: app.dataDir, env: { SEED_DEMO: '0' } });
      const again = await put('Second Name Ltd');
      expect([again.status, again.body.changed, again.body.user.Name]).toEqual([200, false, 'Second Name Ltd']);
      const renamed = await put('Fourth Name Ltd');
      expect([renamed.body.changed, renamed.body.user.Name]).toEqual([true, 'Fourth Name Ltd']);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
