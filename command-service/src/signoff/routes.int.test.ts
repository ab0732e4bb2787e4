import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { notificationsPageSchema } from '@panda/contracts/notifications';
import { completeJobResponse } from '@panda/contracts/training';
import { nextLink, PAGING_TEXTS } from '@panda/contracts/paging';
import {
  disputesResponse,
  jobSignatureEntry,
  signOffActionResponse,
  signOffView,
  signingPermission,
} from '@panda/contracts/signoff';
import { ukDateOf } from '@panda/contracts/evidence';
import { fullProfile, signInAgain, type Login } from '../admin/test-fixtures';
import {
  get,
  jobsOf,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type StudentLogin,
} from '../training/test-fixtures';

/** Sign-off over HTTP, per role: Gas Safe categories (docs/rules.md#gas-safe-categories), countersign and dispute (docs/rules.md#trainee-countersign), reminders (docs/rules.md#reminders). */

const DAY = 86_400_000;
let now = Date.now();
let app: TestApp;
let admin: string;
let centre: Login;
let otherCentre: Login;
let dave: Login;
let cookie: Login;
let amy: StudentLogin;
let ben: StudentLogin;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  admin = await app.adminToken();
  centre = await vettedCentre(app, 'North');
  otherCentre = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  // Cookers only: Repair and Pipework are covered, boiler work is not.
  cookie = await readyMentor(
    app,
    { First_Name: 'Cody', Last_Name: 'Cook' },
    fullProfile({ Qualified_Boilers: false, Qualified_Cookers: true }),
  );
  amy = await registeredStudent(app, centre, {
    First_Name: 'Amy',
    Boiler_Installs: 2,
    Boiler_Service: 0,
    Pipework: 0,
    Repair: 4,
  });
  ben = await registeredStudent(app, otherCentre, {
    First_Name: 'Ben',
    Boiler_Installs: 2,
    Boiler_Service: 0,
    Pipework: 0,
    Repair: 2,
  });
  await place(app, amy, dave);
  await place(app, ben, cookie);
});
afterAll(async () => {
  await app.stop();
});

/** Moves the server's clock on; everyone signs in again, as sessions end 12 hours on by that clock. */
const later = async (ms: number) => {
  now += ms;
  await signInAgain(app, centre, otherCentre, dave, cookie, amy, ben);
  admin = await app.adminToken();
};

const byType = async (token: string, studentId?: string) =>
  Object.fromEntries((await jobsOf(app, token, studentId)).map((j) => [j.Job_Type, j]));
const settle = async () => {
  await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
  await app.platform.reactors.catchUp();
};
const inbox = async (token: string) => {
  await settle();
  const r = await get(app, '/api/notifications', token);
  expect(r.status).toBe(200);
  return notificationsPageSchema.parse(r.body);
};
const sign = async (jobId: string, n: number, token = dave.token) => {
  const r = await app.call('PUT', `/api/jobs/${jobId}/complete`, signature(n, { day: ukDateOf(now) }), token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // The answer names the sign-off it recorded (from the stream, not a read model).
  const signed = completeJobResponse.parse(r.body).signature;
  expect(signed).not.toBeNull();
  return signed!;
};

describe('Gas Safe categories', () => {
  it("says in the mentor's job list whether they may sign, before the dialog is filled in", async () => {
    const jobs = await byType(cookie.token, ben.user.id);
    expect(signingPermission.parse(jobs['Boiler Installs'])).toEqual({
      may_sign: false,
      sign_refusal: 'Your Gas Safe categories do not cover Boiler Installs',
    });
    expect(signingPermission.parse(jobs.Repair)).toEqual({ may_sign: true, sign_refusal: null });
    // Students and centres are not told about signing permissions.
    expect((await byType(ben.token)).Repair).not.toHaveProperty('may_sign');
  });

  it("refuses a sign-off outside the categories with 403 and the ruling's text, and records nothing", async () => {
    const job = (await byType(cookie.token, ben.user.id))['Boiler Installs'];
    const head = await app.platform.store.headPosition();
    const r = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1, { day: ukDateOf(now) }), cookie.token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: 'Your Gas Safe categories do not cover Boiler Installs' });
    expect(await app.platform.store.headPosition()).toBe(head);
    expect((await byType(ben.token))['Boiler Installs'].Completed_Count).toBe(0);
    // Within the categories it signs.
    await sign((await byType(cookie.token, ben.user.id)).Repair.id, 1, cookie.token);
  });
});

