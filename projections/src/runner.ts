import { EventEmitter } from 'node:events';
import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import { CheckpointConflictError, matches, type Doc, type Filter, type ReadStore, type WriteOp } from './read-store';
import type { Change, CommittedBatch, Projection, ProjectionContext } from './projection';

export interface RunnerLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RunnerOptions {
  /** Events read per step while following the log. */
  batchSize?: number;
  /** Events read per step by a rebuild (default 5,000). */
  rebuildBatchSize?: number;
  /** Documents kept in memory per projection between batches (default 100,000). */
  cachedDocs?: number;
  logger?: RunnerLogger;
  /** Longest wait for new events before looking again (other processes may append). */
  idleMs?: number;
}

/** Collection that carries the change feed read by query services in other processes. */
export const CHANGES = '_changes';
const CHANGES_RETENTION_MS = 10 * 60_000;

const audienceOf = (doc: Doc | null | undefined): string[] =>
  Array.isArray(doc?._audience) ? (doc._audience as string[]) : [];

/**
 * The committed documents of one projection that the runner has seen, most recently used last
 * (null: known not to exist). Valid while this runner is the only writer of the projection: a
 * checkpoint conflict (another runner committed) clears it.
 */
class DocCache {
  private readonly docs = new Map<string, Doc | null>();
  constructor(private readonly limit: number) {}

  has(key: string): boolean {
    return this.docs.has(key);
  }

  /** The cached document itself: callers never change it (they clone it first). */
  peek(key: string): Doc | null | undefined {
    const doc = this.docs.get(key);
    if (doc !== undefined) {
      this.docs.delete(key);
      this.docs.set(key, doc);
    }
    return doc;
  }

  set(key: string, doc: Doc | null): void {
    this.docs.delete(key);
    this.docs.set(key, doc);
    if (this.docs.size > this.limit) {
      for (const k of this.docs.keys()) {
        this.docs.delete(k);
        if (this.docs.size <= this.limit) break;
      }
    }
  }

  clear(): void {
    this.docs.clear();
  }
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/** Applies events to one projection's overlay; the overlay becomes the batch's write ops. */
class BatchContext implements ProjectionContext {
  readonly overlay = new Map<string, Map<string, Doc | null>>();
  readonly before = new Map<string, Doc | null>();
  constructor(
    private readonly readStore: ReadStore,
    private readonly cache: DocCache,
  ) {}

  private col(collection: string) {
    let m = this.overlay.get(collection);
    if (!m) this.overlay.set(collection, (m = new Map()));
    return m;
  }

  /** The committed document (cached, else read and cached); never handed out without a clone. */
  private async committed(collection: string, id: string): Promise<Doc | null> {
    const key = keyOf(collection, id);
    const cached = this.cache.peek(key);
    if (cached !== undefined) return cached;
    const doc = await this.readStore.get(collection, id);
    // Another get of the same document may have finished first: keep the one already cached.
    if (!this.cache.has(key)) this.cache.set(key, doc);
    return this.cache.peek(key) ?? null;
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const m = this.col(collection);
    if (m.has(id)) return structuredClone(m.get(id) ?? null);
    const doc = await this.committed(collection, id);
    // The projection may have written it while we waited.
    if (m.has(id)) return structuredClone(m.get(id) ?? null);
    const key = keyOf(collection, id);
    if (!this.before.has(key)) this.before.set(key, doc);
    return structuredClone(doc);
  }

  async find(collection: string, filter: Filter): Promise<Doc[]> {
    const m = this.col(collection);
    const stored = (await this.readStore.find(collection, filter)).filter((d) => !m.has(d.id));
    for (const d of stored) {
      const key = keyOf(collection, d.id);
      if (!this.before.has(key)) this.before.set(key, structuredClone(d));
    }
    const pending = [...m.values()].filter((d): d is Doc => d !== null && matches(d, filter));
    return [...stored, ...structuredClone(pending)];
  }

  private remember(collection: string, id: string) {
    const key = keyOf(collection, id);
    if (this.before.has(key) || this.col(collection).has(id)) return;
    const cached = this.cache.peek(key);
    if (cached !== undefined) this.before.set(key, cached);
    else
      this.pendingBefore.push(
        this.committed(collection, id).then((doc) => void (this.before.has(key) || this.before.set(key, doc))),
      );
  }

  put(collection: string, doc: Doc): void {
    this.remember(collection, doc.id);
    this.col(collection).set(doc.id, structuredClone(doc));
  }

  delete(collection: string, id: string): void {
    this.remember(collection, id);
    this.col(collection).set(id, null);
  }

  readonly pendingBefore: Promise<void>[] = [];

