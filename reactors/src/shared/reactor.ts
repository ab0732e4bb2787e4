import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import type { ReadStore } from '@panda/projections/read-store';
import type { RunnerLogger } from '@panda/projections/runner';

/**
 * A reactor turns events into side effects (mail, notifications). Each reactor follows the log
 * from its own checkpoint. Delivery is at-least-once: the checkpoint moves past an event only
 * after its effect succeeded, so a crash makes the reactor see the event again. Every effect is
 * therefore made idempotent by its key, `<reactor name>:<global position>`: the runner records
 * the key as done (atomically with the checkpoint) and never runs a done key again, and the
 * effect itself is keyed too (an append with that command id appends nothing twice; the outbox
 * writes one file per key), which covers a crash between the effect and the record.
 */
export interface Reactor {
  name: string;
  /** Event types it reacts to; others only move its checkpoint. */
  handles: readonly string[];
  react(event: RecordedEvent, key: string): Promise<void>;
}

/** Keys of effects done, per reactor (in the read store, committed with the reactor's checkpoint). */
export const REACTOR_DONE = 'reactor_done';
export const reactorCheckpointName = (name: string) => `reactor:${name}`;
export const reactionKey = (reactor: string, position: number) => `${reactor}:${position}`;

export interface ReactorRunnerOptions {
  logger?: RunnerLogger;
  batchSize?: number;
  /** Longest wait for new events before looking again. */
  idleMs?: number;
  /** Attempts of one effect before it is recorded as failed and the reactor moves on. */
  attempts?: number;
  /** Delay before the n-th retry (tests make it short). */
  backoffMs?: (attempt: number) => number;
}

export class ReactorRunner {
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly checkpoints = new Map<string, number>();
  /** Reads of the log in flight, by start position: reactors at the same checkpoint share one. */
  private readonly reads = new Map<number, Promise<RecordedEvent[]>>();

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    readonly reactors: Reactor[],
    private readonly options: ReactorRunnerOptions = {},
  ) {}

  /**
   * A reactor seen for the first time starts at the log's head: it reacts to what happens from
   * its installation on and never mails the past of an existing install. Call before the process
   * accepts requests, so nothing appended after start-up is skipped.
   */
  async init(): Promise<void> {
    await this.readStore.ensureIndexes(REACTOR_DONE, ['reactor']);
    const head = await this.store.headPosition();
    for (const r of this.reactors) {
      const name = reactorCheckpointName(r.name);
      let cp = await this.readStore.checkpoint(name);
      const installed = await this.readStore.get(REACTOR_DONE, `${r.name}:installed`);
      if (!installed) {
        await this.readStore.commit(name, cp, Math.max(cp, head), [
          { op: 'put', collection: REACTOR_DONE, doc: { id: `${r.name}:installed`, reactor: r.name, position: head } },
        ]);
        cp = Math.max(cp, head);
      }
      this.checkpoints.set(r.name, cp);
    }
  }

  async start(): Promise<void> {
    await this.init();
    this.controller = new AbortController();
    this.loops = this.reactors.map((r) => this.follow(r, this.controller.signal));
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
  }

  checkpointOf(name: string): number {
    return this.checkpoints.get(name) ?? 0;
  }

  /**
   * Resolves once every reactor has dealt with the log up to its current head (tests): steps
   * itself when the runner is not following the log, else waits for the running loops.
   */
  async catchUp(timeoutMs = 10_000): Promise<void> {
    const head = await this.store.headPosition();
    const behind = () => this.reactors.filter((r) => this.checkpointOf(r.name) < head);
    if (this.loops.length === 0) {
      for (const r of this.reactors)
        while (this.checkpointOf(r.name) < head && (await this.step(r, this.controller.signal)) > 0);
      return;
    }
    const deadline = Date.now() + timeoutMs;
    while (behind().length) {
      if (Date.now() > deadline)
        throw new Error(
          `Reactors ${behind()
            .map((r) => r.name)
            .join(', ')} did not reach position ${head}`,
        );
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async follow(r: Reactor, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const moved = await this.step(r, signal);
        failures = 0;
        if (!moved) await this.store.waitForAppend(this.checkpointOf(r.name), this.options.idleMs ?? 1000, signal);
      } catch (err) {
        failures += 1;
        this.checkpoints.set(
          r.name,
          await this.readStore.checkpoint(reactorCheckpointName(r.name)).catch(() => this.checkpointOf(r.name)),
        );
        this.options.logger?.error({ err, reactor: r.name }, 'reactor step failed; retrying');
        await abortableDelay(Math.min(30_000, 200 * 2 ** failures), signal);
      }
    }
  }

  /**
   * One read of the log for every reactor asking from the same position at the same moment (they
   * are woken by the same append): the events are shared, and no reactor changes them.
   */
  private readFrom(from: number): Promise<RecordedEvent[]> {
    let read = this.reads.get(from);
    if (!read) {
      read = this.store.readAll(from, this.options.batchSize ?? 200, { chain: false });
      this.reads.set(from, read);
      // Shared only while it is being answered: a later step must see appends made since.
      const forget = () => void this.reads.delete(from);
      read.then(forget, forget);
    }
    return read;
  }

  /** One batch: answers how many events it read. */
  private async step(r: Reactor, signal: AbortSignal): Promise<number> {
    const name = reactorCheckpointName(r.name);
    const events = await this.readFrom(this.checkpointOf(r.name));
    if (events.length === 0) return 0;
    const handled = new Set(r.handles);
    for (const e of events) {
      if (!handled.has(e.type)) continue;
      if (signal.aborted) return 0;
      const key = reactionKey(r.name, e.position);
      const outcome = (await this.readStore.get(REACTOR_DONE, key)) ? null : await this.attempt(r, e, key, signal);
      if (outcome === 'aborted') return 0;
      const from = this.checkpointOf(r.name);
      const ops = outcome
        ? [
            {
              op: 'put' as const,
              collection: REACTOR_DONE,
              doc: { id: key, reactor: r.name, position: e.position, outcome },
            },
          ]
        : [];
      await this.readStore.commit(name, from, e.position, ops);
      this.checkpoints.set(r.name, e.position);
    }
    const last = events[events.length - 1].position;
    if (last > this.checkpointOf(r.name)) {
      await this.readStore.commit(name, this.checkpointOf(r.name), last, []);
      this.checkpoints.set(r.name, last);
    }
    return events.length;
  }

  private async attempt(
    r: Reactor,
    e: RecordedEvent,
    key: string,
    signal: AbortSignal,
  ): Promise<'done' | 'failed' | 'aborted'> {
    const attempts = this.options.attempts ?? 6;
    for (let n = 1; ; n++) {
      try {
        await r.react(e, key);
        return 'done';
      } catch (err) {
        this.options.logger?.error(
          { err, reactor: r.name, position: e.position, type: e.type, attempt: n },
          'reaction failed',
        );
        if (n >= attempts) return 'failed';
        if (!(await abortableDelay((this.options.backoffMs ?? ((k) => Math.min(30_000, 500 * 2 ** k)))(n), signal)))
          return 'aborted';
      }
    }
  }
}

/** Resolves true after `ms`, false at once when `signal` aborts. */
function abortableDelay(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
