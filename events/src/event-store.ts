import type { ChainFault, ChainReport } from './hash-chain';
import type { AppendMeta, AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './envelope';

/**
 * The most one append may carry: KurrentDB's default `MaxAppendSize` (1 MiB). Every store refuses
 * more, so that what fits in the log on one machine also fits on the distributed stack. Binary
 * content belongs in the blob store (platform/src/blob-store.ts), with only its hash in the event.
 */
export const MAX_APPEND_BYTES = 1_048_576;

/** An append over the size limit; the HTTP error handler answers 413. */
export class AppendTooLargeError extends Error {
  constructor(
    readonly stream: string,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`Append to ${stream} is ${bytes} bytes, over the ${maxBytes}-byte limit`);
    this.name = 'AppendTooLargeError';
  }
}

/** Room left in every append for a store's own records (KurrentDB's command marker, ~300 bytes). */
const APPEND_OVERHEAD_BYTES = 1024;

/**
 * Throws AppendTooLargeError when the events' types, data and metadata, plus the room a store keeps
 * for its own records, take more than `maxBytes`.
 */
export function checkAppendSize(
  stream: string,
  events: NewEvent[],
  meta: AppendMeta,
  maxBytes = MAX_APPEND_BYTES,
): void {
  const metaBytes = Buffer.byteLength(JSON.stringify(meta));
  let bytes = APPEND_OVERHEAD_BYTES;
  for (const e of events)
    bytes += Buffer.byteLength(e.type) + Buffer.byteLength(JSON.stringify(e.data ?? null)) + metaBytes;
  if (bytes > maxBytes) throw new AppendTooLargeError(stream, bytes, maxBytes);
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${stream}: expected version ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * What a store's checks at start found (docs/rules.md#never-rechain): `chainedAfresh` events of a log none
 * of whose events had a hash were chained when it was opened (0 for any other log); `checked` events were
 * hashed again; otherwise the first position that fails and why.
 */
export type StartCheck =
  | { ok: true; checked: number; chainedAfresh: number }
  | { ok: false; position: number; fault: ChainFault | 'not_in_checkpoint' };

export interface ReadStreamOptions {
  /** Version of the first event to read (0-based; a negative value reads from the start). */
  fromRevision?: number;
  /** false: the caller does not look at `chain` (a decider's fold), so a store may leave it out (default true). */
  chain?: boolean;
}

export interface ReadAllOptions {
  /** false: leave each event's chain link out where that makes the read cheaper (default true). */
  chain?: boolean;
}

/**
 * The event log. Implementations: SqliteEventStore (embedded default) and KurrentEventStore.
 * Both pass the one contract suite in event-store.contract.ts.
 */
export interface EventStore {
  /** Appends atomically to one stream, checking the expected version. Retrying a command id appends nothing. */
  append(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult>;
  /**
   * Only where a store's appends are committed on the caller's thread (SqliteEventStore): an append
   * committed before this returns (or refused by throwing), made durable when the caller calls `durable()`,
   * which flushes the log on the caller's thread, blocking it, unless a flush has covered the append already,
   * and only then tells the log's followers of it. For a caller that must not answer before its append is on
   * disk and has its own work to do meanwhile (an audit read and its record, docs/rules.md#auditors). `durable()` must be
   * called, whatever that work's outcome.
   */
  commitNow?(
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    meta: AppendMeta,
  ): { result: AppendResult; durable: () => void };
  /**
   * The events of one stream, oldest first, from version `fromRevision` on (default 0: all of them);
   * [] when the stream does not exist or has nothing from there. Lets a reader that folded the stream
   * up to some version read only what came after it.
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events of the whole log with position > `after`, oldest first. `{ chain: false }`: the
   * caller does not look at `chain` (a projection, a reactor), so a store may leave it out of the events.
   */
  readAll(after: number, limit: number, options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event, 0 when the log is empty. */
  headPosition(): Promise<number>;
  /**
   * Resolves true as soon as the log holds an event past `after`, or false after `timeoutMs`
   * or when `signal` aborts. Lets readers follow the log live without busy polling.
   */
  waitForAppend(after: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Checks the log's hash chain over the global order (docs/rules.md#hash-chain), stopping at the first fault. */
  verifyChain(): Promise<ChainReport>;
  /**
   * Only where the log's stored hashes can be edited in place (SqliteEventStore): the quick checks made
   * before a server answers (docs/rules.md#never-rechain). KurrentDB's events are immutable once written.
   */
  checkAtStart?(): Promise<StartCheck>;
  close(): Promise<void>;
}
