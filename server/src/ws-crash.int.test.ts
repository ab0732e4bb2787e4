import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess | null = null;
afterAll(() => void child?.kill('SIGKILL'));

/** `npm start`'s entry point in its own process on a free port. */
function startServer(): Promise<{ url: string; exitCode: () => number | null }> {
  return new Promise((resolve, reject) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-ws-crash-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'ws-crash-secret-ws-crash-secret-12345',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let code: number | null = null;
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m && /Ready in/.test(out)) resolve({ url: m[1], exitCode: () => code });
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (c) => {
      code = c ?? -1;
      reject(new Error(`server exited (${c}) before it was ready:\n${out}`));
    });
  });
}

/** Upgrades a raw connection, sends `frame` once the 101 arrived, and resolves when the server has closed it. */
function sendAfterUpgrade(url: string, path: string, frame: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('error', () => {});
    socket.on('data', (d) => {
      if (!received.includes('\r\n\r\n') && (received += d.toString('latin1')).includes('\r\n\r\n'))
        socket.write(frame);
    });
    socket.once('close', () => resolve(received.split('\r\n')[0]));
    const timer = setTimeout(() => reject(new Error('the server kept the connection open')), 20_000);
    socket.once('close', () => clearTimeout(timer));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

describe('npm start and the frames it sends', () => {
  it('keeps serving after a reserved opcode, a 17 MB frame header and an unmasked frame', async () => {
    const server = await startServer();
    const signUp = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        First_Name: 'Wes',
        Last_Name: 'Socket',
        Email: 'ws-crash@example.com',
        Password: 'crash-pass-1',
        Role: 'mentor',
      }),
    });
    const { token, user } = (await signUp.json()) as { token: string; user: { id: string } };
    const huge = Buffer.concat([Buffer.from([0x82, 0xff]), Buffer.alloc(8), randomBytes(4)]);
    huge.writeBigUInt64BE(BigInt(17 * 1024 * 1024), 2);
    for (const [path, frame] of [
      ['/ws/anything?token=x', Buffer.from([0x83, 0x80, 0, 0, 0, 0])],
      ['/ws/anything?token=x', huge],
      [`/ws/${user.id}?token=${token}`, Buffer.from([0x81, 0x02, 0x68, 0x69])],
    ] as const) {
      expect(await sendAfterUpgrade(server.url, path, frame)).toMatch(/^HTTP\/1\.1 101/);
      expect(server.exitCode()).toBeNull();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }
  });
});
