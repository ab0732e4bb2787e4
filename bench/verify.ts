/**
 * Hash-chain verify speed (docs/rules.md#hash-chain): verifying the whole log against the raw read rate of the same
 * log in the same run (readAll in pages of 500, as projections read it). The log is generated as a
 * pre-chain log (plain rows, one transaction per 10,000) and chained by the store's migration when it
 * opens, which is timed too. `BENCH_VERIFY_EVENTS` (default 1,000,000) sets the size.
 * Run alone: `npm run bench:verify`; also section 4 of `npm run bench`.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GENESIS_HASH, linkAfter } from '@panda/events/hash-chain';
import { leafHash, nodeHash } from '@panda/events/merkle';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';

const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

const COLUMNS = 'event_id, stream, version, type, data, time, actor_id, correlation_id, command_id';

/** The i-th generated sign-off as the events table's columns (COLUMNS, in that order). */
function signOffRow(prefix: string, i: number) {
  const student = `student-${i % 20_000}`;
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  const data = {
    jobId: `job-${i % 80_000}`,
    studentId: student,
    mentorId: `mentor-${i % 700}`,
    signature: {
      signature: 'D Clarke',
      mentorName: 'Dave Clarke',
      date: at.slice(0, 10),
      time: at.slice(11, 16),
      timestamp: at,
    },
    completedAt: at,
    completedCount: 1 + Math.floor(i / 20_000),
  };
  const id = `${prefix}-${String(i).padStart(12, '0')}`;
  return {
    eventId: `${id}-e`,
    stream: `account-${student}`,
    streamVersion: Math.floor(i / 20_000),
    type: 'JobCardSigned',
    data: JSON.stringify(data),
    time: at,
    actorId: `mentor-${i % 700}`,
    correlationId: `${id}-c`,
    commandId: `${id}-k`,
  };
}
const columnsOf = (r: ReturnType<typeof signOffRow>) =>
  [r.eventId, r.stream, r.streamVersion, r.type, r.data, r.time, r.actorId, r.correlationId, r.commandId] as const;

/** A log from before the hash chain (no hash columns): the store chains it afresh when it opens it. */
export function generate(file: string, n: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Generation only: no fsync, ids in key order (random UUIDs into a unique index cost minutes at 1M).
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, time TEXT NOT NULL, actor_id TEXT, correlation_id TEXT NOT NULL, command_id TEXT, UNIQUE (stream, version))`);
  const ins = db.prepare(`INSERT INTO events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const prefix = randomUUID();
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) ins.run(...columnsOf(signOffRow(prefix, i)));
  });
  for (let i = 0; i < n; i += 10_000) batch(i, Math.min(n, i + 10_000));
  db.close();
}

/**
 * A chained log of `n` sign-offs and its Merkle tree, as the store would have written them: the store
 * makes the file (its tables and indexes), then the rows go in with their chain links (`linkAfter`, as
 * an append makes them) and the tree's complete subtrees (`leafHash`, `nodeHash`, as the tree's
 * extension makes them) in one transaction without fsync. A minute or so at 1,000,000 events, where
 * appending them one by one takes hours and chaining a pre-chain log at open several minutes. Whatever
 * does not match what the store would have written fails the re-hash (its roots at the checkpoints).
 */
export async function generateChained(file: string, n: number) {
  await new SqliteEventStore(file).close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const ins = db.prepare(
    `INSERT INTO events (${COLUMNS}, content_hash, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const node = db.prepare('INSERT INTO log_tree (level, idx, hash) VALUES (?, ?, ?)');
  const prefix = randomUUID();
  db.transaction(() => {
    let prev = GENESIS_HASH;
    let level: Buffer[] = [];
    for (let i = 0; i < n; i++) {
      const r = signOffRow(prefix, i);
      const link = linkAfter(prev, r, r.data);
      ins.run(...columnsOf(r), link.contentHash, link.prevHash, link.hash);
      prev = link.hash;
      level.push(leafHash(Buffer.from(link.contentHash, 'hex')));
    }
    for (let depth = 0; level.length; depth++) {
      const above: Buffer[] = [];
      level.forEach((hash, idx) => {
        node.run(depth, idx, hash);
        if (idx % 2 === 1) above.push(nodeHash(level[idx - 1], hash));
      });
      level = above;
    }
  })();
  db.close();
}

/**
 * Events per second of a raw read of the whole log and of `verifyChain` over it: the two alternated,
 * three rounds each, so both see the same cache and machine load; each rate is the median round.
 */
export async function readAndVerifyRates(store: SqliteEventStore) {
  const readRates: number[] = [];
  const verifyRates: number[] = [];
  let report!: Awaited<ReturnType<SqliteEventStore['verifyChain']>>;
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    let read = 0;
    for (let after = 0; ;) {
      const page = await store.readAll(after, 500);
      if (!page.length) break;
      read += page.length;
      after = page[page.length - 1].position;
    }
    readRates.push((read / (performance.now() - t)) * 1000);
    t = performance.now();
    report = await store.verifyChain();
    verifyRates.push((report.events / (performance.now() - t)) * 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  return { readRate: median(readRates), verifyRate: median(verifyRates), report };
}

export async function verifyBench(n = Number(process.env.BENCH_VERIFY_EVENTS ?? 1_000_000)) {
  const dir = mkdtempSync(join(tmpdir(), 'panda-bench-verify-'));
  const file = join(dir, 'events.db');
  let t = performance.now();
  generate(file, n);
  const generated = performance.now() - t;

  t = performance.now();
  const store = new SqliteEventStore(file);
  const migrated = performance.now() - t;

  const { readRate: read, verifyRate: verify, report } = await readAndVerifyRates(store);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(`4. Hash-chain verify over ${fmt(n)} events (median of 3 rounds)`);
  console.log(
    `   generated in ${fmt(generated)} ms; chained by the migration at open in ${fmt(migrated)} ms (${fmt((n / migrated) * 1000)} events/s)`,
  );
  console.log(
    `   raw log read: ${fmt(read)} events/s   verify: ${fmt(verify)} events/s   ratio: ${(verify / read).toFixed(2)} (target >= 0.5)   ok: ${report.ok}\n`,
  );
  if (!report.ok || report.events !== n)
    throw new Error(`verify did not pass over the generated log: ${JSON.stringify(report)}`);
  return { ratio: verify / read, readRate: read, verifyRate: verify };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  verifyBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
