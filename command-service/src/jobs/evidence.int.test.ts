import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { accountStream } from '@panda/events/catalogue/accounts';
import { cardContentHash } from '@panda/events/signature-hash';
import { ukDateOf } from '@panda/contracts/evidence';
import { signInAgain, type Login } from '../admin/test-fixtures';
import {
  EVIDENCE,
  get,
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type ApiJob,
  type StudentLogin,
} from '../training/test-fixtures';

/** Evidence on every sign-off over HTTP (docs/rules.md#evidence): the work date, the server's signing time, the evidence fields. */

const DAY = 86_400_000;
// The server's clock stands still at `now`.
let now = Date.now();
let app: TestApp;
let dave: Login;
let amy: StudentLogin;
let job: ApiJob;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  const centre = await vettedCentre(app, 'North');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, centre, { Boiler_Installs: 5, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  await place(app, amy, dave);
  job = await jobOfType(app, dave.token, 'Boiler Installs');
});
afterAll(async () => {
  await app?.stop();
});

const complete = (body: unknown) => app.call('PUT', `/api/jobs/${job.id}/complete`, body, dave.token);
const signedEvents = async () =>
  (await app.platform.store.readStream(accountStream(amy.user.id))).filter((e) => e.type === 'JobCardSigned');

describe('PUT /api/jobs/{id}/complete with evidence', () => {
  it("records the evidence, the server's own signing time and the device's claimed time, under hash scheme 2", async () => {
    const today = ukDateOf(now);
    const r = await complete(signature(1, { day: today }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [event] = (await signedEvents()).slice(-1);
    const data = event.data as Parameters<typeof cardContentHash>[0] & { contentHash: string };
    // signedAt is the request's arrival by the server's clock, not the typed timestamp (10:01 that day).
    expect(data.signedAt).toBe(new Date(now).toISOString());
    expect(data.capturedAt).toBe(`${today}T10:01:00.000Z`);
    expect(data).toMatchObject({
      hashVersion: 2,
      evidence: {
        sitePostcode: 'M1 1AA',
        appliance: { kind: 'boiler', make: 'Worcester', model: 'Greenstar 30i' },
        workDone: EVIDENCE.work_done,
        durationMinutes: 60,
        photos: [],
      },
    });
    expect(cardContentHash(data, 'Boiler Installs')).toBe(data.contentHash);
    expect(r.body.signature.content_hash).toBe(data.contentHash);
  });

  it('refuses a work date after today (UK time) or before the placement was accepted, recording nothing', async () => {
    const before = (await signedEvents()).length;
    // Tomorrow's date typed, sent now: at any hour of the day only the typed date is refused.
    const tomorrow = signature(2, { day: ukDateOf(now + DAY) });
    const sentNow = new Date(now).toISOString();
    const future = await complete({
      ...tomorrow,
      completed_at: sentNow,
      mentor_signature: { ...tomorrow.mentor_signature, timestamp: sentNow },
    });
    expect(future.status).toBe(400);
    expect(future.body.detail).toEqual([
      { field: 'mentor_signature.date', message: 'The work date cannot be in the future' },
    ]);
    const early = await complete(signature(2, { day: ukDateOf(now - DAY) }));
    expect(early.status).toBe(400);
    expect(early.body.detail).toEqual([
      {
        field: 'mentor_signature.date',
        message: `The work date cannot be before the placement began (${ukDateOf(now)})`,
      },
    ]);
    expect(await signedEvents()).toHaveLength(before);
    // A day later by the server's clock, yesterday's work is fine and tomorrow's becomes today's.
    now += DAY;
    // Sessions end 12 hours on by the server's clock: both sign in again.
    await signInAgain(app, dave, amy);
    expect((await complete(signature(2, { day: ukDateOf(now) }))).status).toBe(200);
    expect((await complete(signature(3, { day: ukDateOf(now - DAY) }))).status).toBe(200);
  });

  it('refuses missing or bad evidence fields, each with its message under the field', async () => {
    const before = (await signedEvents()).length;
    const day = ukDateOf(now);
    const r = await complete({
      ...signature(4, { day }),
      site_postcode: 'nowhere',
      appliance: { kind: 'kettle' },
      work_done: 'too short',
      duration_minutes: 5,
    });
    expect(r.status).toBe(400);
    const byField = Object.fromEntries(
      (r.body.detail as { field: string; message: string }[]).map((d) => [d.field, d.message]),
    );
    expect(byField).toMatchObject({
      site_postcode: expect.stringMatching(/postcode/i),
      'appliance.kind': 'Please choose the appliance',
      work_done: 'Please describe the work done (20 to 2000 characters)',
      duration_minutes: 'Time on the job must be between 15 and 720 minutes',
    });
    const { site_postcode: _postcode, ...noPostcode } = signature(4, { day });
    expect((await complete(noPostcode)).status).toBe(400);
    const tooMany = await complete(signature(4, { day, photo_ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }));
    expect(tooMany.body.detail).toEqual([{ field: 'photo_ids', message: 'At most 6 photos' }]);
    const unknown = await complete(signature(4, { day, photo_ids: ['no-such-photo'] }));
    expect(unknown.body.detail).toEqual([{ field: 'photo_ids', message: 'Photo not found: please upload it again' }]);
    expect(await signedEvents()).toHaveLength(before);
  });

  it("keeps the trainee's reflection on confirming, and shows the card's evidence and times in the views", async () => {
    const view = await get(app, `/api/jobs/${job.id}`, amy.token);
    const card = view.body.signatures[0];
    expect(card).toMatchObject({
      signed_at: expect.any(String),
      captured_at: expect.any(String),
      evidence: { site_postcode: 'M1 1AA', work_done: EVIDENCE.work_done, duration_minutes: 60, photos: [] },
      evidence_note: null,
      reflection: null,
    });
    const confirmed = await app.call(
      'POST',
      `/api/signatures/${card.signature_id}/confirm`,
      { reflection: '  I learnt to read the gas rate off the meter.  ' },
      amy.token,
    );
    expect(confirmed.status).toBe(200);
    const after = (await get(app, `/api/jobs/${job.id}`, amy.token)).body.signatures[0];
    expect(after.reflection).toBe('I learnt to read the gas rate off the meter.');
    const tooLong = await app.call(
      'POST',
      `/api/signatures/${view.body.signatures[1].signature_id}/confirm`,
      { reflection: 'x'.repeat(2001) },
      amy.token,
    );
    expect(tooLong.status).toBe(400);
  });
});
