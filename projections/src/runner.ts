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
  batchSize?: number;
  logger?: RunnerLogger;
  /** Longest wait for new events before looking again (other processes may append). */
  idleMs?: number;
}

/** Collection that carries the change feed read by query services in other processes. */
export const CHANGES = '_changes';
const CHANGES_RETENTION_MS = 10 * 60_000;

const audienceOf = (doc: Doc | null | undefined): string[] => (Array.isArray(doc?._audience) ? (doc._audience as string[]) : []);

/** Applies events to one projection's overlay; the overlay becomes the batch's write ops. */
class BatchContext implements ProjectionContext {
  readonly overlay = new Map<string, Map<string, Doc | null>>();
  readonly before = new Map<string, Doc | null>();
  constructor(private readonly readStore: ReadStore) {}

  private col(collection: string) {
    let m = this.overlay.get(collection);
    if (!m) this.overlay.set(collection, (m = new Map()));
    return m;
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const m = this.col(collection);
    if (m.has(id)) return structuredClone(m.get(id) ?? null);
    const doc = await this.readStore.get(collection, id);
    // A copy: the projection may change the document it was given, and the old audience must survive.
    this.before.set(`${collection}\u0000${id}`, structuredClone(doc));
    return doc;
  }

  async find(collection: string, filter: Filter): Promise<Doc[]> {
    const m = this.col(collection);
    const stored = (await this.readStore.find(collection, filter)).filter((d) => !m.has(d.id));
    for (const d of stored) {
      const key = `${collection}\u0000${d.id}`;
      if (!this.before.has(key)) this.before.set(key, structuredClone(d));
    }
    const pending = [...m.values()].filter((d): d is Doc => d !== null && matches(d, filter));
    return structuredClone([...stored, ...pending]);
  }

  private async remember(collection: string, id: string) {
    const key = `${collection}\u0000${id}`;
    if (!this.before.has(key) && !this.col(collection).has(id)) this.before.set(key, await this.readStore.get(collection, id));
  }

  put(collection: string, doc: Doc): void {
    this.pendingBefore.push(this.remember(collection, doc.id));
    this.col(collection).set(doc.id, structuredClone(doc));
  }

  delete(collection: string, id: string): void {
    this.pendingBefore.push(this.remember(collection, id));
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
        const audience = new Set([...audienceOf(this.before.get(`${collection}\u0000${id}`)), ...audienceOf(doc)]);
        changes.push({ collection, id, audience: [...audience] });
      }
    }
    return { ops, changes };
  }
}

/**
 * Catches each projection up from its stored checkpoint, then follows the log live.
 * Writes and checkpoint are committed together, so a restart neither skips nor repeats an event.
 */
export class ProjectionRunner {
  private readonly emitter = new EventEmitter();
  private readonly checkpoints = new Map<string, number>();
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly batchSize: number;
  private steps = 0;
  private readonly idleMs: number;

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.idleMs = options.idleMs ?? 1000;
    this.emitter.setMaxListeners(0);
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Duplicate projection ${p.name}`);
      names.add(p.name);
    }
  }

  async init(): Promise<void> {
    for (const p of this.projections) {
      for (const [collection, fields] of Object.entries(p.collections)) await this.readStore.ensureIndexes(collection, fields);
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

  /** Resolves true once every projection has applied the log up to `position`. */
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
    await Promise.all(
      this.projections.map(async (p) => {
        await this.applyUpTo(p, head);
      }),
    );
  }

  /**
   * Steps until the checkpoint reaches `head`, or until the log has nothing more to read: a store
   * whose head was a record readAll skips (a system event) must not make this loop forever.
   */
  private async applyUpTo(p: Projection, head: number): Promise<number> {
    let read = 0;
    while (this.checkpointOf(p.name) < head) {
      const n = await this.step(p);
      if (n === 0) break;
      read += n;
    }
    return read;
  }

  /** Forgets a projection's read models and applies the whole log again; answers how many events it read. */
  async rebuild(name: string): Promise<number> {
    const p = this.projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}`);
    await this.readStore.reset(p.name, Object.keys(p.collections));
    for (const [collection, fields] of Object.entries(p.collections)) await this.readStore.ensureIndexes(collection, fields);
    this.checkpoints.set(p.name, 0);
    return this.applyUpTo(p, await this.store.headPosition());
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
          this.checkpoints.set(p.name, await this.readStore.checkpoint(p.name));
          continue;
        }
        failures += 1;
        this.options.logger?.error({ err, projection: p.name, checkpoint: this.checkpointOf(p.name) }, 'projection failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(30_000, 200 * 2 ** failures)));
      }
    }
  }

  /** Applies one batch; answers how many events it read (0: nothing new). */
  private async step(p: Projection): Promise<number> {
    const from = this.checkpointOf(p.name);
    const events = await this.store.readAll(from, this.batchSize);
    if (events.length === 0) return 0;
    const to = events[events.length - 1].position;
    const ctx = new BatchContext(this.readStore);
    const handled = new Set(p.handles);
    for (const e of events) if (handled.has(e.type)) await this.applyOne(p, e, ctx);
    const { ops, changes } = await ctx.result();
    const now = Date.now();
    if (changes.length) ops.push({ op: 'put', collection: CHANGES, doc: { id: `${p.name}:${to}`, projection: p.name, position: to, at: now, changes } });
    // The change feed is only for live listeners: entries older than its retention are dropped as we go.
    if (++this.steps % 50 === 0) {
      const old = await this.readStore.find(CHANGES, { projection: p.name, at: { $lt: now - CHANGES_RETENTION_MS } }, { sort: { position: 1 }, limit: 1000 });
      for (const d of old) ops.push({ op: 'delete', collection: CHANGES, id: d.id });
    }
    await this.readStore.commit(p.name, from, to, ops);
    this.checkpoints.set(p.name, to);
    this.emitter.emit('committed', { projection: p.name, position: to, changes } satisfies CommittedBatch);
    return events.length;
  }

  private async applyOne(p: Projection, e: RecordedEvent, ctx: ProjectionContext) {
    try {
      await p.apply(e, ctx);
    } catch (err) {
      throw Object.assign(new Error(`Projection ${p.name} failed on event ${e.type} at ${e.position}: ${(err as Error).message}`), { cause: err });
    }
  }
}

/** For a process that only reads: waits by polling the checkpoints stored by the runner elsewhere. */
export async function waitForCheckpoints(readStore: ReadStore, names: string[], position: number, timeoutMs: number, pollMs = 25): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const cps = await Promise.all(names.map((n) => readStore.checkpoint(n)));
    if (Math.min(...cps) >= position) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
