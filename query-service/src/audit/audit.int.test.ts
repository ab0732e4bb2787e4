import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { ukDateOf } from '@panda/contracts/evidence';
import { checkAnswer } from '@panda/server/testing/contract-check';
import { independentStudent, signInAgain, uniqueEmail, type Login } from '@panda/command-service/admin/test-fixtures';
import {
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
} from '@panda/command-service/training/test-fixtures';
import { pdfText } from '@panda/server/testing/pdf-text';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DAY = 24 * 3600_000;

let app: TestApp;
let offset = 0;
let admin: string;
let centre: Login;
let otherCentre: Login;
let mentor: Login;
let student: Login & { email: string };
let auditor: { token: string; id: string; email: string };
let jobId: string;
const t: Record<string, number> = {};

/** The server's day (UK time), which a card's work date may not be after. */
const serverDay = () => ukDateOf(Date.now() + offset);
const get = (path: string, token: string) => app.call('GET', path, undefined, token);
const ok = async (r: ReturnType<typeof get>, status = 200) => {
  const res = await r;
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A day on by the server's clock; the admin and `logins` sign in again, as sessions end 12 hours on by it. */
const nextDay = async (...logins: Login[]) => {
  offset += DAY;
  await signInAgain(app, ...logins);
  admin = await app.adminToken();
};

beforeAll(async () => {
  // A clock the test moves forward by whole days, so that as-of instants fall between actions.
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(Date.now() + offset) } });
  admin = await app.adminToken();
  centre = await vettedCentre(app, 'North Gas Training');
  otherCentre = await vettedCentre(app, 'South Gas Training');
  mentor = await readyMentor(
    app,
    { First_Name: 'Dave', Last_Name: 'Clarke' },
    { Gas_Safe_Registration_Number: '554433' },
  );
  student = await registeredStudent(app, centre, { Boiler_Installs: 3, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  await place(app, student, mentor);
  jobId = (await jobOfType(app, mentor.token, 'Boiler Installs')).id;
  await nextDay(centre, otherCentre, mentor, student);
  await ok(app.call('PUT', `/api/jobs/${jobId}/complete`, signature(1, { day: serverDay() }), mentor.token));
  t.first = Date.now() + offset;
  await nextDay(centre, otherCentre, mentor, student);
  t.between = Date.now() + offset;
  await nextDay(centre, otherCentre, mentor, student);
  await ok(
    app.call(
      'PUT',
      `/api/jobs/${jobId}/complete`,
      {
        ...signature(2, { day: serverDay() }),
        mentor_signature: {
          ...signature(2, { day: serverDay() }).mentor_signature,
          signature: 'Dave Clarke, second card',
        },
      },
      mentor.token,
    ),
  );
  await nextDay(centre, otherCentre, mentor, student);
  await ok(
    app.call(
      'PATCH',
      `/api/admin/users/mentor/${mentor.user.id}/lock`,
      { is_locked: true, reason: 'Gas Safe card expired' },
      admin,
    ),
  );
  t.locked = Date.now() + offset;
  await nextDay(centre, otherCentre, student); // the locked mentor signs in once unlocked
  await ok(
    app.call(
      'PATCH',
      `/api/admin/users/mentor/${mentor.user.id}/lock`,
      { is_locked: false, reason: 'Renewed card seen' },
      admin,
    ),
  );
  // The mentor's token died with the lock (docs/rules.md#lock-takes-effect): sign in again.
  mentor = await app.signIn(mentor.user.Email as string);

  const email = uniqueEmail('auditor');
  const provisioned = await ok(
    app.call('POST', '/api/admin/auditors', { email, first_name: 'Ada', last_name: 'Auditor' }, admin),
    201,
  );
  const signin = await ok(
    app.call('POST', '/api/admin/auth/signin', { email, password: provisioned.temporary_password }),
  );
  // A temporary password opens nothing but its change (docs/rules.md#server-sessions); the answer carries the new session.
  const own = 'auditor-own-password-1';
  const changed = await ok(
    app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: provisioned.temporary_password, newPassword: own, confirmPassword: own },
      signin.token,
    ),
  );
  auditor = { token: changed.token, id: provisioned.auditor.id, email };
});

afterAll(async () => {
  await app?.stop();
});

