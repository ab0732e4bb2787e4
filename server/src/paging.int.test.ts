import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { nextLink } from '@panda/contracts/paging';
import {
  adminCentresPageSchema,
  adminMentorsPageSchema,
  adminPlacementsPageSchema,
  adminStudentsPageSchema,
} from '@panda/contracts/admin';
import { notificationsPageSchema } from '@panda/contracts/notifications';
import { ticketListResponse } from '@panda/contracts/support';
import {
  place,
  readyMentor,
  registeredStudent,
  vettedCentre,
  type StudentLogin,
} from '@panda/command-service/training/test-fixtures';
import { startTestApp, TEST_ADMIN, type TestApp } from './testing/harness';

/**
 * docs/rules.md#list-paging on every list call: each one is walked two items at a time by following its
 * `Link: <...>; rel="next"` header, and must give every item exactly once, the same X-Total-Count on
 * every page and no Link on the last one. The list routes are found in the router stack, so a new
 * GET route must be named below either as a paged list or as not a list.
 */

/** GET routes that answer one thing, not a list. */
const NOT_LISTS = new Set([
  '/api/auth/validate',
  '/api/health',
  '/api/vetting-status',
  '/api/jobs/:id',
  '/api/profile',
  '/api/mentors/:id/gas-safe-photo',
  '/api/mentor/profile-status',
  '/api/audit/jobs/:jobId/signatures',
  '/api/audit/accounts/:accountId/timeline',
  '/api/audit/verify',
  '/api/audit/checkpoint',
  '/api/audit/log-key',
  '/api/audit/proof/inclusion',
  '/api/audit/proof/consistency',
  '/api/audit/students/:studentId/evidence.pdf',
  '/api/audit/students/:studentId/evidence.csv',
  // The caseload's export: every row of the list's filter and sort in one file (docs/rules.md#centre-caseload).
  '/api/my-students.csv',
  '/api/centre/criteria',
  '/api/students/:id/criteria',
  '/api/lookup/:entityType/:entityId',
  '/api/notifications/unread-count',
  '/api/notification-settings',
  '/api/my-students/:id',
  '/api/students/job-requirements',
  '/api/support/:id',
  '/api/admin/support/counts',
  '/api/admin/support/:id',
  '/api/dashboard/overview',
  // A ranking of every eligible mentor for one student, with the excluded ones and their reasons.
  '/api/admin/placements/candidates',
  // One message's image and one sign-off, not lists; who is online is a set of the caller's contacts.
  '/api/chat-images/:messageId',
  '/api/signatures/:signatureId',
  '/api/online-users',
  // One student's credential, one sign-off's receipt, one student's portfolio (docs/rules.md#portfolio).
  '/api/students/:id/credential',
  '/api/audit/sign-offs/:signatureId/receipt',
  '/api/portfolio.json',
  '/api/portfolio.pdf',
  '/api/students/:id/portfolio.json',
  '/api/students/:id/portfolio.pdf',
  // The rate history with the 'no rate' sign-offs, one mentor's period so far, one invoice, one mentor's payout details.
  '/api/admin/rates',
  '/api/mentor/earnings',
  '/api/mentor/invoices/:id.pdf',
  '/api/admin/invoices/:id.pdf',
  // One invoice's credit note (docs/rules.md#invoice-disputes).
  '/api/mentor/invoices/:id/credit-note.pdf',
  '/api/admin/invoices/:id/credit-note.pdf',
  '/api/mentor/payout-details',
  // One job-card photo (docs/rules.md#evidence).
  '/api/job-photos/:id',
]);

/**
 * Lists that page (X-Total-Count, Link rel="next") but whose walks need fixtures of their own
 * capability, so their paging is tested beside it: chat in command-service/src/chat/routes.int.test.ts,
 * disputes in command-service/src/signoff/routes.int.test.ts, auditors in command-service/src/audit/auditors.int.test.ts,
 * the payout ledger and invoices in command-service/src/payouts/flow.int.test.ts.
 */
const PAGED_ELSEWHERE = new Set([
  '/api/messages',
  '/api/chat-contacts',
  '/api/admin/disputes',
  '/api/admin/auditors',
  '/api/mentor/ledger',
  '/api/mentor/invoices',
  '/api/admin/invoices',
]);

