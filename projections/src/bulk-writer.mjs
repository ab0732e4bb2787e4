/**
 * The writer thread of a SqliteReadStore made with `bulkWriter` (see BulkWriter there): it inserts a
 * rebuild's documents, already serialised, into their tables and moves the projection's checkpoint,
 * one commit per message, each in a transaction of its own, while the rebuild's thread serialises the
 * next. Answers each message with its id, and `conflict` (the stored checkpoint) or `error` when it
 * wrote nothing. Its connection's settings and statements are the store's (`workerData`).
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, pragmas, sql } = workerData;
const db = new Database(file);
for (const pragma of pragmas) db.pragma(pragma);

const inserts = new Map();
const insert = (t) => {
  let s = inserts.get(t);
  if (!s) inserts.set(t, (s = db.prepare(sql.bulkPut.replace('$table', t))));
  return s;
};
const checkpoint = db.prepare(sql.checkpointOf).pluck();
const move = db.prepare(sql.moveCheckpoint);
const write = db.transaction(({ projection, from, to, tables, ids, texts }) => {
  const at = checkpoint.get(projection) ?? 0;
  if (at !== from) return at;
  for (let i = 0; i < ids.length; i++) insert(tables[i]).run(ids[i], texts[i]);
  move.run(projection, to);
  return null;
});

parentPort.on('message', (m) => {
  try {
    const conflict = write.immediate(m);
    parentPort.postMessage(conflict === null ? { id: m.id } : { id: m.id, conflict });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
