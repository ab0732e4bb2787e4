import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, ReadStreamOptions } from '@panda/events/event-store';
import type { AppendMeta } from '@panda/events/envelope';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { accountStream } from '@panda/events/catalogue/accounts';
import { accountDecider } from '../accounts/decider';
import { handle, load } from './decider';

/**
 * The decided-state cache is right after a restart. A restart is a new store on
 * the same file (a new process): its cache starts cold, so the first command folds the whole
 * stream once, and what the cache answers besides the state (a retried command id) comes from that
 * fold, not from the memory of the process that is gone.
 */

let n = 0;
const meta = (): AppendMeta => ({
  time: '2026-03-01T10:00:00.000Z',
  actorId: null,
  correlationId: `restart-c${++n}`,
  commandId: `restart-k${n}`,
});
const stream = accountStream('centre-r');
const rename = (name: string) => ({ type: 'ChangeProfile' as const, changes: { Name: name } });

/** The store, recording what each readStream call asked for and got, and counting appends. */
function counted(inner: EventStore) {
  const reads: { fromRevision: number; returned: number }[] = [];
  const appends = { count: 0 };
  const store: EventStore = Object.create(inner);
  store.readStream = async (s: string, options?: ReadStreamOptions) => {
    const events = await inner.readStream(s, options);
    reads.push({ fromRevision: options?.fromRevision ?? 0, returned: events.length });
    return events;
  };
  store.append = (...args: Parameters<EventStore['append']>) => {
    appends.count++;
    return inner.append(...args);
  };
  return { store, reads, appends };
}

describe('the stream cache across a restart', () => {
  let file: string;
  let before: SqliteEventStore;
  let after: SqliteEventStore | undefined;
  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'panda-cache-restart-')), 'events.db');
    before = new SqliteEventStore(file);
    const signedUp = {
      accountId: 'centre-r',
      role: 'training_centre',
      firstName: 'C',
      lastName: 'R',
      email: 'cr@x.co',
      centreName: 'Centre 0',
      passwordHash: 'h',
    };
    await before.append(stream, [{ type: 'AccountSignedUp', data: signedUp }], 'no_stream', meta());
  });
  afterEach(async () => {
    await before.close();
    await after?.close();
    after = undefined;
  });

  it('answers a command retried after the restart as the duplicate it is, with its first position', async () => {
    const retried = meta();
    const first = await handle(before, stream, accountDecider, rename('Once'), retried);
    for (let i = 1; i <= 3; i++) await handle(before, stream, accountDecider, rename(`Later ${i}`), meta());
    await before.close();

    after = new SqliteEventStore(file);
    const { store, appends } = counted(after);
    const again = await handle(store, stream, accountDecider, rename('Once'), retried);
    expect(again).toMatchObject({ duplicate: true, position: first.position, events: [] });
    // Known from the cold fold of the stream: not even tried against the log.
    expect(appends.count).toBe(0);
    expect(again.state.centreName).toBe('Later 3');
    expect(await after.readStream(stream)).toHaveLength(5);
  });

  it('folds the whole stream once on the first command after the restart, then only what follows', async () => {
    for (let i = 1; i <= 5; i++) await handle(before, stream, accountDecider, rename(`Before ${i}`), meta());
    await before.close();

    after = new SqliteEventStore(file);
    const { store, reads } = counted(after);
    const r = await handle(store, stream, accountDecider, rename('Before 5'), meta());
    // The state was the one the old process left: renaming to the same name changes nothing.
    expect([r.events, r.state.centreName]).toEqual([[], 'Before 5']);
    await handle(store, stream, accountDecider, rename('After'), meta());
    expect((await load(store, stream, accountDecider)).state.centreName).toBe('After');
    // The second command decides on the state the first one read; the load reads what came after it.
    expect(reads).toEqual([
      { fromRevision: 0, returned: 6 },
      { fromRevision: 7, returned: 0 },
    ]);
  });
});