describe('trainee countersign and dispute', () => {
  let first: Awaited<ReturnType<typeof sign>>;
  let second: Awaited<ReturnType<typeof sign>>;
  let repairId: string;

  beforeAll(async () => {
    repairId = (await byType(amy.token)).Repair.id;
    first = await sign(repairId, 1);
    second = await sign(repairId, 2);
  });

  it('gives every sign-off an id, listed in the job with its state, to student, mentor and centre', async () => {
    expect(first.signature_id).not.toBe(second.signature_id);
    for (const token of [amy.token, dave.token, centre.token]) {
      const job = (await byType(token, amy.user.id)).Repair;
      expect(
        job.signatures
          .map((s: unknown) => jobSignatureEntry.parse(s))
          .map((s: { signature_id: string; trainee_status_label: string }) => [s.signature_id, s.trainee_status_label]),
      ).toEqual([
        [first.signature_id, 'Awaiting trainee confirmation'],
        [second.signature_id, 'Awaiting trainee confirmation'],
      ]);
    }
    const detail = await get(app, `/api/jobs/${repairId}`, centre.token);
    expect(detail.body.signatures[0].signature_id).toBe(first.signature_id);
    const one = signOffView.parse((await get(app, `/api/signatures/${first.signature_id}`, amy.token)).body);
    expect(one).toMatchObject({
      job_type: 'Repair',
      student_name: 'Amy Pond',
      mentor_name: 'Dave Clarke',
      centre_name: 'North',
      trainee_status: 'awaiting_confirmation',
    });
    expect((await get(app, `/api/signatures/${first.signature_id}`, ben.token)).status).toBe(404);
    expect((await get(app, `/api/signatures/${first.signature_id}`, otherCentre.token)).status).toBe(404);
  });

  it("lets only the card's student confirm: other roles 403, another student 404", async () => {
    const path = `/api/signatures/${first.signature_id}/confirm`;
    for (const token of [dave.token, centre.token, admin])
      expect((await app.call('POST', path, undefined, token)).status).toBe(403);
    const other = await app.call('POST', path, undefined, ben.token);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Sign-off not found' });
    expect((await app.call('POST', '/api/signatures/no-such/confirm', undefined, amy.token)).status).toBe(404);
  });

  it('confirms once, bound to the content hash the mentor signed', async () => {
    const path = `/api/signatures/${first.signature_id}/confirm`;
    const ok = await app.call('POST', path, undefined, amy.token);
    expect(ok.status).toBe(200);
    expect(signOffActionResponse.parse(ok.body)).toMatchObject({
      signature_id: first.signature_id,
      trainee_status: 'confirmed',
      trainee_status_label: 'Confirmed by trainee',
    });
    const again = await app.call('POST', path, undefined, amy.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'You have already confirmed this sign-off' });
    const log = await app.platform.store.readStream(`account-${amy.user.id}`);
    const signedEvent = log.find(
      (e) => e.type === 'JobCardSigned' && (e.data as { signatureId: string }).signatureId === first.signature_id,
    );
    const confirmed = log.find((e) => e.type === 'SignatureConfirmed');
    expect((confirmed?.data as { contentHash: string }).contentHash).toBe(
      (signedEvent?.data as { contentHash: string }).contentHash,
    );
    expect(first.content_hash).toBe((signedEvent?.data as { contentHash: string }).contentHash);
  });

  it('needs a reason to dispute; a dispute notifies the mentor, the centre and the admins and sits in the Disputes list', async () => {
    const path = `/api/signatures/${second.signature_id}/dispute`;
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const r = await app.call('POST', path, body, amy.token);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ detail: [{ field: 'reason', message: 'Please give a reason for the dispute' }] });
    }
    expect((await app.call('POST', path, { reason: 'x' }, centre.token)).status).toBe(403);
    const r = await app.call('POST', path, { reason: 'I was not on site that day' }, amy.token);
    expect(r.status).toBe(200);
    expect(signOffActionResponse.parse(r.body).trainee_status_label).toBe('Disputed');
    expect((await app.call('POST', path, { reason: 'again' }, amy.token)).status).toBe(409);
    expect(
      (await app.call('POST', `/api/signatures/${second.signature_id}/confirm`, undefined, amy.token)).body,
    ).toEqual({ detail: 'You have already disputed this sign-off' });

    const centreInbox = await inbox(centre.token);
    expect(centreInbox.find((n) => n.kind === 'signature_disputed')?.message).toBe(
      'Amy Pond disputed a job card for Repair signed by Dave Clarke: "I was not on site that day"',
    );
    expect((await inbox(admin)).find((n) => n.kind === 'signature_disputed')?.link).toBe(
      '/panda-admin-dashboard?tab=disputes',
    );
    // The mentor whose sign-off it is is told too; the student who disputed is not told of their own action.
    expect((await inbox(dave.token)).find((n) => n.kind === 'signature_disputed')).toMatchObject({
      title: 'Your sign-off was disputed',
      message:
        'Amy Pond disputed your sign-off of a job card for Repair: "I was not on site that day". An admin will review it.',
    });
    expect((await inbox(amy.token)).some((n) => n.kind === 'signature_disputed')).toBe(false);

    const list = await get(app, '/api/admin/disputes', admin);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    const [open] = disputesResponse.parse(list.body);
    expect(open).toMatchObject({
      signature_id: second.signature_id,
      student_name: 'Amy Pond',
      mentor_name: 'Dave Clarke',
      centre_name: 'North',
      dispute: { reason: 'I was not on site that day', outcome: null },
    });
    for (const token of [amy.token, dave.token, centre.token])
      expect((await get(app, '/api/admin/disputes', token)).status).toBe(403);
    expect((await get(app, '/api/admin/disputes?status=nope', admin)).status).toBe(400);
  });

  it('an upheld dispute revokes the sign-off by a new event: the count goes down, nothing is deleted', async () => {
    const path = `/api/admin/disputes/${second.signature_id}/resolve`;
    expect((await app.call('POST', path, { outcome: 'upheld', reason: 'x' }, dave.token)).status).toBe(403);
    const noReason = await app.call('POST', path, { outcome: 'upheld' }, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ detail: [{ field: 'reason', message: 'Please give a reason for the decision' }] });
    expect((await app.call('POST', path, { outcome: 'maybe', reason: 'x' }, admin)).status).toBe(400);
    const before = (await byType(amy.token)).Repair.Completed_Count;
    const r = await app.call('POST', path, { outcome: 'upheld', reason: 'Site diary shows another engineer' }, admin);
    expect(r.status).toBe(200);
    expect(signOffActionResponse.parse(r.body)).toMatchObject({ revoked: true, trainee_status: 'disputed' });
    const job = (await byType(centre.token, amy.user.id)).Repair;
    expect(job.Completed_Count).toBe(before - 1);
    expect(job.signatures).toHaveLength(2);
    expect(jobSignatureEntry.parse(job.signatures[1])).toMatchObject({
      revoked: true,
      trainee_status_label: 'Disputed',
      dispute: { outcome: 'upheld', resolution_reason: 'Site diary shows another engineer' },
    });
    expect((await app.call('POST', path, { outcome: 'rejected', reason: 'changed my mind' }, admin)).body).toEqual({
      detail: 'This dispute has already been resolved',
    });
    expect(disputesResponse.parse((await get(app, '/api/admin/disputes', admin)).body)).toEqual([]);
    expect(
      disputesResponse
        .parse((await get(app, '/api/admin/disputes?status=resolved', admin)).body)
        .map((d) => d.signature_id),
    ).toEqual([second.signature_id]);
    expect((await inbox(amy.token)).find((n) => n.kind === 'dispute_resolved')?.message).toContain('upheld');
  });

  it('a rejected dispute lets the sign-off stand', async () => {
    const third = await sign(repairId, 3);
    // The clock is fixed: move it on, so this dispute is the newer one on the list below.
    now += 60_000;
    await app.call('POST', `/api/signatures/${third.signature_id}/dispute`, { reason: 'Wrong date' }, amy.token);
    const before = (await byType(amy.token)).Repair.Completed_Count;
    const r = await app.call(
      'POST',
      `/api/admin/disputes/${third.signature_id}/resolve`,
      { outcome: 'rejected', reason: 'The date matches the invoice' },
      admin,
    );
    expect(signOffActionResponse.parse(r.body)).toMatchObject({ revoked: false });
    expect((await byType(amy.token)).Repair.Completed_Count).toBe(before);

    // docs/rules.md#list-paging on the Disputes list: keyset cursors from the Link header, newest resolved first.
    const first = await get(app, '/api/admin/disputes?status=resolved&limit=1', admin);
    expect(first.headers.get('x-total-count')).toBe('2');
    expect(disputesResponse.parse(first.body).map((d) => d.signature_id)).toEqual([third.signature_id]);
    const next = nextLink(first.headers.get('link'));
    expect(next).toMatch(/^\/api\/admin\/disputes\?status=resolved&limit=1&cursor=[A-Za-z0-9_-]+$/);
    const last = await get(app, next!, admin);
    expect(disputesResponse.parse(last.body).map((d) => d.signature_id)).toEqual([second.signature_id]);
    expect(last.headers.get('link')).toBeNull();
    const offset = await get(app, '/api/admin/disputes?status=resolved&limit=1&cursor=1', admin);
    expect(offset.status).toBe(400);
    expect(offset.body).toEqual({ detail: [{ field: 'cursor', message: PAGING_TEXTS.cursor }] });
  });
});

