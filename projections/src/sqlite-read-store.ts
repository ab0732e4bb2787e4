import Database from 'better-sqlite3';
import {
  CheckpointConflictError,
  asciiLower,
  isComparison,
  isLogical,
  logicalFilters,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type WriteOp,
} from './read-store';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const table = (collection: string) => {
  if (!NAME.test(collection)) throw new Error(`Bad collection name: ${collection}`);
  return `rm_${collection}`;
};
const expr = (path: string) => {
  if (!PATH.test(path)) throw new Error(`Bad field path: ${path}`);
  return path === 'id' ? 'id' : `json_extract(doc, '$.${path}')`;
};
/** `a+b` is a compound index on (a, b, id): it backs a keyset page of `a = ?` sorted by b (see ReadStore.ensureIndexes). */
const indexColumns = (field: string) => {
  const paths = field.split('+');
  return paths.length === 1 ? expr(field) : [...paths.map(expr), 'id'].join(', ');
};
/** The name ensureIndexes gives the index on `field` (`a.b+c` → `ix_rm_x_a_b__c`). */
const indexName = (table: string, field: string) => `ix_${table}_${field.replace(/\./g, '_').replace(/\+/g, '__')}`;
/** SQLite has no booleans: JSON true/false come back from json_extract as 1/0. */
const bind = (v: unknown) => (v === true ? 1 : v === false ? 0 : v === undefined ? null : v);

