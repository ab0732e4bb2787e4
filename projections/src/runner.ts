import { EventEmitter, setMaxListeners } from 'node:events';
import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import { CheckpointConflictError, matches, type Doc, type Filter, type ReadStore, type WriteOp } from './read-store';
import type { Change, CommittedBatch, Projection, ProjectionContext } from './projection';
import { DocTable, asJson, asJsonChanged, asJsonReplacing, docCopy } from './doc-table';
import { LruMap } from './lru-map';

export interface RunnerLogger {
  error(obj: object, msg?: string): void;
}

/** Sizes and defaults: docs/architecture.md#projection-runner. */
export interface RunnerOptions {
  batchSize?: number;
  rebuildBatchSize?: number;
  /** 0 keeps no document in memory. */
  cachedDocs?: number;
  rebuildDocs?: number;
  logger?: RunnerLogger;
  /** Longest wait for new events before looking again (other processes may append). */
  idleMs?: number;
}

/** Batches read at once by a projection that is behind (docs/architecture.md#projection-runner). */
const CATCH_UP_BATCHES = 4;
const NO_CHAIN = { chain: false } as const;

/** The change feed read by query services in other processes (docs/architecture.md#projection-runner). */
export const CHANGES = '_changes';
const CHANGES_RETENTION_MS = 10 * 60_000;
const CHANGES_INDEXES = ['projection+position', 'projection+at'];

const audienceOf = (doc: Doc | null | undefined): string[] =>
  Array.isArray(doc?._audience) ? (doc._audience as string[]) : [];
const beforeOf = (doc: Doc | null | undefined): Doc | null =>
  doc ? { id: doc.id, _audience: [...audienceOf(doc)] } : null;

const keptInMemory = (doc: Doc, stored: Doc | undefined): Doc => (stored ? asJsonReplacing(doc, stored) : asJson(doc));

/** Committed documents seen (null: known not to exist), only ever copied: docs/architecture.md#runner-memory. */
type DocCache = LruMap<string, Doc | null>;

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/** Every document of a projection's collections (docs/architecture.md#runner-memory). */
class ProjectionMemory {
  readonly tables = new Map<string, DocTable>();
  constructor(
    collections: string[],
    public limit: number,
  ) {
    for (const c of collections) this.tables.set(c, new DocTable());
  }

  get size(): number {
    return [...this.tables.values()].reduce((n, t) => n + t.size, 0);
  }
}

/** The checkpoint holding the version a read model was built by (docs/operations.md#a-read-models-first-start). */
const versionKey = (projection: string) => `${projection}@version`;

/** Documents per commit, and the checkpoint while they are written: docs/architecture.md#runner-rebuild. */
const REBUILD_WRITE_OPS = 20_000;
const WRITING_REBUILD = -1;

/** A rebuild's context: documents in memory, changed in place (docs/architecture.md#runner-memory). */
class MemoryContext implements ProjectionContext {
  constructor(readonly memory: ProjectionMemory) {}

  private table(collection: string): DocTable {
    let t = this.memory.tables.get(collection);
    if (!t) this.memory.tables.set(collection, (t = new DocTable()));
    return t;
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    return this.table(collection).get(id) ?? null;
  }

  async find(collection: string, filter: Filter): Promise<Doc[]> {
    return this.table(collection).find(filter);
  }

  put(collection: string, doc: Doc): void {
    this.table(collection).replace(doc, keptInMemory);
  }

  delete(collection: string, id: string): void {
    this.table(collection).delete(id);
  }
}

/** One batch of one projection, turned into write ops (docs/architecture.md#runner-memory). */
class BatchContext implements ProjectionContext {
  /** Collections not in memory: the batch's puts, and its deletes. */
  private readonly overlay = new Map<string, DocTable>();
  private readonly deleted = new Map<string, Set<string>>();
  /** Each written document as it was before the batch (null: absent); in memory, only id and audience. */
  readonly before = new Map<string, Doc | null>();
  /** Written documents in first-write order. */
  private readonly touched = new Map<string, { collection: string; id: string }>();
  /** Stored documents deleted and put again in this batch: they move to the end. */
  private readonly recreated = new Set<string>();
  private readonly pendingBefore: Promise<void>[] = [];

  constructor(
    private readonly readStore: ReadStore,
    private readonly cache: DocCache,
    private readonly memory?: ProjectionMemory,
  ) {}

