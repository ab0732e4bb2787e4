import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AppendMeta, AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './envelope';
import { MAX_APPEND_BYTES, WrongExpectedVersionError, checkAppendSize, type EventStore } from './event-store';

interface Row {
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
}

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
});

export interface SqliteEventStoreOptions {
  /** How often to look for appends made by other processes sharing the file. */
  pollMs?: number;
  /** Largest append accepted (default MAX_APPEND_BYTES, KurrentDB's default). */
  maxAppendBytes?: number;
}

/** Embedded event store: one SQLite file in WAL mode, fsync on every commit. */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly pollMs: number;
  private readonly maxAppendBytes: number;
  private closed = false;

  private readonly stmts;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.pollMs = options.pollMs ?? 200;
    this.maxAppendBytes = options.maxAppendBytes ?? MAX_APPEND_BYTES;
    this.appended.setMaxListeners(0);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 10000');
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
    this.stmts = {
      byCommand: this.db.prepare<[string, string], { position: number }>(
        'SELECT MAX(position) AS position FROM events WHERE stream = ? AND command_id = ?',
      ),
      streamVersion: this.db.prepare<[string], { v: number | null }>('SELECT MAX(version) AS v FROM events WHERE stream = ?'),
      insert: this.db.prepare(
        `INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id)
         VALUES (@event_id, @stream, @version, @type, @data, @time, @actor_id, @correlation_id, @command_id)`,
      ),
      readStream: this.db.prepare<[string], Row>('SELECT * FROM events WHERE stream = ? ORDER BY version'),
      readAll: this.db.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      head: this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
    };
  }

  private readonly appendTx = (stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): AppendResult => {
    const current = this.stmts.streamVersion.get(stream)?.v ?? -1;
    const earlier = this.stmts.byCommand.get(stream, meta.commandId)?.position;
    if (earlier != null) return { position: earlier, streamVersion: current, duplicate: true };
    if (expected === 'no_stream' ? current !== -1 : expected !== 'any' && expected !== current) {
      throw new WrongExpectedVersionError(stream, expected, current);
    }
    let position = 0;
    let version = current;
    for (const e of events) {
      version += 1;
      const info = this.stmts.insert.run({
        event_id: randomUUID(),
        stream,
        version,
        type: e.type,
        data: JSON.stringify(e.data),
        time: meta.time,
        actor_id: meta.actorId,
        correlation_id: meta.correlationId,
        command_id: meta.commandId,
      });
      position = Number(info.lastInsertRowid);
    }
    return { position, streamVersion: version, duplicate: false };
  };

  async append(stream: string, events: NewEvent[], expected: ExpectedVersion, meta: AppendMeta): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    checkAppendSize(stream, events, meta, this.maxAppendBytes);
    const result = this.db.transaction(this.appendTx).immediate(stream, events, expected, meta);
    if (!result.duplicate) this.appended.emit('append', result.position);
    return result;
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return this.stmts.readStream.all(stream).map(toRecorded);
  }

  async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    return this.stmts.readAll.all(after, limit).map(toRecorded);
  }

  async headPosition(): Promise<number> {
    return this.stmts.head.get()?.p ?? 0;
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
    this.db.close();
  }
}
