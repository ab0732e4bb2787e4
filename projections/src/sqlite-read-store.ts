import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import {
  CheckpointConflictError,
  asciiLower,
  collectionName,
  fieldPath,
  isComparison,
  isLogical,
  logicalFilters,
  searchedFields,
  sortKeys,
  storedName as table,
  topField,
  type CollectionRef,
  type Doc,
  type DocReads,
  type Filter,
  type FindOptions,
  type ReadStore,
  type WriteOp,
} from './read-store';

const expr = (path: string, row = '') =>
  fieldPath(path) === 'id' ? `${row}id` : `json_extract(${row}doc, '$.${path}')`;
const indexColumns = (field: string) => {
  const paths = field.split('+');
  return paths.length === 1 ? expr(field) : [...paths.map((p) => expr(p)), 'id'].join(', ');
};
/** The name ensureIndexes gives the index on `field` (`a.b+c` → `ix_rm_x_a_b__c`). */
const indexName = (t: string, field: string) => `ix_${t}_${field.replace(/\./g, '_').replace(/\+/g, '__')}`;

/** `fts_rm_x_Name`, `fts_rm_x_Name__Email`; triggers `<name>_ai`, `_au`, `_ad`; one field's column is `v`. */
const searchName = (t: string, fields: string[]) => `fts_${t}_${fields.map((f) => f.replace(/\./g, '_')).join('__')}`;
const ONE_FIELD = 'v';
const searchColumns = (fields: string[]) => (fields.length === 1 ? [ONE_FIELD] : fields);
/** Drops a search index: its triggers, its table, and the table of text an earlier version kept beside it. */
const dropSearch = (fts: string) => [
  ...['ai', 'au', 'ad'].map((x) => `DROP TRIGGER IF EXISTS ${fts}_${x}`),
  `DROP TABLE IF EXISTS ${fts}`,
  `DROP TABLE IF EXISTS ${fts}_text`,
];
/** docs/architecture.md#sqlite-read-store */
const searchSql = (t: string, fields: string[]) => {
  const fts = searchName(t, fields);
  const columns = searchColumns(fields)
    .map((c) => `"${c}"`)
    .join(', ');
  const isText = (row: string, f: string) => `typeof(${expr(f, row)}) = 'text'`;
  const values = (row: string) =>
    fields.map((f) => `CASE WHEN ${isText(row, f)} THEN lower(${expr(f, row)}) END`).join(', ');
  const insert = (row: string, from = '') =>
    `INSERT INTO ${fts} (rowid, ${columns}) SELECT ${row}rowid, ${values(row)} ${from} WHERE ${fields.map((f) => isText(row, f)).join(' OR ')}`;
  const changed = fields.map((f) => `${expr(f, 'old.')} IS NOT ${expr(f, 'new.')}`).join(' OR ');
  const deleteOld = `DELETE FROM ${fts} WHERE rowid = old.rowid;`;
  return [
    ...dropSearch(fts),
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
    insert(`${t}.`, `FROM ${t}`),
    `INSERT INTO ${fts} (${fts}) VALUES ('optimize')`,
    `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${t} BEGIN ${insert('new.')}; END`,
    `CREATE TRIGGER ${fts}_au AFTER UPDATE ON ${t} WHEN ${changed} BEGIN ${deleteOld} ${insert('new.')}; END`,
    `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${t} BEGIN ${deleteOld} END`,
  ];
};
/** An FTS5 phrase: the text in double quotes (a quote in it doubled), every character literal. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

function orderBy(sort: FindOptions['sort']): string {
  const keys = sortKeys(sort ?? {});
  return keys.length
    ? `ORDER BY ${keys.map(([p, d]) => `${expr(p)} ${d === 1 ? 'ASC' : 'DESC'}`).join(', ')}`
    : 'ORDER BY rowid';
}
const limitSql = ({ limit, skip }: FindOptions) =>
  limit != null || skip
    ? `LIMIT ${limit != null ? Math.max(0, Math.floor(limit)) : -1} OFFSET ${Math.max(0, Math.floor(skip ?? 0))}`
    : '';

/** SQLite has no booleans: JSON true/false come back from json_extract as 1/0. */
const bind = (v: unknown) => (v === true ? 1 : v === false ? 0 : v === undefined ? null : v);

