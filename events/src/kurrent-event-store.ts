import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendStreamState,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { AppendMeta, AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './envelope';
import { WrongExpectedVersionError, type EventStore } from './event-store';
import { randomUUID } from 'node:crypto';
import { ChainVerifier, GENESIS_HASH, linkAfter, type ChainLink, type ChainReport } from './hash-chain';

/*
 * Global positions
 * ----------------
 * RecordedEvent.position must be a number that is unique per event and strictly increasing in the
 * order of the whole log ($all). We use the event's *prepare position* (its byte offset in the
 * KurrentDB transaction log), `Number(event.position.prepare)`:
 *
 * - Every append made through gRPC (the only way this client writes) is an "implicit transaction":
 *   each event is its own prepare record flagged IsCommitted, and the server reports it in $all at
 *   TFPos(commit = prepare = the record's log position). So the prepare position is unique per event,
 *   also for the 2nd..nth event of a multi-event append (where the commit position of the append as a
 *   whole would not be), and $all order is log order, i.e. increasing prepare positions.
 * - The server acknowledges an append only once it is indexed, and $all is read in log order up to the
 *   last indexed position, so no event with a smaller position can show up later (no "gaps" that a
 *   reader at a higher checkpoint could miss).
 * - Because commit == prepare for these events, a number we handed out can be turned back into a $all
 *   read position ({commit: n, prepare: n}); forward reads from a position are inclusive, so readAll
 *   asks for one event more and drops the one at `after`.
 * - Log positions are byte offsets: they stay exact as JS numbers up to 2^53 bytes (8 PiB of log).
 *
 * Limits: legacy *explicit* transactions (TCP client only, KurrentDB never makes them for gRPC
 * appends) have commit != prepare and their prepares may interleave with other writes; a log that
 * contains them written by some other tool would break the "strictly increasing" property. `after`
 * given to readAll must be 0 or a position this store returned (an arbitrary byte offset is not a
 * record boundary). Needs a server that returns positions on stream reads (KurrentDB/EventStoreDB
 * >= 22.6).
 */

export interface KurrentEventStoreOptions {
  /** How many of the newest events of a stream are searched for an earlier append by the same command id. */
  idempotencyWindow?: number;
  /** How often waitForAppend looks at the head of $all (appends through this instance wake it at once). */
  pollMs?: number;
}

interface StoredMeta {
  time?: unknown;
  actorId?: unknown;
  correlationId?: unknown;
  commandId?: unknown;
  $correlationId?: unknown;
  contentHash?: unknown;
  prevHash?: unknown;
  hash?: unknown;
}

interface Waiter {
  after: number;
  finish: (value: boolean) => void;
}

/** How often a racing append is re-checked before giving up (only contention on the same stream). */
const MAX_APPEND_ATTEMPTS = 10;

const errorType = (err: unknown): unknown => (err && typeof err === 'object' ? (err as { type?: unknown }).type : undefined);
const isStreamNotFound = (err: unknown) => errorType(err) === ErrorType.STREAM_NOT_FOUND;
const isWrongExpectedVersion = (err: unknown) => errorType(err) === ErrorType.WRONG_EXPECTED_VERSION;

const positionOf = (e: { position?: Position; id: string }): number => {
  if (!e.position) throw new Error(`KurrentDB returned event ${e.id} without a log position (the server must be >= 22.6)`);
  return Number(e.position.prepare);
};

const decode = (value: unknown): unknown => {
  if (value instanceof Uint8Array) {
    const text = Buffer.from(value).toString('utf8');
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return value;
};

const metaOf = (e: KurrentRecordedEvent): StoredMeta => {
  const m = decode(e.metadata);
  return m && typeof m === 'object' && !Array.isArray(m) ? (m as StoredMeta) : {};
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const toRecorded = (e: KurrentRecordedEvent): RecordedEvent => {
  const m = metaOf(e);
  return {
    eventId: e.id,
    type: e.type,
    stream: e.streamId,
    streamVersion: Number(e.revision),
    position: positionOf(e),
    time: str(m.time) ?? e.created.toISOString(),
    actorId: str(m.actorId),
    correlationId: str(m.correlationId) ?? str(m.$correlationId) ?? '',
    commandId: str(m.commandId),
    data: decode(e.data),
    chain: chainOf(m),
  };
};

const chainOf = (m: StoredMeta): ChainLink | null => {
  const [contentHash, prevHash, hash] = [str(m.contentHash), str(m.prevHash), str(m.hash)];
  return contentHash && prevHash && hash ? { contentHash, prevHash, hash } : null;
};

const isSystem = (type: string) => type.startsWith('$');

/** Event log on KurrentDB (formerly EventStoreDB), through the official gRPC client. */
export class KurrentEventStore implements EventStore {
  private readonly idempotencyWindow: number;
  private readonly pollMs: number;
  private readonly waiters = new Set<Waiter>();
  /** Highest head position seen so far (the log only grows). */
  private seenHead = 0;
  private polling = false;
  private closed = false;
  /** Appends of this instance run one at a time, so each chains onto the one before (hash chain, ruling 27). */
  private appending: Promise<unknown> = Promise.resolve();

  private readonly client: KurrentDBClient;

  /**
   * `connection`: a connection string such as `kurrentdb://localhost:2113?tls=false`, or a client
   * (which close() then disposes too). The client connects lazily, on the first call.
   */
  constructor(connection: string | KurrentDBClient, options: KurrentEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
    this.idempotencyWindow = options.idempotencyWindow ?? 200;
    this.pollMs = options.pollMs ?? 100;
  }

  static connect(connectionString: string, options?: KurrentEventStoreOptions): KurrentEventStore {
    return new KurrentEventStore(connectionString, options);
  }

  /**
   * The stream's current version (-1 when it does not exist) and, when the newest
   * `idempotencyWindow` events hold one appended by `commandId`, the position of the last such event.
   */
  private async inspect(stream: string, commandId: string): Promise<{ current: number; earlier?: number }> {
    let current = -1;
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: this.idempotencyWindow,
        requiresLeader: true,
      })) {
        const e = resolved.event;
        if (!e) continue;
        if (current === -1) current = Number(e.revision);
        if (metaOf(e).commandId === commandId) return { current, earlier: positionOf(e) };
      }
    } catch (err) {
      if (!isStreamNotFound(err)) throw err;
    }
    return { current };
  }

  private async positionAt(stream: string, revision: bigint): Promise<number> {
    for await (const resolved of this.client.readStream(stream, { fromRevision: revision, maxCount: 1, requiresLeader: true })) {
      if (resolved.event) return positionOf(resolved.event);
    }
    throw new Error(`KurrentDB: event ${revision} of stream ${stream} not found right after appending it`);
  }

  /** Chain hash of the newest event in $all (GENESIS_HASH for an empty log). */
  private async headHash(): Promise<string> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() })) {
      const e = resolved.event;
      if (e && !isSystem(e.type)) return chainOf(metaOf(e))?.hash ?? GENESIS_HASH;
    }
    return GENESIS_HASH;
  }

  /**
   * The hash chain lives in each event's metadata (contentHash, prevHash, hash), linked over $all
   * order. Appends through one instance are serialised; several processes writing to one server at
   * the same instant can interleave, which verify then reports (see docs/api-audit.md).
   */
  append(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult> {
    const run = this.appending.then(() => this.appendChained(stream, events, expected, meta));
    this.appending = run.catch(() => undefined);
    return run;
  }

  private async appendChained(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // Metadata values are all strings (actorId is left out for the system): the friendliest shape for
    // KurrentDB tooling. $correlationId/$causationId are the names KurrentDB's own projections know.
    const metadata: Record<string, string> = {
      time: meta.time,
      correlationId: meta.correlationId,
      commandId: meta.commandId,
      $correlationId: meta.correlationId,
      $causationId: meta.commandId,
    };
    if (meta.actorId != null) metadata.actorId = meta.actorId;

    for (let attempt = 1; ; attempt++) {
      // Same order as the SQLite store: a retried command is a duplicate whatever the expected version.
      const { current, earlier } = await this.inspect(stream, meta.commandId);
      if (earlier !== undefined) return { position: earlier, streamVersion: current, duplicate: true };
      if (expected === 'no_stream' ? current !== -1 : expected !== 'any' && expected !== current) {
        throw new WrongExpectedVersionError(stream, expected, current);
      }
      // 'any' is appended against the version just inspected, so that two concurrent deliveries of the
      // same command cannot both get past the idempotency check; the loser re-inspects and sees the
      // winner's events. After a few lost races in a row it falls back to a plain 'any' append.
      const state: AppendStreamState =
        expected === 'any' && attempt >= MAX_APPEND_ATTEMPTS ? ANY : current < 0 ? NO_STREAM : BigInt(current);
      let prev = await this.headHash();
      const chained = events.map((e, i) => {
        const id = randomUUID();
        const data = (e.data === undefined ? null : e.data) as JSONType;
        const fields = { eventId: id, stream, streamVersion: current + 1 + i, type: e.type, time: meta.time, actorId: meta.actorId, correlationId: meta.correlationId, commandId: meta.commandId };
        const link = linkAfter(prev, fields, JSON.stringify(data));
        prev = link.hash;
        return jsonEvent({ id, type: e.type, data, metadata: { ...metadata, ...link } });
      });
      try {
        const result = await this.client.appendToStream(
          stream,
          // New ids on every attempt: KurrentDB's own id-based idempotency must not turn a retry after
          // a lost race into a silent no-op.
          chained,
          { streamState: state, requiresLeader: true },
        );
        const position = await this.positionAt(stream, result.nextExpectedRevision);
        this.observe(position);
        return { position, streamVersion: Number(result.nextExpectedRevision), duplicate: false };
      } catch (err) {
        if (!isWrongExpectedVersion(err)) throw err;
        if (attempt >= MAX_APPEND_ATTEMPTS) {
          const actual = (err as { actualState?: unknown }).actualState;
          throw new WrongExpectedVersionError(stream, expected, typeof actual === 'bigint' ? Number(actual) : -1);
        }
        // Someone appended in between: look again (a duplicate or a stale version is reported from there).
      }
    }
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, { direction: FORWARDS, fromRevision: START })) {
        if (resolved.event) out.push(toRecorded(resolved.event));
      }
    } catch (err) {
      if (isStreamNotFound(err)) return [];
      throw err;
    }
    return out;
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const from: ReadPosition = after > 0 ? { commit: BigInt(after), prepare: BigInt(after) } : START;
    const out: RecordedEvent[] = [];
    // Reading from a position includes the event at that position: ask for one more.
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: from,
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    })) {
      const e: AllStreamRecordedEvent | undefined = resolved.event;
      if (!e || isSystem(e.type)) continue;
      const recorded = toRecorded(e);
      if (recorded.position <= after) continue;
      out.push(recorded);
      if (out.length >= limit) break;
    }
    if (out.length) this.observe(out[out.length - 1].position);
    return out;
  }

  async headPosition(): Promise<number> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      const e = resolved.event;
      if (e && !isSystem(e.type)) {
        const position = positionOf(e);
        this.observe(position);
        return position;
      }
    }
    return 0;
  }

  async verifyChain(): Promise<ChainReport> {
    const verifier = new ChainVerifier();
    for (let after = 0; ; ) {
      const page = await this.readAll(after, 1000);
      if (!page.length) break;
      for (const e of page) if (!verifier.check(e.position, e, JSON.stringify(e.data ?? null), e.chain)) return verifier.report();
      after = page[page.length - 1].position;
    }
    return verifier.report();
  }

  /** Wakes the waiters that `position` satisfies. */
  private observe(position: number) {
    if (position > this.seenHead) this.seenHead = position;
    for (const w of this.waiters) if (this.seenHead > w.after) w.finish(true);
  }

  /**
   * One polling loop per store, whatever the number of waiters (every projection of a runner waits
   * at once): it reads the head of $all every `pollMs` while someone waits. Appends made through this
   * instance wake waiters at once; appends by other processes are seen within `pollMs`.
   */
  private poll() {
    if (this.polling || this.closed || this.waiters.size === 0) return;
    this.polling = true;
    const loop = async () => {
      while (!this.closed && this.waiters.size > 0) {
        try {
          await this.headPosition();
        } catch {
          // Server unreachable for now: waiters time out on their own; try again next round.
        }
        if (this.closed || this.waiters.size === 0) break;
        await new Promise((r) => setTimeout(r, this.pollMs));
      }
      this.polling = false;
      // A waiter may have registered while the loop was leaving.
      this.poll();
    };
    void loop();
  }

  waitForAppend(after: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closed || signal?.aborted) return resolve(false);
      if (this.seenHead > after) return resolve(true);
      let done = false;
      const waiter: Waiter = {
        after,
        finish: (value: boolean) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          this.waiters.delete(waiter);
          resolve(value);
        },
      };
      const onAbort = () => waiter.finish(false);
      const timer = setTimeout(() => waiter.finish(false), timeoutMs);
      signal?.addEventListener('abort', onAbort);
      this.waiters.add(waiter);
      this.poll();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of [...this.waiters]) w.finish(false);
    await this.client.dispose();
  }
}
