import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { fullProfile } from '@panda/command-service/admin/test-fixtures';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { DEFAULT_LIMITS, limitEnvName } from '@panda/platform/throttle';
import { startPlatform, type Platform } from './platform';
import { startTestApp, TEST_PASSWORD, type TestApp } from './testing/harness';

/** docs/rules.md#throttles: sign-in per client address, forgot-password per address, uploads per account, shared by every process. */
const started: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of started.reverse()) await s.stop();
});
/** The real limits (the test harness loosens those per address and per account). */
const REAL_LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([name, l]) => [limitEnvName(name), `${l.points}/${l.seconds}`]),
);
/** These apps believe loopback's X-Forwarded-For, so that one test can send from many addresses. */
const app = async (options: Parameters<typeof startTestApp>[0] = {}) => {
  const a = await startTestApp({
    ...options,
    env: { SEED_DEMO: '0', TRUST_PROXY: 'loopback', ...REAL_LIMITS, ...options.env },
  });
  started.push(a);
  return a;
};
/** The client address as a trusted (loopback) proxy reports it. */
const from = (address: string) => ({ 'X-Forwarded-For': address });
const signIn = (a: TestApp, email: string, password: string, address: string) =>
  a.call('POST', '/api/auth/signin', { Email: email, Password: password }, undefined, from(address));

