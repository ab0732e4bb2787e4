import Database from 'better-sqlite3';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GENESIS_HASH, linkAfter } from '@panda/events/hash-chain';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consistencyProofResponse, inclusionProofResponse } from '@panda/contracts/audit';
import { verifyConsistency, verifyInclusion } from '@panda/events/merkle';
import { healthResponse } from '@panda/contracts/accounts';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { ALL_PARTS, startPlatform } from './platform';
import { startTestApp } from './testing/harness';

/**
 * docs/rules.md#log-checkpoints and docs/rules.md#log-proofs: signed checkpoints, the public key and the
 * proofs, checked here the way an outsider would, from the C2SP and RFC 9162 texts.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const verifyLog = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-log.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

/** Verifies a C2SP signed note with Ed25519 against a verifier key `name+hex(key ID)+base64(0x01 || key)`; gives its text. */
function independentlyVerified(note: string, vkey: string): string {
  const [name, idHex, ...rest] = vkey.trim().split('+');
  const keyBytes = Buffer.from(rest.join('+'), 'base64');
  expect(keyBytes[0]).toBe(0x01);
  const publicKey = keyBytes.subarray(1);
  // key ID = SHA-256(key name || 0x0A || 0x01 || public key)[:4]
  const id = createHash('sha256')
    .update(Buffer.concat([Buffer.from(name), Buffer.from([0x0a, 0x01]), publicKey]))
    .digest()
    .subarray(0, 4);
  expect(id.toString('hex')).toBe(idHex);
  const at = note.indexOf('\n\n');
  const text = note.slice(0, at + 1);
  const sigLine = note.slice(at + 2).trimEnd();
  expect(sigLine.startsWith(`\u2014 ${name} `)).toBe(true);
  const sig = Buffer.from(sigLine.slice(`\u2014 ${name} `.length), 'base64');
  expect(sig.subarray(0, 4).equals(id)).toBe(true);
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]),
    format: 'der',
    type: 'spki',
  });
  expect(verify(null, Buffer.from(text), key, sig.subarray(4))).toBe(true);
  return text;
}

