import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextLink } from '@panda/contracts/paging';
import { adminStudentsPageSchema } from '@panda/contracts/admin';
import { vettedCentre } from '@panda/command-service/training/test-fixtures';
import type { Login } from '@panda/command-service/admin/test-fixtures';
import { startTestApp, type TestApp } from './testing/harness';

/**
 * docs/rules.md#list-paging over HTTP while the list changes (the cursor stays stable under inserts,
 * totals, last page). Students are registered between the pages of a walk, some sorting before its
 * cursor and some after: every student that existed when the walk began comes exactly once, the
 * ones after the cursor come too, the ones before it never; X-Total-Count is the exact count of
 * what the filter and search match at each page; the last page holds fewer than the limit and has
 * no Link rel="next".
 */

let app: TestApp;
let admin: string;
let mason: Login;
let walker: Login;
let registered = 0;

async function register(centre: Login, First_Name: string, Last_Name: string): Promise<string> {
  const r = await app.call(
    'POST',
    '/api/register-student',
    {
      First_Name,
      Last_Name,
      Email: `paging-inserts-${++registered}@test.panda`,
      Phone_Number: '07700900000',
      Postcode: 'M1 1AA',
    },
    centre.token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.student.id as string;
}

interface Page {
  ids: string[];
  names: string[];
  total: number;
  next: string | null;
}

async function page(url: string, token: string, items: (body: unknown) => { id: string; Name?: string }[]) {
  const r = await app.call('GET', url, undefined, token);
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  const list = items(r.body);
  return {
    ids: list.map((s) => s.id),
    names: list.map((s) => s.Name ?? ''),
    total: Number(r.headers.get('x-total-count')),
    next: nextLink(r.headers.get('link')),
  } satisfies Page;
}

/** Follows Link rel="next" from `first`, calling `between(pageIndex)` after each page that has a next one. */
async function walk(
  first: string,
  token: string,
  items: (body: unknown) => { id: string; Name?: string }[],
  between: (index: number) => Promise<void> = async () => {},
) {
  const pages: Page[] = [];
  for (let url: string | null = first; url;) {
    const p = await page(url, token, items);
    pages.push(p);
    url = p.next;
    if (url) await between(pages.length - 1);
    if (pages.length > 40) throw new Error(`${first} never ends`);
  }
  return pages;
}

const centreList = (body: unknown) => body as { id: string; Name: string }[];
const adminList = (body: unknown) => adminStudentsPageSchema.parse(body).students as { id: string; Name: string }[];

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  mason = await vettedCentre(app, 'Mason Training');
  walker = await vettedCentre(app, 'Walker Training');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('paging while students are registered', () => {
  it('keeps its place by name: students sorting after the cursor come, those before never, none twice', async () => {
    const originals: string[] = [];
    for (const first of ['Ben', 'Cara', 'Dev', 'Esme', 'Finn', 'Gail', 'Hugo', 'Ivy', 'Jude'])
      originals.push(await register(mason, first, 'Mason'));
    const before: string[] = [];
    const after: string[] = [];
    const pages = await walk('/api/my-students?sort=name&limit=2', mason.token, centreList, async (i) => {
      before.push(await register(mason, `Aaron${i}`, 'Mason'));
      after.push(await register(mason, `Zack${i}`, 'Mason'));
    });
    const seen = pages.flatMap((p) => p.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(originals.filter((id) => !seen.includes(id))).toEqual([]);
    expect(before.filter((id) => seen.includes(id))).toEqual([]);
    expect(after.filter((id) => !seen.includes(id))).toEqual([]);
    // In name order throughout, and each page's total counts every student of the centre at that moment.
    const names = pages.flatMap((p) => p.names);
    expect(names).toEqual([...names].sort());
    expect(pages.map((p) => p.total)).toEqual(pages.map((_, i) => originals.length + 2 * i));
    // Two read and one added after the cursor per page: the walk ends on a full page, with no next.
    expect(pages).toHaveLength(8);
    expect(pages.every((p) => p.ids.length === 2)).toBe(true);
    expect(pages.at(-1)!.next).toBeNull();
  }, 120_000);

  it('keeps its place newest first, with exact totals under a filter and a search', async () => {
    const originals: string[] = [];
    for (const first of ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'])
      originals.push(await register(walker, first, 'Walker'));
    await register(walker, 'Hal', 'Smith');
    // Two Walkers locked: the filter leaves five.
    for (const id of [originals[1], originals[4]])
      expect(
        (
          await app.call(
            'PATCH',
            `/api/admin/users/student/${id}/lock`,
            { is_locked: true, reason: 'paging test' },
            admin,
          )
        ).status,
      ).toBe(200);
    const unlocked = originals.filter((_, i) => i !== 1 && i !== 4);
    const newer: string[] = [];
    const pages = await walk('/api/admin/users/students?q=WALKER&locked=false&limit=2', admin, adminList, async () => {
      // Newer than everything: before the cursor (newest first), so not in this walk; one matches, one does not.
      newer.push(await register(walker, 'New', 'Walker'));
      await register(walker, 'New', 'Smith');
    });
    const seen = pages.flatMap((p) => p.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...unlocked].sort());
    expect(newer.filter((id) => seen.includes(id))).toEqual([]);
    // Exact: only what matches both the search and the filter, counted again on each page.
    expect(pages.map((p) => p.total)).toEqual([5, 6, 7]);
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 1]);
    expect(pages.at(-1)!.next).toBeNull();

    // A page that ends exactly at the last item has no next either; a search that matches nothing, total 0.
    const exact = await page('/api/admin/users/students?q=walker&locked=false&limit=7', admin, adminList);
    expect([exact.ids.length, exact.total, exact.next]).toEqual([7, 7, null]);
    const locked = await page('/api/admin/users/students?q=walker&locked=true', admin, adminList);
    expect([locked.ids.sort(), locked.total]).toEqual([[originals[1], originals[4]].sort(), 2]);
    const none = await page('/api/admin/users/students?q=nobody-matches&locked=false', admin, adminList);
    expect([none.ids, none.total, none.next]).toEqual([[], 0, null]);
  });
});
