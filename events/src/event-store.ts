import type { ChainReport } from './hash-chain';
import type { AppendMeta, AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './envelope';

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
 * The event log. Implementations: SqliteEventStore (embedded default) and KurrentEventStore.
 * Both pass the one contract suite in event-store.contract.ts.
 */
export interface EventStore {
  /** Appends atomically to one stream, checking the expected version. Retrying a command id appends nothing. */
  append(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult>;
  /** Every event of one stream, oldest first; [] when the stream does not exist. */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /** Up to `limit` events of the whole log with position > `after`, oldest first. */
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  /** Position of the newest event, 0 when the log is empty. */
  headPosition(): Promise<number>;
  /**
   * Resolves true as soon as the log holds an event past `after`, or false after `timeoutMs`
   * or when `signal` aborts. Lets readers follow the log live without busy polling.
   */
  waitForAppend(after: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Checks the log's hash chain over the global order (ruling 27), stopping at the first fault. */
  verifyChain(): Promise<ChainReport>;
  close(): Promise<void>;
}
