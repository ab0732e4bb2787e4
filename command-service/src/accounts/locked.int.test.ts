import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCK_CATEGORY_LABELS, SUPPORT_CONTACT, lockedMessage } from '@panda/contracts/accounts';
import { startTestApp, TEST_PASSWORD, type TestApp } from '@panda/server/testing/harness';
import { uniqueEmail } from '../admin/test-fixtures';

/** A locked user is told why and how to reach support; a wrong password says how many tries are left (docs/rules.md#locked-accounts). */

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
});
afterAll(async () => {
  await app.stop();
});

const signIn = (email: string, password: string) =>
  app.call('POST', '/api/auth/signin', { Email: email, Password: password });

describe('a locked user', () => {
  it('whose session the lock ends is told, once, why and how to reach support', async () => {
    const mentor = await app.signUp('mentor', uniqueEmail('dropped'));
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/ws/${mentor.user.id}?token=${mentor.token}`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    const lock = await app.call(
      'PATCH',
      `/api/admin/users/mentor/${mentor.user.id}/lock`,
      { is_locked: true, reason: 'Gas Safe card expired (internal note)', category: 'compliance' },
      admin,
    );
    expect(lock.status).toBe(200);
    expect(await closed).toEqual({ code: 4001, reason: 'Account locked' });
    const next = await app.call('GET', '/api/profile', undefined, mentor.token);
    expect(next.status).toBe(401);
    expect(next.body.detail).toBe(lockedMessage('compliance'));
    expect(next.body.detail).toContain(LOCK_CATEGORY_LABELS.compliance);
    expect(next.body.detail).toContain(SUPPORT_CONTACT.email);
    // The admin's own note is never shown to the user; nothing points at the terms page.
    expect(next.body.detail).not.toContain('internal note');
    expect(next.body.detail).not.toMatch(/terms/i);
    expect((await app.call('GET', '/api/auth/validate', undefined, mentor.token)).body.detail).toBe(
      lockedMessage('compliance'),
    );
  });

  it('who signs in with the right password gets the same one message; a wrong password learns nothing of the lock', async () => {
    const email = uniqueEmail('locked-signin');
    const mentor = await app.signUp('mentor', email);
    await app.call(
      'PATCH',
      `/api/admin/users/mentor/${mentor.user.id}/lock`,
      { is_locked: true, category: 'security' },
      admin,
    );
    const refused = await signIn(email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(lockedMessage('security'));
    expect(refused.body.detail.match(/\blocked\b/gi)).toHaveLength(1);
    const wrong = await signIn(email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).not.toMatch(/locked/i);
  });

  it('locked without a category is told it was for an administrative reason; an unknown category is 400', async () => {
    const email = uniqueEmail('locked-other');
    const mentor = await app.signUp('mentor', email);
    const bad = await app.call(
      'PATCH',
      `/api/admin/users/mentor/${mentor.user.id}/lock`,
      { is_locked: true, category: 'whim' },
      admin,
    );
    expect(bad.status).toBe(400);
    await app.call('PATCH', `/api/admin/users/mentor/${mentor.user.id}/lock`, { is_locked: true }, admin);
    expect((await signIn(email, TEST_PASSWORD)).body.detail).toBe(lockedMessage('other'));
    expect(lockedMessage('other')).toContain(LOCK_CATEGORY_LABELS.other);
  });
});

describe('Invalid credentials', () => {
  it('says how many tries are left before the throttle, then that the last one was used', async () => {
    const email = uniqueEmail('tries');
    await app.signUp('mentor', email);
    const details: string[] = [];
    for (let i = 0; i < 5; i++) details.push((await signIn(email, `wrong-${i}`)).body.detail);
    expect(details).toEqual([
      'Invalid credentials. 4 tries left before sign-in is paused for 15 minutes.',
      'Invalid credentials. 3 tries left before sign-in is paused for 15 minutes.',
      'Invalid credentials. 2 tries left before sign-in is paused for 15 minutes.',
      'Invalid credentials. 1 try left before sign-in is paused for 15 minutes.',
      'Invalid credentials. That was the last try: sign-in is paused for 15 minutes.',
    ]);
    const sixth = await signIn(email, TEST_PASSWORD);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });
});
