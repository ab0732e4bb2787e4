import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from './testing/harness';
import { earningsSummary, invoiceListResponse } from '@panda/contracts/payouts';
import { seedDemo } from './seed';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
});
afterAll(async () => {
  await app.stop();
});

describe('demo seed', () => {
  it('seeds a centre with students, one placed with the mentor with signed job cards; every demo login works with its own random password', async () => {
    const logins = await seedDemo(
      app.url,
      { ...app.platform.commandDeps, readStore: app.platform.queryDeps.readStore },
      TEST_ADMIN.email,
    );
    expect(logins.map((l) => l.role)).toEqual(['training centre', 'mentor', 'student']);
    // docs/rules.md#demo-passwords: each its own random password, none known in advance.
    expect(new Set(logins.map((l) => l.password)).size).toBe(logins.length);
    for (const l of logins) expect(l.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(
      (await app.call('POST', '/api/auth/signin', { Email: 'mentor@panda.demo', Password: 'panda-demo-2026' })).status,
    ).toBe(401);
    const [centre, mentor, student] = await Promise.all(logins.map((l) => app.signIn(l.email, l.password)));
    const head = String(await app.platform.store.headPosition());
    const overview = async (token: string) =>
      (await app.call('GET', '/api/dashboard/overview', undefined, token, { 'X-Min-Position': head })).body;
    expect(await overview(centre.token)).toMatchObject({
      student_count: 3,
      placed_students: 1,
      awaiting_placement: 2,
      placement_rate: 33,
    });
    expect(await overview(mentor.token)).toMatchObject({
      status: 'Active Students',
      active_students: 1,
      jobs_completed: 10,
    });
    expect(await overview(student.token)).toMatchObject({ matched: true, jobs_count: 4, active_jobs: 3 });
    // The three countersign states (docs/rules.md#trainee-countersign), as the centre sees them.
    const jobs = (await app.call('GET', '/api/jobs', undefined, centre.token, { 'X-Min-Position': head })).body as {
      signatures: { trainee_status_label: string }[];
    }[];
    const labels = jobs.flatMap((j) => j.signatures.map((s) => s.trainee_status_label));
    expect(new Set(labels)).toEqual(new Set(['Confirmed by trainee', 'Disputed', 'Awaiting trainee confirmation']));
    // A paid period and an open one (docs/rules.md#mentor-payouts): the older confirmations invoiced and paid,
    // the newer ones earning in the period under way.
    const read = async (path: string) =>
      (await app.call('GET', path, undefined, mentor.token, { 'X-Min-Position': head })).body;
    const invoices = invoiceListResponse.parse(await read('/api/mentor/invoices'));
    const paid = invoices.filter((i) => i.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ number: 'SB-M00001-1', vat_number: 'GB999999973' });
    expect(paid[0].lines).toHaveLength(3);
    expect(paid[0].gross_pence).toBe(paid[0].net_pence + paid[0].vat_pence);
    const open = earningsSummary.parse(await read('/api/mentor/earnings'));
    expect(open.uninvoiced_pence).toBeGreaterThan(0);
    expect(open.period_start > paid[0].period_start).toBe(true);
  });
});