describe('signed checkpoints and proofs of the log', () => {
  it('publishes a checkpoint that verifies from the spec, and proofs that lead to its root', async () => {
    const app = await startTestApp({ env: { PUBLIC_URL: 'https://panda.example' } });
    try {
      await app.signUp('mentor', 'm1@log.test');
      const first = await app.platform.checkpointer!.tick();
      expect(first).not.toBeNull();
      await app.signUp('mentor', 'm2@log.test');
      // The log grew: a new checkpoint; it did not grow: none.
      const second = (await app.platform.checkpointer!.tick())!;
      expect(await app.platform.checkpointer!.tick()).toBeNull();
      expect(statSync(join(app.dataDir, 'log-signing-key')).mode & 0o777).toBe(0o600);

      const vkey = await (await fetch(`${app.url}/api/audit/log-key`)).text();
      expect(vkey.startsWith('panda.example/log+')).toBe(true);
      const res = await fetch(`${app.url}/api/audit/checkpoint`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const note = await res.text();
      const [origin, size, root, ...more] = independentlyVerified(note, vkey).split('\n');
      expect(more).toEqual(['']);
      expect(origin).toBe('panda.example/log');
      expect(Number(size)).toBe(second.tree_size);
      expect(Buffer.from(root, 'base64').equals(second.root)).toBe(true);
      expect(() => independentlyVerified(note.replace(`\n${size}\n`, `\n${Number(size) + 1}\n`), vkey)).toThrow();

      const n = second.tree_size;
      for (const position of [1, 2, n]) {
        const r = await app.call('GET', `/api/audit/proof/inclusion?position=${position}&tree_size=${n}`);
        expect(r.status).toBe(200);
        const proof = inclusionProofResponse.parse(r.body);
        expect(proof.leaf_index).toBe(position - 1);
        const hashes = proof.hashes.map((h) => Buffer.from(h, 'base64'));
        expect(verifyInclusion(position - 1, n, Buffer.from(proof.leaf_hash, 'base64'), hashes, second.root)).toBe(
          true,
        );
      }
      const c = await app.call('GET', `/api/audit/proof/consistency?from=${first!.tree_size}&to=${n}`);
      const hashes = consistencyProofResponse.parse(c.body).hashes.map((h) => Buffer.from(h, 'base64'));
      expect(verifyConsistency(first!.tree_size, n, first!.root, second.root, hashes)).toBe(true);

      const head = await app.platform.store.headPosition();
      const bad = async (query: string) =>
        (await app.call('GET', `/api/audit/proof/${query}`)) as {
          status: number;
          body: { detail: { field: string; message: string }[] };
        };
      expect((await bad(`inclusion?position=${head + 1}&tree_size=${head + 1}`)).body.detail).toEqual([
        { field: 'tree_size', message: `The log holds ${head} events: there is no tree of size ${head + 1}` },
      ]);
      expect((await bad(`inclusion?position=3&tree_size=2`)).body.detail[0].field).toBe('position');
      expect((await bad(`inclusion?position=0&tree_size=2`)).status).toBe(400);
      expect((await bad(`inclusion?tree_size=2`)).status).toBe(400);
      expect((await bad(`consistency?from=3&to=2`)).body.detail[0].field).toBe('from');
      expect((await bad(`consistency?from=1&to=${head + 5}`)).status).toBe(400);
    } finally {
      await app.stop();
    }
  });

  it('starts on a log altered before its last checkpoint, then refuses commands once the re-hash finds it', async () => {
    const app = await startTestApp();
    await app.signUp('mentor', 'm1@log.test');
    await app.platform.checkpointer!.tick();
    const dir = app.dataDir;
    await app.stop();
    const copy = mkdtempSync(join(tmpdir(), 'panda-tamper-'));
    copyFileSync(join(dir, 'events.db'), join(copy, 'events.db'));
    copyFileSync(join(dir, 'log-signing-key'), join(copy, 'log-signing-key'));
    const db = new Database(join(copy, 'events.db'));
    db.exec(`UPDATE events SET time = '2020-01-01T00:00:00.000Z' WHERE position = 2`);
    db.close();

    // Not the test harness: it provisions an admin (a command) as soon as the server answers.
    const config = loadConfig({ DATA_DIR: copy, PORT: '0', JWT_SECRET: 'test-secret-test-secret-test-secret-1234' });
    const altered = await startPlatform(config, ALL_PARTS, { logger: createLogger('silent') });
    try {
      expect(await altered.verification()!.done).toEqual({ state: 'failed', failed_at: 2 });
      const r = await fetch(`${altered.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: 'x@log.test' }),
      });
      expect(r.status).toBe(503);
      expect(await r.json()).toEqual({ detail: 'The event log failed verification at position 2' });
      const health = healthResponse.parse(await (await fetch(`${altered.url}/api/health`)).json());
      expect(health.log_verification).toEqual({ state: 'failed', failed_at: 2 });
    } finally {
      await altered.stop();
    }
  });

  it('verify-log --checkpoints catches a log rewritten and chained again as a whole', async () => {
    const app = await startTestApp();
    await app.signUp('mentor', 'm1@log.test');
    await app.platform.checkpointer!.tick();
    // An auditor keeps the checkpoint and the key, away from the server.
    const kept = mkdtempSync(join(tmpdir(), 'panda-witness-'));
    const vkey = (await (await fetch(`${app.url}/api/audit/log-key`)).text()).trim();
    writeFileSync(join(kept, 'checkpoints.txt'), await (await fetch(`${app.url}/api/audit/checkpoint`)).text());
    await app.signUp('mentor', 'm2@log.test');
    await app.platform.checkpointer!.tick();
    writeFileSync(join(kept, 'checkpoints.txt'), await (await fetch(`${app.url}/api/audit/checkpoint`)).text(), {
      flag: 'a',
    });
    const file = join(app.dataDir, 'events.db');
    await app.stop();
    const args = ['--checkpoints', join(kept, 'checkpoints.txt'), '--key', vkey, file];
    const honest = verifyLog(args);
    expect(honest.stdout).toContain('extends all 2 saved checkpoints');
    expect(honest.status).toBe(0);

    // Whoever holds the file edits an event, chains the whole log again and drops the tree and checkpoints.
    const db = new Database(file);
    db.prepare(`UPDATE events SET time = '2020-01-01T00:00:00.000Z' WHERE position = 2`).run();
    const rows = db.prepare('SELECT * FROM events ORDER BY position').all() as Record<string, never>[];
    const update = db.prepare('UPDATE events SET content_hash = ?, prev_hash = ?, hash = ? WHERE position = ?');
    let prev = GENESIS_HASH;
    for (const r of rows) {
      const link = linkAfter(
        prev,
        {
          eventId: r.event_id,
          stream: r.stream,
          streamVersion: r.version,
          type: r.type,
          time: r.time,
          actorId: r.actor_id,
          correlationId: r.correlation_id,
          commandId: r.command_id,
        },
        r.data,
      );
      update.run(link.contentHash, link.prevHash, link.hash, r.position);
      prev = link.hash;
    }
    db.exec('DELETE FROM log_tree; DELETE FROM log_checkpoints;');
    db.close();
    // The chain alone is whole again...
    expect(verifyLog([file]).status).toBe(0);
    // ...but the log no longer extends what was kept elsewhere.
    const caught = verifyLog(args);
    expect(caught.status).toBe(1);
    expect(caught.stderr).toContain('not_in_checkpoint');
    expect(caught.stderr).toContain('rewritten');
  });
});
