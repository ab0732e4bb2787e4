/**
 * `npm run verify-log`: checks the hash chain of the SQLite event log in DATA_DIR (default ./data)
 * offline, on a read-only connection (nothing is migrated or written), and the Merkle tree's root at every
 * checkpoint the log keeps (docs/rules.md#log-checkpoints). Exit 0 when every event verifies; 1 at the
 * first altered, missing or reordered event, printing its position; 2 when there is no log to check or
 * the arguments are wrong. Another file: `npm run verify-log -- path/to/events.db`.
 *
 * `--checkpoints FILE`: signed checkpoints saved elsewhere (answers of GET /api/audit/checkpoint, one
 * after another). Each must carry a valid signature by the log key (`--key` the verifier key of
 * GET /api/audit/log-key as saved with them; else LOG_SIGNING_KEY or DATA_DIR/log-signing-key), and the
 * log must still extend it: the root the log's own events give at that size must be the checkpoint's
 * (docs/rules.md#log-witness). This catches a log rewritten and chained again as a whole.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CompactRange } from '@panda/events/merkle';
import {
  openNote,
  parseCheckpoint,
  parseSignerKey,
  parseVerifierKey,
  splitNotes,
  type NoteVerifier,
} from '@panda/events/signed-note';
import { storedCheckpoints, verifySqliteLog } from '@panda/events/sqlite-event-store';

const fail = (message: string, code: number): never => {
  console.error(`verify-log: ${message}`);
  process.exit(code);
};

let args: ReturnType<
  typeof parseArgs<{ options: { checkpoints: { type: 'string' }; key: { type: 'string' } }; allowPositionals: true }>
>;
try {
  args = parseArgs({
    options: { checkpoints: { type: 'string' }, key: { type: 'string' } },
    allowPositionals: true,
  });
} catch (err) {
  fail((err as Error).message, 2);
}
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const file = args!.positionals[0] ?? join(dataDir, 'events.db');
if (!existsSync(file)) fail(`no event log at ${file}`, 2);

/** The key the saved checkpoints must be signed with. */
function verifierKey(): NoteVerifier {
  if (args.values.key) return parseVerifierKey(args.values.key);
  if (process.env.LOG_SIGNING_KEY) return parseSignerKey(process.env.LOG_SIGNING_KEY);
  const keyFile = join(dataDir, 'log-signing-key');
  if (!existsSync(keyFile)) return fail('no log key: pass --key with the verifier key kept with the checkpoints', 2);
  return parseSignerKey(readFileSync(keyFile, 'utf8'));
}

const saved: { tree_size: number; root: Buffer }[] = [];
if (args!.values.checkpoints) {
  const path = args!.values.checkpoints;
  if (!existsSync(path)) fail(`no checkpoints file at ${path}`, 2);
  let notes: string[] = [];
  let key: NoteVerifier;
  try {
    key = verifierKey();
    notes = splitNotes(readFileSync(path, 'utf8'));
  } catch (err) {
    fail(`${path}: ${(err as Error).message}`, 2);
  }
  if (!notes.length) fail(`${path} holds no checkpoint`, 2);
  notes.forEach((note, i) => {
    try {
      const c = parseCheckpoint(openNote(note, key));
      saved.push({ tree_size: c.treeSize, root: c.root });
    } catch (err) {
      fail(`FAILED: checkpoint ${i + 1} in ${path}: ${(err as Error).message}`, 1);
    }
  });
}

const db = new Database(file, { readonly: true, fileMustExist: true });
const started = performance.now();
const range = new CompactRange();
const report = await verifySqliteLog(db, { roots: [...storedCheckpoints(db), ...saved], range });
db.close();
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (report.ok) {
  console.log(
    `verify-log: OK, ${report.events} events verified in ${seconds} s; head hash ${report.head_hash}; tree root ${range.root().toString('base64')}` +
      (saved.length ? `; extends all ${saved.length} saved checkpoints` : ''),
  );
} else {
  const why =
    report.fault === 'not_in_checkpoint'
      ? `the log no longer extends the signed checkpoint of size ${report.first_bad_position}: it was rewritten or cut short`
      : `${report.events - 1} events before it verified; last good hash ${report.head_hash}`;
  fail(`FAILED at position ${report.first_bad_position} (${report.fault}); ${why}`, 1);
}
