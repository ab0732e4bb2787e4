import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreContract } from './read-store.contract';
import { SqliteReadStore } from './sqlite-read-store';

readStoreContract(
  'SQLite (embedded)',
  async () => new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db')),
);
