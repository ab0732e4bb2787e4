/**
 * Test support: an in-memory stand-in for the few KurrentDB client calls KurrentEventStore makes
 * (multiStreamAppend, readStream, readAll, dispose), for adapter logic that cannot be exercised here
 * without a server (none is reachable on the developers' machines): duplicate detection, system
 * events in $all. It mimics the server as documented, not as verified: positions are byte-offset-like
 * numbers growing with each record, reads from a position include it, a filter's regex is matched
 * against the event type, conflicts raise the client's own WrongExpectedVersionError with the name of
 * the conflicting stream. The contract suite runs the same store against a real server when one exists.
 */
import {
  BACKWARDS,
  END,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamRequest,
  type MultiAppendResult,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { randomUUID } from 'node:crypto';
import type { KurrentClient } from '../kurrent-event-store';

interface FakeRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  isJson: true;
  position: { commit: bigint; prepare: bigint };
}

export interface FakeCall {
  method: 'multiStreamAppend' | 'readStream' | 'readAll';
  stream?: string;
  backwards?: boolean;
}

export class FakeKurrentClient implements KurrentClient {
  readonly log: FakeRecord[] = [];
  readonly calls: FakeCall[] = [];
  private next = 1000;

  private lastRevision(stream: string): number {
    for (let i = this.log.length - 1; i >= 0; i--)
      if (this.log[i].streamId === stream) return Number(this.log[i].revision);
    return -1;
  }

  /** Writes a record the way the server writes its own ($stats, $metadata, …). */
  write(stream: string, type: string, data: unknown = {}): FakeRecord {
    const position = BigInt((this.next += 137));
    const record: FakeRecord = {
      streamId: stream,
      id: randomUUID(),
      revision: BigInt(this.lastRevision(stream) + 1),
      type,
      created: new Date('2026-01-01T00:00:00Z'),
      data,
      metadata: {},
      isJson: true,
      position: { commit: position, prepare: position },
    };
    this.log.push(record);
    return record;
  }

  multiStreamAppend = (async (requests: AppendStreamRequest[]): Promise<MultiAppendResult> => {
    this.calls.push({ method: 'multiStreamAppend' });
    for (const r of requests) {
      const current = this.lastRevision(r.streamName);
      const s = r.expectedState;
      const ok =
        s === 'any' ||
        (s === 'no_stream' ? current === -1 : s === 'stream_exists' ? current >= 0 : BigInt(current) === s);
      if (!ok)
        throw new WrongExpectedVersionError(undefined, {
          streamName: r.streamName,
          expected: s,
          current: current < 0 ? 'no_stream' : BigInt(current),
        });
    }
    const responses = requests.map((r) => {
      let last: FakeRecord | undefined;
      for (const e of r.events) {
        last = this.write(r.streamName, e.type, e.data);
        // The server keeps the id the client gave (the hash chain covers it).
        last.id = e.id;
        last.metadata = e.metadata;
      }
      return { streamName: r.streamName, revision: last!.revision };
    });
    return { position: this.log[this.log.length - 1].position.commit, responses };
  }) as KurrentClient['multiStreamAppend'];

  readStream = ((stream: string, options: ReadStreamOptions = {}) => {
    const backwards = options.direction === BACKWARDS;
    this.calls.push({ method: 'readStream', stream, backwards });
    const all = this.log.filter((e) => e.streamId === stream);
    const from = options.fromRevision ?? (backwards ? END : START);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    async function* gen(): AsyncGenerator<ResolvedEvent> {
      if (all.length === 0) throw new StreamNotFoundError(undefined, stream);
      const ordered = backwards ? [...all].reverse() : all;
      let n = 0;
      for (const e of ordered) {
        if (typeof from === 'bigint' && (backwards ? e.revision > from : e.revision < from)) continue;
        if (n++ >= max) return;
        yield { event: e } as unknown as ResolvedEvent;
      }
    }
    return gen();
  }) as KurrentClient['readStream'];

  readAll = ((options: ReadAllOptions = {}) => {
    const backwards = options.direction === BACKWARDS;
    this.calls.push({ method: 'readAll', backwards });
    const from = options.fromPosition ?? (backwards ? END : START);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const filter = options.filter;
    const regex = filter && 'regex' in filter ? new RegExp(filter.regex) : null;
    const pass = (e: FakeRecord) => !regex || regex.test(filter!.filterOn === 'eventType' ? e.type : e.streamId);
    const snapshot = backwards ? [...this.log].reverse() : [...this.log];
    async function* gen(): AsyncGenerator<AllStreamResolvedEvent> {
      let n = 0;
      for (const e of snapshot) {
        if (typeof from === 'object' && (backwards ? e.position.commit > from.commit : e.position.commit < from.commit))
          continue;
        if (!pass(e)) continue;
        if (n++ >= max) return;
        yield { event: e } as unknown as AllStreamResolvedEvent;
      }
    }
    return gen();
  }) as KurrentClient['readAll'];

  dispose = (async () => {}) as KurrentClient['dispose'];
}
