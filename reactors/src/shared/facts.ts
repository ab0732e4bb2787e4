import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import { accountStream } from '@panda/events/catalogue/accounts';
import { load } from '@panda/command-service/shared/decider';
import { accountDecider, type AccountEvent, type AccountState } from '@panda/command-service/accounts/decider';
import {
  evolveTraining,
  initialTrainingState,
  type TrainingEvent,
  type TrainingState,
} from '@panda/command-service/training/state';

/** Reactors read facts from the write side (the account streams), never from a read model that may lag. */
export async function loadAccountState(store: EventStore, accountId: string): Promise<AccountState> {
  return (await load(store, accountStream(accountId), accountDecider)).state;
}

export const displayName = (s: AccountState) =>
  s.centreName ?? (`${s.firstName} ${s.lastName}`.trim() || s.email || 'Someone');

/**
 * What `trainingBefore` keeps per stream: the training folded up to `version`, and the events after
 * it already read (the reactors ask about the events of a stream in order, so the next answer is
 * folded from these without reading the stream again).
 */
interface Folded {
  version: number;
  state: TrainingState;
  ahead: RecordedEvent[];
}

/** Streams whose fold is kept, per event store, least recently used first out. */
const KEPT_STREAMS = 256;
const folds = new WeakMap<EventStore, Map<string, Folded>>();

/**
 * A student's training as it stood just before `event` (an event of their own stream). Folds on from
 * the last answer for that stream (reactors go through a stream in log order), so a sign-off on a
 * stream of 10,000 events costs what it costs on one of 10, and a reactor catching up reads each
 * stream about once; asked about an earlier event, it folds from the start.
 */
export async function trainingBefore(store: EventStore, event: RecordedEvent): Promise<TrainingState> {
  let streams = folds.get(store);
  if (!streams) folds.set(store, (streams = new Map()));
  const target = event.streamVersion - 1;
  const kept = streams.get(event.stream);
  const from = kept && kept.version <= target ? kept : { version: -1, state: initialTrainingState(), ahead: [] };
  let { version, state, ahead } = from;
  if (version < target && !ahead.some((e) => e.streamVersion === target))
    ahead = await store.readStream(event.stream, { fromRevision: version + 1 });
  let used = 0;
  for (const e of ahead) {
    if (e.streamVersion > target) break;
    if (e.streamVersion === version + 1) {
      state = evolveTraining(state, e as unknown as TrainingEvent | AccountEvent);
      version = e.streamVersion;
    }
    used += 1;
  }
  streams.delete(event.stream);
  streams.set(event.stream, { version, state, ahead: ahead.slice(used) });
  for (const oldest of streams.keys()) {
    if (streams.size <= KEPT_STREAMS) break;
    streams.delete(oldest);
  }
  return state;
}
