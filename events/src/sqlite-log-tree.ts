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
/**
 * The levels kept in memory (docs/rules.md#log-tree): every node from level 1 up, 32 bytes each, about
 * 32 bytes per event in all (32 MB at 1,000,000 events). Leaves stay in SQLite, read beside the event.
 */
const KEPT_FROM_LEVEL = 1;
/** Rows read into memory per turn of the event loop. */
const KEEP_CHUNK = 5000;
const HASH = 32;

/** One level's nodes 0..count-1, in one buffer (no object per node for the garbage collector to walk). */
interface KeptLevel {
  hashes: Buffer;
  count: number;
}

export class SqliteLogTree {
  private readonly stmts;
  private readonly extendTx: Database.Transaction<(upTo: number) => number>;

  constructor(private readonly db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS log_tree (level INTEGER NOT NULL, idx INTEGER NOT NULL, hash BLOB NOT NULL, PRIMARY KEY (level, idx)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS log_checkpoints (tree_size INTEGER PRIMARY KEY, root BLOB NOT NULL, note TEXT NOT NULL, time TEXT NOT NULL);
    `);
    this.stmts = {
      size: db.prepare<[], { n: number | null }>('SELECT MAX(idx) + 1 AS n FROM log_tree WHERE level = 0'),
      node: db.prepare<[number, number], { hash: Buffer }>('SELECT hash FROM log_tree WHERE level = ? AND idx = ?'),
      nodesFrom: db
        .prepare<[number, number, number], [idx: number, hash: Buffer]>(
          'SELECT idx, hash FROM log_tree WHERE level = ? AND idx >= ? ORDER BY idx LIMIT ?',
        )
        .raw(),
      levelSize: db.prepare<[number], { n: number | null }>('SELECT MAX(idx) + 1 AS n FROM log_tree WHERE level = ?'),
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

  /**
   * A stored node: from memory once its level is read in (docs/rules.md#log-tree), else from the table.
   * Once keepInBackground() was called, a node not kept yet starts it again (the tree grew).
   */
  readonly node: SubtreeSource = (level, index) => {
    const kept = this.kept[level];
    if (kept && index < kept.count) return kept.hashes.subarray(index * HASH, (index + 1) * HASH);
    if (this.keepsNodes && level >= KEPT_FROM_LEVEL) void this.keepInBackground();
    return this.stored(level, index);
  };

  private stored(level: number, index: number): Buffer {
    const row = this.stmts.node.get(level, index);
    if (!row) throw new RangeError(`The log tree has no node at level ${level}, index ${index}`);
    return row.hash;
  }

  /**
   * Nodes never change once stored, and each level is stored from index 0 up without gaps: a level's
   * nodes 0..count-1 are read into one buffer, KEEP_CHUNK rows a turn of the event loop, so that a
   * proof reads its leaf and the event from SQLite and everything else from memory. Measured: a proof's
   * twenty-odd lookups of cold tree pages were its tail at 1,000,000 events
   * (docs/benchmarks.md#verifiable-log).
   */
  private readonly kept: (KeptLevel | undefined)[] = [];
  private keeping: Promise<void> | null = null;
  /** Set by the first keepInBackground(): a tree nobody asked to keep (the checkpointer's thread) holds nothing. */
  private keepsNodes = false;

  /**
   * Reads into memory the nodes stored past those kept, level by level, a chunk a turn of the event loop
   * (one reader at a time; it stops when the file is closed). Answers when done. A server that answers
   * queries starts it at start; from then on a lookup of a node not kept yet starts it again.
   */
  keepInBackground(): Promise<void> {
    this.keepsNodes = true;
    this.keeping ??= (async () => {
      try {
        for (let level = KEPT_FROM_LEVEL; ; level++) {
          let more = true;
          while (more) {
            await new Promise((resolve) => setImmediate(resolve));
            if (!this.db.open) return;
            more = this.keepChunk(level);
          }
          if (!this.kept[level]?.count) return;
        }
      } catch {
        // What is kept stays right (nodes never change); a node not kept is read from the table, and the
        // next lookup of one starts this again.
      } finally {
        this.keeping = null;
      }
    })();
    return this.keeping;
  }

  /** The next chunk of a level's nodes into memory; false once the level has no more. */
  private keepChunk(level: number): boolean {
    const kept = (this.kept[level] ??= { hashes: Buffer.alloc(0), count: 0 });
    const rows = this.stmts.nodesFrom.all(level, kept.count, KEEP_CHUNK);
    let added = 0;
    while (added < rows.length && rows[added][0] === kept.count + added && rows[added][1].length === HASH) added++;
    if (!added) return false;
    if ((kept.count + added) * HASH > kept.hashes.length) {
      // The level's size now at its first chunk, a quarter more as the tree grows past it.
      const size = kept.count ? Math.ceil(kept.count * 1.25) : (this.stmts.levelSize.get(level)?.n ?? 0);
      const grown = Buffer.alloc(Math.max(kept.count + added, size) * HASH);
      kept.hashes.copy(grown, 0, 0, kept.count * HASH);
      kept.hashes = grown;
    }
    for (let i = 0; i < added; i++) rows[i][1].copy(kept.hashes, (kept.count + i) * HASH);
    kept.count += added;
    return added === KEEP_CHUNK;
  }

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
        hash = nodeHash(edge[level] ?? this.stored(level, index - 1), hash);
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
