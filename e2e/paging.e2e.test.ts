import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { axeFindings, shot, signIn } from './support';

/**
 * docs/rules.md#list-paging in the browser: a centre with more students than one page (55, seeded through the API)
 * sees the first 50, pages forward and back, and searches on the server (the query goes out as
 * `?q=`; the answer holds students the first page did not). axe-core at 1366 and 390 px.
 */
const ADMIN = { email: 'admin@paging.test', password: 'paging-admin-password' };
const CENTRE = { email: 'centre@paging.test', password: 'paging-centre-pass-1' };
const STUDENTS = 55;
/** Locked by the admin in beforeAll: the admin's Account filter finds exactly these. */
const LOCKED = ['07', '42'];

const app = useApp({ admin: ADMIN });

beforeAll(async () => {
  const call = app.api;
  const centre = await call<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: 'Paula',
    Last_Name: 'Pager',
    Email: CENTRE.email,
    Password: CENTRE.password,
    Role: 'training_centre',
    Training_Centre_Name: 'Paging Gas Academy',
  });
  const admin = await call<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
  await call('PATCH', `/api/admin/users/training_centre/${centre.user.id}/vet`, { is_vetted: true }, admin.token);
  // Oldest first: Learner 01 is registered first, so it is on the last page of "newest first".
  for (let i = 1; i <= STUDENTS; i++) {
    const n = String(i).padStart(2, '0');
    const registered = await call<{ student: { id: string } }>(
      'POST',
      '/api/register-student',
      {
        First_Name: 'Learner',
        Last_Name: n,
        Email: `learner${n}@paging.test`,
        Phone_Number: '07700900000',
        Postcode: 'M1 1AA',
        Boiler_Installs: 1,
        Boiler_Service: 0,
        Pipework: 0,
        Repair: 0,
      },
      centre.token,
    );
    if (LOCKED.includes(n))
      await call(
        'PATCH',
        `/api/admin/users/student/${registered.student.id}/lock`,
        { is_locked: true, reason: 'Paging test' },
        admin.token,
      );
  }
}, 180_000);

async function centrePage(width: number, height = 900): Promise<Page> {
  const page = await app.page({ width, height });
  await signIn(page, app.url, CENTRE.email, CENTRE.password);
  await page.goto(`${app.url}/dashboard?view=students`);
  return page;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Students' }).getByTestId('student-card');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Students pages' });

describe('paging in the web app', () => {
  it('a centre with 55 students pages through them and searches on the server', async () => {
    const page = await centrePage(1366);
    await page.getByText(`${STUDENTS} registered students`).waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(50);
    await expect(pager(page).getByText('1–50 of 55').isVisible()).resolves.toBe(true);
    expect(await cards(page).first().getAttribute('aria-label')).toBe('Learner 55');
    expect(await page.getByRole('article', { name: 'Learner 01' }).count()).toBe(0);
    expect(await axeFindings(page, 'students, page 1 (1366 px)')).toEqual([]);
    await shot(page, 'paging-students-1366');

    await pager(page)
      .getByRole('button', { name: /next page/i })
      .click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(5);
    await pager(page).getByText('51–55 of 55').waitFor();
    await page.getByRole('article', { name: 'Learner 01' }).waitFor();
    expect(
      await pager(page)
        .getByRole('button', { name: /next page/i })
        .isDisabled(),
    ).toBe(true);

    await pager(page)
      .getByRole('button', { name: /previous page/i })
      .click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(50);

    // The search is answered by the server: Learner 03 is not on the page on show.
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/my-students') && new URL(r.url()).searchParams.get('q') === 'learner03',
    );
    await page.getByRole('textbox', { name: 'Search students' }).fill('learner03');
    await searched;
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await cards(page).first().getAttribute('aria-label')).toBe('Learner 03');
    expect(await pager(page).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Search students' }).fill('nobody here');
    await page.getByText('No students match “nobody here”.').waitFor();
    await page.getByRole('textbox', { name: 'Search students' }).fill('');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(50);
  });

  it('pages on a phone (390 px) without sideways scrolling', async () => {
    const page = await centrePage(390, 844);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(50);
    await pager(page).getByText('1–50 of 55').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await axeFindings(page, 'students, page 1 (390 px)')).toEqual([]);
    await shot(page, 'paging-students-390');
    // Mid-screen, as a person scrolls it: at the very bottom edge the Assistant's floating button sits over it.
    const next = pager(page).getByRole('button', { name: /next page/i });
    await next.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await next.click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(5);
  });
});

