import type { EventStore } from '@panda/events/event-store';
import { WrongExpectedVersionError } from '@panda/events/event-store';
import type { AppendMeta, RecordedEvent } from '@panda/events/envelope';
import { checkEvent } from '@panda/events/catalogue';
import { streamCacheOf, type CachedStream } from './stream-cache';

export type AnyEvent = { type: string; data: unknown };

/** Pure decision logic of one aggregate: state is folded from its stream's events. */
export interface Decider<Command, State, Event extends AnyEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /**
   * Optional: the state after a run of events, as evolving them one by one gives it, for a state that
   * one copy then changes in place folds faster (command-service/src/payouts/decider.ts). Never changes `state`.
   */
  fold?: (state: State, events: Event[]) => State;
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

/** One cache key per fold: the same stream folded by two deciders gives two states. */
const foldIds = new WeakMap<object, number>();
let folds = 0;
const keyOf = (evolve: object, stream: string) => {
  let id = foldIds.get(evolve);
  if (id === undefined) foldIds.set(evolve, (id = ++folds));
  return `${id}\u0000${stream}`;
};

/** Folds `events` (read from the store, or just written by an append) into `entry`, and caches the result. */
function foldInto<State, Event extends AnyEvent>(
  cache: ReturnType<typeof streamCacheOf>,
  key: string,
  entry: CachedStream<State> | undefined,
  events: RecordedEvent[],
  decider: Pick<Decider<never, State, Event>, 'initialState' | 'evolve' | 'fold'>,
): CachedStream<State> {
  // The map of command ids only grows, so it is shared with the entry it extends.
  const commands = entry?.commands ?? new Map<string, number>();
  let state = entry?.state ?? decider.initialState();
  if (decider.fold) state = decider.fold(state, events as unknown as Event[]);
  else for (const e of events) state = decider.evolve(state, e as unknown as Event);
  for (const e of events) if (e.commandId) commands.set(e.commandId, e.position);
  const next = {
    state,
    version: events.length ? events[events.length - 1].streamVersion : (entry?.version ?? -1),
    commands,
  };
  cache.set(key, next);
  return next;
}

/** The cached entry of a stream brought up to date with one read of the events after its version (see load). */
async function loadEntry<State, Event extends AnyEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<never, State, Event>, 'initialState' | 'evolve' | 'fold'>,
): Promise<CachedStream<State>> {
  const cache = streamCacheOf(store);
  const key = keyOf(decider.evolve, stream);
  const cached = cache.get<State>(key);
  // A fold never looks at the chain link (docs/benchmarks.md#payouts: a third of a stream's bytes).
  const events = await store.readStream(stream, { fromRevision: (cached?.version ?? -1) + 1, chain: false });
  if (cached && !events.length) {
    delete cached.behind; // nothing came after it: it is the stream's state
    return cached;
  }
  return foldInto(cache, key, cached, events, decider);
}

/**
 * The decided state of a stream. Folds only what it has not folded before: the state cached for
 * this store, stream and fold (streamCacheOf) is brought up to date with one read of the events
 * after its version, so a command costs the same on a stream of 10 events as on one of 10,000, and
 * another writer's events (another process on the same log) are always seen. A command's own
 * events are folded as the store recorded them, envelope and all: by handle when the store answers
 * them with the append (SQLite), else by the next load, from the store.
 */
export async function load<State, Event extends AnyEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<never, State, Event>, 'initialState' | 'evolve' | 'fold'>,
): Promise<Loaded<State>> {
  const { state, version, commands } = await loadEntry(store, stream, decider);
  return { state, version, positionOfCommand: (commandId) => commands.get(commandId) ?? null };
}

export interface Handled<State, Event> {
  /** Global position of the last event appended (or of the earlier append, for a retried command). */
  position: number;
  events: Event[];
  state: State;
  duplicate: boolean;
}

/**
 * Decides on the stream's cached state and appends with optimistic concurrency. The first attempt
 * trusts a cached state without reading the stream: the append's expected version is the cached
 * version, so a write by anyone else since (another process on the same log, another fold of the
 * stream) makes it conflict rather than pass unseen. A refusal, a no-op or a conflict on a state that
 * was not read is decided again on one that was (not counted as an attempt). After an append the
 * store answered without the events it recorded (KurrentDB), the next command reads first. On a
 * conflict, it reads what came after the cached version and decides again (another writer got there
 * first), up to `attempts` times.
 */
export async function handle<Command, State, Event extends AnyEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  meta: AppendMeta,
  attempts = 8,
): Promise<Handled<State, Event>> {
  const cache = streamCacheOf(store);
  const key = keyOf(decider.evolve, stream);
  // Only the first decision may be made on a state that was not read; one made on it that is refused,
  // is a no-op or conflicts is made again on a read state, and that is not counted as an attempt.
  let unread = cache.get<State>(key);
  if (unread?.behind) unread = undefined; // its own last append is not in it: read first
  for (let attempt = 1; ; unread = undefined) {
    const entry = unread ?? (await loadEntry(store, stream, decider));
    const { state, version } = entry;
    const earlier = entry.commands.get(meta.commandId);
    if (earlier !== undefined) return { position: earlier, events: [], state, duplicate: true };
    let events: Event[];
    try {
      events = decider.decide(command, state);
    } catch (err) {
      if (unread) continue; // refused on what this process saw last: decided again on what is there now
      throw err;
    }
    if (events.length === 0) {
      if (unread) continue;
      return { position: await store.headPosition(), events, state, duplicate: false };
    }
    for (const e of events) checkEvent(e.type, e.data);
    try {
      const r = await store.append(stream, events, version === -1 ? 'no_stream' : version, meta);
      if (r.duplicate) {
        // Its first append is in the store (another process made it): the state is read to answer with.
        const now = unread ? await loadEntry(store, stream, decider) : entry;
        return { position: r.position, events: [], state: now.state, duplicate: true };
      }
      // The append followed `version` (its expected version): the recorded events come right after
      // the entry, and the next command starts from them without reading them back.
      if (r.recorded) {
        const next = foldInto(cache, key, entry, r.recorded, decider).state;
        return { position: r.position, events, state: next, duplicate: false };
      }
      // The store answered no envelopes to fold: the next command reads them rather than conflict on them.
      entry.behind = true;
      return { position: r.position, events, state: events.reduce(decider.evolve, state), duplicate: false };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      if (unread) continue; // the state that was not read was behind: read on at once
      if (attempt >= attempts) throw err;
      attempt += 1;
      // Two writers racing: back off a little.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
