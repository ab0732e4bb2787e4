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

/** A student's training as it stood just before `event` (an event of their own stream). */
export async function trainingBefore(store: EventStore, event: RecordedEvent): Promise<TrainingState> {
  const events = await store.readStream(event.stream);
  return events
    .filter((e) => e.streamVersion < event.streamVersion)
    .reduce((s, e) => evolveTraining(s, e as unknown as TrainingEvent | AccountEvent), initialTrainingState());
}
