import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementRecipientsSchema,
  announcementResultSchema,
  markAllReadResultSchema,
  markReadResultSchema,
  notificationChangedMessageSchema,
  notificationSettingsResultSchema,
  notificationSettingsSchema,
  notificationsPageSchema,
  unreadCountSchema,
  type Notification,
} from '@panda/contracts/notifications';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { reactorCheckpointName } from '@panda/reactors/shared/reactor';
import { NOTIFICATIONS_REACTOR } from '@panda/reactors/notifications/notifications';
import { choosePassword, type Login } from '../admin/test-fixtures';
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

let app: TestApp;
let centre: Login;
let otherCentre: Login;
let mentor: Login;
let amy: StudentLogin;
let bea: StudentLogin;
let stranger: StudentLogin;

/** The caller's notifications once the reactor has made those `until` waits for (each answer parsed by its contract). */
async function inbox(
  token: string,
  query = '',
  until: (list: Notification[]) => boolean = () => true,
): Promise<Notification[]> {
  let list: Notification[] = [];
  await expect
    .poll(
      async () => {
        const r = await get(app, `/api/notifications${query}`, token);
        expect(r.status).toBe(200);
        list = notificationsPageSchema.parse(r.body);
        return until(list);
      },
      { timeout: 10_000, interval: 25 },
    )
    .toBe(true);
  return list;
}
const kinds = (list: Notification[]) => list.map((n) => n.kind);

beforeAll(async () => {
  app = await startTestApp();
  centre = await vettedCentre(app, 'North Gas Training');
  otherCentre = await vettedCentre(app, 'South Gas Training');
  mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, centre, { First_Name: 'Amy', Last_Name: 'Pond' });
  bea = await registeredStudent(app, centre, { First_Name: 'Bea', Last_Name: 'Smith' });
  stranger = await registeredStudent(app, otherCentre, { First_Name: 'Sid', Last_Name: 'Other' });
  await place(app, amy, mentor);
});
afterAll(() => app?.stop());