  async result(): Promise<{ ops: WriteOp[]; changes: Change[] }> {
    await Promise.all(this.pendingBefore);
    const ops: WriteOp[] = [];
    const changes: Change[] = [];
    for (const [collection, m] of this.overlay) {
      for (const [id, doc] of m) {
        ops.push(doc ? { op: 'put', collection, doc } : { op: 'delete', collection, id });
        const audience = new Set([...audienceOf(this.before.get(keyOf(collection, id))), ...audienceOf(doc)]);
        changes.push({ collection, id, audience: [...audience] });
      }
    }
    return { ops, changes };
  }

  /** Once committed, the overlay is what the store holds: it becomes the cache. */
  committedToCache(): void {
    for (const [collection, m] of this.overlay) for (const [id, doc] of m) this.cache.set(keyOf(collection, id), doc);
  }
}

/** Progress of a rebuild, after each batch. */
export interface RebuildProgress {
  /** Events read so far. */
  events: number;
  /** Log position reached, and the head it runs to (KurrentDB's are byte offsets: use them as a fraction). */
  position: number;
  head: number;
}

/**
 * Catches each projection up from its stored checkpoint, then follows the log live.
 * Writes and checkpoint are committed together, so a restart neither skips nor repeats an event.
 */
export class ProjectionRunner {
  private readonly emitter = new EventEmitter();
  private readonly checkpoints = new Map<string, number>();
  private readonly caches = new Map<string, DocCache>();
  /** Reads of the log in flight, by start position: projections at the same checkpoint share one. */
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private steps = 0;
  private readonly idleMs: number;

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.rebuildBatchSize = options.rebuildBatchSize ?? 5000;
    this.idleMs = options.idleMs ?? 1000;
    this.emitter.setMaxListeners(0);
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Duplicate projection ${p.name}`);
      names.add(p.name);
      this.caches.set(p.name, new DocCache(options.cachedDocs ?? 100_000));
    }
  }

  async init(): Promise<void> {
    for (const p of this.projections) {
      for (const [collection, fields] of Object.entries(p.collections))
        await this.readStore.ensureIndexes(collection, fields);
      this.checkpoints.set(p.name, await this.readStore.checkpoint(p.name));
    }
    await this.readStore.ensureIndexes(CHANGES, ['position', 'projection', 'at']);
  }

  /** Starts following the log; returns at once. */
  async start(): Promise<void> {
    await this.init();
    this.controller = new AbortController();
    this.loops = this.projections.map((p) => this.follow(p, this.controller.signal));
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
  }

  onCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.emitter.on('committed', listener);
    return () => this.emitter.off('committed', listener);
  }

  checkpointOf(name: string): number {
    return this.checkpoints.get(name) ?? 0;
  }

  /** Lowest checkpoint over all projections: everything up to it is visible in every read model. */
  position(): number {
    return Math.min(...this.projections.map((p) => this.checkpointOf(p.name)));
  }

  /** Resolves true once every projection has applied the log up to `position` (woken by commits, no polling). */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(this.position() >= position);
      }, timeoutMs);
      const off = this.onCommitted(() => {
        if (this.position() >= position) {
          clearTimeout(timer);
          off();
          resolve(true);
        }
      });
    });
  }

  /** Applies everything up to the current head, then returns (tests, rebuilds). */
  async catchUp(): Promise<void> {
    await this.runTo(this.projections, await this.store.headPosition(), this.batchSize);
  }

  /**
   * Steps the projections until their checkpoints reach `head`, those at the same checkpoint
   * together (one read of the log, one transaction), or until the log has nothing more to read: a
   * store whose head was a record readAll skips (a system event) must not make this loop forever.
   * Answers how many events it read.
   */
  private async runTo(
    projections: Projection[],
    head: number,
    limit: number,
    onBatch?: (read: number, position: number) => void,
    feed = true,
  ): Promise<number> {
    let read = 0;
    for (;;) {
      const behind = projections.filter((p) => this.checkpointOf(p.name) < head);
      if (!behind.length) return read;
      const from = Math.min(...behind.map((p) => this.checkpointOf(p.name)));
      const n = await this.stepGroup(
        behind.filter((p) => this.checkpointOf(p.name) === from),
        limit,
        feed,
      );
      if (n === 0) return read;
      read += n;
      onBatch?.(read, Math.min(...behind.map((p) => this.checkpointOf(p.name))));
    }
  }

  /** Forgets a projection's read models and applies the whole log again; answers how many events it read. */
  async rebuild(name: string): Promise<number> {
    return this.rebuildAll([name]);
  }

  /**
   * Forgets the named projections' read models and applies the whole log again to all of them in
   * one pass: big reads, documents kept in memory between batches, one transaction per batch.
   * Answers how many events it read. Run it while no other runner follows these projections.
   */
  async rebuildAll(names: string[], onProgress?: (progress: RebuildProgress) => void): Promise<number> {
    const unknown = names.filter((n) => !this.projections.some((p) => p.name === n));
    if (unknown.length) throw new Error(`Unknown projection ${unknown.join(', ')}`);
    const chosen = this.projections.filter((p) => names.includes(p.name));
    for (const p of chosen) {
      await this.readStore.reset(p.name, Object.keys(p.collections));
      for (const [collection, fields] of Object.entries(p.collections))
        await this.readStore.ensureIndexes(collection, fields);
      this.checkpoints.set(p.name, 0);
      this.caches.get(p.name)?.clear();
    }
    const head = await this.store.headPosition();
    return this.runTo(
      chosen,
      head,
      this.rebuildBatchSize,
      (events, position) => onProgress?.({ events, position, head }),
      false,
    );
  }

  private async follow(p: Projection, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const moved = await this.step(p);
        failures = 0;
        if (!moved) await this.store.waitForAppend(this.checkpointOf(p.name), this.idleMs, signal);
      } catch (err) {
        if (err instanceof CheckpointConflictError) {
          // Another runner committed this projection: what it wrote is not in our cache.
          this.caches.get(p.name)?.clear();
          this.checkpoints.set(p.name, await this.readStore.checkpoint(p.name));
          continue;
        }
        failures += 1;
        this.options.logger?.error(
          { err, projection: p.name, checkpoint: this.checkpointOf(p.name) },
          'projection failed; retrying',
        );
        await new Promise((r) => setTimeout(r, Math.min(30_000, 200 * 2 ** failures)));
      }
    }
  }

  /** One read of the log for every projection asking from the same position at the same moment. */
  private readFrom(from: number, limit: number): Promise<RecordedEvent[]> {
    const key = `${from}:${limit}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.store.readAll(from, limit);
      this.reads.set(key, read);
      // Shared only while it is being answered: a later step must see appends made since.
      const forget = () => void this.reads.delete(key);
      read.then(forget, forget);
    }
    return read;
  }

  /** Applies one batch to one projection; answers how many events it read (0: nothing new). */
  private step(p: Projection): Promise<number> {
    return this.stepGroup([p], this.batchSize);
  }

  /**
   * Applies one batch of the log to projections that share a checkpoint, and commits them together
   * (the read store's group commit makes that one transaction). Answers how many events it read.
   * `feed`: write the change feed for listeners in other processes (not during a rebuild).
   */
  private async stepGroup(group: Projection[], limit: number, feed = true): Promise<number> {
    const from = this.checkpointOf(group[0].name);
    const events = await this.readFrom(from, limit);
    if (events.length === 0) return 0;
    const to = events[events.length - 1].position;
    const now = Date.now();
    const prune = ++this.steps % 50 === 0;
    const results = await Promise.allSettled(
      group.map(async (p) => {
        const cache = this.caches.get(p.name) as DocCache;
        const ctx = new BatchContext(this.readStore, cache);
        const handled = new Set(p.handles);
        for (const e of events) if (handled.has(e.type)) await this.applyOne(p, e, ctx);
        const { ops, changes } = await ctx.result();
        if (feed && changes.length)
          ops.push({
            op: 'put',
            collection: CHANGES,
            doc: { id: `${p.name}:${to}`, projection: p.name, position: to, at: now, changes },
          });
        // The change feed is only for live listeners: entries older than its retention are dropped as we go.
        if (feed && prune) {
          const old = await this.readStore.find(
            CHANGES,
            { projection: p.name, at: { $lt: now - CHANGES_RETENTION_MS } },
            { sort: { position: 1 }, limit: 1000 },
          );
          for (const d of old) ops.push({ op: 'delete', collection: CHANGES, id: d.id });
        }
        try {
          await this.readStore.commit(p.name, from, to, ops);
        } catch (err) {
          if (err instanceof CheckpointConflictError) cache.clear();
          throw err;
        }
        ctx.committedToCache();
        this.checkpoints.set(p.name, to);
        this.emitter.emit('committed', { projection: p.name, position: to, changes } satisfies CommittedBatch);
      }),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return events.length;
  }

  private async applyOne(p: Projection, e: RecordedEvent, ctx: ProjectionContext) {
    try {
      await p.apply(e, ctx);
    } catch (err) {
      throw Object.assign(
        new Error(`Projection ${p.name} failed on event ${e.type} at ${e.position}: ${(err as Error).message}`),
        { cause: err },
      );
    }
  }
}

/** For a process that only reads: waits by polling the checkpoints stored by the runner elsewhere. */
export async function waitForCheckpoints(
  readStore: ReadStore,
  names: string[],
  position: number,
  timeoutMs: number,
  pollMs = 25,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const cps = await Promise.all(names.map((n) => readStore.checkpoint(n)));
    if (Math.min(...cps) >= position) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