function getRoutesOf(app: TestApp): string[] {
  const express = app.platform.server!.listeners('request')[0] as Express;
  const paths: string[] = [];
  type Layer = { route?: { path: unknown; methods: Record<string, boolean> }; handle: { stack?: Layer[] } };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path === 'string' && layer.route.methods.get && layer.route.path.startsWith('/api/'))
          paths.push(layer.route.path);
      } else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((express as unknown as { router: { stack: Layer[] } }).router.stack);
  return paths;
}

let app: TestApp;
let admin: string;
const tokens: Record<'centre' | 'mentor', string> = { centre: '', mentor: '' };
let students: StudentLogin[] = [];
let mentorId = '';

interface ListCase {
  path: string;
  query?: string;
  who: () => string;
  /** The items of a page's body. */
  items: (body: unknown) => { id: string }[];
  /** How many there are, when the seed fixes it. */
  total?: number;
  schema?: ZodType;
  /** Reading it adds to it (every audit read is recorded): the total may grow during the walk. */
  grows?: boolean;
}

const asArray = (body: unknown) => body as { id: string }[];
const key = (k: string) => (body: unknown) => (body as Record<string, { id: string }[]>)[k];

const CASES: ListCase[] = [
  { path: '/api/my-students', who: () => tokens.centre, items: asArray, total: 5 },
  { path: '/api/my-matches', who: () => tokens.mentor, items: asArray, total: 3 },
  { path: '/api/jobs', who: () => tokens.mentor, items: asArray, total: 6 },
  { path: '/api/jobs', who: () => tokens.centre, items: asArray, total: 6 },
  { path: '/api/placement-requests', who: () => tokens.mentor, items: key('requests'), total: 2 },
  {
    path: '/api/admin/users/students',
    who: () => admin,
    items: key('students'),
    total: 5,
    schema: adminStudentsPageSchema,
  },
  {
    path: '/api/admin/users/students',
    query: 'placed=false',
    who: () => admin,
    items: key('students'),
    total: 2,
    schema: adminStudentsPageSchema,
  },
  {
    path: '/api/admin/users/students',
    query: 'locked=true',
    who: () => admin,
    items: key('students'),
    total: 1,
    schema: adminStudentsPageSchema,
  },
  {
    path: '/api/admin/users/students',
    query: 'locked=false&placed=true&sort=name',
    who: () => admin,
    items: key('students'),
    total: 3,
    schema: adminStudentsPageSchema,
  },
  {
    path: '/api/admin/users/mentors',
    who: () => admin,
    items: key('mentors'),
    total: 4,
    schema: adminMentorsPageSchema,
  },
  {
    path: '/api/admin/users/mentors',
    query: 'vetted=false',
    who: () => admin,
    items: key('mentors'),
    total: 1,
    schema: adminMentorsPageSchema,
  },
  {
    path: '/api/admin/users/training-centres',
    who: () => admin,
    items: key('training_centres'),
    total: 3,
    schema: adminCentresPageSchema,
  },
  {
    path: '/api/admin/users/training-centres',
    query: 'vetted=false&sort=-email',
    who: () => admin,
    items: key('training_centres'),
    total: 1,
    schema: adminCentresPageSchema,
  },
  {
    path: '/api/admin/placements',
    who: () => admin,
    items: key('placements'),
    total: 5,
    schema: adminPlacementsPageSchema,
  },
  {
    path: '/api/admin/placements',
    query: 'status=pending&sort=student',
    who: () => admin,
    items: key('placements'),
    total: 2,
    schema: adminPlacementsPageSchema,
  },
  // The mentor's 5 lock and vetting changes and 8 placement entries (3 proposed and accepted, 2 proposed).
  { path: '/api/admin/users/:role/:id/history', who: () => admin, items: key('history'), total: 13 },
  { path: '/api/admin/signin-attempts', who: () => admin, items: key('attempts') },
  { path: '/api/notifications', who: () => tokens.mentor, items: asArray, schema: notificationsPageSchema },
  { path: '/api/support', who: () => tokens.centre, items: asArray, total: 3, schema: ticketListResponse },
  { path: '/api/admin/support', who: () => admin, items: asArray, total: 3, schema: ticketListResponse },
  { path: '/api/audit/access-log', who: () => admin, items: asArray, grows: true },
  { path: '/api/audit/subjects', query: 'role=student', who: () => admin, items: key('subjects'), total: 5 },
];

const urlOf = (c: ListCase, extra: string) => {
  const path = c.path.replace(':role', 'mentor').replace(':id', mentorId);
  const query = [c.query, extra].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
};

