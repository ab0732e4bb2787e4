import type { EventStore } from '@panda/events/event-store';

/** What a command knows of one stream after folding it up to `version`. */
export interface CachedStream<State> {
  state: State;
  /** Version of the last event folded, -1 for a stream that does not exist (yet). */
  version: number;
  /** Command id -> global position of the last event it appended to the stream (idempotency). */
  commands: Map<string, number>;
  /**
   * This process appended after `version` without folding what it appended (a store that does not
   * answer an append with the events it recorded, such as KurrentDB): the next command reads first.
   */
  behind?: boolean;
}

export interface StreamCacheLimits {
  /** Most streams kept. */
  streams: number;
  /** Most command ids kept over all streams (the memory that grows with a stream's length). */
  commands: number;
}

export const DEFAULT_STREAM_CACHE_LIMITS: StreamCacheLimits = { streams: 10_000, commands: 1_000_000 };

/**
 * Decided state per stream and fold, least recently used first out. Only a cache: a load still asks
 * the store for what came after the cached version, and a command that decides on it without a read
 * appends at that version, so another writer (another process on the same log) is always seen, by
 * the read or by the append's conflict. A restart simply starts cold.
 */
export class StreamCache {
  /** Each entry with the number of command ids it was counted with (its map only grows). */
  private readonly entries = new Map<string, { entry: CachedStream<unknown>; counted: number }>();
  private commandCount = 0;

  constructor(readonly limits: StreamCacheLimits = DEFAULT_STREAM_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  get<State>(key: string): CachedStream<State> | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    // Map order is the LRU order: a hit moves the entry to the back.
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.entry as CachedStream<State>;
  }

  /** Keeps `entry` unless what is cached already went further (a slower reader finishing late). */
  set<State>(key: string, entry: CachedStream<State>): void {
    const current = this.entries.get(key);
    if (current && current.entry.version > entry.version) return;
    if (current) {
      this.commandCount -= current.counted;
      this.entries.delete(key);
    }
    this.entries.set(key, { entry, counted: entry.commands.size });
    this.commandCount += entry.commands.size;
    for (const [oldest, slot] of this.entries) {
      if (this.entries.size <= this.limits.streams && this.commandCount <= this.limits.commands) break;
      if (oldest === key) continue;
      this.entries.delete(oldest);
      this.commandCount -= slot.counted;
    }
  }

  clear(): void {
    this.entries.clear();
    this.commandCount = 0;
  }
}

const caches = new WeakMap<EventStore, StreamCache>();

/** The cache of one event store: every command and state reader on that store shares it. */
export function streamCacheOf(store: EventStore): StreamCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new StreamCache()));
  return cache;
}