  private table(collection: string): DocTable | undefined {
    return this.memory?.tables.get(collection);
  }

  private over(collection: string) {
    let o = this.overlay.get(collection);
    if (!o) this.overlay.set(collection, (o = new DocTable()));
    let d = this.deleted.get(collection);
    if (!d) this.deleted.set(collection, (d = new Set()));
    return { o, d };
  }

  /** The committed document (cached, else read and cached); never handed out without a copy. */
  private async committed(collection: string, id: string): Promise<Doc | null> {
    const key = keyOf(collection, id);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const doc = await this.readStore.get(collection, id);
    // Another get of the same document may have finished first: keep the one already cached.
    if (!this.cache.has(key)) this.cache.set(key, doc);
    const kept = this.cache.get(key);
    return kept === undefined ? doc : kept;
  }

  /** Copies handed out and not yet put: a put checks only their own fields (asJsonChanged). */
  private readonly handedOut = new WeakSet<Doc>();
  private handOut = (doc: Doc): Doc => {
    const copy = docCopy(doc);
    this.handedOut.add(copy);
    return copy;
  };

  private handOutStored(collection: string, doc: Doc): Doc {
    const key = keyOf(collection, doc.id);
    if (!this.before.has(key)) this.before.set(key, beforeOf(doc));
    return doc;
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const t = this.table(collection);
    if (t) {
      const doc = t.get(id);
      return doc ? this.handOutStored(collection, doc) : null;
    }
    const { o, d } = this.over(collection);
    const written = () => (d.has(id) ? null : o.get(id));
    let doc = written();
    if (doc !== undefined) return doc && this.handOut(doc);
    const stored = await this.committed(collection, id);
    // The projection may have written it while we waited.
    doc = written();
    if (doc !== undefined) return doc && this.handOut(doc);
    const key = keyOf(collection, id);
    if (!this.before.has(key)) this.before.set(key, stored);
    return stored && this.handOut(stored);
  }

  async find(collection: string, filter: Filter): Promise<Doc[]> {
    const t = this.table(collection);
    if (t) return t.find(filter).map((doc) => this.handOutStored(collection, doc));
    const stored = await this.readStore.find(collection, filter);
    const { o, d } = this.over(collection);
    const out: Doc[] = [];
    const placed = new Set<string>();
    for (const doc of stored) {
      const key = keyOf(collection, doc.id);
      // Deleted, or deleted and put again (it comes at the end, with the batch's new documents).
      if (d.has(doc.id) || this.recreated.has(key)) continue;
      const mine = o.get(doc.id);
      if (mine) {
        placed.add(doc.id);
        if (matches(mine, filter)) out.push(this.handOut(mine));
        continue;
      }
      if (!this.cache.has(key)) this.cache.set(key, doc);
      out.push(this.handOut(doc));
    }
    for (const doc of o.find(filter)) if (!placed.has(doc.id)) out.push(this.handOut(doc));
    return out;
  }

  /** Notes the first write of a document in the batch, and what it was before. */
  private touch(collection: string, id: string): string {
    const key = keyOf(collection, id);
    if (this.touched.has(key)) return key;
    this.touched.set(key, { collection, id });
    if (this.before.has(key)) return key;
    const t = this.table(collection);
    if (t) this.before.set(key, beforeOf(t.get(id)));
    else {
      const cached = this.cache.get(key);
      if (cached !== undefined) this.before.set(key, cached);
      else
        this.pendingBefore.push(
          this.committed(collection, id).then((doc) => void (this.before.has(key) || this.before.set(key, doc))),
        );
    }
    return key;
  }

  put(collection: string, doc: Doc): void {
    const t = this.table(collection);
    if (t) {
      const stored = t.get(doc.id);
      const kept = keptInMemory(doc, stored);
      const key = this.touch(collection, kept.id);
      if (!stored && this.before.get(key)) this.recreated.add(key);
      t.set(kept);
      return;
    }
    const copy = this.handedOut.delete(doc) ? asJsonChanged(doc) : asJson(doc);
    const key = this.touch(collection, copy.id);
    const { o, d } = this.over(collection);
    if (d.delete(copy.id)) this.recreated.add(key);
    o.set(copy);
  }

