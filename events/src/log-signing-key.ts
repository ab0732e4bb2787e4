import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSignerKey, parseSignerKey, type NoteSigner } from './signed-note';

/**
 * The key that signs the log's checkpoints (docs/rules.md#log-checkpoints): `LOG_SIGNING_KEY` when set,
 * else DATA_DIR/log-signing-key, generated once (owner-only, 0600) with the origin as its key name.
 * Either holds a signer key as golang.org/x/mod/sumdb/note writes it (see signed-note.ts).
 */
export function loadLogSigner(dataDir: string, envKey: string | null, origin: string): NoteSigner {
  if (envKey) return parseSignerKey(envKey);
  const file = join(dataDir, 'log-signing-key');
  try {
    // 'wx': made once; when another thread made it first, that one is read.
    writeFileSync(file, `${generateSignerKey(origin)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  return parseSignerKey(readFileSync(file, 'utf8'));
}