describe('auditor role', () => {
  it('is provisioned by an admin only, with a one-time temporary password, and signs in at the portal only', async () => {
    const email = uniqueEmail('aud');
    for (const token of [student.token, mentor.token, centre.token, auditor.token]) {
      expect(
        (await app.call('POST', '/api/admin/auditors', { email, first_name: 'A', last_name: 'B' }, token)).status,
      ).toBe(403);
    }
    expect((await app.call('POST', '/api/admin/auditors', { email, first_name: 'A', last_name: 'B' })).status).toBe(
      401,
    );
    const bad = await app.call('POST', '/api/admin/auditors', { email: 'nope', first_name: '', last_name: 'B' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.detail.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'first_name']);
    const made = await app.call(
      'POST',
      '/api/admin/auditors',
      { email, first_name: 'Bea', last_name: 'Checker' },
      admin,
    );
    expect(made.status).toBe(201);
    expect(made.body.temporary_password).toMatch(/\S{10,}/);
    expect(JSON.stringify(await app.platform.store.readAll(0, 100_000))).not.toContain(made.body.temporary_password);
    expect(
      (await app.call('POST', '/api/admin/auditors', { email, first_name: 'Bea', last_name: 'Checker' }, admin)).status,
    ).toBe(409);

    const portal = await app.call('POST', '/api/admin/auth/signin', { email, password: made.body.temporary_password });
    expect(portal.status).toBe(200);
    expect(portal.body.role).toBe('auditor');
    expect(portal.body.user.must_change_password).toBe(true);
    expect(
      (await app.call('POST', '/api/auth/signin', { Email: email, Password: made.body.temporary_password })).status,
    ).toBe(401);
  });

  it('answers 403 to every write and every non-audit read an auditor makes, and changes nothing', async () => {
    const head = await app.platform.store.headPosition();
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/admin/users/mentor/${mentor.user.id}/lock`, { is_locked: true }],
      ['PATCH', `/api/admin/users/mentor/${mentor.user.id}/vet`, { is_vetted: false }],
      ['POST', '/api/admin/auditors', { email: uniqueEmail('x'), first_name: 'X', last_name: 'Y' }],
      ['POST', '/api/admin/students', {}],
      ['POST', '/api/admin/placements', { student_id: student.user.id, mentor_id: mentor.user.id }],
      ['PUT', `/api/jobs/${jobId}/complete`, signature(3)],
      ['PUT', '/api/profile', { First_Name: 'Hacked' }],
      ['DELETE', `/api/audit/verify`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const r = await app.call(method, path, body, auditor.token);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.detail).toMatch(/Auditors can change nothing/);
    }
    const reads = await get('/api/admin/users/students', auditor.token);
    expect(reads.status).toBe(403);
    expect(reads.body.detail).toBe('Auditors can only use the Audit view');
    expect(await app.platform.store.headPosition()).toBe(head);
  });
});

describe('as-of replay', () => {
  it("answers a job card's sign-offs as they stood at an instant, each with signer, time and content hash", async () => {
    const between = await ok(
      get(`/api/audit/jobs/${jobId}/signatures?as_of=${new Date(t.between).toISOString()}`, auditor.token),
    );
    expect(between.job).toMatchObject({
      id: jobId,
      job_type: 'Boiler Installs',
      total_count: 3,
      completed_count: 1,
      status: 'in_progress',
    });
    expect(between.signatures).toHaveLength(1);
    const [first] = between.signatures;
    expect(first).toMatchObject({
      card_number: 1,
      signature: { signature: 'D Clarke', mentorName: 'Dave Clarke' },
      signer: { id: mentor.user.id, name: 'Dave Clarke', email: mentor.user.Email, gas_safe_number: '554433' },
      content_hash_source: 'recorded',
      content_hash_matches: true,
    });
    expect(first.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(first.signed_at)).toBeLessThanOrEqual(t.first);

    const now = await ok(get(`/api/audit/jobs/${jobId}/signatures`, admin));
    expect(now.signatures.map((s: { signature: { signature: string } }) => s.signature.signature)).toEqual([
      'D Clarke',
      'Dave Clarke, second card',
    ]);
    expect(now.signatures[1].content_hash).not.toBe(first.content_hash);

    const before = await ok(get(`/api/audit/jobs/${jobId}/signatures?as_of=2020-01-01`, auditor.token));
    expect(before).toMatchObject({ existed: false, job: null, signatures: [] });
  });

  it('refuses a bad as_of with 400 and an unknown job with 404', async () => {
    for (const bad of ['yesterday', '2026-02-30', '2026-03-03T25:00:00Z', '12345']) {
      const r = await get(`/api/audit/jobs/${jobId}/signatures?as_of=${encodeURIComponent(bad)}`, auditor.token);
      expect(r.status, bad).toBe(400);
      expect(r.body.detail[0].field).toBe('as_of');
      expect(
        (await get(`/api/audit/accounts/${mentor.user.id}/timeline?as_of=${encodeURIComponent(bad)}`, admin)).status,
      ).toBe(400);
    }
    expect((await get('/api/audit/jobs/no-such-job/signatures', auditor.token)).status).toBe(404);
    expect((await get('/api/audit/accounts/no-such-account/timeline', auditor.token)).status).toBe(404);
  });

  it("answers an account's timeline as of an instant with actor name and e-mail, reason and time", async () => {
    const all = await ok(get(`/api/audit/accounts/${mentor.user.id}/timeline`, auditor.token));
    expect(all.account).toMatchObject({
      id: mentor.user.id,
      role: 'mentor',
      name: 'Dave Clarke',
      vetted: true,
      locked: false,
      gas_safe_number: '554433',
    });
    expect(all.timeline.map((e: { action: string }) => e.action)).toEqual([
      'signed_up',
      'vetted',
      'placement_proposed',
      'placement_accepted',
      'locked',
      'unlocked',
    ]);
    const lock = all.timeline.find((e: { action: string }) => e.action === 'locked');
    expect(lock).toMatchObject({
      reason: 'Gas Safe card expired',
      actor: { name: 'Test Admin', email: 'admin@test.panda', role: 'admin' },
    });
    expect(all.timeline.find((e: { action: string }) => e.action === 'placement_accepted')).toMatchObject({
      student_id: student.user.id,
      student_name: 'Amy Pond',
      actor: { id: mentor.user.id },
    });

    const asOfLock = await ok(
      get(`/api/audit/accounts/${mentor.user.id}/timeline?as_of=${new Date(t.locked).toISOString()}`, admin),
    );
    expect(asOfLock.timeline.map((e: { action: string }) => e.action).at(-1)).toBe('locked');
    expect(asOfLock.account.locked).toBe(true);

    const studentLine = await ok(
      get(`/api/audit/accounts/${student.user.id}/timeline?as_of=${new Date(t.between).toISOString()}`, auditor.token),
    );
    expect(studentLine.timeline.map((e: { action: string }) => e.action)).toEqual([
      'registered',
      'placement_proposed',
      'placement_accepted',
    ]);
    expect(studentLine.timeline[0].actor).toMatchObject({ id: centre.user.id, name: 'North Gas Training' });
    expect(studentLine.jobs).toEqual([expect.objectContaining({ id: jobId, completed_count: 1, signatures: 1 })]);

    const centreLine = await ok(get(`/api/audit/accounts/${centre.user.id}/timeline`, auditor.token));
    expect(centreLine.timeline.map((e: { action: string }) => e.action)).toEqual([
      'signed_up',
      'vetted',
      'student_registered',
      'placement_proposed',
      'placement_accepted',
    ]);
  });

  it('lets only admins and auditors make the audit calls', async () => {
    const calls = [
      `/api/audit/jobs/${jobId}/signatures`,
      `/api/audit/accounts/${mentor.user.id}/timeline`,
      '/api/audit/verify',
      '/api/audit/subjects?q=amy',
      '/api/audit/access-log',
    ];
    for (const path of calls) {
      for (const token of [student.token, mentor.token, centre.token])
        expect((await get(path, token)).status, path).toBe(403);
      expect((await app.call('GET', path)).status).toBe(401);
      expect((await get(path, admin)).status, path).toBe(200);
    }
    for (const path of calls.slice(0, 4)) expect((await get(path, auditor.token)).status, path).toBe(200);
    const found = await ok(get('/api/audit/subjects?q=amy', auditor.token));
    expect(found.subjects).toContainEqual({
      id: student.user.id,
      role: 'student',
      name: 'Amy Pond',
      email: student.email,
    });
  });
});

describe('evidence pack', () => {
  it('is a PDF with the student, centre, mentor with Gas Safe number, every signature with its hash, and the head hash', async () => {
    const path = `/api/audit/students/${student.user.id}/evidence.pdf`;
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${auditor.token}` } });
    expect(res.status).toBe(200);
    checkAnswer('GET', path, res.status, res.headers.get('content-type'), null);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="evidence-Amy-Pond-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    const signed = await ok(get(`/api/audit/jobs/${jobId}/signatures`, admin));
    expect(text).toContain('Amy Pond');
    expect(text).toContain('North Gas Training');
    expect(text).toContain('Gas Safe registration 554433');
    expect(text).toContain('"D Clarke"');
    expect(text).toContain('"Dave Clarke, second card"');
    expect(signed.signatures).toHaveLength(2);
    for (const s of signed.signatures) expect(text).toContain(s.content_hash);
    expect(text).toContain(res.headers.get('x-log-head-hash'));
    expect(text).toContain('Hash chain verified');
  });

  it('has a CSV of the same rows', async () => {
    const r = await get(`/api/audit/students/${student.user.id}/evidence.csv`, admin);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(r.body).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^student_id,student_name,/);
    expect(lines[1]).toContain('Boiler Installs,1,3,');
    expect(lines[2]).toContain('"Dave Clarke, second card"');
    expect(lines[1]).toContain('554433');
  });

  it("is downloadable by the student's own centre, not another centre's, a mentor or a student", async () => {
    const path = `/api/audit/students/${student.user.id}/evidence.csv`;
    expect((await get(path, centre.token)).status).toBe(200);
    expect((await get(path, otherCentre.token)).status).toBe(404);
    expect((await get(path, mentor.token)).status).toBe(403);
    expect((await get(path, student.token)).status).toBe(403);
    expect((await get(`/api/audit/students/${mentor.user.id}/evidence.pdf`, admin)).status).toBe(404);
    const independent = await independentStudent(app);
    expect((await get(`/api/audit/students/${independent.user.id}/evidence.pdf`, centre.token)).status).toBe(404);
  });

  it("shows the trainee's countersign and dispute in the replay and the pack", async () => {
    const before = await ok(get(`/api/audit/jobs/${jobId}/signatures`, admin));
    const [first, second] = before.signatures;
    expect(first).toMatchObject({
      trainee_status: 'awaiting_confirmation',
      trainee_status_label: 'Awaiting trainee confirmation',
      confirmed_at: null,
    });
    expect(
      (await app.call('POST', `/api/signatures/${first.signature_id}/confirm`, undefined, student.token)).status,
    ).toBe(200);
    expect(
      (
        await app.call(
          'POST',
          `/api/signatures/${second.signature_id}/dispute`,
          { reason: 'Not my job' },
          student.token,
        )
      ).status,
    ).toBe(200);
    const after = await ok(get(`/api/audit/jobs/${jobId}/signatures`, admin));
    expect(after.signatures[0]).toMatchObject({
      trainee_status_label: 'Confirmed by trainee',
      confirmation_hash_matches: true,
    });
    expect(after.signatures[1]).toMatchObject({
      trainee_status_label: 'Disputed',
      dispute: { reason: 'Not my job', outcome: null },
    });
    // As of before the countersign, the replay shows it awaiting.
    const asOf = await ok(
      get(
        `/api/audit/jobs/${jobId}/signatures?as_of=${encodeURIComponent(new Date(Date.parse(after.signatures[0].confirmed_at) - 1).toISOString())}`,
        admin,
      ),
    );
    expect(asOf.signatures[0].trainee_status_label).toBe('Awaiting trainee confirmation');
    const res = await fetch(`${app.url}/api/audit/students/${student.user.id}/evidence.pdf`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Trainee: Confirmed by trainee');
    expect(text).toContain('(bound to the same content hash)');
    expect(text).toContain('"Not my job"; awaiting an admin decision');

    // The account timelines show the dispute and its resolution, as the evidence pack does.
    const resolved = await app.call(
      'POST',
      `/api/admin/disputes/${second.signature_id}/resolve`,
      { outcome: 'upheld', reason: 'Site diary shows another engineer' },
      admin,
    );
    expect(resolved.status).toBe(200);
    const disputes = (t: { timeline: { action: string }[] }) =>
      t.timeline.filter((e) => e.action === 'signature_disputed' || e.action === 'dispute_resolved');
    const own = await ok(get(`/api/audit/accounts/${student.user.id}/timeline`, auditor.token));
    expect(disputes(own)).toMatchObject([
      { action: 'signature_disputed', reason: 'Not my job', actor_id: student.user.id, status: null },
      { action: 'dispute_resolved', reason: 'Site diary shows another engineer', status: 'upheld' },
    ]);
    for (const id of [mentor.user.id, centre.user.id]) {
      const t = await ok(get(`/api/audit/accounts/${id}/timeline`, auditor.token));
      expect(disputes(t).map((e) => e.action)).toEqual(['signature_disputed', 'dispute_resolved']);
    }
    // The replay marks the revoked card, and its count agrees with the cards that still count.
    const replay = await ok(get(`/api/audit/jobs/${jobId}/signatures`, admin));
    expect(replay.signatures.map((x: { revoked: boolean }) => x.revoked)).toEqual([false, true]);
    expect(replay.job.completed_count).toBe(replay.signatures.filter((x: { revoked: boolean }) => !x.revoked).length);
  });
});