describe('notifications made by the reactor', () => {
  it('tells the mentor of a proposal (and e-mails it), the student and centre of the acceptance, and a centre of its vetting', async () => {
    const m = await inbox(mentor.token, '', (l) => kinds(l).includes('placement_proposed'));
    const proposed = m.find((n) => n.kind === 'placement_proposed')!;
    expect(proposed).toMatchObject({
      type: 'assignment',
      title: 'New placement request',
      read: false,
      is_read: false,
      link: '/dashboard?view=overview',
    });
    expect(proposed.message).toContain('Amy Pond');
    expect(kinds(m)).toContain('account_vetted');
    await expect
      .poll(() =>
        app.mails.some(
          (mail) =>
            mail.to === (mentor.user.Email as string).toLowerCase() && mail.subject === 'Panda: New placement request',
        ),
      )
      .toBe(true);
    expect(kinds(await inbox(amy.token, '', (l) => kinds(l).includes('placement_accepted')))).toEqual([
      'placement_accepted',
    ]);
    const c = await inbox(centre.token, '', (l) => kinds(l).includes('placement_accepted'));
    expect(kinds(c)).toEqual(['placement_accepted', 'account_vetted']);
    expect(c[0].link).toBe(`/dashboard?view=student-detail&id=${amy.user.id}`);
  });

  it('a signed card reaches the student and centre; the mentor is not notified of his own signature', async () => {
    const [job] = await jobsOf(app, mentor.token, amy.user.id);
    const signed1 = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), mentor.token);
    expect(signed1.status).toBe(200);
    const s = await inbox(amy.token, '', (l) => kinds(l).includes('job_card_signed'));
    // The link opens the signed card with its Confirm / Dispute actions (docs/rules.md#trainee-countersign).
    const [signed] = (await jobsOf(app, amy.token)).find((j) => j.id === job.id)?.signatures ?? [];
    expect(s[0]).toMatchObject({
      kind: 'job_card_signed',
      type: 'success',
      title: 'Job card signed',
      link: `/dashboard?view=jobs&signature=${signed.signature_id}`,
    });
    await inbox(centre.token, '', (l) => kinds(l).includes('job_card_signed'));
    // Once the reactor is past the sign-off, the mentor's inbox has nothing about it, and no mail went out.
    await expect
      .poll(() => app.platform.readStore.checkpoint(reactorCheckpointName(NOTIFICATIONS_REACTOR)), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(signed1.body.position as number);
    const m = await inbox(mentor.token);
    expect(kinds(m).filter((k) => k.startsWith('job_card_signed'))).toEqual([]);
    expect(app.mails.some((mail) => /signed in your name/i.test(mail.subject))).toBe(false);
  });

  it('a change of requirements while placed reaches the mentor and the centre', async () => {
    const r = await app.call(
      'PUT',
      '/api/students/job-requirements',
      { boiler_installs_required: 12, boiler_service_required: 4, pipework_required: 8, repair_required: 5 },
      amy.token,
    );
    expect(r.status).toBe(200);
    const m = await inbox(mentor.token, '', (l) => kinds(l).includes('requirements_changed'));
    expect(m[0].message).toBe('Amy Pond changed their training requirements: Boiler Installs 10 → 12.');
    await inbox(centre.token, '', (l) => kinds(l).includes('requirements_changed'));
  });

  it('a first sign-in does not open on a backlog: what happened before it is listed, already read', async () => {
    const west = await vettedCentre(app, 'West Gas Training');
    const rhys = await readyMentor(app, { First_Name: 'Rhys', Last_Name: 'Evans' });
    const cleo = await registeredStudent(app, west, { First_Name: 'Cleo' }, { keepTemporary: true });
    await place(app, cleo, rhys);
    const [job] = await jobsOf(app, rhys.token, cleo.user.id);
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), rhys.token)).status).toBe(200);
    // Cleo signs in for the first time and chooses her own password: what happened before is listed, read.
    const signedIn = await choosePassword(app, cleo, cleo.temporaryPassword);
    const before = await inbox(signedIn.token, '', (l) => kinds(l).includes('job_card_signed'));
    expect(before.map((n) => [n.kind, n.read])).toEqual([
      ['job_card_signed', true],
      ['placement_accepted', true],
    ]);
    const count = async (token: string) =>
      unreadCountSchema.parse((await get(app, '/api/notifications/unread-count', token)).body).unread;
    expect(await count(signedIn.token)).toBe(0);
    // What happens next is new to her.
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(2), rhys.token)).status).toBe(200);
    await inbox(signedIn.token, '?unread=true', (l) => kinds(l).includes('job_card_signed'));
    expect(await count(signedIn.token)).toBe(1);
  });

  it('the overview counts the unread ones, for every role', async () => {
    for (const who of [amy, mentor, centre]) {
      const unread = (await inbox(who.token, '?unread=true')).length;
      expect(unread).toBeGreaterThan(0);
      const overview = await get(app, '/api/dashboard/overview', who.token);
      expect(overview.body.notifications).toBe(unread);
      const counts = unreadCountSchema.parse((await get(app, '/api/notifications/unread-count', who.token)).body);
      expect(counts.unread).toBe(unread);
    }
  });

  it('answers 401 without a token and an empty list to an admin', async () => {
    expect((await app.call('GET', '/api/notifications')).status).toBe(401);
    expect((await app.call('PATCH', '/api/notifications/mark-all-read')).status).toBe(401);
    expect(notificationsPageSchema.parse((await get(app, '/api/notifications', await app.adminToken())).body)).toEqual(
      [],
    );
  });
});

