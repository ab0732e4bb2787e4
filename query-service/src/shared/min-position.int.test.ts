import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '@panda/platform/tokens';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  ({ token } = await app.signUp('mentor', 'min-position@example.com'));
});
afterAll(async () => {
  await app.stop();
});

/** A position the log will not reach during the test. */
const farAhead = () => String(Number.MAX_SAFE_INTEGER);

describe('X-Min-Position is honoured only after authentication', () => {
  it('answers a caller without a token, or with a forged one, at once with 401 instead of waiting', async () => {
    const forged = await signToken(new TextEncoder().encode('some-other-secret-some-other-secret-12'), {
      sub: 'x',
      role: 'admin',
    });
    for (const bad of [undefined, 'not-a-jwt', forged]) {
      const r = await app.call('GET', '/api/jobs', undefined, bad, { 'X-Min-Position': farAhead() });
      expect(r.status).toBe(401);
      expect(r.headers.get('retry-after')).toBeNull();
      const q = await app.call('GET', `/api/admin/users/mentors?min_position=${farAhead()}`, undefined, bad);
      expect(q.status).toBe(401);
    }
  });

  it('does not hold a public query either', async () => {
    const r = await app.call('GET', '/api/health', undefined, undefined, { 'X-Min-Position': farAhead() });
    expect(r.status).toBe(200);
  });

  it('still makes a signed-in caller wait for its position (503 when the bounded wait runs out)', async () => {
    const r = await app.call('GET', '/api/jobs', undefined, token, { 'X-Min-Position': farAhead() });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    const head = await app.platform.store.headPosition();
    expect(
      (await app.call('GET', '/api/auth/validate', undefined, token, { 'X-Min-Position': String(head) })).status,
    ).toBe(200);
  });
});
