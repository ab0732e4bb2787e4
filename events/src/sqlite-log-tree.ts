import type Database from 'better-sqlite3';
import { consistencyProof, inclusionProof, leafHash, nodeHash, rootAt, type SubtreeSource } from './merkle';

/**
 * The log's Merkle tree (docs/rules.md#log-tree) kept beside the events in the SQLite file: the hash of
 * every complete subtree (level 0: the leaves), so that a root or a proof is O(log² n) lookups by key,
 * never a rebuild. Leaf i is the 32 bytes of the content hash of the (i+1)-th event, which in a SQLite
 * log is the event at position i + 1 (positions have no gaps there; a gap is an alteration). The tree is
 * not extended by appends (they do no more work than before): whoever needs it further (the checkpointer,
 * a proof of a larger size) extends it, in transactions of a bounded number of leaves.
 *
 * Checkpoints (docs/rules.md#log-checkpoints) are kept in their own table: a signed statement about
 * the log, not a change of state, so not an event.
 */
export interface StoredCheckpoint {
  tree_size: number;
  /** MTH of the first tree_size leaves. */
  root: Buffer;
  /** The signed note, as served. */
  note: string;
  time: string;
}

/** The tree could not take an event in (a gap in the positions, an event without a content hash). */
export class LogTreeError extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
    this.name = 'LogTreeError';
  }
}

const EXTEND_CHUNK = 2000;

export class SqliteLogTree {
  private readonly stmts;
  private readonly extendTx: Database.Transaction<(upTo: number) => number>;

  constructor(db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS log_tree (level INTEGER NOT NULL, idx INTEGER NOT NULL, hash BLOB NOT NULL, PRIMARY KEY (level, idx)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS log_checkpoints (tree_size INTEGER PRIMARY KEY, root BLOB NOT NULL, note TEXT NOT NULL, time TEXT NOT NULL);
    `);
    this.stmts = {
      size: db.prepare<[], { n: number | null }>('SELECT MAX(idx) + 1 AS n FROM log_tree WHERE level = 0'),
      node: db.prepare<[number, number], { hash: Buffer }>('SELECT hash FROM log_tree WHERE level = ? AND idx = ?'),
      insert: db.prepare('INSERT INTO log_tree (level, idx, hash) VALUES (?, ?, ?)'),
      events: db
        .prepare<[number, number], [position: number, contentHash: string | null]>(
          'SELECT position, content_hash FROM events WHERE position > ? ORDER BY position LIMIT ?',
        )
        .raw(),
      head: db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
      contentHash: db.prepare<[number], { content_hash: string | null }>(
        'SELECT content_hash FROM events WHERE position = ?',
      ),
      latest: db.prepare<[], StoredCheckpoint>('SELECT * FROM log_checkpoints ORDER BY tree_size DESC LIMIT 1'),
      all: db.prepare<[], StoredCheckpoint>('SELECT * FROM log_checkpoints ORDER BY tree_size'),
      before: db.prepare<[string], StoredCheckpoint>(
        'SELECT * FROM log_checkpoints WHERE time < ? ORDER BY tree_size DESC LIMIT 1',
      ),
      save: db.prepare('INSERT OR IGNORE INTO log_checkpoints (tree_size, root, note, time) VALUES (?, ?, ?, ?)'),
    };
    this.extendTx = db.transaction((upTo: number) => this.extendChunk(upTo));
  }

  /** Leaves in the tree now. */
  size(): number {
    return this.stmts.size.get()?.n ?? 0;
  }

  /** Events in the log (the head position: positions have no gaps). */
  logSize(): number {
    return this.stmts.head.get()?.p ?? 0;
  }

  readonly node: SubtreeSource = (level, index) => {
    const row = this.stmts.node.get(level, index);
    if (!row) throw new RangeError(`The log tree has no node at level ${level}, index ${index}`);
    return row.hash;
  };

  /**
   * One chunk of leaves in one transaction. The left sibling a new node hashes with is the last node the
   * chunk made at that level (kept in `edge`), read from the table only at the chunk's first leaves: half
   * a checkpoint's cost per leaf, paid while appends wait (docs/benchmarks.md#verifiable-log).
   */
  private readonly extendChunk = (upTo: number): number => {
    let size = this.size();
    const rows = this.stmts.events.all(size, Math.min(EXTEND_CHUNK, upTo - size));
    const edge: (Buffer | undefined)[] = [];
    for (const [position, contentHash] of rows) {
      if (position !== size + 1)
        throw new LogTreeError(
          size + 1,
          `The event log has no event at position ${size + 1} (the next is ${position})`,
        );
      if (!contentHash) throw new LogTreeError(position, `The event at position ${position} has no content hash`);
      let hash = leafHash(Buffer.from(contentHash, 'hex'));
      let index = size;
      this.stmts.insert.run(0, index, hash);
      let level = 0;
      for (; index % 2 === 1; level++) {
        hash = nodeHash(edge[level] ?? this.node(level, index - 1), hash);
        edge[level] = undefined;
        index = Math.floor(index / 2);
        this.stmts.insert.run(level + 1, index, hash);
      }
      edge[level] = hash;
      size += 1;
    }
    return size;
  };

  /**
   * Takes the log's events up to `upTo` (default: the head) into the tree, a bounded chunk per
   * transaction so that appends wait for no long one; yields between chunks. Answers the tree's size.
   */
  async extend(upTo = this.logSize()): Promise<number> {
    let size = this.size();
    while (size < upTo) {
      const next = this.extendTx.immediate(upTo);
      if (next === size) break;
      size = next;
      if (size < upTo) await new Promise((resolve) => setImmediate(resolve));
    }
    return size;
  }

  root(size: number): Buffer {
    return rootAt(this.node, size);
  }

  /** The leaf hash at `index` (RFC 9162's hash of 0x00 and the event's content hash). */
  leaf(index: number): Buffer {
    return this.node(0, index);
  }

  /** The content hash the event at `position` holds now (null when it has none, undefined when there is no event). */
  contentHashAt(position: number): string | null | undefined {
    return this.stmts.contentHash.get(position)?.content_hash;
  }

  inclusion(index: number, size: number): Buffer[] {
    return inclusionProof(this.node, index, size);
  }

  consistency(first: number, second: number): Buffer[] {
    return consistencyProof(this.node, first, second);
  }

  latestCheckpoint(): StoredCheckpoint | null {
    return this.stmts.latest.get() ?? null;
  }

  /** The largest checkpoint signed before `time` (an ISO 8601 UTC time), or null. */
  latestCheckpointBefore(time: string): StoredCheckpoint | null {
    return this.stmts.before.get(time) ?? null;
  }

  checkpoints(): StoredCheckpoint[] {
    return this.stmts.all.all();
  }

  saveCheckpoint(c: StoredCheckpoint): void {
    this.stmts.save.run(c.tree_size, c.root, c.note, c.time);
  }
}