/** Every connection to a read-model file, this store's and its writer thread's (docs/architecture.md#sqlite-read-store). */
const connectionPragmas = (busyTimeoutMs: number) => [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  `busy_timeout = ${Math.floor(busyTimeoutMs)}`,
  'cache_size = -262144',
];
const CHECKPOINT_OF = 'SELECT position FROM checkpoints WHERE projection = ?';
const MOVE_CHECKPOINT =
  'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position';
/** The put into table `t` after a bulk reset: each document is new (see SqliteReadStore.bulk). */
const bulkPut = (t: string) => `INSERT INTO ${t} (id, doc) VALUES (?, ?)`;

export interface SqliteReadStoreOptions {
  /** How long a write waits for another connection's (10 s by default). */
  busyTimeoutMs?: number;
  /** A rebuild's thread: bulk puts are inserted by a writer thread (docs/architecture.md#sqlite-read-store). */
  bulkWriter?: boolean;
}

interface PendingCommit {
  projection: string;
  from: number;
  to: number;
  ops: WriteOp[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** The writer thread of a store made with `bulkWriter` (bulk-writer.mjs). */
class BulkWriter {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, Omit<PendingCommit, 'to' | 'ops'>>();

  constructor(file: string, busyTimeoutMs: number) {
    this.worker = new Worker(new URL('./bulk-writer.mjs', import.meta.url), {
      workerData: {
        file,
        pragmas: connectionPragmas(busyTimeoutMs),
        sql: { checkpointOf: CHECKPOINT_OF, moveCheckpoint: MOVE_CHECKPOINT, bulkPut: bulkPut('$table') },
      },
    });
    this.worker.on('message', (m: { id: number; conflict?: number; error?: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error !== undefined) w.reject(new Error(m.error));
      else if (m.conflict !== undefined) w.reject(new CheckpointConflictError(w.projection, w.from, m.conflict));
      else w.resolve();
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) =>
      this.failAll(new Error(`The read store's writer thread stopped (exit code ${code})`)),
    );
  }

  write(projection: string, from: number, to: number, rows: { tables: string[]; ids: string[]; texts: string[] }) {
    return new Promise<void>((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { projection, from, resolve, reject });
      this.worker.postMessage({ id, projection, from, to, ...rows });
    });
  }

  private failAll(err: unknown) {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** docs/architecture.md#sqlite-read-store */
export class SqliteReadStore implements ReadStore {
  readonly commitsInOrder = true;
  readonly readsInline = true;
  private readonly db: Database.Database;
  private readonly known = new Set<string>();
  private readonly statements = new Map<string, Database.Statement>();
  private readonly schemaVersion: Database.Statement;
  private bulkWriter: BulkWriter | null = null;
  /** The last commit made with a writer thread, settled or not (see commit). */
  private lastCommit: Promise<void> = Promise.resolve();

  constructor(file: string, options: SqliteReadStoreOptions = {}) {
    const busyTimeoutMs = options.busyTimeoutMs ?? 10000;
    this.db = new Database(file);
    for (const pragma of connectionPragmas(busyTimeoutMs)) this.db.pragma(pragma);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL)');
    this.schemaVersion = this.db.prepare('PRAGMA schema_version').pluck();
    // Only now: the writer thread prepares its statements over the checkpoints table as it starts.
    if (options.bulkWriter) this.bulkWriter = new BulkWriter(file, busyTimeoutMs);
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  private ensureTable(collection: string): string {
    const t = table(collection);
    if (!this.known.has(t)) {
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      this.known.add(t);
    }
    return t;
  }

  /**
   * The WHERE clause of `filter` on table `t`; a `$contains` reads the field's search index when it has one
   * (`page`: the rows a sorted page reads, see `matching`).
   */
  private where(t: string, filter: Filter = {}, top = true, page?: number): { sql: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    // Named by id: found by the index of ids, `+` keeps SQLite from choosing another index for the rest.
    const byId = top && (typeof filter.id === 'string' || (isComparison(filter.id) && '$in' in filter.id));
    for (const [path, cond] of Object.entries(filter)) {
      const fields = path === '$or' ? this.searchedTogether(t, logicalFilters(path, cond)) : null;
      if (fields) {
        const match = `{${fields.columns.map((c) => `"${c}"`).join(' ')}} : ${phrase(fields.text)}`;
        parts.push(this.matching(t, fields.fts, match, page));
        params.push(match);
        continue;
      }
      if (isLogical(path)) {
        const subs = logicalFilters(path, cond).map((f) => this.where(t, f, top && path === '$and', page));
        const joined = subs.map((s) => (s.sql ? `(${s.sql.slice('WHERE '.length)})` : '1'));
        parts.push(
          joined.length ? `(${joined.join(path === '$and' ? ' AND ' : ' OR ')})` : path === '$and' ? '1' : '0',
        );
        params.push(...subs.flatMap((s) => s.params));
        continue;
      }
      const e = byId && path !== 'id' ? `+${expr(path)}` : expr(path);
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
        const text = asciiLower(String(arg));
        const search = this.searchFor(t, path, text);
        if (search) {
          const match = `${search.column ? `{"${search.column}"} : ` : ''}${phrase(text)}`;
          parts.push(this.matching(t, search.fts, match, page));
          params.push(match);
        } else {
          parts.push(`(typeof(${e}) = 'text' AND instr(lower(${e}), ?) > 0)`);
          params.push(text);
        }
      } else {
        const sym = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
        parts.push(`${e} ${sym} ?`);
        params.push(bind(arg));
      }
    }
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  }

  readonly get = (async (collection: CollectionRef, id: string) => {
    const t = this.ensureTable(collectionName(collection));
    const text = this.stmt(`SELECT doc FROM ${t} WHERE id = ?`).pluck().get(id) as string | undefined;
    return text === undefined ? null : (JSON.parse(text) as Doc);
  }) as DocReads['get'];

  readonly find = (async (collection: CollectionRef, filter: object = {}, options: FindOptions = {}) => {
    const t = this.ensureTable(collectionName(collection));
    const page = options.limit != null && options.sort ? options.limit + (options.skip ?? 0) : undefined;
    const { sql, params } = this.where(t, filter as Filter, true, page);
    const fields = options.fields?.filter((f) => f !== 'id');
    const columns = fields ? ['id', ...fields.map((f, i) => `doc -> '$.${topField(f)}' AS f${i}`)].join(', ') : 'doc';
    const select = this.stmt(`SELECT ${columns} FROM ${t} ${sql} ${orderBy(options.sort)} ${limitSql(options)}`);
    if (!fields) return (select.pluck().all(...params) as string[]).map((text) => JSON.parse(text) as Doc);
    return (select.all(...params) as Record<string, string | null>[]).map((r) => {
      const doc: Doc = { id: r.id as string };
      fields.forEach((f, i) => {
        const v = r[`f${i}`];
        if (v !== null) doc[f] = JSON.parse(v);
      });
      return doc;
    });
  }) as DocReads['find'];

  readonly count = (async (collection: CollectionRef, filter: object = {}) => {
    const t = this.ensureTable(collectionName(collection));
    const { sql, params } = this.where(t, filter as Filter);
    return this.stmt(`SELECT COUNT(*) FROM ${t} ${sql}`)
      .pluck()
      .get(...params) as number;
  }) as DocReads['count'];

  /** The search indexes in place (their triggers exist), per table, as of a schema version: another connection may change them. */
  private searchIndexes = { version: -1, byTable: new Map<string, { fts: string; columns: string[] }[]>() };

  private searchIndexesOf(t: string): { fts: string; columns: string[] }[] {
    const version = this.schemaVersion.get() as number;
    if (version !== this.searchIndexes.version) {
      const triggers = this.db
        .prepare("SELECT name, tbl_name AS t FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'fts%_ad'")
        .all() as { name: string; t: string }[];
      const columnsOf = this.db.prepare('SELECT name FROM pragma_table_info(?)').pluck();
      const byTable = new Map<string, { fts: string; columns: string[] }[]>();
      for (const { name, t: of } of triggers) {
        const fts = name.slice(0, -'_ad'.length);
        byTable.set(of, [...(byTable.get(of) ?? []), { fts, columns: columnsOf.all(fts) as string[] }]);
      }
      this.searchIndexes = { version, byTable };
    }
    return this.searchIndexes.byTable.get(t) ?? [];
  }

  /**
   * The rows of table `t` whose search index `fts` matches `match`. A sorted page of `page` rows of a
   * common text walks the sort's index instead of reading and sorting every match: SQLite keeps the matches
   * as a set and checks each row of the walk against it (a unary `+` keeps it from reading the rows by their
   * ids). The walk reads about page × rows / matches rows, so it is taken once the matches, counted only that
   * far, pass √(page × rows). `admin students ?q=student1` on the national store (11,111 matches of 20,000)
   * read and sorted every match for its page of 51 (docs/benchmarks.md#npm-run-benchscale).
   */
  private matching(t: string, fts: string, match: string, page: number | undefined): string {
    const ids = `rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`;
    if (page === undefined) return ids;
    const rows = (this.stmt(`SELECT max(rowid) FROM ${t}`).pluck().get() as number | null) ?? 0;
    const enough = Math.ceil(Math.sqrt(page * rows));
    const count = this.stmt(`SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?)`).pluck();
    return (count.get(match, enough) as number) >= enough ? `+${ids}` : ids;
  }

  /** The search index of `field` alone, else its column in one of several; null when `text` has no trigram. */
  private searchFor(t: string, field: string, text: string): { fts: string; column?: string } | null {
    if ([...text].length < 3) return null;
    const indexes = this.searchIndexesOf(t);
    const alone = searchName(t, [field]);
    if (indexes.some((i) => i.fts === alone && i.columns[0] === ONE_FIELD)) return { fts: alone };
    const several = indexes.find((i) => i.columns.length > 1 && i.columns.includes(field));
    return several ? { fts: several.fts, column: field } : null;
  }

  /** `$or` branches that each ask one field of one search index to contain one text: one MATCH over those columns. */
  private searchedTogether(t: string, branches: Filter[]) {
    const asks = branches.map((b) => Object.entries(b)).map(([e, ...more]) => (!more.length && e ? e : [null, null]));
    const texts = new Set(asks.map(([, c]) => (isComparison(c) && '$contains' in c ? asciiLower(c.$contains) : null)));
    const [text] = texts.size === 1 ? texts : [null];
    if (!text) return null;
    const found = asks.map(([field]) => this.searchFor(t, String(field), text));
    const fts = found[0]?.column && found[0].fts;
    return fts && found.every((f) => f?.fts === fts) ? { fts, text, columns: asks.map(([f]) => String(f)) } : null;
  }

  async ensureIndexes(collection: string, fields: string[]): Promise<void> {
    await this.lastCommit; // a writer thread's commits first (see commit)
    const t = this.ensureTable(collection);
    this.ensureIdIndex(t);
    for (const f of fields) {
      const searched = searchedFields(f);
      if (searched !== null) this.ensureSearch(t, searched);
      else if (f !== 'id') this.db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(t, f)} ON ${t} (${indexColumns(f)})`);
    }
  }

  private ensureSearch(t: string, fields: string[]) {
    const fts = searchName(t, fields);
    const has = this.searchIndexesOf(t).find((i) => i.fts === fts);
    // An index an earlier version made kept its text in a table beside it: made again.
    const old = this.stmt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`${fts}_text`);
    if (has && !old && has.columns.join(',') === searchColumns(fields).join(',')) return;
    this.db.transaction(() => searchSql(t, fields).forEach((s) => this.db.exec(s))).immediate();
  }

  async dropIndexesExcept(collection: string, fields: string[]): Promise<void> {
    await this.lastCommit; // a writer thread's commits first (see commit)
    const t = this.ensureTable(collection);
    const keepSearch = new Set(fields.map(searchedFields).flatMap((f) => (f ? [searchName(t, f)] : [])));
    for (const { fts } of this.searchIndexesOf(t))
      if (!keepSearch.has(fts)) dropSearch(fts).forEach((s) => this.db.exec(s));
    // The triggers of a count an earlier version kept.
    for (const x of ['ai', 'ad']) this.db.exec(`DROP TRIGGER IF EXISTS ${t}_rows_${x}`);
    const keep = new Set(fields.filter((f) => searchedFields(f) === null).map((f) => indexName(t, f)));
    const prefix = indexName(t, '');
    const names = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?")
      .pluck()
      .all(t, prefix.length, prefix) as string[];
    for (const name of names) if (!keep.has(name)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
  }

  readonly checkpoint = async (projection: string): Promise<number> => this.checkpointNow(projection);
  private checkpointNow(projection: string): number {
    return (this.stmt(CHECKPOINT_OF).pluck().get(projection) as number | undefined) ?? 0;
  }

  /** Tables a bulk reset made without their index of ids (built by ensureIndexes). */
  private readonly bulk = new Set<string>();

  /** Builds the index of ids unless it has one (primary key, or made here); fails if an id was put twice. */
  private ensureIdIndex(t: string): void {
    const name = `uq_${t}_id`;
    const has = this.stmt("SELECT 1 FROM pragma_index_list(?) WHERE origin = 'pk' OR name = ?").get(t, name);
    if (!has) {
      try {
        this.db.exec(`CREATE UNIQUE INDEX ${name} ON ${t} (id)`);
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
        throw new Error(`${t}: a document was put twice after a bulk reset, so its ids are not unique`, {
          cause: err,
        });
      }
    }
    this.bulk.delete(t);
  }

  private writers(collection: string) {
    const t = table(collection);
    const bulk = this.bulk.has(t);
    return {
      table: t,
      bulk,
      put: this.stmt(
        bulk
          ? bulkPut(t)
          : `INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc WHERE doc IS NOT excluded.doc`,
      ),
      delete: this.stmt(`DELETE FROM ${t} WHERE id = ?`),
    };
  }

  private queue: PendingCommit[] = [];
  private readonly commitOne = (c: PendingCommit, texts: (string | null)[]) => {
    const current = this.checkpointNow(c.projection);
    if (current !== c.from) throw new CheckpointConflictError(c.projection, c.from, current);
    c.ops.forEach((op, i) => {
      const w = this.writers(op.collection);
      if (op.op === 'put') w.put.run(op.doc.id, texts[i]);
      else {
        if (w.bulk) this.ensureIdIndex(w.table);
        w.delete.run(op.id);
      }
    });
    this.stmt(MOVE_CHECKPOINT).run(c.projection, c.to);
  };

  /** Group commit (docs/architecture.md#sqlite-read-store); with a writer thread, one commit after another. */
  commit(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void> {
    const writer = this.bulkWriter;
    if (!writer) return this.enqueue(projection, from, to, ops);
    let write: () => Promise<void>;
    if (ops.every((op) => op.op === 'put' && this.bulk.has(table(op.collection)))) {
      try {
        const puts = ops as Extract<WriteOp, { op: 'put' }>[];
        const rows = {
          tables: puts.map((op) => this.ensureTable(op.collection)),
          ids: puts.map((op) => op.doc.id),
          texts: puts.map((op) => JSON.stringify(op.doc)),
        };
        write = () => writer.write(projection, from, to, rows);
      } catch (err) {
        write = () => Promise.reject(err);
      }
    } else write = () => this.enqueue(projection, from, to, ops);
    const committed = this.lastCommit.then(write, write);
    this.lastCommit = committed.catch(() => undefined);
    return committed;
  }

  private enqueue(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void> {
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

  /** Recreates the tables without secondary indexes; `bulk`: without the index of ids too. */
  async reset(projection: string, collections: string[], options: { bulk?: boolean } = {}): Promise<void> {
    await this.lastCommit; // a writer thread's commits first (see commit)
    const tables = this.db
      .transaction(() => {
        const made = collections.map((c) => {
          const t = this.ensureTable(c);
          for (const { fts } of this.searchIndexesOf(t)) dropSearch(fts).forEach((s) => this.db.exec(s));
          this.db.exec(`DROP TABLE ${t}`); // and its triggers
          this.known.delete(t);
          if (!options.bulk) return this.ensureTable(c);
          this.db.exec(`CREATE TABLE ${t} (id TEXT NOT NULL, doc TEXT NOT NULL)`);
          this.known.add(t);
          return t;
        });
        this.stmt('DELETE FROM checkpoints WHERE projection = ?').run(projection);
        return made;
      })
      .immediate();
    // Once committed: a reset rolled back leaves the tables as they were.
    for (const t of tables) {
      if (options.bulk) this.bulk.add(t);
      else this.bulk.delete(t);
    }
  }

  async close(): Promise<void> {
    if (this.bulkWriter) {
      await this.lastCommit;
      await this.bulkWriter.close();
      this.bulkWriter = null;
    }
    if (this.db.open) this.db.close();
  }
}