describe('reminders and escalation from the ticker with a fake clock', () => {
  const tick = async () => {
    await settle();
    const n = await app.platform.reminders.tick();
    await settle();
    return n;
  };
  const count = async (token: string, kind: string) => (await inbox(token)).filter((n) => n.kind === kind).length;

  it('an unanswered proposal reminds the mentor at 3 days and escalates to the admins at 7, once each', async () => {
    const cara = await registeredStudent(app, centre, { First_Name: 'Cara' });
    const proposed = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: cara.user.id, mentor_id: cookie.user.id },
      admin,
    );
    expect(proposed.status).toBe(201);
    await later(3 * DAY - 60_000);
    await tick();
    expect(await count(cookie.token, 'proposal_reminder')).toBe(0);
    now += 60_000;
    await tick();
    expect(await count(cookie.token, 'proposal_reminder')).toBe(1);
    await tick();
    expect(await count(cookie.token, 'proposal_reminder')).toBe(1);
    expect(await count(admin, 'proposal_escalated')).toBe(0);
    await later(4 * DAY);
    await tick();
    await tick();
    expect(await count(admin, 'proposal_escalated')).toBe(1);
    expect(await count(cookie.token, 'proposal_reminder')).toBe(1);
  });

  it('sign-offs awaiting the trainee for 7 days remind the student (e-mailed), once; an answered one does not', async () => {
    const repair = (await byType(amy.token)).Repair;
    const waiting = await sign(repair.id, 4);
    const before = await count(amy.token, 'confirmation_reminder');
    await later(7 * DAY);
    await tick();
    await tick();
    const reminders = (await inbox(amy.token)).filter((n) => n.kind === 'confirmation_reminder');
    // Every sign-off of Amy's still awaiting her is reminded once: here only the fourth card.
    expect(reminders.length - before).toBe(1);
    expect(reminders[0].link).toBe(`/dashboard?view=jobs&signature=${waiting.signature_id}`);
    await expect
      .poll(() =>
        app.mails.some((m) => m.to === amy.email.toLowerCase() && m.subject === 'Panda: Please confirm your job card'),
      )
      .toBe(true);
  });

  it('a placed student with no sign-off for 30 days prompts the mentor and the centre, once per quiet spell', async () => {
    await later(30 * DAY);
    await tick();
    await tick();
    expect(await count(dave.token, 'no_signoff_prompt')).toBe(1);
    expect(await count(centre.token, 'no_signoff_prompt')).toBe(1);
    await later(1 * DAY);
    await tick();
    expect(await count(dave.token, 'no_signoff_prompt')).toBe(1);
  });

  it('a crash between the reminder and clearing its timer never doubles it: the reminder stream refuses a second one', async () => {
    const sent = (await app.platform.store.readAll(0, 100_000)).filter((e) => e.type === 'ReminderSent');
    const ids = sent.map((e) => (e.data as { reminderId: string }).reminderId);
    expect(new Set(ids).size).toBe(ids.length);
    // Put a sent reminder's timer back, as if the ticker crashed before the read model caught up.
    const [again] = sent;
    const d = again.data as Record<string, string | null> & { reminderId: string };
    const cp = await app.platform.readStore.checkpoint('reminder_timers');
    await app.platform.readStore.commit('reminder_timers', cp, cp, [
      {
        op: 'put',
        collection: 'reminder_timers',
        doc: {
          id: d.reminderId,
          kind: d.kind,
          student_id: d.studentId,
          mentor_id: d.mentorId,
          placement_id: d.placementId,
          signature_id: d.signatureId,
          job_id: d.jobId,
          since: d.since,
          since_position: 0,
          due_at: d.dueAt,
        },
      },
    ]);
    expect(await app.platform.reminders.tick()).toBe(0);
    expect((await app.platform.store.readAll(0, 100_000)).filter((e) => e.type === 'ReminderSent')).toHaveLength(
      sent.length,
    );
  });
});

