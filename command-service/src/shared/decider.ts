import type { EventStore } from '@panda/events/event-store';
import { WrongExpectedVersionError } from '@panda/events/event-store';
import type { AppendMeta } from '@panda/events/envelope';
import { checkEvent } from '@panda/events/catalogue';

export type AnyEvent = { type: string; data: unknown };

/** Pure decision logic of one aggregate: state is folded from its stream's events. */
export interface Decider<Command, State, Event extends AnyEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** The events that record the command's effect, or a thrown HttpError saying why not. */
  decide: (command: Command, state: State) => Event[];
}

export interface Loaded<State> {
  state: State;
  /** Version of the stream's last event, -1 when the stream does not exist. */
  version: number;
  /** Global position of the last event a command id appended to this stream. */
  positionOfCommand: (commandId: string) => number | null;
}

export async function load<State, Event extends AnyEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<never, State, Event>, 'initialState' | 'evolve'>,
): Promise<Loaded<State>> {
  const events = await store.readStream(stream);
  return {
    state: events.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState()),
    version: events.length ? events[events.length - 1].streamVersion : -1,
    positionOfCommand: (commandId) => events.filter((e) => e.commandId === commandId).at(-1)?.position ?? null,
  };
}

export interface Handled<State, Event> {
  /** Global position of the last event appended (or of the earlier append, for a retried command). */
  position: number;
  events: Event[];
  state: State;
  duplicate: boolean;
}

/**
 * Reads the stream, decides, appends with optimistic concurrency; on a conflict, reads again and
 * decides again (another writer got there first), up to `attempts` times.
 */
export async function handle<Command, State, Event extends AnyEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  meta: AppendMeta,
  attempts = 8,
): Promise<Handled<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const { state, version, positionOfCommand } = await load(store, stream, decider);
    const earlier = positionOfCommand(meta.commandId);
    if (earlier !== null) return { position: earlier, events: [], state, duplicate: true };
    const events = decider.decide(command, state);
    if (events.length === 0) return { position: await store.headPosition(), events, state, duplicate: false };
    for (const e of events) checkEvent(e.type, e.data);
    try {
      const r = await store.append(stream, events, version === -1 ? 'no_stream' : version, meta);
      const next = r.duplicate ? state : events.reduce(decider.evolve, state);
      return { position: r.position, events: r.duplicate ? [] : events, state: next, duplicate: r.duplicate };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