describe('reading notifications', () => {
  it('marks one read; someone else’s or an unknown id is 404 and changes nothing', async () => {
    const [first] = await inbox(centre.token, '?unread=true', (l) => l.length > 0);
    const theirs = await app.call('PATCH', `/api/notifications/${first.id}/read`, undefined, mentor.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ detail: 'Notification not found' });
    expect((await app.call('PATCH', '/api/notifications/n999999-0/read', undefined, centre.token)).status).toBe(404);
    expect((await inbox(centre.token)).find((n) => n.id === first.id)!.read).toBe(false);

    const r = await app.call('PATCH', `/api/notifications/${first.id}/read`, undefined, centre.token);
    expect(r.status).toBe(200);
    expect(markReadResultSchema.parse(r.body)).toMatchObject({ id: first.id, read: true });
    const after = await get(app, '/api/notifications', centre.token);
    expect(notificationsPageSchema.parse(after.body).find((n) => n.id === first.id)).toMatchObject({
      read: true,
      is_read: true,
    });
    expect(
      (await get(app, '/api/notifications?unread=true', centre.token)).body.map((n: Notification) => n.id),
    ).not.toContain(first.id);
  });

  it('marks all read at once', async () => {
    const unread = (await inbox(mentor.token, '?unread=true')).length;
    expect(unread).toBeGreaterThan(0);
    const r = await app.call('PATCH', '/api/notifications/mark-all-read', undefined, mentor.token);
    expect(r.status).toBe(200);
    expect(markAllReadResultSchema.parse(r.body).marked).toBe(unread);
    expect(await inbox(mentor.token, '?unread=true')).toEqual([]);
    expect((await get(app, '/api/dashboard/overview', mentor.token)).body.notifications).toBe(0);
    const again = await app.call('PATCH', '/api/notifications/mark-all-read', undefined, mentor.token);
    expect(markAllReadResultSchema.parse(again.body).marked).toBe(0);
  });

  it('pages like every list: limit, keyset cursor, X-Total-Count, Link rel="next"; bad paging is 400', async () => {
    const all = await inbox(mentor.token);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let path: string | null = '/api/notifications?limit=1';
    while (path) {
      const r = await get(app, path, mentor.token);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-total-count')).toBe(String(all.length));
      const page = notificationsPageSchema.parse(r.body);
      expect(page).toHaveLength(1);
      seen.push(page[0].id);
      const link = r.headers.get('link');
      path = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
    }
    expect(seen).toEqual(all.map((n) => n.id));
    for (const bad of ['?limit=0', '?cursor=abc', '?unread=maybe'])
      expect((await get(app, `/api/notifications${bad}`, mentor.token)).status).toBe(400);
    expect((await get(app, '/api/notifications?limit=201', mentor.token)).status).toBe(200);
  });
});

describe('e-mail setting for important notifications', () => {
  it('is on by default; turned off, the next important notification is not e-mailed', async () => {
    const other = await readyMentor(app, { First_Name: 'Quiet', Last_Name: 'Mentor' });
    expect(notificationSettingsSchema.parse((await get(app, '/api/notification-settings', other.token)).body)).toEqual({
      email_important: true,
    });
    expect((await app.call('PUT', '/api/notification-settings', { email_important: 'no' }, other.token)).status).toBe(
      400,
    );
    const off = await app.call('PUT', '/api/notification-settings', { email_important: false }, other.token);
    expect(off.status).toBe(200);
    expect(notificationSettingsResultSchema.parse(off.body).email_important).toBe(false);
    expect(notificationSettingsSchema.parse((await get(app, '/api/notification-settings', other.token)).body)).toEqual({
      email_important: false,
    });
    await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: bea.user.id, mentor_id: other.user.id },
      await app.adminToken(),
    );
    await inbox(other.token, '', (l) => kinds(l).includes('placement_proposed'));
    await app.platform.reactors.catchUp();
    await app.platform.reactors.catchUp();
    expect(
      app.mails.some((m) => m.to === (other.user.Email as string).toLowerCase() && m.subject.includes('placement')),
    ).toBe(false);
  });
});

