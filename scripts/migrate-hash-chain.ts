/**
 * `npm run migrate:hash-chain`: chains an event log written before docs/rules.md#hash-chain as it is (every event,
 * in global order, onto the one before it), when none of its events has a hash. A log with any hashed event is
 * never chained again (docs/rules.md#never-rechain): an event without a hash there is reported, not chained.
 * The SQLite store also does this whenever it opens a file; this command does it on its own, offline.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';

const file = process.argv[2] ?? join(resolve(process.env.DATA_DIR ?? './data'), 'events.db');
if (!existsSync(file)) {
  console.error(`migrate:hash-chain: no event log at ${file}`);
  process.exit(2);
}
const store = new SqliteEventStore(file);
const report = await store.verifyChain();
await store.close();
console.log(
  `migrate:hash-chain: ${store.migratedOnOpen} events chained now; ${report.events} events in the log; head hash ${report.head_hash}`,
);
if (!report.ok) {
  console.error(`migrate:hash-chain: the chain fails at position ${report.first_bad_position} (${report.fault})`);
  process.exit(1);
}