async function walk(c: ListCase, limit: number) {
  const seen: string[] = [];
  const totals = new Set<number>();
  let url: string | null = urlOf(c, `limit=${limit}`);
  let pages = 0;
  while (url) {
    const r = await app.call('GET', url, undefined, c.who());
    expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
    c.schema?.parse(r.body);
    const items = c.items(r.body);
    expect(items.length).toBeLessThanOrEqual(limit);
    seen.push(...items.map((i) => i.id));
    totals.add(Number(r.headers.get('x-total-count')));
    url = nextLink(r.headers.get('link'));
    if (url) {
      expect(r.headers.get('link')).toMatch(/^<\/api\/[^>]+cursor=[\w-]+[^>]*>; rel="next"$/);
      expect(items).toHaveLength(limit);
    }
    if (++pages > 50) throw new Error(`${c.path} never ends`);
  }
  return { seen, totals: [...totals], pages };
}

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  const centre = await vettedCentre(app, 'Paging Centre');
  await vettedCentre(app, 'Second Centre');
  await app.signUp('training_centre', 'unvetted-centre@test.panda', { Training_Centre_Name: 'Unvetted Centre' });
  const mentor = await readyMentor(app);
  await readyMentor(app);
  await readyMentor(app);
  await app.signUp('mentor', 'unvetted-mentor@test.panda');
  tokens.centre = centre.token;
  tokens.mentor = mentor.token;
  mentorId = mentor.user.id;
  const names = ['Zara', 'Yusuf', 'Xena', 'Walter', 'Vera'];
  students = [];
  for (const name of names)
    students.push(
      await registeredStudent(app, centre, {
        First_Name: name,
        Last_Name: 'Trainee',
        Boiler_Installs: 2,
        Boiler_Service: 0,
        Pipework: 1,
        Repair: 0,
      }),
    );
  for (const s of students.slice(0, 3)) await place(app, s, mentor);
  for (const s of students.slice(3)) {
    const r = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: s.user.id, mentor_id: mentor.user.id },
      admin,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  for (const s of ['First', 'Second', 'Third'])
    expect(
      (await app.call('POST', '/api/support', { Subject: 'General Issue', Message: `${s} question` }, centre.token))
        .status,
    ).toBe(201);
  for (const locked of [true, false, true, false]) {
    expect(
      (
        await app.call(
          'PATCH',
          `/api/admin/users/mentor/${mentor.user.id}/lock`,
          { is_locked: locked, reason: 'paging test' },
          admin,
        )
      ).status,
    ).toBe(200);
  }
  tokens.mentor = (await app.signIn(mentor.user.Email as string)).token;
  expect(
    (
      await app.call(
        'PATCH',
        `/api/admin/users/student/${students[4].user.id}/lock`,
        { is_locked: true, reason: 'paging test' },
        admin,
      )
    ).status,
  ).toBe(200);
  for (let i = 0; i < 3; i++)
    expect(
      (await app.call('POST', '/api/admin/auth/signin', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }))
        .status,
    ).toBe(200);
  for (const q of ['a', 'b', 'c'])
    expect((await app.call('GET', `/api/audit/subjects?q=${q}`, undefined, admin)).status).toBe(200);
  await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('paging of every list call', () => {
  it('names every GET route as a paged list or as not a list', () => {
    const listed = new Set(CASES.map((c) => c.path));
    const unknown = getRoutesOf(app).filter((p) => !listed.has(p) && !NOT_LISTS.has(p) && !PAGED_ELSEWHERE.has(p));
    expect(
      unknown,
      'new GET routes: page them (platform/src/paging.ts) and add them to CASES, or add them to NOT_LISTS',
    ).toEqual([]);
  });

  it.each(CASES.map((c) => [`${c.path}${c.query ? `?${c.query}` : ''}`, c] as const))(
    '%s: walks every item once by Link, with X-Total-Count',
    async (_name, c) => {
      const { seen, totals, pages } = await walk(c, 2);
      expect(new Set(seen).size).toBe(seen.length);
      if (c.grows) {
        // Newer records sort before the cursor: the walk sees what was there when it started, once.
        expect(seen.length).toBeGreaterThanOrEqual(Math.min(...totals));
        expect(seen.length).toBeLessThanOrEqual(Math.max(...totals));
        return;
      }
      expect(totals).toHaveLength(1);
      expect(seen).toHaveLength(totals[0]);
      expect(new Set(seen).size).toBe(seen.length);
      if (c.total !== undefined) expect(totals[0]).toBe(c.total);
      expect(totals[0]).toBeGreaterThan(0);
      expect(pages).toBe(Math.max(1, Math.ceil(totals[0] / 2)));
      // The default page (50) holds all of them here, without a Link.
      const all = await app.call('GET', urlOf(c, ''), undefined, c.who());
      expect(all.headers.get('link')).toBeNull();
      expect(c.items(all.body).map((i) => i.id)).toEqual(seen);
    },
  );

  it('searches and sorts on the server', async () => {
    const names = async (path: string, token: string) => {
      const r = await app.call('GET', path, undefined, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return {
        names: (Array.isArray(r.body) ? r.body : r.body.students).map((s: { First_Name: string }) => s.First_Name),
        total: Number(r.headers.get('x-total-count')),
      };
    };
    expect(await names('/api/my-students?q=XEN', tokens.centre)).toEqual({ names: ['Xena'], total: 1 });
    expect(await names(`/api/my-students?q=${encodeURIComponent(students[1].email)}`, tokens.centre)).toEqual({
      names: ['Yusuf'],
      total: 1,
    });
    expect((await names('/api/my-students?sort=name', tokens.centre)).names).toEqual([
      'Vera',
      'Walter',
      'Xena',
      'Yusuf',
      'Zara',
    ]);
    expect((await names('/api/my-students', tokens.centre)).names).toEqual(['Vera', 'Walter', 'Xena', 'Yusuf', 'Zara']);
    expect((await names('/api/my-students?sort=created', tokens.centre)).names).toEqual([
      'Zara',
      'Yusuf',
      'Xena',
      'Walter',
      'Vera',
    ]);
    expect(await names('/api/admin/users/students?q=trainee&sort=-name&limit=3', admin)).toEqual({
      names: ['Zara', 'Yusuf', 'Xena'],
      total: 5,
    });
    expect(await names('/api/admin/users/students?q=nobody-at-all', admin)).toEqual({ names: [], total: 0 });
    const requests = await app.call('GET', '/api/placement-requests?q=walter', undefined, tokens.mentor);
    expect(requests.body.requests.map((r: { student: { First_Name: string } }) => r.student.First_Name)).toEqual([
      'Walter',
    ]);
    const jobs = await app.call('GET', '/api/jobs?q=pipework', undefined, tokens.mentor);
    expect(jobs.body.map((j: { Job_Type: string }) => j.Job_Type)).toEqual(['Pipework', 'Pipework', 'Pipework']);
  });

  it('refuses a bad limit, cursor, sort or filter with 400 and a clear detail', async () => {
    const detail = async (path: string, token = admin) => {
      const r = await app.call('GET', path, undefined, token);
      expect(r.status, path).toBe(400);
      return JSON.stringify(r.body.detail);
    };
    expect(await detail('/api/my-students?limit=0', tokens.centre)).toContain(
      'limit must be a whole number of at least 1 (at most 200 are answered)',
    );
    // A limit above 200 is answered with a page of 200, not refused.
    const big = await app.call('GET', '/api/my-students?limit=500', undefined, tokens.centre);
    expect(big.status).toBe(200);
    expect(big.body.length).toBeLessThanOrEqual(200);
    expect(await detail('/api/my-students?cursor=nonsense!', tokens.centre)).toContain(
      'cursor must be a value from a Link header',
    );
    expect(await detail('/api/my-students?sort=password', tokens.centre)).toContain(
      'sort must be one of created, -created, name, -name',
    );
    expect(await detail('/api/admin/users/students?locked=maybe')).toContain('locked must be true or false');
    expect(await detail('/api/admin/users/mentors?placed=false')).toContain('placed filters students only');
    expect(await detail('/api/admin/placements?status=lost')).toContain(
      'status must be one of pending, active, completed, cancelled',
    );
    const first = await app.call('GET', '/api/my-students?limit=2&sort=name', undefined, tokens.centre);
    const cursor = new URLSearchParams(nextLink(first.headers.get('link'))!.split('?')[1]).get('cursor')!;
    expect(await detail(`/api/my-students?limit=2&cursor=${cursor}`, tokens.centre)).toContain(
      'cursor belongs to another sort',
    );
  });
});
