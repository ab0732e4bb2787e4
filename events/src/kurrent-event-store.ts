import { createHash, randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  eventTypeFilter,
  jsonEvent,
  type AppendStreamState,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { AppendMeta, AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './envelope';
import {
  MAX_APPEND_BYTES,
  WrongExpectedVersionError,
  checkAppendSize,
  type EventStore,
  type ReadStreamOptions,
} from './event-store';
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
 *   whole would not be), and $all order is log order, i.e. increasing prepare positions. Multi-stream
 *   appends (below) are written the same way, one such record per event across their streams; the
 *   contract suite's position tests check this against a real server wherever one is available.
 * - The server acknowledges an append only once it is indexed, and $all is read in log order up to the
 *   last indexed position, so no event with a smaller position can show up later (no "gaps" that a
 *   reader at a higher checkpoint could miss).
 * - Because commit == prepare for these events, a number we handed out can be turned back into a $all
 *   read position ({commit: n, prepare: n}); forward reads from a position are inclusive, so readAll
 *   drops the event at `after`.
 * - Log positions are byte offsets: they stay exact as JS numbers up to 2^53 bytes (8 PiB of log).
 *
 * Limits: legacy *explicit* transactions (TCP client only, KurrentDB never makes them for gRPC
 * appends) have commit != prepare and their prepares may interleave with other writes; a log that
 * contains them written by some other tool would break the "strictly increasing" property. `after`
 * given to readAll must be 0 or a position this store returned (an arbitrary byte offset is not a
 * record boundary). Needs KurrentDB >= 25.1 (multi-stream appends, see below; stream reads that
 * return positions came with 22.6).
 *
 * Retried commands (exact, one round trip)
 * ----------------------------------------
 * The interface promises that a command id appends to a stream at most once, however often it is
 * retried and however much was appended in between. Every append is one atomic multi-stream append
 * (KurrentDB >= 25.1, `multiStreamAppend`): the events to their stream with the expected version,
 * plus one marker event to a stream of its own per (stream, command id), `panda-command-<sha256>`,
 * expected NO_STREAM. Either both are written or neither. A retry fails on the marker's NO_STREAM:
 * that is the duplicate, found by the server's own concurrency check, with no read before the append.
 * Only then (retries are rare) do we read: the marker tells where the earlier append ended, or, for
 * an 'any' append, the stream is searched backwards for the command id (exact: the marker says it is
 * there). Marker streams and their events are never returned by readAll/headPosition.
 *
 * System events
 * -------------
 * $all also holds KurrentDB's own records: `$`-typed events (server-side filter) and events in
 * `$`-streams, plus our markers (both filtered here). readAll skips all of them and keeps reading
 * until it has `limit` events or reaches the end; headPosition is the position of the newest event
 * readAll would return. So a reader that caught up with headPosition() finds nothing more to read,
 * whatever the tail of the log holds.
 */

/** The narrow part of the KurrentDB client this store uses (tests pass a fake of it). */
export type KurrentClient = Pick<KurrentDBClient, 'multiStreamAppend' | 'readStream' | 'readAll' | 'dispose'>;

export interface KurrentEventStoreOptions {
  /** How often waitForAppend looks at the head of $all (appends through this instance wake it at once). */
  pollMs?: number;
  /** Largest append sent (default MAX_APPEND_BYTES: the server's default MaxAppendSize). */
  maxAppendBytes?: number;
}

interface StoredMeta {
  time?: unknown;
  actorId?: unknown;
  correlationId?: unknown;
  commandId?: unknown;
  $correlationId?: unknown;
  /** Hash chain (docs/rules.md#hash-chain, hash-chain.ts). */
  contentHash?: unknown;
  prevHash?: unknown;
  hash?: unknown;
}

interface MarkerData {
  stream: string;
  commandId: string;
  /** Revision of the last event the command appended, when known at append time (not for 'any'). */
  lastRevision: number | null;
}

interface Waiter {
  after: number;
  finish: (value: boolean) => void;
}

export const MARKER_STREAM_PREFIX = 'panda-command-';
export const MARKER_EVENT_TYPE = 'panda.command-recorded';

/** The marker stream of one command id on one stream. */
export const markerStream = (stream: string, commandId: string) =>
  MARKER_STREAM_PREFIX + createHash('sha256').update(stream).update('\u0000').update(commandId).digest('hex');

/** Server-side filter for $all: no `$`-typed (system) events and no markers. */
const LOG_FILTER = eventTypeFilter({ regex: `^(?!\\$)(?!${MARKER_EVENT_TYPE.replace(/[.]/g, '\\.')}$)` });

/** What readAll/headPosition never return (also checked here: the server filter only sees types). */
const hidden = (e: { streamId: string; type: string }) =>
  e.type.startsWith('$') ||
  e.streamId.startsWith('$') ||
  e.streamId.startsWith(MARKER_STREAM_PREFIX) ||
  e.type === MARKER_EVENT_TYPE;

/** Events asked for per read of $all while skipping hidden ones. */
const PAGE = 500;

const errorType = (err: unknown): unknown =>
  err && typeof err === 'object' ? (err as { type?: unknown }).type : undefined;
const isStreamNotFound = (err: unknown) => errorType(err) === ErrorType.STREAM_NOT_FOUND;
const isWrongExpectedVersion = (err: unknown) => errorType(err) === ErrorType.WRONG_EXPECTED_VERSION;

const positionOf = (e: { position?: Position; id: string }): number => {
  if (!e.position)
    throw new Error(`KurrentDB returned event ${e.id} without a log position (the server must be >= 22.6)`);
  return Number(e.position.prepare);
};
const readPosition = (p: number): ReadPosition => ({ commit: BigInt(p), prepare: BigInt(p) });

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

const actualVersion = (err: unknown): number => {
  const actual = (err as { actualState?: unknown }).actualState;
  return typeof actual === 'bigint' ? Number(actual) : -1;
};

/** Event log on KurrentDB (formerly EventStoreDB), through the official gRPC client. */
export class KurrentEventStore implements EventStore {
  private readonly pollMs: number;
  private readonly maxAppendBytes: number;
  private readonly waiters = new Set<Waiter>();
  /** Highest head position seen so far (the log only grows). */
  private seenHead = 0;
  private polling = false;
  private closed = false;
  /** Appends of this instance run one at a time, so that each chains onto the one before (docs/rules.md#hash-chain). */
  private appending: Promise<unknown> = Promise.resolve();

  private readonly client: KurrentClient;

  /**
   * `connection`: a connection string such as `kurrentdb://localhost:2113?tls=false`, or a client
   * (which close() then disposes too). The client connects lazily, on the first call.
   */
  constructor(connection: string | KurrentClient, options: KurrentEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
    this.pollMs = options.pollMs ?? 100;
    this.maxAppendBytes = options.maxAppendBytes ?? MAX_APPEND_BYTES;
  }

  static connect(connectionString: string, options?: KurrentEventStoreOptions): KurrentEventStore {
    return new KurrentEventStore(connectionString, options);
  }

  /** Events of one stream from `from` in `direction`, [] when the stream does not exist. */
  private async read(
    stream: string,
    from: bigint | typeof START | typeof END,
    direction: typeof FORWARDS | typeof BACKWARDS,
    maxCount: number,
  ) {
    const out: KurrentRecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction,
        fromRevision: from,
        maxCount,
        requiresLeader: true,
      })) {
        if (resolved.event) out.push(resolved.event);
      }
    } catch (err) {
      if (!isStreamNotFound(err)) throw err;
    }
    return out;
  }

  /** The stream's current version, -1 when it does not exist. */
  private async versionOf(stream: string): Promise<number> {
    const [last] = await this.read(stream, END, BACKWARDS, 1);
    return last ? Number(last.revision) : -1;
  }

  /**
   * The answer to a retried command, or null when `commandId` never appended to `stream`: the
   * position of the last event of the earlier append and the stream's current version.
   */
  private async earlierAppend(stream: string, commandId: string): Promise<AppendResult | null> {
    const [marker] = await this.read(markerStream(stream, commandId), START, FORWARDS, 1);
    if (!marker) return null;
    const { lastRevision } = decode(marker.data) as MarkerData;
    let position: number | undefined;
    if (typeof lastRevision === 'number') {
      const [last] = await this.read(stream, BigInt(lastRevision), FORWARDS, 1);
      if (last) position = positionOf(last);
    } else {
      // An 'any' append: its revision was not known when the marker was written. The marker proves
      // the events are there, so search back until found (only retries of 'any' commands pay this).
      let from: bigint | typeof END = END;
      while (position === undefined) {
        const page = await this.read(stream, from, BACKWARDS, PAGE);
        const hit = page.find((e) => metaOf(e).commandId === commandId);
        if (hit) position = positionOf(hit);
        const oldest = page[page.length - 1];
        if (page.length < PAGE || !oldest || oldest.revision === 0n) break;
        from = oldest.revision - 1n;
      }
    }
    if (position === undefined)
      throw new Error(`KurrentDB: command ${commandId} is recorded for stream ${stream}, but its events are gone`);
    return { position, streamVersion: await this.versionOf(stream), duplicate: true };
  }

  /** Chain hash of the newest event readAll returns (GENESIS_HASH for an empty log). */
  private async headHash(): Promise<string> {
    const head = await this.headPosition();
    if (head === 0) return GENESIS_HASH;
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: readPosition(head),
      maxCount: 1,
      filter: LOG_FILTER,
    })) {
      if (resolved.event) return chainOf(metaOf(resolved.event))?.hash ?? GENESIS_HASH;
    }
    return GENESIS_HASH;
  }

  /**
   * Hash chain (docs/rules.md#hash-chain): each event's metadata carries contentHash, prevHash and hash, linked over
   * the order readAll returns. Appends through one instance are serialised; several processes
   * appending to one server at the same instant can interleave, which verify then reports
   * (docs/api-audit.md).
   */
  append(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult> {
    const run = this.appending.then(() => this.appendChained(stream, events, expected, meta));
    this.appending = run.catch(() => undefined);
    return run;
  }

  private async appendChained(
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    meta: AppendMeta,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    checkAppendSize(stream, events, meta, this.maxAppendBytes);
    // Metadata values are all strings (actorId is left out for the system): what multi-stream appends
    // accept. No `$`-keys: the new append protocol reserves them for the server's own properties
    // (events written before still carry $correlationId, which toRecorded falls back on).
    const metadata: Record<string, string> = {
      time: meta.time,
      correlationId: meta.correlationId,
      commandId: meta.commandId,
    };
    if (meta.actorId != null) metadata.actorId = meta.actorId;
    const state: AppendStreamState = expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : BigInt(expected);
    const lastRevision = expected === 'any' ? null : (expected === 'no_stream' ? -1 : expected) + events.length;
    const marker = markerStream(stream, meta.commandId);
    const markerData: MarkerData = { stream, commandId: meta.commandId, lastRevision };

    // The content hash covers each event's stream version: for 'any' it is read just before appending.
    const firstVersion =
      (expected === 'any' ? await this.versionOf(stream) : expected === 'no_stream' ? -1 : expected) + 1;
    let prev = await this.headHash();
    const chained = events.map((e, i) => {
      const id = randomUUID();
      const data = (e.data === undefined ? null : e.data) as JSONType;
      const fields = {
        eventId: id,
        stream,
        streamVersion: firstVersion + i,
        type: e.type,
        time: meta.time,
        actorId: meta.actorId,
        correlationId: meta.correlationId,
        commandId: meta.commandId,
      };
      const link = linkAfter(prev, fields, JSON.stringify(data));
      prev = link.hash;
      return jsonEvent({ id, type: e.type, data, metadata: { ...metadata, ...link } });
    });

    let revision: bigint;
    try {
      const result = await this.client.multiStreamAppend([
        {
          streamName: marker,
          expectedState: NO_STREAM,
          events: [jsonEvent({ type: MARKER_EVENT_TYPE, data: markerData as unknown as JSONType, metadata })],
        },
        {
          streamName: stream,
          expectedState: state,
          events: chained,
        },
      ]);
      const written = result.responses.find((r) => r.streamName === stream);
      if (!written) throw new Error(`KurrentDB: the append to ${stream} was not acknowledged`);
      revision = written.revision;
    } catch (err) {
      if (!isWrongExpectedVersion(err)) throw err;
      // Same order as the SQLite store: a retried command is a duplicate whatever the expected version.
      const earlier = await this.earlierAppend(stream, meta.commandId);
      if (earlier) return earlier;
      const conflictOn = (err as { streamName?: unknown }).streamName;
      // The marker conflicted, yet holds nothing readable (a concurrent writer of the same command
      // whose append is not visible yet cannot be: appends are acknowledged once indexed).
      if (conflictOn === marker)
        throw new Error(`KurrentDB: marker stream of command ${meta.commandId} exists but cannot be read`, {
          cause: err,
        });
      throw new WrongExpectedVersionError(
        stream,
        expected,
        conflictOn === stream ? actualVersion(err) : await this.versionOf(stream),
      );
    }
    const [last] = await this.read(stream, revision, FORWARDS, 1);
    if (!last) throw new Error(`KurrentDB: event ${revision} of stream ${stream} not found right after appending it`);
    const position = positionOf(last);
    this.observe(position);
    return { position, streamVersion: Number(revision), duplicate: false };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    const from = Math.max(0, options.fromRevision ?? 0);
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction: FORWARDS,
        fromRevision: from === 0 ? START : BigInt(from),
      })) {
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
    const out: RecordedEvent[] = [];
    // Reading from a position includes the event at that position: skip it. Hidden events are skipped
    // too, so keep reading until `limit` events or the end of the log.
    let from = after;
    for (;;) {
      const want = Math.min(PAGE, limit - out.length) + 1;
      let seen = 0;
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: from > 0 ? readPosition(from) : START,
        maxCount: want,
        filter: LOG_FILTER,
      })) {
        const e = resolved.event;
        if (!e) continue;
        seen += 1;
        const position = positionOf(e);
        if (position <= from) continue;
        from = position;
        if (!hidden(e)) out.push(toRecorded(e));
        if (out.length >= limit) break;
      }
      if (out.length >= limit || seen < want) break;
    }
    if (out.length) this.observe(out[out.length - 1].position);
    return out;
  }

  async headPosition(): Promise<number> {
    // The newest event readAll would return: read back past hidden ones. Polled often by
    // waitForAppend, so it starts small (the server filter already drops most hidden records).
    let from: number | null = null;
    for (let size = 4; ; size = Math.min(PAGE, size * 8)) {
      let seen = 0;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from === null ? END : readPosition(from),
        maxCount: size,
        filter: LOG_FILTER,
      })) {
        const e = resolved.event;
        if (!e) continue;
        seen += 1;
        const position = positionOf(e);
        if (from !== null && position >= from) continue;
        from = position;
        if (!hidden(e)) {
          this.observe(position);
          return position;
        }
      }
      if (seen < size) return 0;
    }
  }

  async verifyChain(): Promise<ChainReport> {
    const verifier = new ChainVerifier();
    for (let after = 0; ;) {
      const page = await this.readAll(after, PAGE);
      if (!page.length) break;
      for (const e of page)
        if (!verifier.check(e.position, e, JSON.stringify(e.data ?? null), e.chain)) return verifier.report();
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
