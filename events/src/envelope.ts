import type { ChainLink } from './hash-chain';

/** What every stored event carries, whatever the store behind it. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  type: Type;
  stream: string;
  /** 0-based version of this event within its stream. */
  streamVersion: number;
  /** Global, strictly increasing position in the whole log (first event > 0). */
  position: number;
  /** ISO-8601 time the command that caused it was accepted. */
  time: string;
  /** Account that acted, or null for the system (start-up provisioning, seeding). */
  actorId: string | null;
  correlationId: string;
  /** Id of the command that appended it; a retry with the same id appends nothing new. */
  commandId: string | null;
  data: Data;
  /** Its link in the log's hash chain (docs/rules.md#hash-chain; see hash-chain.ts); null for an event never chained. */
  chain?: ChainLink | null;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Passed with every append: time and ids come in from outside so that deciders stay pure. */
export interface AppendMeta {
  time: string;
  actorId: string | null;
  correlationId: string;
  commandId: string;
}

/** 'no_stream': the stream must not exist; 'any': no check; a number: the version of the stream's last event. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendResult {
  /** Global position of the last event of this append (or of the earlier append, for a duplicate). */
  position: number;
  /** Version of the stream's last event after the append. */
  streamVersion: number;
  /** True when this command id had already appended to the stream: nothing new was written. */
  duplicate: boolean;
  /**
   * The events this append wrote, as a read of the stream would answer them (a store that knows them
   * at once); absent for a duplicate, and from a store that would have to read them back.
   */
  recorded?: RecordedEvent[];
}
