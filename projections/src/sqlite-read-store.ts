import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import {
  CheckpointConflictError,
  asciiLower,
  isComparison,
  isLogical,
  logicalFilters,
  isFieldIndex,
  ROW_COUNT,
  searchedFields,
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
/** A top-level field name (FindOptions.fields). */
const topField = (name: string) => {
  if (!NAME.test(name)) throw new Error(`Bad field name: ${name}`);
  return name;
};
/** `a+b` is a compound index on (a, b, id): it backs a keyset page of `a = ?` sorted by b (see ReadStore.ensureIndexes). */
const indexColumns = (field: string) => {
  const paths = field.split('+');
  return paths.length === 1 ? expr(field) : [...paths.map(expr), 'id'].join(', ');
};
/** The name ensureIndexes gives the index on `field` (`a.b+c` → `ix_rm_x_a_b__c`). */
const indexName = (table: string, field: string) => `ix_${table}_${field.replace(/\./g, '_').replace(/\+/g, '__')}`;
/**
 * The FTS5 table behind searchIndex(...fields) of table `t` (`fts_rm_x_Name`, `fts_rm_x_Name__Email`), and its
 * triggers (`<name>_ai`, `_au`, `_ad`).
 */
const searchName = (t: string, fields: string[]) => `fts_${t}_${fields.map((f) => f.replace(/\./g, '_')).join('__')}`;
/** The one column of a search index of one field; one of several fields has a column named by each. */
const ONE_FIELD = 'v';
/** The table that keeps the text a search index indexes, row by row (see searchSql). */
const searchText = (fts: string) => `${fts}_text`;
/** Drops a search index (its triggers, then its tables). */
const dropSearch = (fts: string) => [
  ...['ai', 'au', 'ad'].map((x) => `DROP TRIGGER IF EXISTS ${fts}_${x}`),
  `DROP TABLE IF EXISTS ${fts}`,
  `DROP TABLE IF EXISTS ${searchText(fts)}`,
];
/**
 * A search index indexes `lower(value)` of every document whose field is text (ASCII case folding, as
 * `$contains` means it; text as the scan sees it, an object's or array's JSON included), with the trigram
 * tokenizer kept case-sensitive: a phrase of 3 or more characters then matches exactly the documents whose
 * lowered field contains it, so a `$contains` answered from the index is the same as the scan it replaces.
 * Shorter texts have no trigram: they scan. An index of several fields has a column each (NULL where the
 * field is not text): a phrase matches within one column, never across two, so a phrase over all of them is
 * the `$or` of the fields' `$contains`, and a column filter (`{"Name" "Email"} : "..."`) that of some of them,
 * from one read of each trigram's entries where an index per field read them once per field (five fields of
 * 10,000 accounts: 0.27 ms for a new text, 0.09 ms from one index). The FTS5 table keeps no text
 * (contentless); a plain table beside it (`<name>_text`, `rid` the document's rowid) keeps the same lowered
 * columns, so that a long text may be looked up by its rarest trigrams and each candidate checked against its
 * text (see SqliteReadStore.matchesOf). Triggers keep both in step with every write
 * to the table, in the write's own transaction, whatever path writes (a dropped table takes its triggers, and
 * the index is then no longer used: ensureIndexes builds it again over the documents in one go).
 */
const searchSql = (t: string, fields: string[]) => {
  const fts = searchName(t, fields);
  const e = (row: string, field: string) => (field === 'id' ? `${row}.id` : `json_extract(${row}.doc, '$.${field}')`);
  const isText = (row: string, field: string) => `typeof(${e(row, field)}) = 'text'`;
  const one = fields.length === 1;
  const columns = (one ? [ONE_FIELD] : fields.map((f) => `"${f}"`)).join(', ');
  const values = (row: string) =>
    fields
      .map((f) => (one ? `lower(${e(row, f)})` : `CASE WHEN ${isText(row, f)} THEN lower(${e(row, f)}) END`))
      .join(', ');
  const anyText = (row: string) => fields.map((f) => isText(row, f)).join(' OR ');
  const changed = fields.map((f) => `${e('old', f)} IS NOT ${e('new', f)}`).join(' OR ');
  const text = searchText(fts);
  const insertNew =
    `INSERT OR REPLACE INTO ${text} (rid, ${columns}) SELECT new.rowid, ${values('new')} WHERE ${anyText('new')};` +
    ` INSERT INTO ${fts} (rowid, ${columns}) SELECT rid, ${columns} FROM ${text} WHERE rid = new.rowid;`;
  const deleteOld = `DELETE FROM ${fts} WHERE rowid = old.rowid; DELETE FROM ${text} WHERE rid = old.rowid;`;
  return [
    ...dropSearch(fts),
    `CREATE TABLE ${text} (rid INTEGER PRIMARY KEY, ${columns})`,
    `INSERT INTO ${text} (rid, ${columns}) SELECT rowid, ${values(t)} FROM ${t} WHERE ${anyText(t)}`,
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
    `INSERT INTO ${fts} (rowid, ${columns}) SELECT rid, ${columns} FROM ${text}`,
    // One b-tree: a phrase skips through it (the segments of a bulk insert cost several times as much).
    `INSERT INTO ${fts} (${fts}) VALUES ('optimize')`,
    `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${t} BEGIN ${insertNew} END`,
    `CREATE TRIGGER ${fts}_au AFTER UPDATE ON ${t} WHEN ${changed} BEGIN ${deleteOld} ${insertNew} END`,
    `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${t} BEGIN ${deleteOld} END`,
  ];
};
/** Where a field is searched: its search index, that index's columns, and the field's column there. */
interface SearchHit {
  fts: string;
  columns: string[];
  column: string;
}
/**
 * The set of the rowids whose fields `hits` (of one table's search indexes) contain `text`: one part per
 * index, of the columns asked (all of them: no column filter).
 */
const matchSet = (hits: SearchHit[], text: string, top: boolean) => {
  const byIndex = new Map<string, { columns: string[]; asked: Set<string> }>();
  for (const h of hits) {
    const index = byIndex.get(h.fts) ?? { columns: h.columns, asked: new Set<string>() };
    byIndex.set(h.fts, index);
    index.asked.add(h.column);
  }
  const parts = [...byIndex].map(([fts, { columns, asked }]) => ({
    fts,
    asked: [...asked],
    colset: asked.size === columns.length ? '' : `{${[...asked].map((c) => `"${c}"`).join(' ')}} : `,
  }));
  return new MatchSet(text, parts, top);
};
/**
 * A search's matches in a WHERE clause: the rowids its search indexes match (see SqliteReadStore.matchesOf),
 * bound as one JSON array (see withMatches) so that a count and a find of the same page read the indexes once.
 */
class MatchSet {
  constructor(
    /** The text searched (lowered). */
    readonly text: string,
    /** Each search index read: the columns asked, and their column filter ('' for all of them). */
    readonly parts: { fts: string; asked: string[]; colset: string }[],
    /** Whether the set is a condition of the whole WHERE clause (ANDed at its top), not inside an `$or`. */
    readonly top: boolean,
  ) {}
  /** What the set is: the same key, the same matches while the indexes are unwritten. */
  get key(): string {
    return JSON.stringify([this.text, this.parts]);
  }
}
/** The distinct trigrams of a text, as the trigram tokenizer cuts it (by character). */
const trigramsOf = (text: string) => {
  const chars = [...text];
  return [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))];
};
/** Trigrams whose documents are counted (SqliteReadStore.docsWith) and kept, at most, per search index. */
const TRIGRAM_COUNTS_KEPT = 4096;
/**
 * The row of an FTS5 table's `_data` shadow table that holds the index's structure (its segments and a
 * count of writes): every write to the index, and every merge, writes it anew (FTS5_STRUCTURE_ROWID).
 */