describe('the dispute window', () => {
  it('a sign-off older than 30 days is not disputed here: 400 pointing to support, and nothing is recorded', async () => {
    const repair = (await byType(ben.token)).Repair;
    const signed = await sign(repair.id, 1, cookie.token);
    await later(30 * DAY + 60_000);
    await settle();
    const head = await app.platform.store.headPosition();
    const r = await app.call('POST', `/api/signatures/${signed.signature_id}/dispute`, { reason: 'Not me' }, ben.token);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      detail:
        'A sign-off can be disputed here for 30 days after it was signed. This one is older: please raise it with the Panda team in the Support Center.',
    });
    expect(await app.platform.store.headPosition()).toBe(head);
    // Confirming it is still open to the trainee.
    expect(
      (await app.call('POST', `/api/signatures/${signed.signature_id}/confirm`, undefined, ben.token)).status,
    ).toBe(200);
  });
});

describe('notification time', () => {
  it('a reminder the ticker sends late carries the time it fell due, not the time the ticker ran', async () => {
    const installs = (await byType(amy.token))['Boiler Installs'];
    const signedAt = now;
    const signed = await sign(installs.id, 1);
    // The server was not ticking for 10 days: the 7-day reminder to answer goes out at day 10.
    await later(10 * DAY);
    await settle();
    await app.platform.reminders.tick();
    const reminder = (await inbox(amy.token)).find(
      (n) => n.kind === 'confirmation_reminder' && n.link.endsWith(encodeURIComponent(signed.signature_id)),
    );
    expect(reminder?.created_at).toBe(new Date(signedAt + 7 * DAY).toISOString());
  });
});
