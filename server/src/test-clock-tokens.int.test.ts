import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { get, vettedCentre } from '@panda/command-service/training/test-fixtures';

/**
 * docs/rules.md#test-clock: a server whose clock is set before the machine's date signs session tokens by
 * that clock and checks their expiry by it too, so a session it issues works, and ends 12 hours on by it.
 */
const HOUR = 3_600_000;
const start = Date.now() - 400 * 24 * HOUR;
let now = start;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
});

afterAll(async () => {
  await app?.stop();
});

describe('session tokens under a test clock set before today', () => {
  it("are accepted, and expire 12 hours on by the server's clock", async () => {
    const centre = await vettedCentre(app, 'North');
    expect((await get(app, '/api/dashboard/overview', centre.token)).status).toBe(200);
    now = start + 11 * HOUR;
    expect((await get(app, '/api/dashboard/overview', centre.token)).status).toBe(200);
    now = start + 12 * HOUR + 1000;
    expect((await get(app, '/api/dashboard/overview', centre.token)).status).toBe(401);
  });
});