const FTS_STRUCTURE_ROW = 10;
/** Searches whose matches are kept between turns (see withMatches), and the most matches one may keep. */
const SEARCHES_KEPT = 64;
const MATCHES_KEPT_AT_MOST = 20_000;
const IN_MATCHES = '+rowid IN (SELECT value FROM json_each(?))';
/** IN_MATCHES as the rows to start from: each match looked up by rowid (with `NOT INDEXED`, see withMatches). */
const FROM_MATCHES = 'rowid IN (SELECT value FROM json_each(?))';
/**
 * A search whose matches are at most this fraction of its table (1 / DRIVEN_SHARE) starts from them: a lookup
 * by rowid costs about 1 µs a match, 3 to 5 µs with the page's sort, where checking every row of the other
 * conditions' index against the set costs about 0.15 µs a row, and the page then sorts all of them.
 */
const DRIVEN_SHARE = 32;
/**
 * A kept search with more matches than this is checked in a page's query against a copy of them in a temporary
 * table (KEPT_MATCHES), looked up per row, where IN_MATCHES builds a set of them from their JSON for every query:
 * 2,103 matches of 10,000 students cost 0.7 ms a page that way, about 0.1 ms against the copy.
 */
const COPIED_FROM = 256;
const KEPT_MATCHES = 'temp.kept_matches';

/** A search's matches kept between turns (see SqliteReadStore.searched). */
interface KeptSearch {
  stamp: (Buffer | undefined)[];
  found: number[];
  json: string;
  /** Their key in KEPT_MATCHES, once copied there. */
  copied?: number;
}

/** A WHERE clause on table `t` (see SqliteReadStore.whereSearched). */
interface Searched {
  sql: string;
  params: unknown[];
  t: string;
  /** The fewest matches of a search ANDed at the top (Infinity without one), and about how many rows `t` has. */
  matched: number;
  rows: number;
  /** Each search in `sql` (IN_MATCHES, in order): the index of its matches in `params`, and their copy's key. */
  copies?: { at: number; key: number | null }[];
  /** The search ANDed at the top with the fewest matches: the index of its matches in `params`, and them. */
  fewest?: { at: number; found: number[] };
}
/** A WHERE clause without a search's matches in it. */
const unsearched = (where: { sql: string; params: unknown[] }, t: string): Searched => ({
  ...where,
  t,
  matched: Infinity,
  rows: 0,
});
/**
 * The clause with each search whose matches are copied to KEPT_MATCHES checked against the copy, row by row (its
 * key bound in place of the matches' JSON), not against a set built from the JSON for this query.
 */
function withCopies(q: Searched): Searched {
  const pieces = q.sql.split(IN_MATCHES);
  if (!q.copies?.some((c) => c.key !== null) || pieces.length !== q.copies.length + 1) return q;
  const params = [...q.params];
  let sql = pieces[0];
  q.copies.forEach(({ at, key }, i) => {
    if (key === null) sql += IN_MATCHES;
    else {
      sql += `EXISTS (SELECT 1 FROM ${KEPT_MATCHES} WHERE k = ? AND rid = ${q.t}.rowid)`;
      params[at] = key;
    }
    sql += pieces[i + 1];
  });
  return { ...q, sql, params };
}

/** A table's rowids in one order, and each rowid's place in them (-1 or undefined: none). */
interface OrderedRows {
  rowids: number[];
  place: Int32Array | Map<number, number>;
}
/**
 * An order of a table at one version of it (see SqliteReadStore.keptOrder): `asked` counts the pages that would
 * have used it, until it is made.
 */
interface KeptOrder {
  version: unknown;
  asked: number;
  made: OrderedRows | null;
}

/**
 * Each rowid's place in `rowids`: an array indexed by rowid where they are dense (a table's rowids are its
 * inserts; 10,000 places in a Map took 1.3 to 4 ms to make, in an Int32Array a few hundred µs at most).
 */
function placesOf(rowids: number[]): Int32Array | Map<number, number> {
  let max = 0;
  for (const r of rowids) if (r > max) max = r;
  if (max > 4 * rowids.length + 1024) return new Map(rowids.map((r, i) => [r, i]));
  const place = new Int32Array(max + 1).fill(-1);
  rowids.forEach((r, i) => (place[r] = i));
  return place;
}
/**
 * Kept orders at most (each a table's rowids), and the most rows of one. One is made once asked for KEPT_ORDER_AFTER
 * pages at one version of its table, and one more for each KEPT_ORDER_ROWS_PER_ASK rows: reading an order costs
 * 0.2 to 1.5 µs a row (10,000 students by creation, 2 to 8 ms; 10,000 accounts by name, sorted, 3 to 5 ms), where a
 * page of a search read without it costs about 0.5 to 1 ms more; a table written between every few pages then
 * pays for an order at most once every few of them.
 */
const KEPT_ORDERS = 32;
const KEPT_ORDER_AFTER = 3;
const KEPT_ORDER_ROWS_PER_ASK = 2000;
const KEPT_ORDER_ROWS = 200_000;
/**
 * The most rowids all kept orders hold (12 to 24 bytes each with their places, more where a table's rowids are
 * sparse: 12 to 24 MB); over it, the orders first asked for longest ago are let go.
 */
const KEPT_ROWIDS = 1_000_000;

/**
 * Matches `found` in a kept order: sorted by their places when they are few, else the order filtered. Null when
 * one of them is not in it (written after the order was read).
 */
function inOrderOf(found: number[], { rowids, place }: OrderedRows): number[] | null {
  if (found.length * 16 < rowids.length) {
    const placed: number[] = [];
    for (const r of found) {
      const at = place instanceof Map ? place.get(r) : place[r];
      if (at === undefined || at < 0) return null;
      placed.push(at);
    }
    return placed.sort((a, b) => a - b).map((at) => rowids[at]);
  }
  const set = new Set(found);
  const ordered = rowids.filter((r) => set.has(r));
  return ordered.length === set.size ? ordered : null;
}

/** Whether a search's matches are few enough to start from (see SqliteReadStore.withMatches). */
const isFew = (q: Searched) => q.matched * DRIVEN_SHARE <= q.rows;

/** The options of a SqliteReadStore (see its constructor). */
export interface SqliteReadStoreOptions {
  busyTimeoutMs?: number;
  bulkWriter?: boolean;
  /** The most rowids kept orders hold in all (KEPT_ROWIDS by default; see SqliteReadStore.keptOrder). */
  keptRowids?: number;
}

/**
 * The order rule of FindOptions: insertion order (rowid) without a sort; with one, ties broken by id in the
 * direction of the last key (as the Mongo store does).
 */
function orderBy(sort: FindOptions['sort']): string {
  const keys = Object.entries(sort ?? {});
  if (keys.length && !keys.some(([p]) => p === 'id')) keys.push(['id', keys[keys.length - 1][1]]);
  return keys.length
    ? `ORDER BY ${keys.map(([p, d]) => `${expr(p)} ${d === 1 ? 'ASC' : 'DESC'}`).join(', ')}`
    : 'ORDER BY rowid';
}

/** Whether a condition on `id` names the documents: an id, or `$in` a list of them. */
const isIdLookup = (cond: unknown) =>
  typeof cond === 'string' ||
  (isComparison(cond) && Object.keys(cond).length === 1 && '$in' in cond && Array.isArray(cond.$in));

/**
 * A condition every document passes whose field at one of `paths` contains `text` (lowered), checked on the
 * document's text as stored, before any field of it is read: a document's JSON is parsed for the first field
 * read of it (about 5 µs for a student's 630 bytes, where this costs about 0.5 µs). It holds because a store writes
 * a document with JSON.stringify, which writes every character of a string as itself but `"`, `\`, control
 * characters and lone surrogates; so it is made only for a text of other characters (printable ASCII without
 * those), and lower() folds the same ASCII letters in the document's text as in the field's. The id column is
 * checked beside it, should a document's text not hold its id. Null for any other text.
 */