async function adminPage(width: number, height = 900): Promise<Page> {
  const page = await app.page({ width, height });
  await page.goto(`${app.url}${app.server.portalPath}`);
  const form = page.getByRole('form', { name: 'Admin sign in' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return page;
}

/** The data rows of the admin Students table (the header row left out). */
const studentRows = (page: Page) => page.getByRole('table', { name: 'Students' }).locator('tbody tr[data-user-id]');
const adminPager = (page: Page) => page.getByRole('navigation', { name: 'Students pages' });
const total = (page: Page) => page.getByTestId('admin-list-total');
/** Waits for the admin's next call of the students list whose query has these values. */
const studentsCall = (page: Page, params: Record<string, string | null>) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/admin/users/students' &&
      url.searchParams.get('limit') === '50' &&
      Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v)
    );
  });
async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the admin tables page, sort, filter and search on the server', () => {
  it('the Students table: 50 of 55, the next page, sorted by name, locked and unplaced filters, search', async () => {
    const page = await adminPage(1366);
    await total(page).getByText(`Showing 50 of ${STUDENTS} students`).waitFor();
    await expect.poll(() => studentRows(page).count(), { timeout: 15_000 }).toBe(50);
    expect(await studentRows(page).first().textContent()).toContain('Learner 55');
    expect(await page.getByRole('tab', { name: `Students (${STUDENTS})` }).count()).toBe(1);
    expect(await axeFindings(page, 'admin students, page 1 (1366 px)')).toEqual([]);
    await shot(page, 'paging-admin-students-1366');

    // The second page comes from the server (a cursor), with the five oldest.
    const second = studentsCall(page, {});
    await adminPager(page)
      .getByRole('button', { name: /next page/i })
      .click();
    expect(new URL((await second).url()).searchParams.get('cursor')).toBeTruthy();
    await expect.poll(() => studentRows(page).count(), { timeout: 15_000 }).toBe(5);
    await total(page).getByText(`Showing 5 of ${STUDENTS} students`).waitFor();
    expect(await studentRows(page).last().textContent()).toContain('Learner 01');

    // Sorting starts again at the first page, in the server's order.
    const sorted = studentsCall(page, { sort: 'name', cursor: null });
    await choose(page, 'Sort by', 'Name (A–Z)');
    await sorted;
    await expect.poll(() => studentRows(page).first().textContent(), { timeout: 15_000 }).toContain('Learner 01');
    expect(await studentRows(page).count()).toBe(50);

    // Locked: only the two locked students, over every page.
    const locked = studentsCall(page, { locked: 'true', sort: 'name' });
    await choose(page, 'Account', 'Locked');
    await locked;
    await total(page).getByText('2 students', { exact: true }).waitFor();
    expect(await studentRows(page).allTextContents()).toEqual([
      expect.stringContaining('Learner 07'),
      expect.stringContaining('Learner 42'),
    ]);
    expect(await adminPager(page).count()).toBe(0);
    await choose(page, 'Account', 'All');

    // Unplaced: every learner (none is placed yet); Placed: none.
    const unplaced = studentsCall(page, { placed: 'false' });
    await choose(page, 'Placement', 'Unplaced');
    await unplaced;
    await total(page).getByText(`Showing 50 of ${STUDENTS} students`).waitFor();
    const placed = studentsCall(page, { placed: 'true' });
    await choose(page, 'Placement', 'Placed');
    await placed;
    await total(page).getByText('No students', { exact: true }).waitFor();
    await page.getByText('No users found', { exact: true }).waitFor();
    await choose(page, 'Placement', 'All');

    // The search is answered by the server, over every page.
    const searched = studentsCall(page, { q: 'learner03' });
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('learner03');
    await searched;
    await total(page).getByText('1 student', { exact: true }).waitFor();
    expect(await studentRows(page).first().textContent()).toContain('Learner 03');
  });

  it('the admin Students list pages on a phone (390 px) without sideways scrolling', async () => {
    const page = await adminPage(390, 844);
    const cards = page.getByRole('list', { name: 'Students' }).locator('li[data-user-id]');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(50);
    await total(page).getByText(`Showing 50 of ${STUDENTS} students`).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await axeFindings(page, 'admin students (390 px)')).toEqual([]);
    await shot(page, 'paging-admin-students-390');
    const next = adminPager(page).getByRole('button', { name: /next page/i });
    await next.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await next.click();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(5);
  });
});
