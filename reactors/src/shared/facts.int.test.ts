import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import type { AccountEvent } from '@panda/command-service/accounts/decider';
import { evolveTraining, initialTrainingState, type TrainingEvent } from '@panda/command-service/training/state';
import { appendStudent } from '../../../bench/generate';
import { trainingBefore } from './facts';

const open: SqliteEventStore[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** A store whose stream reads are counted (events handed out). */
function countingStore() {
  const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'panda-facts-')), 'events.db'));
  open.push(store);
  const read = { events: 0 };
  const readStream = store.readStream.bind(store);
  store.readStream = async (stream, options) => {
    const events = await readStream(stream, options);
    read.events += events.length;
    return events;
  };
  return { store, read };
}

const foldBefore = (events: RecordedEvent[], e: RecordedEvent) =>
  events
    .filter((x) => x.streamVersion < e.streamVersion)
    .reduce((s, x) => evolveTraining(s, x as unknown as TrainingEvent | AccountEvent), initialTrainingState());

describe('trainingBefore (the facts reactors read from a student stream)', () => {
  it('answers the fold before each event, reading the stream about once when asked in log order', async () => {
    const { store, read } = countingStore();
    await appendStudent(store, 0, 200);
    const events = await store.readStream('account-student0');
    read.events = 0;
    expect(events).toHaveLength(200);
    for (const e of events) expect(await trainingBefore(store, e)).toEqual(foldBefore(events, e));
    // A full read per event would hand out 40,000 events.
    expect(read.events).toBeLessThanOrEqual(2 * events.length);
  });

  it('sees events appended after its last answer, and answers an earlier event again from the start', async () => {
    const { store } = countingStore();
    await appendStudent(store, 1, 20, 10);
    const first = await store.readStream('account-student1');
    expect(await trainingBefore(store, first[15])).toEqual(foldBefore(first, first[15]));
    // Appended since: folded on from what was read before.
    const signed = first[19].data as object;
    await store.append(
      'account-student1',
      [
        { type: 'JobCardSigned', data: { ...signed, completedCount: 98 } },
        { type: 'JobCardSigned', data: { ...signed, completedCount: 99 } },
      ],
      19,
      { time: new Date().toISOString(), actorId: null, correlationId: 'c', commandId: 'late' },
    );
    const all = await store.readStream('account-student1');
    expect(all).toHaveLength(22);
    expect(await trainingBefore(store, all[21])).toEqual(foldBefore(all, all[21]));
    expect(await trainingBefore(store, all[3])).toEqual(foldBefore(all, all[3]));
  });
});