function inDocText(paths: string[], text: string): { sql: string; params: string[] } | null {
  if (!/^[\x20-\x7e]+$/.test(text) || /["\\]/.test(text)) return null;
  return paths.includes('id')
    ? { sql: '(instr(lower(doc), ?) > 0 OR instr(lower(id), ?) > 0)', params: [text, text] }
    : { sql: 'instr(lower(doc), ?) > 0', params: [text] };
}
/** inDocText for an `$or` of one text contained in each of several fields (a list's `?q=`), else null. */
function sameTextSearch(filters: Filter[]): { sql: string; params: string[] } | null {
  const paths: string[] = [];
  let text: string | null = null;
  for (const f of filters) {
    const entries = Object.entries(f);
    if (entries.length !== 1) return null;
    const [path, cond] = entries[0];
    if (isLogical(path) || !isComparison(cond) || !('$contains' in cond)) return null;
    const lowered = asciiLower(String(cond.$contains));
    if (text !== null && lowered !== text) return null;
    text = lowered;
    paths.push(path);
  }
  return text === null ? null : inDocText(paths, text);
}
/** An FTS5 phrase: the text in double quotes (a quote in it doubled), every character literal. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
type Search = 'index' | 'scan' | 'none';
/** A search over at most this many documents (the rest of its filter leaves) reads them rather than its index. */
const SCAN_AT_MOST = 300;
/**
 * Writes to a table after which its search indexes are merged again (see keepSearchFast): at least this
 * many, and at least a tenth of its documents, so that the merging costs about the same per write at
 * any size.
 */
const SEARCH_UPKEEP_WRITES = 1000;
/** Most counts (SqliteReadStore.count), and most plan choices (sortsAll), kept at once. */
const COUNTS_AND_PLANS_KEPT = 1000;
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

/** The settings of every connection to a read-model file, this store's and its writer thread's. */
const connectionPragmas = (busyTimeoutMs: number) => [
  'journal_mode = WAL',
  // Read models are rebuilt from the log: a commit needs to be atomic (WAL), not flushed in this thread.
  'synchronous = NORMAL',
  `busy_timeout = ${Math.floor(busyTimeoutMs)}`,
  // 256 MB of page cache at most (the default is 2 MB): a rebuild writes large tables whose ids come
  // in no key order, and their id indexes must stay in memory (64 MB was too little for 1M events).
  'cache_size = -262144',
];
const CHECKPOINT_OF = 'SELECT position FROM checkpoints WHERE projection = ?';
/**
 * How many commits (of any connection) have written each table: a count of one table is kept until a commit
 * writes that table, not until any commit to the file (a chat message, an audit read's record) as before.
 */
const VERSIONS = 'CREATE TABLE IF NOT EXISTS table_versions (tbl TEXT PRIMARY KEY, v INTEGER NOT NULL)';
const BUMP_VERSION =
  'INSERT INTO table_versions (tbl, v) VALUES (?, 1) ON CONFLICT(tbl) DO UPDATE SET v = table_versions.v + 1';
const VERSION_OF = 'SELECT v FROM table_versions WHERE tbl = ?';
/**
 * How many documents each table that declares ROW_COUNT holds, kept by triggers on its inserts and deletes (see
 * keepRowCount): a count of the whole table (a list's X-Total-Count) reads one row here rather than every
 * document. A table has a row here exactly while it has the triggers: both are made in one transaction, and
 * both go with the table (reset) or with the declaration (dropIndexesExcept).
 */
const ROWS = 'CREATE TABLE IF NOT EXISTS table_rows (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)';
const ROWS_OF = 'SELECT n FROM table_rows WHERE tbl = ?';
const FORGET_ROWS = 'DELETE FROM table_rows WHERE tbl = ?';
/** The triggers that keep table_rows (name suffix, the write, the change to the count). */
const ROW_TRIGGERS = [
  ['ai', 'INSERT', '+'],
  ['ad', 'DELETE', '-'],
] as const;
const MOVE_CHECKPOINT =
  'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position';
/** The put into table `t` after a bulk reset: each document is new (see SqliteReadStore.bulk). */
const bulkPut = (t: string) => `INSERT INTO ${t} (id, doc) VALUES (?, ?)`;

/**
 * The writer thread of a store made with `bulkWriter` (bulk-writer.mjs): it inserts the documents of a
 * commit, serialised by the caller, in a transaction of its own connection, one commit after another.
 */
class BulkWriter {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { projection: string; from: number; resolve: () => void; reject: (err: unknown) => void }
  >();

  constructor(file: string, busyTimeoutMs: number) {
    this.worker = new Worker(new URL('./bulk-writer.mjs', import.meta.url), {
      // The writer prepares the same statements as the store: `$table` names each commit's table.
      workerData: {
        file,
        pragmas: connectionPragmas(busyTimeoutMs),
        sql: {
          checkpointOf: CHECKPOINT_OF,
          moveCheckpoint: MOVE_CHECKPOINT,
          bulkPut: bulkPut('$table'),
          versions: VERSIONS,
          bumpVersion: BUMP_VERSION,
        },
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

/** Embedded read-model store: one SQLite table per collection, JSON documents, expression indexes. */
export class SqliteReadStore implements ReadStore {
  /** Commits are applied in the order they are made, awaited or not (the queue of flush, or commit's chain). */
  readonly commitsInOrder = true;
  /** Reads are answered in the caller's turn (better-sqlite3 is synchronous): see PageSource. */
  readonly readsInline = true;
  private readonly db: Database.Database;
  private readonly known = new Set<string>();
  private readonly statements = new Map<string, Database.Statement>();
  private readonly schemaVersion: Database.Statement;
  /** A table's version (table_versions; undefined before its first commit). */
  private readonly versionOf: Database.Statement;
  /** A table's kept count of documents (table_rows; undefined where it keeps none). */
  private readonly rowsOf: Database.Statement;

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
   * `bulkWriter` (a rebuild's thread): the documents of a rebuild (puts into tables of a bulk reset) are
   * serialised in the caller's thread and inserted by a writer thread of this store (bulk-writer.mjs), so
   * that the rebuild serialises its next commit while the writer inserts the last one.
   */
  constructor(file: string, options: SqliteReadStoreOptions = {}) {
    const busyTimeoutMs = options.busyTimeoutMs ?? 10000;
    this.keptRowidsAtMost = options.keptRowids ?? KEPT_ROWIDS;
    this.db = new Database(file);
    if (options.bulkWriter) this.bulkWriter = new BulkWriter(file, busyTimeoutMs);
    for (const pragma of connectionPragmas(busyTimeoutMs)) this.db.pragma(pragma);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL)');
    this.db.exec(VERSIONS);
    this.db.exec(ROWS);
    this.schemaVersion = this.db.prepare('PRAGMA schema_version').pluck();
    this.versionOf = this.db.prepare(VERSION_OF).pluck();
    this.rowsOf = this.db.prepare(ROWS_OF).pluck();
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${KEPT_MATCHES} (k INTEGER NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (k, rid)) WITHOUT ROWID`,
    );
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
   * The WHERE clause of `filter` on table `t`. A `$contains` reads the field's search index when there is
   * one (`search`: 'index'), scans the documents (`'scan'`), or is left out (`'none'`: the documents the
   * rest of the filter leaves, a superset of the matches: there is no negation).
   */
  private where(
    t: string,
    filter: Filter = {},
    search: Search = 'scan',
    top = true,
  ): { sql: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    // Documents named by id (a page's others, read by their ids): found by the index of ids, their other
    // conditions checked on them (`+`: no index of theirs is chosen). SQLite, which knows nothing of the data,
    // took an equality on another index (a centre's thousand students) for fewer rows than 50 ids.
    const byId = top && isIdLookup(filter.id);
    for (const [path, cond] of Object.entries(filter)) {
      if (isLogical(path)) {
        const c = this.logical(t, path, cond, search, top);
        parts.push(c.sql);
        params.push(...c.params);
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
        const hit = search === 'index' ? this.searchFor(t, path, text) : null;
        if (search === 'none') parts.push('1');
        else if (hit) {
          // `+`: the matches are a set each row of the other conditions' index is checked against (no
          // document read for a row that fails), never the rows to start from and then sort.
          parts.push(IN_MATCHES);
          params.push(matchSet([hit], text, top));
        } else {
          const pre = top ? inDocText([path], text) : null;
          parts.push(`(${pre ? `${pre.sql} AND ` : ''}typeof(${e}) = 'text' AND instr(lower(${e}), ?) > 0)`);
          params.push(...(pre?.params ?? []), text);
        }
      } else {
        const sym = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
        parts.push(`${e} ${sym} ?`);
        params.push(bind(arg));
      }
    }
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  }

  /**
   * `$or` of one text contained in several fields that all have search indexes (a list's `?q=`): one set of
   * the matches of them all, where a set per field would check each row against every set; one MATCH per
   * search index, of the columns of those fields.
   */
  private searchUnion(t: string, filters: Filter[], top: boolean): { sql: string; params: unknown[] } | null {
    const parts = filters.map((f) => {
      const [path, cond] = Object.entries(f).length === 1 ? Object.entries(f)[0] : [];
      if (!path || !isComparison(cond) || !('$contains' in cond)) return null;
      const text = asciiLower(String(cond.$contains));
      const hit = this.searchFor(t, path, text);
      return hit ? { hit, text } : null;
    });
    if (parts.length < 2 || parts.some((p) => !p || p.text !== parts[0]?.text)) return null;
    const found = parts as { hit: SearchHit; text: string }[];
    return {
      sql: IN_MATCHES,
      params: [
        matchSet(
          found.map((p) => p.hit),
          found[0].text,
          top,
        ),
      ],
    };
  }

  /** `$and` / `$or` over whole filters, as one parenthesised condition. */
  private logical(
    t: string,
    key: '$and' | '$or',
    cond: unknown,
    search: Search,
    top: boolean,
  ): { sql: string; params: unknown[] } {
    const filters = logicalFilters(key, cond);
    if (key === '$or' && search === 'index') {
      // The union stands for the whole `$or`: a condition of the top when the `$or` is.
      const union = this.searchUnion(t, filters, top);
      if (union) return union;
    }
    // Under an `$and` of the top, each filter's conditions are still ANDed at the top; under an `$or` not.
    const subs = filters.map((f) => this.where(t, f, search, top && key === '$and'));
    if (!subs.length) return { sql: key === '$and' ? '1' : '0', params: [] };
    const sql = subs
      .map((s) => (s.sql ? `(${s.sql.slice('WHERE '.length)})` : '1'))
      .join(key === '$and' ? ' AND ' : ' OR ');
    // A list's `?q=` scanned: documents without the text anywhere are passed over before their fields are read.
    const pre = key === '$or' && search === 'scan' ? sameTextSearch(filters) : null;
    return pre
      ? { sql: `(${pre.sql} AND (${sql}))`, params: [...pre.params, ...subs.flatMap((s) => s.params)] }
      : { sql: `(${sql})`, params: subs.flatMap((s) => s.params) };
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const t = this.ensureTable(collection);
    const text = this.stmt(`SELECT doc FROM ${t} WHERE id = ?`).pluck().get(id) as string | undefined;
    return text === undefined ? null : (JSON.parse(text) as Doc);
  }

  async find(collection: string, filter: Filter = {}, options: FindOptions = {}): Promise<Doc[]> {
    const { select, params, fields, page } = this.findQuery(collection, filter, options);
    const inOrder = this.inKeptOrder(page);
    if (inOrder) return inOrder.map((text) => JSON.parse(text) as Doc);
    if (fields) {
      const rows = this.stmt(select).all(...params) as Record<string, string | null>[];
      return rows.map((r) => {
        const doc: Doc = { id: r.id as string };
        fields.forEach((f, i) => {
          const v = r[`f${i}`];
          if (v !== null) doc[f] = JSON.parse(v);
        });
        return doc;
      });
    }
    // Each document's text as it is (pluck): a row object per document cost about 1.3 µs, a third of a page's read.
    const texts = this.stmt(select)
      .pluck()
      .all(...params) as string[];
    return texts.map((text) => JSON.parse(text) as Doc);
  }

  async findText(
    collection: string,
    filter: Filter = {},
    options: Omit<FindOptions, 'fields'> = {},
  ): Promise<string[]> {
    const { select, params, page } = this.findQuery(collection, filter, { ...options, fields: undefined });
    const inOrder = this.inKeptOrder(page);
    if (inOrder) return inOrder;
    return this.stmt(select)
      .pluck()
      .all(...params) as string[];
  }

  /**
   * The SELECT of a find, and its parameters; `fields`: the fields other than id it reads, each as its JSON
   * (`->`, SQL NULL when missing, 'null' when null) in column `f<i>`, or undefined for whole documents.
   */
  private findQuery(collection: string, filter: Filter, options: FindOptions) {
    const t = this.ensureTable(collection);
    const searched = this.whereSearched(t, filter);
    const order = orderBy(options.sort);
    const limit =
      options.limit != null || options.skip
        ? `LIMIT ${Math.max(0, Math.floor(options.limit ?? -1))} OFFSET ${Math.max(0, Math.floor(options.skip ?? 0))}`
        : '';
    const limitSql = options.limit == null && options.skip ? `LIMIT -1 OFFSET ${Math.floor(options.skip)}` : limit;
    const fromMatches = this.pagesFromMatches(searched, order, limitSql);
    const q = fromMatches ? searched : withCopies(searched);
    const { sql, from } = this.from(q, fromMatches);
    const fields = options.fields?.filter((f) => f !== 'id');
    const columns = fields ? ['id', ...fields.map((f, i) => `doc -> '$.${topField(f)}' AS f${i}`)].join(', ') : 'doc';
    // A page (a limit, nothing skipped) of whole documents of a search alone, or of one whose every match SQLite
    // would read and sort: what inKeptOrder needs to read it in a kept order. A search under an index that leaves few of its matches
    // (a centre's students) is read through that index: 212 matches checked in order for a centre's 22 cost
    // 0.4 ms, the index's 1,000 rows 0.15 ms.
    const inOrder =
      !fields && options.limit != null && !options.skip && (searched.sql === `WHERE ${IN_MATCHES}` || fromMatches);
    const page = inOrder ? { q: searched, order, limit: Math.floor(options.limit as number) } : null;
    return { select: `SELECT ${columns} FROM ${from} ${sql} ${order} ${limitSql}`, params: q.params, fields, page };
  }

  /**
   * A page of a search read in a kept order of its table (see keptOrder): its matches put in that order in
   * memory, the first of them that pass the rest of the filter (all of them, for a search alone) taken, and only
   * those documents read, by rowid. The page SQLite reads otherwise either looks up every match and sorts them
   * (212 matches of 10,000 students: about 0.85 ms a page), or walks the order's index checking each row against
   * the matches. Null when the page is read as before: not a search, no kept order, or the table changed
   * between the search and this read.
   */
  private inKeptOrder(page: { q: Searched; order: string; limit: number } | null): string[] | null {
    const fewest = page?.q.fewest;
    if (!page || !fewest || page.limit <= 0) return null;
    const { q, order, limit } = page;
    // One read transaction: the order, the table's version it holds for and the documents are of one state.
    return this.db.transaction(() => {
      const kept = this.keptOrder(q.t, order, q.rows);
      if (!kept) return null;
      // A kept search's matches are put in the order once (paging through it asks them again).
      let ordered = this.orderedMatches.get(fewest.found);
      if (ordered?.kept !== kept) {
        const rowids = inOrderOf(fewest.found, kept);
        if (!rowids) return null;
        ordered = { kept, rowids };
        this.orderedMatches.set(fewest.found, ordered);
      }
      const { rowids: inOrder } = ordered;
      const byRowid = (sql: string, params: unknown[]) =>
        new Map(
          this.stmt(`SELECT rowid, doc FROM ${q.t} NOT INDEXED ${sql}`)
            .raw()
            .all(...params) as [number, string][],
        );
      if (q.sql === `WHERE ${IN_MATCHES}`) {
        // A search alone: the page is its first matches in the order.
        const taken = inOrder.slice(0, limit);
        const docs = byRowid(`WHERE ${FROM_MATCHES}`, [JSON.stringify(taken)]);
        const texts = taken.map((r) => docs.get(r));
        return texts.every((d) => d !== undefined) ? (texts as string[]) : null;
      }
      // The rest of the filter checked on runs of the matches in the order (each run twice the last), by rowid:
      // the search's set in the clause is replaced by the run.
      const pieces = q.sql.split(IN_MATCHES);
      const which = q.copies?.findIndex((c) => c.at === fewest.at) ?? -1;
      if (which < 0 || pieces.length !== (q.copies?.length ?? 0) + 1) return null;
      const sql = pieces
        .map((piece, i) => (i === 0 ? '' : i === which + 1 ? FROM_MATCHES : IN_MATCHES) + piece)
        .join('');
      const texts: string[] = [];
      for (let at = 0, run = limit; at < inOrder.length && texts.length < limit; at += run, run *= 2) {
        const some = inOrder.slice(at, at + run);
        const params = [...q.params];
        params[fewest.at] = JSON.stringify(some);
        const passed = byRowid(sql, params);
        for (const r of some) {
          const doc = passed.get(r);
          if (doc !== undefined && texts.length < limit) texts.push(doc);
        }
      }
      return texts;
    })();
  }

  /**
   * The rowids of table `t` in `order`, kept while no commit writes the table (table_versions), each with its
   * place in the order. Made from the order's index once the same order of the same version of the table has
   * been asked for enough pages (see KEPT_ORDER_AFTER), for tables of at most KEPT_ORDER_ROWS rows, in an order an
   * index gives.
   */
  private keptOrder(t: string, order: string, rows: number): OrderedRows | null {
    const version = this.versionOf.get(t);
    const key = `${t} ${order}`;
    let kept = this.keptOrders.get(key);
    if (!kept || kept.version !== version) {
      kept = { version, asked: 0, made: null };
      this.letOrderGo(key);
      if (this.keptOrders.size >= KEPT_ORDERS) this.letOrderGo(this.keptOrders.keys().next().value as string);
      this.keptOrders.set(key, kept);
    }
    if (kept.made) return kept.made;
    if (++kept.asked < Math.max(KEPT_ORDER_AFTER, rows / KEPT_ORDER_ROWS_PER_ASK) || rows > KEPT_ORDER_ROWS)
      return null;
    const select = `SELECT rowid FROM ${t} ${order}`;
    // Not an order SQLite would sort every document for (the sort's values read from each one's JSON): only an
    // index's, or a sort of the values an index holds (10,000 accounts by name: 3 to 5 ms).
    const plan = this.plannedOnce(select, []);
    if (plan.includes('USE TEMP B-TREE FOR ORDER BY') && !plan.some((l) => l.includes('COVERING INDEX'))) return null;
    const rowids = this.stmt(select).pluck().all() as number[];
    kept.made = { rowids, place: placesOf(rowids) };
    this.keptOrdersMade++;
    this.keptRowids += rowids.length;
    // Over the budget, the orders first asked for longest ago are let go (not this one).
    for (const other of this.keptOrders.keys())
      if (this.keptRowids > this.keptRowidsAtMost && other !== key) this.letOrderGo(other);
    return kept.made;
  }
  private letOrderGo(key: string) {
    this.keptRowids -= this.keptOrders.get(key)?.made?.rowids.length ?? 0;
    this.keptOrders.delete(key);
  }
  /** The rowids kept orders hold now (for tests), and the most they may. */
  keptRowids = 0;
  private readonly keptRowidsAtMost: number;
  private readonly keptOrders = new Map<string, KeptOrder>();
  /** Searches' matches (kept, see searched) in a kept order. */
  private readonly orderedMatches = new WeakMap<number[], { kept: OrderedRows; rowids: number[] }>();
  /** Orders made by keptOrder: for tests. */
  keptOrdersMade = 0;

  async count(collection: string, filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) {
      const n = this.rowsOf.get(this.ensureTable(collection)) as number | undefined;
      if (n !== undefined) return n;
    }
    const { select, params, onlyMatches, table: t } = this.countQuery(collection, filter);
    // Only a search: its matches are the documents (the search indexes follow the table in its transactions).
    if (onlyMatches) return (this.matches.get(params[0] as string) as number[]).length;
    const key = `${select} ${JSON.stringify(params)}`;
    const version = this.versionOf.get(t);
    const kept = this.counted.get(key);
    if (kept && kept.version === version) return kept.n;
    const n = (this.stmt(select).get(...params) as { n: number }).n;
    this.countReads++;
    // Kept only when no commit wrote the table meanwhile: the count may have seen that commit or not.
    if (this.versionOf.get(t) === version) {
      if (this.counted.size >= COUNTS_AND_PLANS_KEPT) this.counted.clear();
      this.counted.set(key, { version, n });
    }
    return n;
  }
  /**
   * The counts made, each with the version of its table it holds for. Paging through a list asks the same count
   * for every page (its X-Total-Count), and counting every match of a large collection costs more than reading
   * the page: a count is kept until a commit of this connection or of any other writes its table (table_versions).
   */
  private readonly counted = new Map<string, { version: unknown; n: number }>();
  /** Counts read from a table (not kept ones): for tests. */
  countReads = 0;

  /** The SELECT of a count, its parameters, and whether the filter is a search alone (`onlyMatches`). */
  private countQuery(collection: string, filter: Filter) {
    const t = this.ensureTable(collection);
    const searched = this.whereSearched(t, filter);
    // A count reads every row the rest of the filter leaves: few matches are counted from them.
    const { sql, from } = this.from(searched, isFew(searched));
    return {
      select: `SELECT COUNT(*) AS n FROM ${from} ${sql}`,
      params: searched.params,
      onlyMatches: searched.sql === `WHERE ${IN_MATCHES}`,
      table: t,
    };
  }

  /** How SQLite would find a page of `filter` (EXPLAIN QUERY PLAN, one line a step) in the order of `sort`. */
  findPlan(collection: string, filter: Filter, sort: FindOptions['sort'], limit: number): string[] {
    const { select, params } = this.findQuery(collection, filter, { sort, limit });
    return this.plan(select, params);
  }

  /** How SQLite would count `filter` (EXPLAIN QUERY PLAN, one line a step): which index, whether it covers. */
  countPlan(collection: string, filter: Filter = {}): string[] {
    const { select, params } = this.countQuery(collection, filter);
    return this.plan(select, params);
  }

  private plan(select: string, params: unknown[]): string[] {
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${select}`).all(...params) as { detail: string }[]).map(
      (r) => r.detail,
    );
  }

  async ensureIndexes(collection: string, fields: string[]): Promise<void> {
    await this.lastCommit; // a writer thread's commits first (see commit)
    const t = this.ensureTable(collection);
    this.plans.clear(); // plans made before these indexes
    this.ensureIdIndex(t);
    for (const f of fields) {
      const searched = searchedFields(f);
      if (searched !== null) this.ensureSearch(t, searched);
      else if (f === ROW_COUNT) this.keepRowCount(t);
      else if (f !== 'id') this.db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(t, f)} ON ${t} (${indexColumns(f)})`);
    }
  }

  /**
   * The search indexes in place (their triggers exist) as of a schema version, all of them and per table:
   * another process may make or drop them.
   */
  private searchIndexes = {
    version: -1,
    byTable: new Map<string, string[]>(),
    /** Each index's columns: [ONE_FIELD] for an index of one field, else the fields. */
    columns: new Map<string, string[]>(),
    /** The indexes with a table of their text (see searchSql). */
    stored: new Set<string>(),
  };

  /**
   * The WHERE clause of a find or count: its `$contains` answered from the search indexes, unless the rest
   * of the filter leaves at most SCAN_AT_MOST documents (a mentor's requests, an owner's tickets): reading
   * those costs less than a common text's matches over the whole collection. A filter that no search
   * index serves is built once.
   */
  private whereSearched(t: string, filter: Filter): Searched {
    const indexed = this.where(t, filter, 'index');
    if (!indexed.params.some((p) => p instanceof MatchSet)) return unsearched(indexed, t);
    const rest = this.where(t, filter, 'none');
    if (!rest.params.length) return this.withMatches(t, indexed);
    // A page's count and its first find ask the same in one turn: the answer is kept until the turn ends.
    const key = JSON.stringify([t, rest.sql, rest.params]);
    if (this.lastProbe.key !== key) {
      const sql = `SELECT 1 FROM ${t} ${rest.sql} LIMIT 1 OFFSET ${SCAN_AT_MOST}`;
      if (!this.lastProbe.key) setImmediate(() => (this.lastProbe = { key: '', few: false }));
      this.lastProbe = { key, few: !this.stmt(sql).get(...rest.params) };
    }
    return this.lastProbe.few ? unsearched(this.where(t, filter, 'scan'), t) : this.withMatches(t, indexed);
  }
  private lastProbe = { key: '', few: false };

  /**
   * `where` with each search's matches read once: the rowids as a JSON array, bound in place of the set.
   * A page's count and its find ask the same searches in one turn, so the matches are kept until it ends.
   *
   * The matches are a set that each row of the other conditions' index is checked against (no document
   * read for a row that fails, and a page in the order of an index stops after its last row). When a set
   * ANDed at the top of the clause holds at most 1 / DRIVEN_SHARE of the table (isFew), a count, and a
   * page that would otherwise read every row the index leaves before sorting them, start from it instead
   * (see from): each match is looked up by rowid, and no index may be chosen over them (`NOT INDEXED`
   * still allows rowid lookups). An audit search of every role sorted by name, 212 matches of 10,000
   * accounts, took 0.2 ms to count and 0.5 ms to page that way, against 1.4 and 1.7 ms through the index.
   */
  private withMatches(t: string, where: { sql: string; params: unknown[] }): Searched {
    let fewest: Searched['fewest'];
    const copies: { at: number; key: number | null }[] = [];
    const params = where.params.map((p, at) => {
      if (!(p instanceof MatchSet)) return p;
      const key = p.key;
      let rowids = this.searchKeys.get(key);
      if (rowids === undefined) {
        if (!this.searchKeys.size) setImmediate(() => (this.searchKeys.clear(), this.matches.clear()));
        const { found, json } = this.searched(key, p);
        rowids = json;
        this.searchKeys.set(key, rowids);
        this.matches.set(rowids, found);
      }
      copies.push({ at, key: this.searchesKept.get(key)?.copied ?? null });
      const found = this.matches.get(rowids) as number[];
      if (p.top && found.length < (fewest?.found.length ?? Infinity)) fewest = { at, found };
      return rowids;
    });
    const matched = fewest?.found.length ?? Infinity;
    return { sql: where.sql, params, t, matched, rows: fewest ? this.rowsAbout(t) : 0, copies, fewest };
  }

  /**
   * The matches of a search (rowids, and their JSON), from its search indexes or, when none of those has
   * been written since it was last asked, as they were then. The matches are all the indexes say, so the
   * same indexes give the same matches: each index's structure row (FTS_STRUCTURE_ROW), which every write
   * to it changes, is read with the matches in one read transaction and kept with them. Paging through
   * a search asks it again for every page: a common text's matches over 10,000 accounts cost 1 to 2.5 ms
   * to read from five indexes, and a comparison of their structure rows about 20 µs.
   */
  private searched(key: string, p: MatchSet): { found: number[]; json: string } {
    return this.db.transaction(() => {
      const stamp = p.parts.map(
        ({ fts }) =>
          this.stmt(`SELECT block FROM ${fts}_data WHERE id = ${FTS_STRUCTURE_ROW}`).pluck().get() as
            Buffer | undefined,
      );
      const kept = this.searchesKept.get(key);
      if (kept && kept.stamp.every((b, i) => (b && stamp[i] ? b.equals(stamp[i]) : b === stamp[i]))) {
        // Most recently asked last: the least recently asked is the first let go.
        this.searchesKept.delete(key);
        this.searchesKept.set(key, kept);
        // Asked again (paging through it, or the same list again): many matches are copied for the pages.
        if (kept.copied === undefined && kept.found.length > COPIED_FROM) {
          kept.copied = ++this.copies;
          this.stmt(`INSERT INTO ${KEPT_MATCHES} (k, rid) SELECT ?, value FROM json_each(?)`).run(
            kept.copied,
            kept.json,
          );
        }
        return kept;
      }
      const found = this.matchesOf(p);
      this.searchReads++;
      const matches: KeptSearch = { stamp, found, json: JSON.stringify(found) };
      this.letGo(key);
      if (found.length <= MATCHES_KEPT_AT_MOST) {
        if (this.searchesKept.size >= SEARCHES_KEPT) this.letGo(this.searchesKept.keys().next().value as string);
        this.searchesKept.set(key, matches);
      }
      return matches;
    })();
  }

  /** A kept search let go, with its copy in KEPT_MATCHES. */
  private letGo(key: string) {
    const copied = this.searchesKept.get(key)?.copied;
    if (copied !== undefined) this.stmt(`DELETE FROM ${KEPT_MATCHES} WHERE k = ?`).run(copied);
    this.searchesKept.delete(key);
  }
  /** Keys of copies made in KEPT_MATCHES so far. */
  private copies = 0;
  /** The searches whose matches are copied in KEPT_MATCHES now, and the rows of those copies: for tests. */
  keptCopies(): { searches: number; rows: number } {
    return this.stmt(`SELECT count(DISTINCT k) AS searches, count(*) AS rows FROM ${KEPT_MATCHES}`).get() as {
      searches: number;
      rows: number;
    };
  }
  /** Searches whose matches this connection read from their search indexes (not kept since). */
  searchReads = 0;
  /** Searches' matches kept between turns, with the structure rows of their indexes when they were read. */
  private readonly searchesKept = new Map<string, KeptSearch>();

  /** The clause and table of a query that starts from the matches (see withMatches), or as it is. */
  private from(q: Searched, fromMatches: boolean): { sql: string; from: string } {
    return fromMatches
      ? { sql: q.sql.replaceAll(IN_MATCHES, FROM_MATCHES), from: `${q.t} NOT INDEXED` }
      : { sql: q.sql, from: q.t };
  }

  /**
   * Whether a find of few matches (see withMatches) starts from them: without a limit; when there are so few
   * that an index walked in the page's order would pass many rows for each match (n² <= 3 × the table: a
   * page of 50 walks about 50 × table / n rows, at about 0.23 µs a row, where a lookup and its share of the
   * sort cost about 3.4 µs a match: 111 matches of 10,000 students in the order of creation took 1.0 ms
   * walked); or when the index would read every row before its first anyway (sortsAll).
   */
  private pagesFromMatches(q: Searched, order: string, limit: string): boolean {
    if (!isFew(q)) return false;
    if (!limit || q.matched * q.matched <= 3 * q.rows) return true;
    return this.sortsAll(`SELECT doc FROM ${q.t} ${q.sql} ${order} ${limit}`, q.params);
  }

  /**
   * Whether SQLite reads every row of `select` before its first (a sort in a temporary B-tree, not in the
   * order of an index): a page of few matches then starts from them. Asked once per query text.
   */
  private sortsAll(select: string, params: unknown[]): boolean {
    return this.plannedOnce(select, params).includes('USE TEMP B-TREE FOR ORDER BY');
  }

  /** The plan of `select` (see plan), made once per query text until the indexes change. */
  private plannedOnce(select: string, params: unknown[]): string[] {
    let lines = this.plans.get(select);
    if (lines === undefined) {
      lines = this.plan(select, params);
      if (this.plans.size >= COUNTS_AND_PLANS_KEPT) this.plans.clear();
      this.plans.set(select, lines);
    }
    return lines;
  }
  private readonly plans = new Map<string, string[]>();

  /** About how many documents table `t` holds: its highest rowid (one index step; deletes leave it higher). */
  private rowsAbout(t: string): number {
    return (this.stmt(`SELECT max(rowid) FROM ${t}`).pluck().get() as number | null) ?? 0;
  }
  /** This turn's searches (see withMatches): each one's matches as the JSON it binds, and those matches by it. */
  private readonly searchKeys = new Map<string, string>();
  private readonly matches = new Map<string, number[]>();

  /**
   * Where `field` of table `t` is searched, when it has a search index and `text` has a trigram: the index
   * of that field alone, else one of several fields among them.
   */
  private searchFor(t: string, field: string, text: string): SearchHit | null {
    if ([...text].length < 3) return null;
    const { byTable, columns } = this.searchIndexesNow();
    const alone = searchName(t, [field]);
    if (columns.get(alone)?.[0] === ONE_FIELD) return { fts: alone, columns: [ONE_FIELD], column: ONE_FIELD };
    const fts = byTable.get(t)?.find((n) => columns.get(n)?.includes(field));
    return fts ? { fts, columns: columns.get(fts) as string[], column: field } : null;
  }

  /** The search indexes on table `t`. */
  private searchIndexesOf(t: string): string[] {
    return this.searchIndexesNow().byTable.get(t) ?? [];
  }

  private searchIndexesNow() {
    const version = this.schemaVersion.get() as number;
    if (version !== this.searchIndexes.version) {
      const triggers = this.db
        .prepare("SELECT name, tbl_name AS t FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'fts%_ad'")
        .all() as { name: string; t: string }[];
      const byTable = new Map<string, string[]>();
      for (const { name, t } of triggers) byTable.set(t, [...(byTable.get(t) ?? []), name.slice(0, -'_ad'.length)]);
      const columnsOf = this.stmt('SELECT name FROM pragma_table_info(?)').pluck();
      const names = [...byTable.values()].flat();
      const columns = new Map(names.map((n) => [n, columnsOf.all(n) as string[]]));
      const isTable = this.stmt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck();
      // An index made by an earlier version has no table of its text: built again by ensureSearch.
      const stored = new Set(names.filter((n) => isTable.get(searchText(n)) !== undefined));
      this.searchIndexes = { version, byTable, columns, stored };
    }
    return this.searchIndexes;
  }

  /** Makes the search index of `fields` over the documents already in `t` (one transaction), unless it is there. */
  private ensureSearch(t: string, fields: string[]) {
    fields.forEach(expr); // refuses a bad path
    const fts = searchName(t, fields);
    const want = fields.length === 1 ? [ONE_FIELD] : fields;
    const now = this.searchIndexesNow();
    const has = now.columns.get(fts);
    if (!has || has.join(',') !== want.join(',') || !now.stored.has(fts)) {
      this.db.transaction(() => searchSql(t, fields).forEach((s) => this.db.exec(s))).immediate();
      this.mergedSinceOpen.add(fts);
      this.trigramDocs.delete(fts);
    }
    // Made in one segment; one already there may hold the writes of a whole earlier run: merged once a start.
    else if (!this.mergedSinceOpen.has(fts)) this.mergeSearch([fts]);
  }

  /** The search indexes this connection has merged (or made) since it opened. */
  private readonly mergedSinceOpen = new Set<string>();
  /** Search indexes merged into one segment by this connection (at a start, then as writes add up). */
  searchMerges = 0;

  /** Merges each of the search indexes `names` into one segment, in one transaction. */
  private mergeSearch(names: string[]) {
    this.db
      .transaction(() => names.forEach((fts) => this.db.exec(`INSERT INTO ${fts} (${fts}) VALUES ('optimize')`)))
      .immediate();
    for (const fts of names) {
      this.mergedSinceOpen.add(fts);
      this.trigramDocs.delete(fts); // counted again as they are now
    }
    this.searchMerges += names.length;
  }

  /**
   * The rowids a search's indexes match: per index, the phrase of the text in the columns asked. A text of
   * three trigrams or more, in an index with a table of its text (searchSql), where some of its trigrams are in
   * at least twice as many documents as its rarest: that index is asked instead for the documents holding its
   * two rarest trigrams (in any of the columns asked), and each of those candidates is checked to contain the
   * whole text in one of those columns (its row in the index's table of text, `instr`), so the matches are
   * exactly the phrase's. A phrase reads the entries of every trigram for each candidate, the common ones
   * included: "student12" in 10,000 students' names and e-mails (212 matches, five of its seven trigrams in
   * every document) took 0.81 ms as a phrase and 0.24 ms this way.
   */
  private matchesOf(p: MatchSet): number[] {
    const grams = trigramsOf(p.text);
    const { stored } = this.searchIndexesNow();
    const sql: string[] = [];
    const params: unknown[] = [];
    p.parts.forEach((part) => {
      const rarest = grams.length >= 3 && stored.has(part.fts) ? this.rarestTwo(part.fts, grams) : null;
      if (!rarest) {
        sql.push(`SELECT rowid FROM ${part.fts} WHERE ${part.fts} MATCH ?`);
        params.push(`${part.colset}${phrase(p.text)}`);
        return;
      }
      this.searchesByRarest++;
      const contains = part.asked.map((c) => `instr(x."${c}", ?) > 0`).join(' OR ');
      const text = searchText(part.fts);
      sql.push(
        `SELECT x.rid FROM ${part.fts} JOIN ${text} x ON x.rid = ${part.fts}.rowid WHERE ${part.fts} MATCH ? AND (${contains})`,
      );
      params.push(`${part.colset}(${rarest.map(phrase).join(' AND ')})`, ...part.asked.map(() => p.text));
    });
    return this.stmt(sql.join(' UNION '))
      .pluck()
      .all(...params) as number[];
  }

  /**
   * The two trigrams of `grams` in the fewest documents of search index `fts`, when some trigram is in at
   * least twice as many as the rarest (else null: asking for the rarest saves little over the phrase).
   */
  private rarestTwo(fts: string, grams: string[]): [string, string] | null {
    const counted = grams.map((g) => ({ g, n: this.docsWith(fts, g) })).sort((a, b) => a.n - b.n);
    if (counted[0].n * 2 > counted[counted.length - 1].n) return null;
    return [counted[0].g, counted[1].g];
  }

  /**
   * About how many documents of search index `fts` hold trigram `g`: counted once and kept (until the index
   * is merged or made again, or TRIGRAM_COUNTS_KEPT are kept), since a count only chooses which trigrams to
   * ask for and never changes the matches (a count of a common trigram reads all its entries: about 0.5 ms
   * for one in 10,000 documents).
   */
  private docsWith(fts: string, g: string): number {
    let counts = this.trigramDocs.get(fts);
    if (!counts || counts.size >= TRIGRAM_COUNTS_KEPT) this.trigramDocs.set(fts, (counts = new Map()));
    let n = counts.get(g);
    if (n === undefined) {
      n = this.stmt(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`).pluck().get(phrase(g)) as number;
      counts.set(g, n);
    }
    return n;
  }
  /** Searches of an index answered from its rarest trigrams and a check of their candidates (matchesOf): for tests. */
  searchesByRarest = 0;
  /** Per search index, the documents counted holding each trigram (see docsWith). */
  private readonly trigramDocs = new Map<string, Map<string, number>>();

  /**
   * Writes to each collection since its search indexes were last merged (by this connection), and how many
   * make the next merge due (SEARCH_UPKEEP_WRITES, or a tenth of the documents once counted).
   */
  private readonly writesSinceMerge = new Map<string, { writes: number; due: number }>();

  /**
   * Keeps searches fast as documents change. A search index takes the writes of each commit in a new
   * segment, and an update leaves the old entry behind for searches to skip until the segments are merged
   * into one; the merges FTS5 makes on its own leave most of that in place (10,000 placements written a
   * few times each: a search of a name in 0.61 ms, 0.25 ms once merged). So once a table has had
   * SEARCH_UPKEEP_WRITES writes and a tenth of its documents, its indexes are merged into one segment again
   * (a few ms for 10,000 documents). Runs after a commit, in the writer's thread; a merge that fails
   * (another writer holds the file past the busy timeout) is tried again after the next commit: the
   * searches stay right meanwhile, only slower.
   */
  private keepSearchFast() {
    for (const [collection, w] of this.writesSinceMerge) {
      if (w.writes < w.due) continue;
      const t = table(collection);
      const names = this.searchIndexesOf(t);
      if (!names.length) {
        this.writesSinceMerge.delete(collection);
        continue;
      }
      const rows = (this.stmt(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
      w.due = Math.max(SEARCH_UPKEEP_WRITES, Math.ceil(rows / 10));
      if (w.writes < w.due) continue;
      try {
        this.mergeSearch(names);
        this.writesSinceMerge.delete(collection);
      } catch {
        // Tried again after the next commit.
      }
    }
  }

  /** Drops the search indexes on table `t` but those of the fields in `keep` (the fields of each index). */
  private dropSearchIndexes(t: string, keep: string[][]) {
    const kept = new Set(keep.map((f) => searchName(t, f)));
    for (const fts of this.searchIndexesOf(t)) if (!kept.has(fts)) dropSearch(fts).forEach((s) => this.db.exec(s));
  }

  async dropIndexesExcept(collection: string, fields: string[]): Promise<void> {
    await this.lastCommit; // a writer thread's commits first (see commit)
    const t = this.ensureTable(collection);
    this.plans.clear(); // plans made with the indexes dropped
    this.dropSearchIndexes(
      t,
      fields.map(searchedFields).filter((f): f is string[] => f !== null),
    );
    if (!fields.includes(ROW_COUNT)) this.dropRowCount(t);
    const keep = new Set(fields.filter(isFieldIndex).map((f) => indexName(t, f)));
    const prefix = indexName(t, '');
    const names = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?")
      .all(t, prefix.length, prefix) as { name: string }[];
    for (const { name } of names) if (!keep.has(name)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
  }

  async checkpoint(projection: string): Promise<number> {
    return this.checkpointNow(projection);
  }
  private checkpointNow(projection: string): number {
    return (this.stmt(CHECKPOINT_OF).get(projection) as { position: number } | undefined)?.position ?? 0;
  }

  /**
   * Tables that a bulk reset (see reset) made without their index of ids, which ensureIndexes builds
   * once the rebuild has written their documents: each one was put once, so it is inserted, and the id
   * index is built in one sorted pass instead of taking each id where it falls. (A table of a million
   * documents whose ids come in no key order rewrote most of its id index with every commit of 20,000:
   * its writes took about half as long again as inserting them and building the index after.)
   */
  private readonly bulk = new Set<string>();

  /**
   * Builds the index of ids of table `t` unless it has one: its primary key (a table ensureTable made)
   * or the unique index made here (after a bulk reset, here or in a connection that stopped before
   * building it). Fails, naming the table, when a document was put twice since the bulk reset.
   */
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
    if (this.bulk.delete(t)) this.writeStatements.clear();
  }

  /**
   * Makes table `t` keep its count of documents in table_rows (ROW_COUNT declared; see ROWS): the triggers and
   * the count of the documents there now, in one transaction, so that no commit of another connection falls
   * between them. ensureIndexes calls it once the table has its index of ids (after a bulk reset's inserts,
   * which run without the triggers).
   */
  private keepRowCount(t: string): void {
    this.db
      .transaction(() => {
        if (this.rowsOf.get(t) !== undefined) return;
        for (const [x, write, change] of ROW_TRIGGERS)
          this.db.exec(
            `CREATE TRIGGER IF NOT EXISTS ${t}_rows_${x} AFTER ${write} ON ${t} BEGIN UPDATE table_rows SET n = n ${change} 1 WHERE tbl = '${t}'; END`,
          );
        this.stmt(`INSERT INTO table_rows (tbl, n) SELECT ?, count(*) FROM ${t}`).run(t);
      })
      .immediate();
  }

  /** Table `t` keeps no count of its documents (no longer declared): its triggers and its row go together. */
  private dropRowCount(t: string): void {
    this.db
      .transaction(() => {
        if (this.rowsOf.get(t) === undefined) return;
        for (const [x] of ROW_TRIGGERS) this.db.exec(`DROP TRIGGER IF EXISTS ${t}_rows_${x}`);
        this.stmt(FORGET_ROWS).run(t);
      })
      .immediate();
  }

  /** Per collection; emptied whenever a table enters or leaves the bulk set (its put changes). */
  private readonly writeStatements = new Map<
    string,
    { table: string; bulk: boolean; put: Database.Statement; delete: Database.Statement }
  >();
  /** The prepared put and delete of a collection (its table exists: flush made sure). */
  private writers(collection: string) {
    let w = this.writeStatements.get(collection);
    if (!w) {
      const t = table(collection);
      const bulk = this.bulk.has(t);
      w = {
        table: t,
        bulk,
        // A document written again as it was (a projection that touched it and changed nothing) is
        // left alone: no index, search index or page of the table is written for it. After a bulk
        // reset, a new document (see bulk).
        put: this.stmt(
          bulk
            ? bulkPut(t)
            : `INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc WHERE doc IS NOT excluded.doc`,
        ),
        delete: this.stmt(`DELETE FROM ${t} WHERE id = ?`),
      };
      this.writeStatements.set(collection, w);
    }
    return w;
  }

  private queue: PendingCommit[] = [];
  private readonly commitOne = (c: PendingCommit, texts: (string | null)[]) => {
    const current = this.checkpointNow(c.projection);
    if (current !== c.from) throw new CheckpointConflictError(c.projection, c.from, current);
    const written = new Set<string>();
    c.ops.forEach((op, i) => {
      let w = this.writers(op.collection);
      if (op.op === 'put') w.put.run(op.doc.id, texts[i]);
      else {
        // A delete after a bulk reset: the ids are indexed first (the delete would read every document).
        if (w.bulk) {
          this.ensureIdIndex(w.table);
          w = this.writers(op.collection);
        }
        w.delete.run(op.id);
      }
      written.add(w.table);
      const counted = this.writesSinceMerge.get(op.collection);
      if (counted) counted.writes += 1;
      else this.writesSinceMerge.set(op.collection, { writes: 1, due: SEARCH_UPKEEP_WRITES });
    });
    for (const t of written) this.stmt(BUMP_VERSION).run(t);
    this.stmt(MOVE_CHECKPOINT).run(c.projection, c.to);
  };

  /**
   * Group commit: the commits of one turn of the event loop (the runner commits every projection
   * that read the same batch at once) go into one transaction and one fsync, each in a savepoint of
   * its own so that a checkpoint conflict refuses that commit alone. No timer: a lone commit waits
   * for the end of the turn only.
   */
  commit(projection: string, from: number, to: number, ops: WriteOp[]): Promise<void> {
    const writer = this.bulkWriter;
    if (!writer) return this.enqueue(projection, from, to, ops);
    // With a writer thread, one commit after another whichever connection writes it: each waits for
    // the one before. A rebuild's documents are serialised now, while the commits before are written.
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
  private bulkWriter: BulkWriter | null = null;
  /** The last commit made with a writer thread, settled or not (see commit). */
  private lastCommit: Promise<void> = Promise.resolve();

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
    this.keepSearchFast();
  };

  /**
   * Drops and recreates the tables, so their secondary indexes go too: the rebuild writes without
   * them, and ensureIndexes builds them once the documents are in. `bulk` (see ReadStore.reset): the
   * index of ids too.
   */
  async reset(projection: string, collections: string[], options: { bulk?: boolean } = {}): Promise<void> {
    await this.lastCommit; // a writer thread's commits first (see commit)
    const tables = this.db
      .transaction(() => {
        const made = collections.map((c) => {
          const t = this.ensureTable(c);
          this.dropSearchIndexes(t, []);
          this.db.exec(`DROP TABLE ${t}`); // and its triggers, those of its count too
          this.stmt(FORGET_ROWS).run(t);
          this.stmt(BUMP_VERSION).run(t);
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
    this.writeStatements.clear();
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
