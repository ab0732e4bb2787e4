import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import type { AppendMeta, AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './envelope';
import { uuidv7 } from './ids';
import {
  MAX_APPEND_BYTES,
  WrongExpectedVersionError,
  checkAppendSize,
  type EventStore,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StartCheck,
} from './event-store';
import { hash } from 'node:crypto';
import {
  ChainVerifier,
  GENESIS_HASH,
  eventContentHash,
  linkAfter,
  type ChainLink,
  type ChainReport,
} from './hash-chain';
import { CompactRange, leafHash, leafHashOfHex } from './merkle';
import { SqliteLogTree } from './sqlite-log-tree';

export interface Row {
  position: number;
  event_id: string;
  stream: string;
  version: number;
  type: string;
  data: string;
  time: string;
  actor_id: string | null;
  correlation_id: string;
  command_id: string | null;
  content_hash: string | null;
  prev_hash: string | null;
  hash: string | null;
}

/** The fields of a stored row an event's content hash covers (docs/rules.md#hash-chain). */
export const fieldsOf = (r: Row) => ({
  eventId: r.event_id,
  stream: r.stream,
  streamVersion: r.version,
  type: r.type,
  time: r.time,
  actorId: r.actor_id,
  correlationId: r.correlation_id,
  commandId: r.command_id,
});

/** Hash-chain columns (docs/rules.md#hash-chain); added to logs written before them, then chained by migrateHashChain. */
function addChainColumns(db: Database.Database) {
  const columns = new Set((db.prepare('PRAGMA table_info(events)').all() as { name: string }[]).map((c) => c.name));
  for (const c of ['content_hash', 'prev_hash', 'hash'])
    if (!columns.has(c)) db.exec(`ALTER TABLE events ADD COLUMN ${c} TEXT`);
  db.exec('CREATE INDEX IF NOT EXISTS events_unchained ON events (position) WHERE hash IS NULL');
}

/**
 * Chains a log none of whose events has a hash yet (written before the chain existed), as it is, in
 * global order. A log with any hashed event is never chained again: an event without a hash there is
 * an alteration, which checkAtStart reports (docs/rules.md#never-rechain). Idempotent; one transaction.
 */
function chainAfresh(db: Database.Database): number {
  const anyHashed = db.prepare<[], { x: number }>('SELECT EXISTS (SELECT 1 FROM events WHERE hash IS NOT NULL) AS x');
  const anyEvent = db.prepare<[], { x: number }>('SELECT EXISTS (SELECT 1 FROM events) AS x');
  const page = db.prepare<[number, number], Row>('SELECT * FROM events WHERE position >= ? ORDER BY position LIMIT ?');
  const update = db.prepare('UPDATE events SET content_hash = ?, prev_hash = ?, hash = ? WHERE position = ?');
  return db
    .transaction(() => {
      if (anyHashed.get()!.x || !anyEvent.get()!.x) return 0;
      let prev = GENESIS_HASH;
      let count = 0;
      for (let from = 0; ;) {
        const rows = page.all(from, 5000);
        if (!rows.length) break;
        for (const r of rows) {
          const link = linkAfter(prev, fieldsOf(r), r.data);
          update.run(link.contentHash, link.prevHash, link.hash, r.position);
          prev = link.hash;
          count += 1;
        }
        from = rows[rows.length - 1].position + 1;
      }
      return count;
    })
    .immediate();
}

export interface VerifyOptions {
  /** Events between two turns of the event loop (default 1,000: about 7 ms of a thread's time). */
  pageSize?: number;
  /** Start after this position, whose chain hash is `head` (default: from the first event). */
  from?: { after: number; head: string };
  /**
   * From the first event only: the roots the log must have at these sizes (its signed checkpoints,
   * docs/rules.md#log-checkpoints); a log that does not is reported `not_in_checkpoint` at that size.
   */
  roots?: { tree_size: number; root: Buffer }[];
  /** From the first event only: takes every event's leaf hash, so that the caller knows the tree's root. */
  range?: CompactRange;
}

/** The checkpoints kept in a SQLite log, none in a file written before them. */
export function storedCheckpoints(db: Database.Database): { tree_size: number; root: Buffer }[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log_checkpoints'").get();
  return table
    ? db
        .prepare<[], { tree_size: number; root: Buffer }>(
          'SELECT tree_size, root FROM log_checkpoints ORDER BY tree_size',
        )
        .all()
    : [];
}

/**
 * The text of an event's content hash (`contentText` in hash-chain.ts) as SQLite writes it: its
 * json_array quotes every character as JSON.stringify does (every code point compared in
 * sqlite-hash-chain.int.test.ts), integers without a fraction, NULL as null. A column holding a type the
 * store never writes (a REAL version, a BLOB) may be written otherwise; contentText decides then.
 */
export const CONTENT_SQL =
  'json_array(event_id, stream, version, type, time, actor_id, correlation_id, command_id) || char(10) || data';

/**
 * Checks the hash chain of a SQLite event log (also used offline by `npm run verify-log`, on a
 * read-only connection), and the roots of the Merkle tree over it at the sizes given
 * (docs/rules.md#log-tree). Hashes the stored data text as it is; yields to the event loop between pages.
 *
 * As fast as a plain read of the log (docs/benchmarks.md#verifiable-log): a page is one statement's
 * rows taken one at a time (`iterate`, none kept: with pages held as arrays, the garbage collector took
 * a third of the time), each row the content's text made by SQLite (one string where there were nine
 * and a JSON.stringify), its hash, and the leaf and node hashes written into buffers kept for them.
 */
export async function verifySqliteLog(db: Database.Database, options: VerifyOptions = {}): Promise<ChainReport> {
  // A server answers requests between pages while it re-hashes: at 10,000 a page held the thread 65 ms and a
  // request, which needs several turns, waited 130 to 250 ms (docs/benchmarks.md#verifiable-log).
  const pageSize = options.pageSize ?? 1_000;
  const from = options.from ?? { after: 0, head: GENESIS_HASH };
  const range = options.roots || options.range ? (options.range ?? new CompactRange()) : null;
  const roots = [...(options.roots ?? [])].sort((a, b) => a.tree_size - b.tree_size);
  let nextRoot = 0;
  const columns = new Set((db.prepare('PRAGMA table_info(events)').all() as { name: string }[]).map((c) => c.name));
  const chained = columns.has('hash');
  type Raw = [
    position: number,
    content: string,
    contentHash: string | null,
    prevHash: string | null,
    hash: string | null,
  ];
  const page = db
    .prepare<[number, number], Raw>(
      `SELECT position, ${CONTENT_SQL}, ${chained ? 'content_hash, prev_hash, hash' : 'NULL, NULL, NULL'}
       FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    )
    .raw(true);
  const one = db.prepare<[number], Row>('SELECT * FROM events WHERE position = ?');
  const verifier = new ChainVerifier(from.head);
  /** Checks an event's link and takes it into the tree; false at the first fault. */
  const take = (position: number, computed: string | null, link: { [K in keyof ChainLink]: string | null }) => {
    if (!verifier.checkLink(position, computed, link)) return false;
    if (!range) return true;
    range.push(leafHashOfHex(link.contentHash!));
    for (; nextRoot < roots.length && roots[nextRoot].tree_size <= range.size; nextRoot++)
      if (roots[nextRoot].tree_size < range.size || !range.root().equals(roots[nextRoot].root))
        return verifier.fail(roots[nextRoot].tree_size, 'not_in_checkpoint');
    return true;
  };
  for (let after = from.after; ;) {
    let read = 0;
    let differs: number | null = null;
    for (const row of page.iterate(after, pageSize)) {
      read += 1;
      const computed = row[2] ? hash('sha256', row[1], 'hex') : null;
      // Another statement waits for this one's end: the event is read again below.
      if (computed !== row[2]) {
        differs = row[0];
        break;
      }
      if (!take(row[0], computed, { contentHash: row[2], prevHash: row[3], hash: row[4] })) return verifier.report();
      after = row[0];
    }
    if (differs !== null) {
      const r = one.get(differs)!;
      const computed = r.content_hash && eventContentHash(fieldsOf(r), r.data);
      if (!take(differs, computed, { contentHash: r.content_hash, prevHash: r.prev_hash, hash: r.hash }))
        return verifier.report();
      after = differs;
      continue;
    }
    if (!read) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  // A log shorter than a checkpoint has lost its newest events.
  if (nextRoot < roots.length) verifier.fail(roots[nextRoot].tree_size, 'not_in_checkpoint');
  return verifier.report();
}

/** The columns of an event but its chain link's (readAll with `chain: false`). */
const UNCHAINED = 'position, event_id, stream, version, type, data, time, actor_id, correlation_id, command_id';
/** UNCHAINED's columns as an array (better-sqlite3's raw mode: no object per row, a tenth of a long read). */
type UnchainedRaw = [number, string, string, number, string, string, string, string | null, string, string | null];
const fromUnchainedRaw = (r: UnchainedRaw): RecordedEvent => ({
  eventId: r[1],
  type: r[4],
  stream: r[2],
  streamVersion: r[3],
  position: r[0],
  time: r[6],
  actorId: r[7],
  correlationId: r[8],
  commandId: r[9],
  data: JSON.parse(r[5]),
});
const toRecorded = (r: Row): RecordedEvent => ({
  eventId: r.event_id,
  type: r.type,
  stream: r.stream,
  streamVersion: r.version,
  position: r.position,
  time: r.time,
  actorId: r.actor_id,
  correlationId: r.correlation_id,
  commandId: r.command_id,
  data: JSON.parse(r.data),
  chain: r.hash ? { contentHash: r.content_hash!, prevHash: r.prev_hash!, hash: r.hash } : null,
});

interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedVersion;
  meta: AppendMeta;
  resolve: (r: AppendResult) => void;
  reject: (err: unknown) => void;
}

type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

export interface SqliteEventStoreOptions {
  /** How often to look for appends made by other processes sharing the file. */
  pollMs?: number;
  /** Largest append accepted (default MAX_APPEND_BYTES, KurrentDB's default). */
  maxAppendBytes?: number;
}

/**
 * Pages the write-ahead log holds before the commit that passes them copies them into the file (SQLite's
 * checkpoint, in the committing thread, flushing both files): 1,000 by default. Every commit rewrites the
 * same few pages (the newest of the table and of each index), and a checkpoint copies each page once, so
 * a longer log copies less per append. Under section 5's load (16 connections, four runs of 9.5 s each
 * way), checkpoints took 24 us of the HTTP thread per append at 1,000 pages and 12.5 us at 4,000: about 90
 * of them a run against 35, each about 5 ms in which that thread answers nothing. 4,000 pages (16 MB) stay
 * within the first block of the log's index (4,062 frames), which a read of a page looks up.
 */
export const WAL_CHECKPOINT_PAGES = 4000;

/**
 * Embedded event store: one SQLite file in WAL mode. Every commit is made durable (fdatasync of the
 * write-ahead log) before an append answers and before any reader of the whole log sees it; the
 * fdatasync runs off the event loop (libuv's thread pool), so requests and projections go on while
 * the disk flushes, and the commits of that time share the next flush.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  /** The write-ahead log, opened for fdatasync (a flush covers every frame written to it by any process); null in memory. */
  private readonly walFd: number | null;
  /** Every event up to this position is known to be on disk. */
  private durable = 0;
  /** Position the next flush makes durable, the flush in flight, and who waits for which position. */
  private wanted = 0;
  private flushing = false;
  private syncWaiters: { position: number; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private readonly appended = new EventEmitter();
  private readonly pollMs: number;
  private readonly maxAppendBytes: number;
  private closed = false;
  /**
   * Events chained when the file was opened: a log none of whose events had a hash (from before
   * docs/rules.md#hash-chain); 0 for any other log (docs/rules.md#never-rechain).
   */
  readonly migratedOnOpen: number;
  /** The log's Merkle tree and its signed checkpoints (docs/rules.md#log-tree). */
  readonly tree: SqliteLogTree;

  private readonly stmts;
  /** Commits every queued append in one transaction (one fsync); each append in a savepoint of its own. */
  private readonly commitBatch: Database.Transaction<(batch: PendingAppend[]) => AppendOutcome[]>;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.pollMs = options.pollMs ?? 200;
    this.maxAppendBytes = options.maxAppendBytes ?? MAX_APPEND_BYTES;
    this.appended.setMaxListeners(0);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL: a commit writes the WAL without flushing it in this thread; syncTo flushes it before
    // anything depends on the commit (checkpoints into the main file still flush both files).
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        stream TEXT NOT NULL,
        version INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        time TEXT NOT NULL,
        actor_id TEXT,
        correlation_id TEXT NOT NULL,
        command_id TEXT,
        UNIQUE (stream, version)
      );
      CREATE INDEX IF NOT EXISTS events_by_command ON events (stream, command_id) WHERE command_id IS NOT NULL;
    `);
    this.db.transaction(() => addChainColumns(this.db)).immediate();
    this.migratedOnOpen = chainAfresh(this.db);
    this.tree = new SqliteLogTree(this.db);
    // Chaining rewrote those events in one transaction, so the WAL holds a copy of them: moved into the
    // file and emptied, it neither keeps that disk space nor makes every later read look pages up in it.
    if (this.migratedOnOpen > 0) this.db.pragma('wal_checkpoint(TRUNCATE)');
    // The WAL exists from the first write of an open connection and stays while any is open.
    this.walFd = this.db.memory ? null : openSync(`${file}-wal`, 'r');
    this.stmts = {
      byCommand: this.db.prepare<[string, string], { position: number }>(
        'SELECT MAX(position) AS position FROM events WHERE stream = ? AND command_id = ?',
      ),
      streamVersion: this.db.prepare<[string], { v: number | null }>(
        'SELECT MAX(version) AS v FROM events WHERE stream = ?',
      ),
      insert: this.db.prepare(
        `INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id, content_hash, prev_hash, hash)
         VALUES (@event_id, @stream, @version, @type, @data, @time, @actor_id, @correlation_id, @command_id, @content_hash, @prev_hash, @hash)`,
      ),
      headHash: this.db.prepare<[], { hash: string | null }>('SELECT hash FROM events ORDER BY position DESC LIMIT 1'),
      readStream: this.db.prepare<[string, number], Row>(
        'SELECT * FROM events WHERE stream = ? AND version >= ? ORDER BY version',
      ),
      // A command's load folds a stream without its chain link: a third fewer bytes and no object per row.
      readStreamUnchained: this.db
        .prepare<[string, number], UnchainedRaw>(
          `SELECT ${UNCHAINED} FROM events WHERE stream = ? AND version >= ? ORDER BY version`,
        )
        .raw(),
      readAll: this.db.prepare<[number, number], Row>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      // A rebuild's threads read the whole log: its three hashes are a fifth of a row's read and of its objects.
      readAllUnchained: this.db
        .prepare<[number, number], UnchainedRaw>(
          `SELECT ${UNCHAINED} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
        )
        .raw(),
      head: this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
    };
    // Nested in the batch's transaction, better-sqlite3 runs this one as a savepoint: a refused
    // append rolls back alone and the others in the batch still commit.
    const appendOne = this.db.transaction(this.appendTx);
    this.commitBatch = this.db.transaction((batch: PendingAppend[]) => {
      // Each batch reads the head afresh: another connection may have appended since the last one.
      this.batchHead = null;
      return batch.map((a): AppendOutcome => {
        try {
          return { ok: true, result: appendOne(a.stream, a.events, a.expected, a.meta) };
        } catch (error) {
          return { ok: false, error };
        }
      });
    });
  }

  private readonly appendTx = (
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    meta: AppendMeta,
  ): AppendResult => {
    const current = this.stmts.streamVersion.get(stream)?.v ?? -1;
    const earlier = this.stmts.byCommand.get(stream, meta.commandId)?.position;
    if (earlier != null) return { position: earlier, streamVersion: current, duplicate: true };
    if (expected === 'no_stream' ? current !== -1 : expected !== 'any' && expected !== current) {
      throw new WrongExpectedVersionError(stream, expected, current);
    }
    let position = 0;
    let version = current;
    // Inside the (immediate, so file-wide) transaction: the head cannot move under us. An earlier
    // append of the same batch left it in batchHead (a refused append rolls back without touching it).
    let prev = this.batchHead ?? this.stmts.headHash.get()?.hash ?? GENESIS_HASH;
    const recorded: RecordedEvent[] = [];
    for (const e of events) {
      version += 1;
      // Field by field: spread from another object with more fields after it, an append of one event in a
      // group commit of 16 took 42 µs of this thread instead of 37.
      const stored: Row = {
        position: 0,
        event_id: uuidv7(),
        stream,
        version,
        type: e.type,
        data: JSON.stringify(e.data),
        time: meta.time,
        actor_id: meta.actorId,
        correlation_id: meta.correlationId,
        command_id: meta.commandId,
        content_hash: null,
        prev_hash: null,
        hash: null,
      };
      const link = linkAfter(prev, fieldsOf(stored), stored.data);
      stored.content_hash = link.contentHash;
      stored.prev_hash = link.prevHash;
      stored.hash = link.hash;
      stored.position = Number(this.stmts.insert.run(stored).lastInsertRowid);
      position = stored.position;
      prev = link.hash;
      // As a read gives it back (its data parsed from the JSON stored, not the caller's object).
      recorded.push(toRecorded(stored));
    }
    this.batchHead = prev;
    return { position, streamVersion: version, duplicate: false, recorded };
  };

  /** Hash of the last event an append of the batch being committed wrote (null: read it from the log). */
  private batchHead: string | null = null;

  private queue: PendingAppend[] = [];
  /** Append transactions committed (each one fsync) by this instance: fewer than appends under load. */
  commits = 0;

  /**
   * Group commit: appends made while the event loop is busy (concurrent requests, each to its own
   * stream) wait for the end of the current turn and are committed together in one transaction and
   * one fsync. Each keeps its own version check and idempotency; a lone append waits for nothing
   * but that turn (setImmediate, no timer).
   */
  append(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    try {
      checkAppendSize(stream, events, meta, this.maxAppendBytes);
    } catch (err) {
      return Promise.reject(err);
    }
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      if (this.queue.push({ stream, events, expected, meta, resolve, reject }) === 1) setImmediate(this.flush);
    });
  }

  private readonly flush = () => {
    this.commitQueued(null);
  };

  /**
   * Commits the queued appends, and `now` after them, in one transaction. The queued ones answer once a
   * flush covers them; `now`'s outcome is given back to its caller, who makes it durable.
   */
  private commitQueued(now: PendingAppend | null): AppendOutcome | null {
    const batch = this.queue;
    this.queue = [];
    if (now) batch.push(now);
    if (!batch.length) return null;
    let outcomes: AppendOutcome[];
    try {
      if (this.closed) throw new Error('The event store is closed');
      outcomes = this.commitBatch.immediate(batch);
      this.commits += 1;
    } catch (error) {
      for (const a of batch) if (a !== now) a.reject(error);
      if (now) throw error;
      return null;
    }
    const queued = now ? batch.slice(0, -1) : batch;
    if (queued.length) {
      // An append answers once its events are on disk: a duplicate's too (its first append may still be flushing).
      let last = 0;
      for (let i = 0; i < queued.length; i++) {
        const o = outcomes[i];
        if (o.ok) last = Math.max(last, o.result.position);
      }
      const answer = (err?: unknown) => {
        let head = 0;
        queued.forEach((a, i) => {
          const o = outcomes[i];
          if (!o.ok) return a.reject(o.error);
          if (err) return a.reject(err);
          if (!o.result.duplicate) head = Math.max(head, o.result.position);
          a.resolve(o.result);
        });
        if (head) this.appended.emit('append', head);
      };
      this.syncTo(last).then(() => answer(), answer);
    }
    return now ? outcomes[outcomes.length - 1] : null;
  }

  /**
   * The append is committed with any appends queued for the end of this turn, in their transaction.
   * `durable()` makes no hop to libuv's thread pool and back, whose wake-ups on a busy machine were most of
   * an audit read's tail (docs/benchmarks.md, "An audit read's record flushed on its own thread").
   */
  commitNow(
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    meta: AppendMeta,
  ): { result: AppendResult; durable: () => void } {
    if (events.length === 0) throw new Error('append needs at least one event');
    checkAppendSize(stream, events, meta, this.maxAppendBytes);
    const outcome = this.commitQueued({ stream, events, expected, meta, resolve: () => {}, reject: () => {} })!;
    if (!outcome.ok) throw outcome.error;
    const result = outcome.result;
    let told = false;
    return {
      result,
      durable: () => {
        if (told) return;
        if (result.position > this.durable && this.walFd !== null) {
          fdatasyncSync(this.walFd);
          this.durable = Math.max(this.durable, result.position);
        }
        told = true;
        if (!result.duplicate) this.appended.emit('append', result.position);
      },
    };
  }

  /**
   * Resolves once every event up to `position` is on disk. Flushes run one at a time: a commit made
   * while one is in flight waits for the next, which covers every commit made before it starts.
   */
  private syncTo(position: number): Promise<void> {
    if (position <= this.durable || this.walFd === null) return Promise.resolve();
    this.wanted = Math.max(this.wanted, position);
    return new Promise((resolve, reject) => {
      this.syncWaiters.push({ position, resolve, reject });
      this.startSync();
    });
  }

  private startSync(): void {
    if (this.flushing || this.wanted <= this.durable || this.walFd === null) return;
    this.flushing = true;
    const target = this.wanted;
    fdatasync(this.walFd, (err) => {
      this.flushing = false;
      if (!err) this.durable = Math.max(this.durable, target);
      const waiting = this.syncWaiters;
      this.syncWaiters = [];
      for (const w of waiting) {
        if (err) w.reject(err);
        else if (w.position <= this.durable) w.resolve();
        else this.syncWaiters.push(w);
      }
      if (err) this.wanted = this.durable;
      this.startSync();
    });
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = Math.max(0, options.fromRevision ?? 0);
    return options.chain === false
      ? this.stmts.readStreamUnchained.all(stream, from).map(fromUnchainedRaw)
      : this.stmts.readStream.all(stream, from).map(toRecorded);
  }

  /**
   * Only durable events: a read model or reactor must never get ahead of what a crash keeps, so
   * events committed but not yet flushed (by this process or another one on the file) are flushed first,
   * or left to a later read when events before them are known to be on disk (see readDurableFrom).
   */
  async readAll(after: number, limit: number, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    let events =
      options.chain === false
        ? this.stmts.readAllUnchained.all(after, limit).map(fromUnchainedRaw)
        : this.stmts.readAll.all(after, limit).map(toRecorded);
    if (this.durableElsewhere) {
      // Told how far the log is flushed: the events already on disk come without a flush (fewer than
      // `limit`, the rest at the next read); a flush only when none of them is.
      this.durable = Math.max(this.durable, this.durableElsewhere());
      const notOnDisk = events.findIndex((e) => e.position > this.durable);
      if (notOnDisk > 0) events = events.slice(0, notOnDisk);
    }
    // Nothing to flush when every event read is known to be on disk (syncTo answers at once).
    if (events.length) await this.syncTo(events[events.length - 1].position);
    return events;
  }

  async headPosition(): Promise<number> {
    return this.stmts.head.get()?.p ?? 0;
  }

  /** The chain, and the tree's roots at every checkpoint kept (docs/rules.md#log-checkpoints). */
  verifyChain(): Promise<ChainReport> {
    return verifySqliteLog(this.db, { roots: storedCheckpoints(this.db) });
  }

  /**
   * The quick checks before a server answers (docs/rules.md#never-rechain): no event lacks a hash (the
   * partial index finds one at once), and the events since the last checkpoint chain onto it (all of
   * them while there is none).
   */
  async checkAtStart(): Promise<StartCheck> {
    const unchained = this.db
      .prepare<[], { p: number | null }>('SELECT MIN(position) AS p FROM events WHERE hash IS NULL')
      .get()?.p;
    if (unchained != null) return { ok: false, position: unchained, fault: 'unchained' };
    const last = this.tree.latestCheckpoint();
    let from: VerifyOptions['from'];
    if (last) {
      // The events since it chain onto it: the tree still has its root, the event at its size still has
      // the content hash of its leaf, and every event from that one on is checked in full.
      const n = last.tree_size;
      const content = this.tree.contentHashAt(n);
      if (
        this.tree.size() < n ||
        !this.tree.root(n).equals(last.root) ||
        !content ||
        !leafHash(Buffer.from(content, 'hex')).equals(this.tree.leaf(n - 1))
      )
        return { ok: false, position: n, fault: 'not_in_checkpoint' };
      const prev = this.db
        .prepare<[number], { prev_hash: string }>('SELECT prev_hash FROM events WHERE position = ?')
        .get(n);
      from = { after: n - 1, head: prev!.prev_hash };
    }
    const report = await verifySqliteLog(this.db, { from });
    if (!report.ok) return { ok: false, position: report.first_bad_position!, fault: report.fault! };
    return { ok: true, checked: report.events, chainedAfresh: this.migratedOnOpen };
  }

  /** Calls `listener` with the new head after each durable append made through this instance. */
  onAppend(listener: (head: number) => void): () => void {
    this.appended.on('append', listener);
    return () => this.appended.off('append', listener);
  }

  /**
   * Where another connection to this file (the HTTP thread of a worker's process) tells how far it has
   * flushed the log: every event up to there is on disk (its flush covered every frame written before
   * it), so a read of the whole log gives those events without flushing it again. Only for a reader
   * that reads on until the head (a runner, a reactor): a read may then give fewer than its `limit`.
   */
  readDurableFrom(source: () => number): void {
    this.durableElsewhere = source;
  }
  private durableElsewhere: (() => number) | null = null;

  /**
   * Another connection to this file (a worker thread of this process) appended up to `position` and
   * made it durable: wakes waitForAppend now rather than at its next poll, and readAll flushes nothing again.
   */
  appendedElsewhere(position: number): void {
    if (this.closed) return;
    this.durable = Math.max(this.durable, position);
    this.appended.emit('append', position);
  }

  waitForAppend(after: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closed || signal?.aborted) return resolve(false);
      let done = false;
      const finish = (value: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.appended.off('append', onAppend);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onAppend = (position: number) => position > after && finish(true);
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), timeoutMs);
      // Appends by other processes sharing the file are seen by polling.
      const poll = setInterval(() => {
        if (this.closed) return finish(false);
        if ((this.stmts.head.get()?.p ?? 0) > after) finish(true);
      }, this.pollMs);
      this.appended.on('append', onAppend);
      signal?.addEventListener('abort', onAbort);
      if ((this.stmts.head.get()?.p ?? 0) > after) finish(true);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Appends already committed still answer (once flushed) before the file is closed.
    await this.syncTo(this.wanted).catch(() => {});
    this.db.close();
    if (this.walFd !== null) closeSync(this.walFd);
  }
}