describe('sign-in throttle per client address', () => {
  it('answers 429 with Retry-After after 20 failures from one address across many e-mails, for that address only', async () => {
    const a = await app();
    await a.signUp('mentor', 'victim@throttle.test');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await signIn(a, `guess-${i}@throttle.test`, 'wrong-password', '203.0.113.7')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    const refused = await signIn(a, 'victim@throttle.test', TEST_PASSWORD, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect((await signIn(a, 'victim@throttle.test', TEST_PASSWORD, '203.0.113.8')).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const a = await app({ env: { THROTTLE_SIGN_IN_ADDRESS: '3/900' } });
    await a.signUp('mentor', 'often@throttle.test');
    for (let i = 0; i < 5; i++)
      expect((await signIn(a, 'often@throttle.test', TEST_PASSWORD, '203.0.113.9')).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await signIn(a, 'often@throttle.test', 'wrong-password', '203.0.113.9')).status).toBe(401);
    expect((await signIn(a, 'often@throttle.test', TEST_PASSWORD, '203.0.113.9')).status).toBe(429);
  });

  it('counts guesses sent in parallel', async () => {
    const a = await app({ env: { THROTTLE_SIGN_IN_ADDRESS: '5/900' } });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(a, `parallel-${i}@throttle.test`, 'wrong-password', '203.0.113.10').then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('forgot-password throttle per client address', () => {
  it('sends at most 3 mails per address per hour and answers the same when it sends none', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const a = await app({ overrides: { logger } });
    await a.signUp('mentor', 'forgetful@throttle.test');
    const ask = (address: string) =>
      a.call('POST', '/api/auth/forgot-password', { email: 'forgetful@throttle.test' }, undefined, from(address));
    const mailsTo = () => a.mails.filter((m) => m.to === 'forgetful@throttle.test').length;

    const answers = [];
    for (let i = 1; i <= 3; i++) {
      answers.push(await ask('198.51.100.1'));
      await expect.poll(mailsTo).toBe(i);
    }
    const throttled = await ask('198.51.100.1');
    await expect.poll(() => lines.filter((l) => l.includes('forgot-password: throttled')).length).toBe(1);
    expect(mailsTo()).toBe(3);
    for (const r of answers) {
      expect(r.status).toBe(throttled.status);
      expect(r.body).toEqual(throttled.body);
      expect(r.headers.get('retry-after')).toBeNull();
    }
    expect(throttled.status).toBe(200);
    expect(throttled.headers.get('retry-after')).toBeNull();
    // Another address may still ask, for another e-mail address.
    await a.signUp('mentor', 'other@throttle.test');
    await a.call(
      'POST',
      '/api/auth/forgot-password',
      { email: 'other@throttle.test' },
      undefined,
      from('198.51.100.2'),
    );
    await expect.poll(() => a.mails.filter((m) => m.to === 'other@throttle.test').length).toBe(1);
  });
});

describe('forgot-password throttle per e-mail address', () => {
  it('sends at most 3 mails per e-mail address per hour, from however many client addresses', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const a = await app({ overrides: { logger } });
    await a.signUp('mentor', 'Target@Throttle.test');
    const mailsTo = () => a.mails.filter((m) => m.to === 'target@throttle.test').length;
    for (let i = 1; i <= 3; i++) {
      const email = i === 2 ? ' TARGET@throttle.test ' : 'target@throttle.test';
      await a.call('POST', '/api/auth/forgot-password', { email }, undefined, from(`198.51.100.${10 + i}`));
      await expect.poll(mailsTo).toBe(i);
    }
    const fourth = await a.call(
      'POST',
      '/api/auth/forgot-password',
      { email: 'target@throttle.test' },
      undefined,
      from('198.51.100.99'),
    );
    expect(fourth.status).toBe(200);
    await expect.poll(() => lines.filter((l) => l.includes('forgot-password: throttled')).length).toBe(1);
    expect(mailsTo()).toBe(3);
  });
});

describe('client address by default', () => {
  it('is the socket address: a made-up X-Forwarded-For does not dodge the sign-in throttle', async () => {
    const a = await startTestApp({ env: { SEED_DEMO: '0', ...REAL_LIMITS } });
    started.push(a);
    await a.signUp('mentor', 'spoofed@throttle.test');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn(a, 'spoofed@throttle.test', 'wrong-password', `203.0.113.${100 + i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password from yet another "address" is refused too: it is the same client.
    expect((await signIn(a, 'spoofed@throttle.test', TEST_PASSWORD, '192.0.2.1')).status).toBe(429);
  });
});

describe('upload throttle per account', () => {
  // A real 1x1 PNG.
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const form = (over: Record<string, unknown> = {}) => ({ ...fullProfile(), Terms_Agreed: true, ...over });

  it('answers 429 with Retry-After past the limit of photo uploads, per account; saving without a photo is not an upload', async () => {
    const a = await app({ env: { THROTTLE_UPLOADS: '2/3600' } });
    const mentor = await a.signUp('mentor', 'uploader@throttle.test');
    const other = await a.signUp('mentor', 'other-uploader@throttle.test');
    const put = (token: string, body: unknown) => a.call('PUT', '/api/mentor/profile', body, token);
    expect((await put(mentor.token, form({ Gas_Safe_Card_Photo: PNG }))).status).toBe(200);
    expect((await put(mentor.token, form({ Gas_Safe_Card_Photo: PNG, Business_Name: 'Second Ltd' }))).status).toBe(200);
    const refused = await put(mentor.token, form({ Gas_Safe_Card_Photo: PNG, Business_Name: 'Third Ltd' }));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many image uploads/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    const profile = await a.call('GET', '/api/profile', undefined, mentor.token);
    expect(profile.body.Business_Name).toBe('Second Ltd');
    // Keeping the photo on file (sent back by its hash) is no upload.
    expect(
      (
        await put(
          mentor.token,
          form({ Gas_Safe_Card_Photo: profile.body.Gas_Safe_Card_Photo.hash, Business_Name: 'Kept Photo Ltd' }),
        )
      ).status,
    ).toBe(200);
    expect((await put(mentor.token, form({ Gas_Safe_Card_Photo: null, Business_Name: 'No Photo Ltd' }))).status).toBe(
      200,
    );
    expect((await put(other.token, form({ Gas_Safe_Card_Photo: PNG }))).status).toBe(200);
  });
});

describe('throttle counters shared by every process', () => {
  it('counts the failures that two command services on one DATA_DIR see as one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panda-throttle-split-'));
    const logger = createLogger('silent');
    const mailer = { send: async () => {} };
    const config = () =>
      loadConfig({
        DATA_DIR: dir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'throttle-secret-throttle-secret-12345',
        THROTTLE_SIGN_IN_ADDRESS: '6/900',
      });
    const parts = { commands: true, queries: false, projections: false, web: false };
    const platforms: Platform[] = [];
    platforms.push(await startPlatform(config(), { ...parts, projections: true }, { logger, mailer }));
    started.push(platforms[0]);
    platforms.push(await startPlatform(config(), parts, { logger, mailer }));
    started.push(platforms[1]);
    const attempt = (p: Platform, i: number) =>
      fetch(`${p.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: `split-${i}@throttle.test`, Password: 'wrong-password' }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    // Three failures on each process: six in all, the limit.
    for (let i = 0; i < 6; i++) statuses.push(await attempt(platforms[i % 2], i));
    expect(statuses).toEqual(Array(6).fill(401));
    expect(await attempt(platforms[0], 6)).toBe(429);
    expect(await attempt(platforms[1], 7)).toBe(429);
  });
});
