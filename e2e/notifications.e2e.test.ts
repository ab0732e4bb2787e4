import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { axeOn, shot, signIn, toast } from './support';
import { EVIDENCE_BODY } from './evidence';

/**
 * Notifications and announcements in a real browser, on the seeded demo (its placed student Liam,
 * his mentor and his training centre): a first sign-in opens on no backlog; the bell counts a job card
 * the mentor signs, live, its text whole; the centre sends an announcement, which shows itself to the
 * student, who reads it in the Announcements tab. axe-core over
 * the bell, the Notifications modal and the Create Announcement dialog at 1366 and 390 px.
 */
const app = useApp({ demo: true });
const findings: string[] = [];

async function axe(page: Page, where: string, include: string) {
  const builder = await axeOn(page);
  const result = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include(include)
    .analyze();
  for (const v of result.violations)
    if (v.impact === 'serious' || v.impact === 'critical')
      findings.push(`${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}

const personPage = (width = 1366, height = 800) => app.page({ width, height });

const bell = (page: Page) => page.getByTestId('notifications-bell');
/** The badge text, '' when the badge is hidden (nothing unread). */
const badge = (page: Page) => async () => {
  const el = page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
  return (await el.getAttribute('class'))?.includes('MuiBadge-invisible')
    ? ''
    : ((await el.textContent()) ?? '').trim();
};
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

describe('notifications and announcements', () => {
  let student: Page;

  it('the student’s bell counts the mentor’s signed card live, and clicking it opens its screen', async () => {
    student = await personPage();
    await signIn(student, app.url, 'student@panda.demo', app.password('student@panda.demo'));
    await bell(student).waitFor();
    // A first sign-in does not open on a backlog: the demo's month of placement and signed cards is
    // listed, already read (its people read it as it came), and the bell does not read 9+.
    await expect.poll(() => student.getByTestId('notifications-badge').isVisible()).toBe(true);
    await expect.poll(badge(student), { timeout: 15_000 }).toBe('');
    await axe(student, 'dashboard header with the bell (1366 px)', 'header');
    await bell(student).click();
    await dialog(student).waitFor();
    await expect.poll(() => dialog(student).getByTestId('notification-item').count()).toBeGreaterThan(9);
    await dialog(student).getByText('Job card signed', { exact: true }).first().waitFor();
    await axe(student, 'Notifications modal (1366 px)', '[role="dialog"]');
    await shot(student, 'notifications-modal-1366');
    expect(await dialog(student).getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
    await dialog(student).getByRole('tab', { name: 'Unread' }).click();
    await dialog(student).getByText('You are all caught up.').waitFor();
    await dialog(student).getByRole('button', { name: 'Close notifications' }).click();

    // The mentor signs one more card (through the API): the student's bell counts it without a reload.
    const mentor = await app.api<{ token: string }>('POST', '/api/auth/signin', {
      Email: 'mentor@panda.demo',
      Password: app.password('mentor@panda.demo'),
    });
    const jobs = await app.api<{ id: string; Completed_Count: number; Total_Count: number }[]>(
      'GET',
      '/api/jobs',
      undefined,
      mentor.token,
    );
    const open = jobs.find((j) => j.Completed_Count < j.Total_Count)!;
    const now = new Date().toISOString();
    await app.api(
      'PUT',
      `/api/jobs/${open.id}/complete`,
      {
        mentor_signature: {
          signature: 'D. Clarke',
          mentorName: 'Dave Clarke',
          date: now.slice(0, 10),
          time: now.slice(11, 16),
          timestamp: now,
        },
        completed_at: now,
        ...EVIDENCE_BODY,
      },
      mentor.token,
    );
    await expect.poll(badge(student), { timeout: 15_000 }).toBe('1');
    await bell(student).click();
    await dialog(student)
      .getByRole('tab', { name: /Unread/ })
      .click();
    const item = dialog(student).getByTestId('notification-item').filter({ hasText: 'Job card signed' });
    await item.getByText('Today').waitFor();
    // The whole text shows, wrapped, its action included (not cut at "confirm it or dis…").
    const message = item.getByTestId('notification-message');
    expect(await message.textContent()).toMatch(
      /^Please confirm or dispute card \d+ of your .+, signed by Dave Clarke\.$/,
    );
    await expect.poll(() => message.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    await item.click();
    await student.waitForURL(/view=jobs/);
    await student.getByRole('heading', { level: 1, name: 'Training Jobs' }).waitFor();
    await expect.poll(badge(student)).toBe('');
  });

  it('a centre sends an announcement; the student reads it in the Announcements tab', async () => {
    const centre = await personPage();
    await signIn(centre, app.url, 'centre@panda.demo', app.password('centre@panda.demo'));
    await centre.getByRole('button', { name: 'Create Announcement' }).click();
    const form = centre.getByRole('dialog', { name: 'Create Announcement' });
    await form.getByText('Liam Turner').waitFor();
    const send = form.getByRole('button', { name: 'Send Announcement' });
    expect(await send.isDisabled()).toBe(true);
    await form.getByRole('checkbox', { name: /Liam Turner/ }).check();
    await send.click();
    // Each message under its field (create-announcement-dialog.test.tsx checks the words).
    await form.getByText('Please enter an announcement title').waitFor();
    await axe(centre, 'Create Announcement dialog with errors (1366 px)', '[role="dialog"]');
    await shot(centre, 'create-announcement-1366');
    await form.getByLabel('Title').fill('Gas Safe assessment dates');
    await form
      .getByLabel('Message')
      .fill(
        `Assessments are on ${'Monday and Tuesday next week at the centre; bring your portfolio, your ID and every signed job card so far. '.repeat(2)}`,
      );
    await form.getByRole('combobox', { name: 'Priority' }).click();
    await centre.getByRole('option', { name: 'High' }).click();
    await send.click();
    await toast(centre, 'Announcement sent to 1 student(s)!').waitFor();
    await form.waitFor({ state: 'hidden' });

    await expect.poll(badge(student), { timeout: 15_000 }).toBe('1');
    // The new announcement shows itself where the student is, without a reload; View opens it.
    const arrived = student.getByTestId('announcement-arrived');
    await arrived.getByText('New announcement from Northern Gas Training Centre').waitFor();
    await arrived.getByText('Gas Safe assessment dates').waitFor();
    await axe(student, 'announcement arrived (1366 px)', '[data-testid="announcement-arrived"]');
    await shot(student, 'announcement-arrived-1366');
    await arrived.getByRole('button', { name: 'View' }).click();
    await arrived.waitFor({ state: 'detached' });
    expect(await dialog(student).getByRole('tab', { name: 'Announcements' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const item = dialog(student).getByTestId('notification-item').filter({ hasText: 'Gas Safe assessment dates' });
    await item.getByText('high priority').waitFor();
    // A long message wraps to two lines, then is cut with an ellipsis.
    const message = item.getByTestId('notification-message');
    await expect.poll(() => message.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const lines = await message.evaluate((el) => {
      const view = el.ownerDocument.defaultView;
      return view ? el.clientHeight / parseFloat(view.getComputedStyle(el).lineHeight) : 0;
    });
    expect(Math.round(lines)).toBe(2);
    await item.getByText(/from Northern Gas Training Centre/).waitFor();
    await dialog(student).getByRole('button', { name: 'Mark "Gas Safe assessment dates" as read' }).click();
    await expect.poll(badge(student)).toBe('');
    await axe(student, 'Notifications modal, Announcements tab (1366 px)', '[role="dialog"]');
  });

  it('looks right and stays accessible at 390 px', async () => {
    const phone = await personPage(390, 844);
    await signIn(phone, app.url, 'student@panda.demo', app.password('student@panda.demo'));
    await bell(phone).waitFor();
    await axe(phone, 'dashboard header with the bell (390 px)', 'header');
    await bell(phone).click();
    // On a phone too, a signed card's notice shows whole, its action included, in two lines.
    const signed = dialog(phone)
      .getByTestId('notification-item')
      .filter({ hasText: 'Job card signed' })
      .first()
      .getByTestId('notification-message');
    await expect.poll(() => signed.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    await dialog(phone).getByRole('tab', { name: 'Announcements' }).click();
    await dialog(phone).getByText('Gas Safe assessment dates').waitFor();
    await axe(phone, 'Notifications modal (390 px)', '[role="dialog"]');
    await shot(phone, 'notifications-modal-390');
    const centre = await personPage(390, 844);
    await signIn(centre, app.url, 'centre@panda.demo', app.password('centre@panda.demo'));
    await centre.getByRole('button', { name: 'Create Announcement' }).click();
    await centre.getByRole('dialog', { name: 'Create Announcement' }).getByText('Liam Turner').waitFor();
    await axe(centre, 'Create Announcement dialog (390 px)', '[role="dialog"]');
    await shot(centre, 'create-announcement-390');
    expect(findings.join('\n')).toBe('');
  });
});