  delete(collection: string, id: string): void {
    this.touch(collection, id);
    const t = this.table(collection);
    if (t) return t.delete(id);
    const { o, d } = this.over(collection);
    o.delete(id);
    d.add(id);
  }

  private current(collection: string, id: string): Doc | null {
    const t = this.table(collection);
    if (t) return t.get(id) ?? null;
    return this.overlay.get(collection)?.get(id) ?? null;
  }

  /** The batch's write ops (deletes, then puts in creation order) and changes. */
  async result(): Promise<{ ops: WriteOp[]; changes: Change[] }> {
    await Promise.all(this.pendingBefore);
    const deletes: WriteOp[] = [];
    const puts: { op: WriteOp; seq: number }[] = [];
    const changes: Change[] = [];
    for (const [key, { collection, id }] of this.touched) {
      const before = this.before.get(key) ?? null;
      const doc = this.current(collection, id);
      if (!before && !doc) continue; // put and deleted again within the batch: never stored
      if (before && (!doc || this.recreated.has(key))) deletes.push({ op: 'delete', collection, id });
      if (doc) {
        const seq = this.table(collection)?.seq(id) ?? this.overlay.get(collection)?.seq(id) ?? 0;
        puts.push({ op: { op: 'put', collection, doc }, seq });
      }
      const audience = new Set([...audienceOf(before), ...audienceOf(doc)]);
      changes.push({ collection, id, audience: [...audience] });
    }
    puts.sort((a, b) => a.seq - b.seq);
    return { ops: [...deletes, ...puts.map((p) => p.op)], changes };
  }

  /** Once committed, the overlay is what the store holds: it becomes the cache. */
  committedToCache(): void {
    for (const [collection, o] of this.overlay)
      for (const doc of o.values()) this.cache.set(keyOf(collection, doc.id), doc);
    for (const [collection, d] of this.deleted) for (const id of d) this.cache.set(keyOf(collection, id), null);
  }
}

export interface RebuildProgress {
  events: number;
  /** Log position reached, and the head it runs to (KurrentDB's are byte offsets: use them as a fraction). */
  position: number;
  head: number;
  /** While the log is read: the documents held in memory, all projections together. */
  held?: number;
  /** Once the log is read: the rebuilt documents written so far, of how many. */
  written?: { documents: number; of: number };
}