describe('access log', () => {
  it('records every audit read (who, what, when) and lists them to admins only, in pages', async () => {
    const before = await ok(get(`/api/audit/jobs/${jobId}/signatures?as_of=2026-01-01`, auditor.token));
    expect(before.existed).toBe(false);
    await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
    const first = await app.call('GET', '/api/audit/access-log?limit=2', undefined, admin);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(10);
    const newestAuditorRead = first.body.find((e: { action: string }) => e.action === 'job_signatures');
    expect(newestAuditorRead).toMatchObject({
      actor_id: auditor.id,
      actor_role: 'auditor',
      actor_name: 'Ada Auditor',
      actor_email: auditor.email,
      subject_type: 'job',
      subject_id: jobId,
      as_of: '2026-01-01T23:59:59.999Z',
    });
    expect(Date.parse(newestAuditorRead.at)).not.toBeNaN();
    const link = first.headers.get('link')!;
    expect(link).toMatch(/^<\/api\/audit\/access-log\?limit=2&cursor=[\w-]+>; rel="next"$/);
    const next = await app.call('GET', link.slice(1, link.indexOf('>')), undefined, admin);
    expect(next.body).toHaveLength(2);
    expect(next.body[0].position).toBeLessThan(first.body[1].position);
    const everything = await app.call('GET', '/api/audit/access-log?limit=200', undefined, admin);
    const actions = new Set(everything.body.map((e: { action: string }) => e.action));
    for (const a of [
      'job_signatures',
      'account_timeline',
      'verify_log',
      'evidence_pdf',
      'evidence_csv',
      'subject_search',
    ])
      expect(actions).toContain(a);
    expect(
      everything.body.some(
        (e: { action: string; actor_id: string }) => e.action === 'evidence_csv' && e.actor_id === centre.user.id,
      ),
    ).toBe(true);
    const most = await app.call('GET', '/api/audit/access-log?limit=500', undefined, admin);
    expect(most.status).toBe(200);
    expect(most.body.length).toBeLessThanOrEqual(200);
    expect((await app.call('GET', '/api/audit/access-log?cursor=abc', undefined, admin)).status).toBe(400);
    expect((await get('/api/audit/access-log', auditor.token)).status).toBe(403);
  });

  it('totals the log with the record of each read counted', async () => {
    const rs = app.platform.readStore;
    const totals: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Each read's own record projected first: the next total counts it.
      await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
      const page = await app.call('GET', '/api/audit/access-log?limit=1', undefined, admin);
      expect(page.status).toBe(200);
      totals.push(Number(page.headers.get('x-total-count')));
    }
    expect(totals[1] - totals[0]).toBe(1);
    expect(totals[2] - totals[1]).toBe(1);
    await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
    expect(await rs.count('audit_access_log', { position: { $gt: 0 } })).toBe(totals[2] + 1);
  });
});

describe('tamper-evident log', () => {
  it('verifies the live log, then finds an event altered in the SQLite file at its position; verify-log exits non-zero', async () => {
    const good = await ok(get('/api/audit/verify', auditor.token));
    expect(good).toMatchObject({ ok: true, first_bad_position: null });
    expect(good.events).toBeGreaterThan(20);
    expect(good.head_hash).toMatch(/^[0-9a-f]{64}$/);

    const file = join(app.dataDir, 'events.db');
    const db = new Database(file);
    const row = db
      .prepare("SELECT position, data FROM events WHERE type = 'JobCardSigned' ORDER BY position LIMIT 1")
      .get() as { position: number; data: string };
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(
      row.data.replace('D Clarke', 'X Forger'),
      row.position,
    );
    db.close();

    const bad = await ok(get('/api/audit/verify', admin));
    expect(bad).toMatchObject({ ok: false, first_bad_position: row.position, fault: 'altered', events: row.position });
    const offline = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-log.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: app.dataDir },
    });
    expect(offline.status).toBe(1);
    expect(offline.stderr).toContain(`FAILED at position ${row.position}`);
  });
});
