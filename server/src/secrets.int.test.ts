import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@panda/platform/config';
import { createMailer, pruneOutbox } from '@panda/platform/mailer';
import { startTestApp, TEST_PASSWORD } from './testing/harness';
import { demoLoginsFile, replaceKnownDemoPasswords } from './demo-logins';
import { vettedCentre } from '@panda/command-service/training/test-fixtures';

/** docs/rules.md#demo-passwords: secret files only the owner can read, loopback by default, no known demo passwords. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DAY = 86_400_000;
const mode = (path: string) => statSync(path).mode & 0o777;
const tempDir = () => mkdtempSync(join(tmpdir(), 'panda-secrets-'));

describe('data folder and secret files', () => {
  it('makes the data folder 0700 and the generated jwt-secret and admin-portal-path 0600, narrowing wider ones', () => {
    const dataDir = join(tempDir(), 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(mode(join(dataDir, 'admin-portal-path'))).toBe(0o600);
    // Written by an earlier version with wider modes: narrowed at the next start, values kept.
    const secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8');
    chmodSync(join(dataDir, 'jwt-secret'), 0o644);
    chmodSync(dataDir, 0o755);
    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
  });

  it('keeps every file in the data folder (SQLite stores holding password hashes, counters, mail) 0600 and its folders 0700', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'outbox'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'Subject: Old\n\nNothing secret\n', { mode: 0o644 });
    const app = await startTestApp({ dataDir, overrides: { mailer: undefined } });
    try {
      await app.signUp('mentor', 'modes@secrets.test');
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? [join(dir, e.name), ...walk(join(dir, e.name))] : [join(dir, e.name)],
        );
      const entries = walk(dataDir);
      expect(entries.some((p) => p.endsWith('.db'))).toBe(true);
      for (const p of entries)
        expect(`${p} ${mode(p).toString(8)}`).toBe(`${p} ${statSync(p).isDirectory() ? '700' : '600'}`);
    } finally {
      await app.stop();
    }
  });

  it('listens on loopback unless HOST is set', async () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const app = await startTestApp();
    try {
      expect((app.platform.server!.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await app.stop();
    }
    const open = await startTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      expect((open.platform.server!.address() as AddressInfo).address).toBe('0.0.0.0');
      expect((await open.call('GET', '/api/health')).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});

describe('mail outbox', () => {
  it('writes mails 0600 in a 0700 folder and deletes those whose temporary password has expired', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: null, from: 'Panda <no-reply@panda.local>', dataDir });
    const now = Date.now();
    await mailer.send({
      to: 'a@x.co',
      subject: 'Temporary',
      text: 'Temporary password: abc',
      expiresAt: new Date(now + 7 * DAY),
    });
    await mailer.send({ to: 'b@x.co', subject: 'Welcome', text: 'No secret here' });
    const outbox = join(dataDir, 'outbox');
    expect(mode(outbox)).toBe(0o700);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    for (const f of files) expect(mode(join(outbox, f))).toBe(0o600);
    expect(await pruneOutbox(dataDir, new Date(now + 7 * DAY - 1000), 7 * DAY)).toBe(0);
    expect(await pruneOutbox(dataDir, new Date(now + 7 * DAY), 7 * DAY)).toBe(1);
    const left = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    expect(left).toHaveLength(1);
    expect(left[0]).toContain('No secret here');
  });

  it('prunes at start-up, also mails written before expiry was recorded; the registration mail says when it expires', async () => {
    const dataDir = tempDir();
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox);
    const legacy = join(outbox, 'old-registration.eml');
    writeFileSync(legacy, 'Subject: Welcome\n\nTemporary password: Abcdefgh2345\n');
    utimesSync(legacy, new Date(Date.now() - 8 * DAY), new Date(Date.now() - 8 * DAY));
    writeFileSync(join(outbox, 'old-notice.eml'), 'Subject: Vetted\n\nYour account was vetted.\n');
    let now = Date.now();
    const app = await startTestApp({ dataDir, overrides: { mailer: undefined, clock: () => new Date(now) } });
    try {
      expect(readdirSync(outbox).sort()).toEqual(['old-notice.eml']);
      const centre = await vettedCentre(app, 'Outbox Centre');
      const r = await app.call(
        'POST',
        '/api/register-student',
        {
          First_Name: 'Eve',
          Last_Name: 'Mail',
          Email: 'eve@outbox.test',
          Phone_Number: '07700900000',
          Postcode: 'M1 1AA',
        },
        centre.token,
      );
      expect(r.status).toBe(201);
      // The mail reactor writes it shortly after the registration is recorded.
      await expect
        .poll(() => readdirSync(outbox).some((f) => f.includes('eve@outbox.test') && f.endsWith('.eml')))
        .toBe(true);
      const mail = readdirSync(outbox).find((f) => f.includes('eve@outbox.test') && f.endsWith('.eml'))!;
      const text = readFileSync(join(outbox, mail), 'utf8');
      expect(text).toContain(r.body.temporary_password);
      expect(text).toMatch(/^X-Panda-Expires: \S+$/m);
      expect(mode(join(outbox, mail))).toBe(0o600);
      now += 7 * DAY;
      expect(await pruneOutbox(dataDir, new Date(now), 7 * DAY)).toBe(1);
      expect(readdirSync(outbox).some((f) => f.includes('eve@outbox.test'))).toBe(false);
    } finally {
      await app.stop();
    }
  });
});

describe('demo logins', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  /** `npm start`'s entry point as its own process; resolves with its start-up output once ready. */
  function start(dataDir: string): Promise<{ out: string; url: string; stop: () => Promise<void> }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'demo-test-secret-demo-test-secret-1234',
    };
    for (const k of ['SEED_DEMO', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'HOST']) delete env[k];
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
        if (url && /Ready in/.test(out)) resolve({ out, url, stop: () => (child.kill('SIGTERM'), exited) });
      });
      child.stderr!.on('data', (d) => (out += d));
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
    });
  }

  it('npm start prints random demo passwords once, keeps them in a 0600 file, and later says where that file is', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    let logins: { role: string; email: string; password: string }[];
    try {
      const file = demoLoginsFile(dataDir);
      expect(mode(file)).toBe(0o600);
      logins = JSON.parse(readFileSync(file, 'utf8'));
      expect(logins.map((l) => l.role)).toEqual(['admin (portal)', 'training centre', 'mentor', 'student']);
      for (const l of logins) expect(first.out).toContain(`${l.email} / ${l.password}`);
      expect(first.out).toContain(file);
      const call = (path: string, body: object) =>
        fetch(`${first.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const [admin, centre] = logins;
      expect((await call('/api/admin/auth/signin', { email: admin.email, password: admin.password })).status).toBe(200);
      expect((await call('/api/auth/signin', { Email: centre.email, Password: centre.password })).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await start(dataDir);
    await second.stop();
    for (const l of logins) expect(second.out).not.toContain(l.password);
    expect(second.out).toContain(`Demo logins: in ${demoLoginsFile(dataDir)}`);
  }, 120_000);

  it('replaces the fixed demo passwords of data seeded by an earlier version', async () => {
    const app = await startTestApp({ env: { SEED_DEMO: '0' } });
    try {
      await app.signUp('mentor', 'mentor@panda.demo', { Password: 'panda-demo-2026' });
      await app.signUp('training_centre', 'centre@panda.demo');
      const file = demoLoginsFile(app.dataDir);
      writeFileSync(
        file,
        JSON.stringify([
          { role: 'mentor', email: 'mentor@panda.demo', password: 'panda-demo-2026' },
          { role: 'training centre', email: 'centre@panda.demo', password: 'panda-demo-2026' },
        ]),
      );
      chmodSync(file, 0o644);
      const replaced = (await replaceKnownDemoPasswords(app.platform.commandDeps, app.dataDir))!;
      expect(mode(file)).toBe(0o600);
      // The mentor's known password is gone; the centre's was changed since: dropped from the file, account left alone.
      expect(replaced).toHaveLength(1);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(replaced);
      expect(replaced[0]).toMatchObject({ role: 'mentor', email: 'mentor@panda.demo' });
      expect(replaced[0].password).not.toBe('panda-demo-2026');
      expect(
        (await app.call('POST', '/api/auth/signin', { Email: 'mentor@panda.demo', Password: 'panda-demo-2026' }))
          .status,
      ).toBe(401);
      expect(
        (await app.call('POST', '/api/auth/signin', { Email: 'mentor@panda.demo', Password: replaced[0].password }))
          .status,
      ).toBe(200);
      expect(
        (await app.call('POST', '/api/auth/signin', { Email: 'centre@panda.demo', Password: TEST_PASSWORD })).status,
      ).toBe(200);
      expect(await replaceKnownDemoPasswords(app.platform.commandDeps, app.dataDir)).toBeNull();
    } finally {
      await app.stop();
    }
  });
});
