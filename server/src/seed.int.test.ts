import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from './testing/harness';
import { earningsSummary, invoiceListResponse } from '@panda/contracts/payouts';
import { studentCriteriaResponse } from '@panda/contracts/criteria';
import { caseloadRow } from '@panda/contracts/training';
import { PRE_EVIDENCE_LABEL } from '@panda/contracts/evidence';
import { jobSignatureEntry } from '@panda/contracts/signoff';
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
      student_count: 4,
      placed_students: 1,
      awaiting_placement: 3,
      placement_rate: 25,
    });
    expect(await overview(mentor.token)).toMatchObject({
      status: 'Active Students',
      active_students: 1,
      jobs_completed: 11,
    });
    expect(await overview(student.token)).toMatchObject({ matched: true, jobs_count: 4, active_jobs: 3 });
    // The three countersign states (docs/rules.md#trainee-countersign), as the centre sees them.
    const jobs = (await app.call('GET', '/api/jobs', undefined, centre.token, { 'X-Min-Position': head })).body as {
      signatures: unknown[];
    }[];
    const cards = jobs.flatMap((j) => j.signatures.map((s) => jobSignatureEntry.parse(s)));
    const labels = cards.map((s) => s.trainee_status_label);
    expect(new Set(labels)).toEqual(new Set(['Confirmed by trainee', 'Disputed', 'Awaiting trainee confirmation']));
    // docs/rules.md#evidence: one card signed before evidence was required, every other with its evidence,
    // most with photos (real images, stored and served, none alike enough to be flagged), all signed by the
    // server's clock on or after the day of the work.
    expect(cards.filter((c) => c.evidence_note === PRE_EVIDENCE_LABEL && c.evidence === null)).toHaveLength(1);
    const evidenced = cards.filter((c) => c.evidence);
    expect(evidenced).toHaveLength(10);
    const photos = evidenced.flatMap((c) => c.evidence!.photos);
    expect(photos.length).toBeGreaterThanOrEqual(6);
    expect(photos.every((p) => p.possible_duplicate === false)).toBe(true);
    for (const c of evidenced) {
      expect(c.captured_at).not.toBeNull();
      expect(Math.abs(Date.parse(c.signed_at) - Date.parse(c.captured_at!))).toBeLessThan(60_000);
      expect(c.date <= c.signed_at.slice(0, 10)).toBe(true);
    }
    const photo = await fetch(`${app.url}/api/job-photos/${photos[0]!.photo_id}`, {
      headers: { authorization: `Bearer ${centre.token}`, 'X-Min-Position': head },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    // The default criteria template, partly met (docs/rules.md#criteria).
    const criteria = studentCriteriaResponse.parse(
      (
        await app.call('GET', `/api/students/${student.user.id}/criteria`, undefined, centre.token, {
          'X-Min-Position': head,
        })
      ).body,
    );
    expect(criteria.met).toBeGreaterThan(0);
    expect(criteria.met).toBeLessThan(criteria.total);
    expect(criteria.criteria.filter((c) => !c.met && c.evidenced > 0).length).toBeGreaterThan(0);
    // The student with an open dispute is at risk (docs/rules.md#centre-caseload).
    const atRisk = (
      await app.call('GET', '/api/my-students?at_risk=true', undefined, centre.token, { 'X-Min-Position': head })
    ).body as { id: string }[];
    expect(atRisk.map((s) => s.id)).toEqual([student.user.id]);
    // Three students signed in; the fourth's invitation waits (docs/rules.md#centre-caseload).
    const all = caseloadRow
      .array()
      .parse((await app.call('GET', '/api/my-students', undefined, centre.token, { 'X-Min-Position': head })).body);
    expect(all.map((s) => [s.First_Name, s.invitation.state])).toEqual([
      ['Mia', 'sent'],
      ['Noah', 'signed_in'],
      ['Chloe', 'signed_in'],
      ['Liam', 'signed_in'],
    ]);
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
    // The placement is dated 45 days back, before its people were registered; the auditor's timeline
    // still names who proposed and accepted it, as the log knew them (docs/rules.md#audit-calls).
    const timeline = (
      await app.call('GET', `/api/audit/accounts/${student.user.id}/timeline`, undefined, await app.adminToken())
    ).body as { timeline: { action: string; actor: { name: string }; student_name: string; mentor_name: string }[] };
    expect(
      timeline.timeline
        .filter((e) => e.action.startsWith('placement_'))
        .map((e) => [e.action, e.actor.name, e.student_name, e.mentor_name]),
    ).toEqual([
      ['placement_proposed', 'Test Admin', 'Liam Turner', 'Dave Clarke'],
      ['placement_accepted', 'Dave Clarke', 'Liam Turner', 'Dave Clarke'],
    ]);
  });
});