describe('announcements', () => {
  const announce = (token: string, body: Record<string, unknown>) =>
    app.call('POST', '/api/announcements', body, token);

  it('a centre sends to its students (picked from GET /api/my-students): both see it in their announcements and read it', async () => {
    const picker = announcementRecipientsSchema.parse((await get(app, '/api/my-students', centre.token)).body);
    expect(picker.map((s) => s.id).sort()).toEqual([amy.user.id, bea.user.id].sort());
    expect(
      announcementRecipientsSchema.parse((await get(app, '/api/my-matches', mentor.token)).body).map((s) => s.id),
    ).toEqual([amy.user.id]);
    const r = await announce(centre.token, {
      title: 'Mock exams',
      message: 'Mock exams on Friday at 9.',
      priority: 'high',
      recipient_ids: [amy.user.id, bea.user.id],
    });
    expect(r.status).toBe(201);
    const sent = announcementResultSchema.parse(r.body);
    expect(sent).toMatchObject({ recipients: 2, message: 'Announcement sent to 2 student(s)!' });
    for (const s of [amy, bea]) {
      const list = await inbox(s.token, '?type=announcement', (l) => l.some((n) => n.announcement_id === sent.id));
      expect(list[0]).toMatchObject({
        type: 'announcement',
        title: 'Mock exams',
        message: 'Mock exams on Friday at 9.',
        priority: 'high',
        from_user: 'North Gas Training',
        sender_id: centre.user.id,
        read: false,
      });
    }
    const read = await app.call('PATCH', `/api/announcements/${sent.id}/read`, undefined, amy.token);
    expect(read.status).toBe(200);
    expect(markReadResultSchema.parse(read.body)).toMatchObject({ id: sent.id, read: true });
    expect((await inbox(amy.token, '?type=announcement'))[0].read).toBe(true);
    // Not a recipient: 404.
    expect((await app.call('PATCH', `/api/announcements/${sent.id}/read`, undefined, stranger.token)).status).toBe(404);
  });

  it('pushes the new notification to the recipient over the WebSocket (the contract’s changed message)', async () => {
    const messages: unknown[] = [];
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws/${bea.user.id}?token=${bea.token}`);
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      expect(
        (await announce(centre.token, { title: 'Live', message: 'Pushed', recipient_ids: [bea.user.id] })).status,
      ).toBe(201);
      const pushed = () => messages.filter((m) => (m as { collection?: string }).collection === 'notifications');
      await expect.poll(() => pushed().length, { timeout: 10_000 }).toBeGreaterThan(0);
      const message = notificationChangedMessageSchema.parse(pushed()[0]);
      expect((await inbox(bea.token)).map((n) => n.id)).toContain(message.id);
    } finally {
      ws.close();
    }
  });

  it('refuses with 403 any recipient who is not the sender’s own, and sends nothing', async () => {
    const head = await app.platform.store.headPosition();
    const r = await announce(centre.token, {
      title: 'Hello',
      message: 'Hi all',
      priority: 'normal',
      recipient_ids: [amy.user.id, stranger.user.id],
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: 'You can only send announcements to your own students' });
    // A mentor may address only the students placed with them (bea is not).
    expect((await announce(mentor.token, { title: 'Hello', message: 'Hi', recipient_ids: [bea.user.id] })).status).toBe(
      403,
    );
    expect(
      (await announce(mentor.token, { title: 'Hello', message: 'Hi', recipient_ids: ['no-such-student'] })).status,
    ).toBe(403);
    await app.platform.reactors.catchUp();
    expect(await app.platform.store.headPosition()).toBe(head);
  });

  it('a mentor sends to a placed student; students and admins may not send (403); no token 401', async () => {
    const r = await announce(mentor.token, {
      title: 'Site visit',
      message: 'Meet at the depot.',
      priority: 'low',
      recipient_ids: [amy.user.id],
    });
    expect(r.status).toBe(201);
    expect(announcementResultSchema.parse(r.body).message).toBe('Announcement sent to 1 student(s)!');
    await inbox(amy.token, '?type=announcement', (l) =>
      l.some((n) => n.title === 'Site visit' && n.from_user === 'Dave Clarke'),
    );
    expect((await announce(amy.token, { title: 'x', message: 'y', recipient_ids: [bea.user.id] })).status).toBe(403);
    expect(
      (await announce(await app.adminToken(), { title: 'x', message: 'y', recipient_ids: [amy.user.id] })).status,
    ).toBe(403);
    expect(
      (await app.call('POST', '/api/announcements', { title: 'x', message: 'y', recipient_ids: [amy.user.id] })).status,
    ).toBe(401);
  });

  it('answers the spec’s validation texts word for word (400) and an unknown priority', async () => {
    const r = await announce(centre.token, { title: '  ', message: '', recipient_ids: [] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([
      { field: 'title', message: 'Please enter an announcement title' },
      { field: 'message', message: 'Please enter an announcement message' },
      { field: 'recipient_ids', message: 'Please select at least one student' },
    ]);
    expect(
      (await announce(centre.token, { title: 'a', message: 'b', priority: 'urgent', recipient_ids: [amy.user.id] }))
        .status,
    ).toBe(400);
  });
});