interface PendingCommit {
  projection: string;
  from: number;
  to: number;
  ops: WriteOp[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Embedded read-model store: one SQLite table per collection, JSON documents, expression indexes. */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly known = new Set<string>();
  private readonly statements = new Map<string, Database.Statement>();

  /** Prepared statements are cached by their SQL text. */
  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * `busyTimeoutMs`: how long a write waits for another connection's (10 s by default). The threads of
   * a parallel rebuild wait longer: the other thread may hold the file for whole runs of commits and
   * index builds.
   */
  constructor(file: string, options: { busyTimeoutMs?: number } = {}) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Read models are rebuilt from the log: a commit needs to be atomic (WAL), not flushed in this thread.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs ?? 10000)}`);
    // 256 MB of page cache at most (the default is 2 MB): a rebuild writes large tables whose ids come
    // in no key order, and their id indexes must stay in memory (64 MB was too little for 1M events).
    this.db.pragma('cache_size = -262144');
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  }

  private ensureTable(collection: string): string {
    const t = table(collection);
    if (!this.known.has(t)) {
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      this.known.add(t);
    }
    return t;
  }

  private where(filter: Filter = {}): { sql: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const [path, cond] of Object.entries(filter)) {
      if (isLogical(path)) {
        const c = this.logical(path, cond);
        parts.push(c.sql);
        params.push(...c.params);
        continue;
      }
      const e = expr(path);
      if (!isComparison(cond)) {
        if (cond === null || cond === undefined) parts.push(`${e} IS NULL`);
        else {
          parts.push(`${e} = ?`);
          params.push(bind(cond));
        }
        continue;
      }
      const [op, arg] = Object.entries(cond)[0] as [string, unknown];
      if (op === '$in') {
        const list = arg as unknown[];
        const nonNull = list.filter((a) => a !== null && a !== undefined);
        const alts: string[] = [];
        if (nonNull.length) {
          alts.push(`${e} IN (${nonNull.map(() => '?').join(',')})`);
          params.push(...nonNull.map(bind));
        }
        if (nonNull.length !== list.length) alts.push(`${e} IS NULL`);
        parts.push(alts.length ? `(${alts.join(' OR ')})` : '0');
      } else if (op === '$ne') {
        if (arg === null || arg === undefined) parts.push(`${e} IS NOT NULL`);
        else {
          parts.push(`(${e} IS NULL OR ${e} != ?)`);
          params.push(bind(arg));
        }
      } else if (op === '$contains') {
        parts.push(`(typeof(${e}) = 'text' AND instr(lower(${e}), ?) > 0)`);
        params.push(asciiLower(String(arg)));
      } else {
        const sym = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
        parts.push(`${e} ${sym} ?`);
        params.push(bind(arg));
      }
    }
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  }

  /** `$and` / `$or` over whole filters, as one parenthesised condition. */
  private logical(key: '$and' | '$or', cond: unknown): { sql: string; params: unknown[] } {
    const subs = logicalFilters(key, cond).map((f) => this.where(f));
    if (!subs.length) return { sql: key === '$and' ? '1' : '0', params: [] };
    const sql = subs
      .map((s) => (s.sql ? `(${s.sql.slice('WHERE '.length)})` : '1'))
      .join(key === '$and' ? ' AND ' : ' OR ');
    return { sql: `(${sql})`, params: subs.flatMap((s) => s.params) };
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const t = this.ensureTable(collection);
    const row = this.stmt(`SELECT doc FROM ${t} WHERE id = ?`).get(id) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as Doc) : null;
  }

  async find(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<Doc[]> {
    const t = this.ensureTable(collection);
    const { sql, params } = this.where(filter);
    // The order rule of FindOptions: insertion order (rowid) without a sort; with one, ties broken by
    // id in the direction of the last key (as the Mongo store does).
    const keys = Object.entries(options.sort ?? {});
    if (keys.length && !keys.some(([p]) => p === 'id')) keys.push(['id', keys[keys.length - 1][1]]);
    const order = keys.length
      ? `ORDER BY ${keys.map(([p, d]) => `${expr(p)} ${d === 1 ? 'ASC' : 'DESC'}`).join(', ')}`
      : 'ORDER BY rowid';
    const limit =
      options.limit != null || options.skip
        ? `LIMIT ${Math.max(0, Math.floor(options.limit ?? -1))} OFFSET ${Math.max(0, Math.floor(options.skip ?? 0))}`
        : '';
    const limitSql = options.limit == null && options.skip ? `LIMIT -1 OFFSET ${Math.floor(options.skip)}` : limit;
    const rows = this.stmt(`SELECT doc FROM ${t} ${sql} ${order} ${limitSql}`).all(...params) as { doc: string }[];
    return rows.map((r) => JSON.parse(r.doc) as Doc);
  }

  async count(collection: string, filter: Filter = {}): Promise<number> {
    const t = this.ensureTable(collection);
    const { sql, params } = this.where(filter);
    return (this.stmt(`SELECT COUNT(*) AS n FROM ${t} ${sql}`).get(...params) as { n: number }).n;
  }

  async ensureIndexes(collection: string, fields: string[]): Promise<void> {
    const t = this.ensureTable(collection);
    for (const f of fields) {
      if (f === 'id') continue;
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(t, f)} ON ${t} (${indexColumns(f)})`);
    }
  }

  async dropIndexesExcept(collection: string, fields: string[]): Promise<void> {
    const t = this.ensureTable(collection);
    const keep = new Set(fields.map((f) => indexName(t, f)));
    const prefix = indexName(t, '');
    const names = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?")
      .all(t, prefix.length, prefix) as { name: string }[];
    for (const { name } of names) if (!keep.has(name)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
  }

  async checkpoint(projection: string): Promise<number> {
    return (
      (
        this.stmt('SELECT position FROM checkpoints WHERE projection = ?').get(projection) as
          { position: number } | undefined
      )?.position ?? 0
    );
  }

  private readonly writeStatements = new Map<string, { put: Database.Statement; delete: Database.Statement }>();
  /** The prepared put and delete of a collection (its table exists: flush made sure). */
  private writers(collection: string) {
    let w = this.writeStatements.get(collection);
    if (!w) {
      const t = table(collection);
      w = {
        put: this.stmt(`INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`),
        delete: this.stmt(`DELETE FROM ${t} WHERE id = ?`),
      };
      this.writeStatements.set(collection, w);
    }
    return w;
  }

  private queue: PendingCommit[] = [];
  private readonly commitOne = (c: PendingCommit, texts: (string | null)[]) => {
    const current =
      (
        this.stmt('SELECT position FROM checkpoints WHERE projection = ?').get(c.projection) as
          { position: number } | undefined
      )?.position ?? 0;
    if (current !== c.from) throw new CheckpointConflictError(c.projection, c.from, current);
    c.ops.forEach((op, i) => {
      const w = this.writers(op.collection);
      if (op.op === 'put') w.put.run(op.doc.id, texts[i]);
      else w.delete.run(op.id);
    });
    this.stmt(
      'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position',
    ).run(c.projection, c.to);
  };

  /**
   * Group commit: the commits of one turn of the event loop (the runner commits every projection
   * that read the same batch at once) go into one transaction and one fsync, each in a savepoint of
   * its own so that a checkpoint conflict refuses that commit alone. No timer: a lone commit waits
   * for the end of the turn only.
   */
  commit(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.queue.push({ projection, from, to, ops, resolve, reject }) === 1) setImmediate(this.flush);
    });
  }

  private readonly flush = () => {
    const batch = this.queue;
    this.queue = [];
    const outcomes: unknown[] = [];
    try {
      if (!this.db.open) throw new Error('The read store is closed');
      for (const c of batch) for (const op of c.ops) this.ensureTable(op.collection);
      // Serialised before the write lock is taken: another connection's writes (a rebuild's other thread) go on meanwhile.
      const texts = batch.map((c) => {
        try {
          return c.ops.map((op) => (op.op === 'put' ? JSON.stringify(op.doc) : null));
        } catch (err) {
          return err; // refuses this commit alone, in its turn
        }
      });
      const one = this.db.transaction(this.commitOne);
      this.db
        .transaction(() => {
          for (const [i, c] of batch.entries()) {
            try {
              const t = texts[i];
              if (!Array.isArray(t)) throw t;
              one(c, t);
              outcomes.push(null);
            } catch (err) {
              outcomes.push(err ?? new Error('commit failed'));
            }
          }
        })
        .immediate();
    } catch (err) {
      for (const c of batch) c.reject(err);
      return;
    }
    batch.forEach((c, i) => (outcomes[i] ? c.reject(outcomes[i]) : c.resolve()));
  };

  /**
   * Drops and recreates the tables, so their secondary indexes go too: the rebuild writes without
   * them, and ensureIndexes builds them once the documents are in.
   */
  async reset(projection: string, collections: string[]): Promise<void> {
    this.db
      .transaction(() => {
        for (const c of collections) {
          const t = this.ensureTable(c);
          this.db.exec(`DROP TABLE ${t}`);
          this.known.delete(t);
          this.ensureTable(c);
        }
        this.stmt('DELETE FROM checkpoints WHERE projection = ?').run(projection);
      })
      .immediate();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
