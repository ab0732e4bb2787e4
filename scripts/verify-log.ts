/**
 * `npm run verify-log`: checks the hash chain of the SQLite event log in DATA_DIR (default ./data)
 * offline, on a read-only connection (nothing is migrated or written). Exit 0 when every event
 * verifies; 1 at the first altered, missing or reordered event, printing its position; 2 when there
 * is no log to check. Another file: `npm run verify-log -- path/to/events.db`.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { storedCheckpoints, verifySqliteLog } from '@panda/events/sqlite-event-store';

const file = process.argv[2] ?? join(resolve(process.env.DATA_DIR ?? './data'), 'events.db');
if (!existsSync(file)) {
  console.error(`verify-log: no event log at ${file}`);
  process.exit(2);
}
const db = new Database(file, { readonly: true, fileMustExist: true });
const started = performance.now();
const report = await verifySqliteLog(db, { roots: storedCheckpoints(db) });
db.close();
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (report.ok) {
  console.log(`verify-log: OK, ${report.events} events verified in ${seconds} s; head hash ${report.head_hash}`);
} else {
  console.error(
    `verify-log: FAILED at position ${report.first_bad_position} (${report.fault}); ${report.events - 1} events before it verified; last good hash ${report.head_hash}`,
  );
  process.exit(1);
}