/** docs/architecture.md#projection-runner */
export class ProjectionRunner {
  private readonly emitter = new EventEmitter();
  private readonly checkpoints = new Map<string, number>();
  private readonly caches = new Map<string, DocCache>();
  private readonly handled = new Map<string, Set<string>>();
  private readonly memories = new Map<string, ProjectionMemory>();
  /** Reads of the log in flight, by start position: projections at the same checkpoint share one. */
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly cachedDocs: number;
  private readonly rebuildDocs: number;
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
    this.cachedDocs = options.cachedDocs ?? 100_000;
    this.rebuildDocs = options.rebuildDocs ?? 200_000;
    this.emitter.setMaxListeners(0);
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Duplicate projection ${p.name}`);
      names.add(p.name);
      this.caches.set(p.name, new LruMap(this.cachedDocs));
      this.handled.set(p.name, new Set(p.handles));
    }
  }

  async init(): Promise<void> {
    for (const p of this.projections) {
      for (const [collection, fields] of Object.entries(p.collections)) {
        await this.readStore.ensureIndexes(collection, fields);
        await this.readStore.dropIndexesExcept(collection, fields);
      }
      let checkpoint = await this.readStore.checkpoint(p.name);
      // A rebuild stopped while writing its documents: what is stored is part of them, so start again.
      if (checkpoint === WRITING_REBUILD) {
        await this.emptyAgain(p);
        checkpoint = 0;
      }
      // Built by another version: emptied, then the version recorded (a stop in between empties it again).
      const other = await this.otherVersion(p);
      if (other !== null) {
        await this.emptyAgain(p);
        checkpoint = 0;
        await this.recordVersion(p, other);
      }
      this.checkpoints.set(p.name, checkpoint);
      // A first start (nothing applied, nothing stored): its documents can live in memory from here.
      const collections = Object.keys(p.collections);
      let empty = checkpoint === 0 && this.cachedDocs > 0;
      for (const c of collections) if (empty) empty = (await this.readStore.count(c)) === 0;
      if (empty) this.memories.set(p.name, new ProjectionMemory(collections, this.cachedDocs));
      else this.memories.delete(p.name);
    }
    await this.readStore.ensureIndexes(CHANGES, CHANGES_INDEXES);
    await this.readStore.dropIndexesExcept(CHANGES, CHANGES_INDEXES);
  }

  /** Starts following the log; returns at once. */
  async start(): Promise<void> {
    await this.init();
    this.controller = new AbortController();
    const signal = this.controller.signal;
    // Every follower waits on this one signal (one listener each while it waits): not a leak.
    setMaxListeners(this.projections.length + 10, signal);
    const first = this.firstStarts(await this.store.headPosition());
    this.loops = this.projections.filter((p) => !first.includes(p)).map((p) => this.follow(p, signal));
    if (first.length) this.loops.push(this.firstStartThenFollow(first, signal));
  }

  /** Applies the log to projections on their first start in memory (firstStarts), then follows it with them. */
  private async firstStartThenFollow(first: Projection[], signal: AbortSignal): Promise<void> {
    try {
      await this.firstStartInMemory(first, await this.store.headPosition(), signal);
    } catch (err) {
      if (signal.aborted) return;
      this.options.logger?.error(
        { err, projections: first.map((p) => p.name) },
        'first start in memory failed; following the log batch by batch',
      );
    }
    await Promise.all(first.map((p) => this.follow(p, signal)));
  }

  /** The version recorded (versionKey; 0 is version 1) when another than `p`'s, else null. */
  private async otherVersion(p: Projection): Promise<number | null> {
    const recorded = await this.readStore.checkpoint(versionKey(p.name));
    return (recorded || 1) === (p.version ?? 1) ? null : recorded;
  }

  /** Records that `p`'s read model (empty, or being built from the log) is of its version; `recorded` was there. */
  private recordVersion(p: Projection, recorded: number): Promise<void> {
    return this.readStore.commit(versionKey(p.name), recorded, p.version ?? 1, []);
  }

  private async emptyAgain(p: Projection): Promise<void> {
    await this.readStore.reset(p.name, Object.keys(p.collections));
    for (const [collection, fields] of Object.entries(p.collections))
      await this.readStore.ensureIndexes(collection, fields);
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
    const head = await this.store.headPosition();
    const first = this.firstStarts(head);
    if (first.length) await this.firstStartInMemory(first, head);
    await this.runTo(this.projections, head, this.batchSize * CATCH_UP_BATCHES);
  }

  /**
   * Steps the projections to `head`, those at the same checkpoint together, or until the log has
   * nothing more (a head readAll skips, a system event, must not loop forever). Answers events read.
   */
  private async runTo(projections: Projection[], head: number, limit: number): Promise<number> {
    let read = 0;
    for (;;) {
      const behind = projections.filter((p) => this.checkpointOf(p.name) < head);
      if (!behind.length) return read;
      const from = Math.min(...behind.map((p) => this.checkpointOf(p.name)));
      const n = await this.stepGroup(
        behind.filter((p) => this.checkpointOf(p.name) === from),
        limit,
      );
      if (n === 0) return read;
      read += n;
    }
  }

  async rebuild(name: string): Promise<number> {
    return this.rebuildAll([name]);
  }

  /** docs/architecture.md#runner-rebuild; run it while no other runner follows these projections. */
  async rebuildAll(names: string[], onProgress?: (progress: RebuildProgress) => void): Promise<number> {
    const unknown = names.filter((n) => !this.projections.some((p) => p.name === n));
    if (unknown.length) throw new Error(`Unknown projection ${unknown.join(', ')}`);
    const chosen = this.projections.filter((p) => names.includes(p.name));
    for (const p of chosen) {
      // Indexes, the index of ids too, are built once the documents are in (docs/architecture.md#runner-rebuild).
      await this.readStore.reset(p.name, Object.keys(p.collections), { bulk: true });
      const other = await this.otherVersion(p);
      if (other !== null) await this.recordVersion(p, other);
      this.checkpoints.set(p.name, 0);
      this.caches.get(p.name)?.clear();
      this.memories.delete(p.name);
    }
    return this.applyAllInMemory(chosen, await this.store.headPosition(), onProgress);
  }

  /** Projections on their first start on a log of more than a few batches (docs/architecture.md#runner-rebuild). */
  private firstStarts(head: number): Projection[] {
    if (head <= this.batchSize * CATCH_UP_BATCHES) return [];
    return this.projections.filter((p) => this.checkpointOf(p.name) === 0 && this.memories.get(p.name)?.size === 0);
  }

  /** Their tables are empty (init counted them): only the secondary indexes are dropped, built again after. */
  private async firstStartInMemory(chosen: Projection[], head: number, signal?: AbortSignal): Promise<number> {
    try {
      for (const p of chosen)
        for (const collection of Object.keys(p.collections)) await this.readStore.dropIndexesExcept(collection, []);
      return await this.applyAllInMemory(chosen, head, undefined, signal);
    } catch (err) {
      // What a failed first start did not finish is emptied; after a conflict the other runner's work stands.
      if (!signal?.aborted && !(err instanceof CheckpointConflictError))
        for (const p of chosen) if (this.checkpointOf(p.name) === 0) await this.emptyAgain(p);
      throw err;
    }
  }

  /** Applies the log to empty read models (docs/architecture.md#runner-rebuild). */
  private async applyAllInMemory(
    chosen: Projection[],
    head: number,
    onProgress?: (progress: RebuildProgress) => void,
    signal?: AbortSignal,
  ): Promise<number> {
    /** The projections whose documents are still all in memory. */
    const held = new Map<string, ProjectionMemory>();
    for (const p of chosen) held.set(p.name, new ProjectionMemory(Object.keys(p.collections), Infinity));
    const heldDocs = () => [...held.values()].reduce((n, m) => n + m.size, 0);
    let read = 0;
    let to = 0;
    while (to < head) {
      if (signal?.aborted) throw new Error('The projection runner stopped');
      const events = await this.store.readAll(to, this.rebuildBatchSize, NO_CHAIN);
      if (!events.length) break; // a head that readAll never reaches (see runTo)
      for (const p of chosen) {
        const handled = this.handled.get(p.name) as Set<string>;
        const memory = held.get(p.name);
        if (memory) {
          const ctx = new MemoryContext(memory);
          for (const e of events) if (handled.has(e.type)) await this.applyOne(p, e, ctx);
          continue;
        }
        if (!events.some((e) => handled.has(e.type))) continue;
        const ctx = new BatchContext(this.readStore, this.caches.get(p.name) as DocCache);
        for (const e of events) if (handled.has(e.type)) await this.applyOne(p, e, ctx);
        const { ops } = await ctx.result();
        await this.readStore.commit(p.name, WRITING_REBUILD, WRITING_REBUILD, ops);
        ctx.committedToCache();
      }
      read += events.length;
      to = events[events.length - 1].position;
      for (let n = heldDocs(); n > this.rebuildDocs; n = heldDocs()) {
        const [name, memory] = [...held].reduce((a, b) => (b[1].size > a[1].size ? b : a));
        held.delete(name);
        const p = chosen.find((x) => x.name === name) as Projection;
        await this.writeRebuilt(name, memory, WRITING_REBUILD, () => {});
        for (const [collection, fields] of Object.entries(p.collections))
          await this.readStore.ensureIndexes(collection, fields);
      }
      onProgress?.({ events: read, position: to, head, held: heldDocs() });
    }
    const written = { documents: 0, of: heldDocs() };
    const wrote = (n: number) => {
      written.documents += n;
      onProgress?.({ events: read, position: to, head, written: { ...written } });
    };
    for (const p of chosen) {
      const memory = held.get(p.name);
      // Documents written and not kept are garbage from here: the heap shrinks as the writes go on.
      held.delete(p.name);
      if (memory) await this.writeRebuilt(p.name, memory, to, wrote);
      else await this.readStore.commit(p.name, WRITING_REBUILD, to, []);
      for (const [collection, fields] of Object.entries(p.collections))
        await this.readStore.ensureIndexes(collection, fields);
      this.checkpoints.set(p.name, to);
      // Waiters (waitFor) learn of it; no list of changes: every document is new.
      this.emitter.emit('committed', { projection: p.name, position: to, changes: [] } satisfies CommittedBatch);
      // Small enough: the documents stay in memory for following the log.
      if (memory && memory.size <= this.cachedDocs) {
        memory.limit = this.cachedDocs;
        this.memories.set(p.name, memory);
      }
    }
    return read;
  }

  /** Writes a rebuilt projection's documents from checkpoint 0; the last commit moves it to `to`. */
  private async writeRebuilt(
    name: string,
    memory: ProjectionMemory,
    to: number,
    wrote: (documents: number) => void,
  ): Promise<void> {
    let ops: WriteOp[] = [];
    let at = 0;
    let last: Promise<void> = Promise.resolve();
    const flush = async (next: number) => {
      const n = ops.length;
      const committed = this.readStore.commit(name, at, next, ops).then(() => wrote(n));
      at = next;
      ops = [];
      if (!this.readStore.commitsInOrder) return committed;
      committed.catch(() => undefined); // a failure is thrown where it is awaited, below or by the next flush
      await last;
      last = committed;
    };
    for (const [collection, table] of memory.tables)
      for (const doc of table.values()) {
        ops.push({ op: 'put', collection, doc });
        if (ops.length >= REBUILD_WRITE_OPS) await flush(WRITING_REBUILD);
      }
    await flush(to);
    await last;
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
          this.caches.get(p.name)?.clear();
          this.memories.delete(p.name);
          let stored = await this.readStore.checkpoint(p.name);
          while (stored === WRITING_REBUILD && !signal.aborted) {
            await new Promise((r) => setTimeout(r, Math.min(this.idleMs, 200)));
            stored = await this.readStore.checkpoint(p.name);
          }
          this.checkpoints.set(p.name, stored);
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
      read = this.store.readAll(from, limit, NO_CHAIN);
      this.reads.set(key, read);
      // Shared only while it is being answered: a later step must see appends made since.
      const forget = () => void this.reads.delete(key);
      read.then(forget, forget);
    }
    return read;
  }

  /** Applies one batch to one projection; answers how many events it read (0: nothing new). */
  private async step(p: Projection): Promise<number> {
    const limit = this.lagging.has(p.name) ? this.batchSize * CATCH_UP_BATCHES : this.batchSize;
    const n = await this.stepGroup([p], limit);
    if (n >= limit) this.lagging.add(p.name);
    else this.lagging.delete(p.name);
    return n;
  }
  /** The projections whose last read was a full batch (see step). */
  private readonly lagging = new Set<string>();

  /** One batch for projections that share a checkpoint, one transaction; answers events read. */
  private async stepGroup(group: Projection[], limit: number): Promise<number> {
    const from = this.checkpointOf(group[0].name);
    const events = await this.readFrom(from, limit);
    if (events.length === 0) return 0;
    const to = events[events.length - 1].position;
    const now = Date.now();
    const prune = ++this.steps % 50 === 0;
    const results = await Promise.allSettled(
      group.map(async (p) => {
        const cache = this.caches.get(p.name) as DocCache;
        const memory = this.memories.get(p.name);
        const handled = this.handled.get(p.name) as Set<string>;
        // A batch with nothing for this projection only moves its checkpoint.
        const ctx = events.some((e) => handled.has(e.type)) ? new BatchContext(this.readStore, cache, memory) : null;
        let changes: Change[] = [];
        try {
          let ops: WriteOp[] = [];
          if (ctx) {
            for (const e of events) if (handled.has(e.type)) await this.applyOne(p, e, ctx);
            ({ ops, changes } = await ctx.result());
          }
          if (changes.length)
            ops.push({
              op: 'put',
              collection: CHANGES,
              doc: { id: `${p.name}:${to}`, projection: p.name, position: to, at: now, changes },
            });
          if (prune) {
            const old = await this.readStore.find(
              CHANGES,
              { projection: p.name, at: { $lt: now - CHANGES_RETENTION_MS } },
              { sort: { position: 1 }, limit: 1000 },
            );
            for (const d of old) ops.push({ op: 'delete', collection: CHANGES, id: d.id });
          }
          await this.readStore.commit(p.name, from, to, ops);
        } catch (err) {
          // The memory holds part of a batch that was not committed; after a conflict the cache is stale too.
          if (err instanceof CheckpointConflictError) cache.clear();
          this.memories.delete(p.name);
          throw err;
        }
        ctx?.committedToCache();
        if (memory && memory.size > memory.limit) this.memories.delete(p.name);
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
      const message = `Projection ${p.name} failed on event ${e.type} at ${e.position}: ${(err as Error).message}`;
      throw new Error(message, { cause: err });
    }
  }
}
