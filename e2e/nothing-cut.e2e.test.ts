import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './app';
import { expectAccessible, proposeWaitingTrainee, shot } from './support';

/**
 * docs/rules.md#nothing-cut: what the pilot walk at 1366 and 390 px found cut short, shown whole. A
 * label, name or table is "cut" when its content is wider than the box that shows it.
 */

const ADMIN = { email: 'walk@panda.test', password: 'walk-admin-password-1' };
const app = useApp({ demo: true, admin: ADMIN, setup: (app) => proposeWaitingTrainee(app.server, ADMIN) });
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/** How much wider the content is than its box, in pixels (0: shown whole). */
const cutBy = (l: Locator) => l.evaluate((el) => Math.max(0, el.scrollWidth - el.clientWidth));

describe('nothing is cut short', () => {
  it('the Notifications tabs keep "Announcements" whole on a phone', async () => {
    const page = await app.signedIn('student', PHONE);
    await page.getByTestId('notifications-bell').click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const tab = dialog.getByRole('tab', { name: 'Announcements' });
    await tab.waitFor();
    expect(await cutBy(tab)).toBe(0);
    await shot(page, 'nothing-cut-notification-tabs-390');
  });

  it("a job's Signature History fits a laptop's card without scrolling sideways", async () => {
    const mentor = app.logins.mentor;
    const { token } = await app.api<{ token: string }>('POST', '/api/auth/signin', {
      Email: mentor.email,
      Password: mentor.password,
    });
    const jobs = await app.api<{ id: string; Completed_Count: number }[]>('GET', '/api/jobs', undefined, token);
    const signed = jobs.find((j) => j.Completed_Count > 0)!;
    const page = await app.signedIn('mentor', LAPTOP);
    await page.goto(`${app.url}/dashboard?view=job-detail&id=${signed.id}`);
    const region = page.getByRole('region', { name: 'Signature history, scrollable' });
    await region.getByRole('table', { name: 'Signature history' }).waitFor();
    expect(await cutBy(region)).toBe(0);
    await shot(page, 'nothing-cut-signature-history-1366');
  });

  it("the student's contact list shows the training centre's whole name", async () => {
    const page = await app.signedIn('student', LAPTOP);
    await page.goto(`${app.url}/dashboard?view=chat`);
    const name = page
      .getByRole('list', { name: 'Contacts' })
      .getByText('Northern Gas Training Centre', { exact: true });
    await name.waitFor();
    expect(await cutBy(name)).toBe(0);
  });

  for (const viewport of [LAPTOP, PHONE])
    it(`the admin's account History names each event in full at ${viewport.width} px`, async () => {
      const page = await app.atPortal(ADMIN, viewport);
      await page.getByRole('tab', { name: /^Students \(\d+\)$/ }).waitFor();
      const row = page.locator('[data-user-id]').filter({ hasText: 'Pending: awaiting' }).first();
      await row.getByRole('button', { name: 'History' }).click();
      const dialog = page.getByRole('dialog', { name: /^Account history: / });
      const chip = dialog.getByText('Placement proposed', { exact: true });
      await chip.waitFor();
      expect(await cutBy(chip)).toBe(0);
      await expectAccessible(page, `account history at ${viewport.width} px`, '[role="dialog"]');
      await shot(page, `nothing-cut-account-history-${viewport.width}`);
    });

  it("the mentor's Payout details card is as wide as the other Profile cards", async () => {
    const page = await app.signedIn('mentor', LAPTOP);
    await page.goto(`${app.url}/dashboard?view=profile`);
    const width = (name: string) =>
      page
        .getByRole('region', { name })
        .evaluate((el) => Math.round(el.getBoundingClientRect().width))
        .catch(() => -1);
    await page.getByRole('region', { name: 'Payout details' }).waitFor();
    await page.getByRole('region', { name: 'Notification Settings' }).waitFor();
    // Once both are laid out: a card can be in the page yet hidden (0 px wide) while code it needs loads.
    await expect
      .poll(async () => {
        const [payout, notifications] = [await width('Payout details'), await width('Notification Settings')];
        return payout > 0 && notifications > 0 ? payout - notifications : 'not laid out yet';
      })
      .toBe(0);
  });

  it("the centre's overview keeps each figure's label on one line at 1366 px", async () => {
    const page = await app.signedIn('training centre', LAPTOP);
    const label = page.getByTestId('stat-awaiting-placement').getByText('Awaiting Placement', { exact: true });
    await label.waitFor();
    const lines = await label.evaluate((el) => {
      const view = el.ownerDocument.defaultView;
      return view
        ? Math.round(el.getBoundingClientRect().height / parseFloat(view.getComputedStyle(el).lineHeight))
        : 0;
    });
    expect(lines).toBe(1);
    await expectAccessible(page, 'centre overview at 1366 px');
    await shot(page, 'nothing-cut-centre-overview-1366');
  });

  it("the centre's caseload table fits a laptop without scrolling sideways", async () => {
    const page = await app.signedIn('training centre', LAPTOP);
    await page.goto(`${app.url}/dashboard?view=students`);
    await page.getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Caseload' });
    await table.getByText('Liam Turner').waitFor();
    expect(await cutBy(table.locator('xpath=..'))).toBe(0);
    expect(await cutBy(page.locator('html'))).toBe(0);
    await expectAccessible(page, 'caseload table at 1366 px');
    await shot(page, 'nothing-cut-caseload-1366');
  });

  it('the criteria dialog fills a phone screen', async () => {
    const page = await app.signedIn('training centre', PHONE);
    await page.goto(`${app.url}/dashboard?view=students`);
    await page.getByRole('button', { name: 'Criteria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Qualification criteria' });
    await dialog.getByRole('button', { name: 'Save Criteria' }).waitFor();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await cutBy(page.locator('html'))).toBe(0);
    await expectAccessible(page, 'criteria dialog at 390 px', '[role="dialog"]');
    await shot(page, 'nothing-cut-criteria-dialog-390');
  });

  for (const viewport of [LAPTOP, PHONE])
    it(`the offline banner is whole above the dashboard, and the screen's title beside its mark, at ${viewport.width} px`, async () => {
      const page = await app.signedIn('training centre', viewport);
      await page.goto(`${app.url}/dashboard?view=students`);
      await page.getByRole('heading', { level: 1, name: 'Students' }).waitFor();
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      // The lists refetch when the browser says it is back online: no answer comes, and the app says so. A
      // refetch already under way (sent before the route) is not sent again, so the browser says it until one is.
      const banner = page.getByRole('status', { name: 'Connection' });
      await expect
        .poll(async () => {
          await page.evaluate("window.dispatchEvent(new Event('online'))");
          return banner.isVisible();
        })
        .toBe(true);
      // Nothing of the dashboard (the sidebar on a laptop) lies over the banner.
      const covered = await banner.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [r.left + 4, r.left + r.width / 2, r.right - 4].some(
          (x) => !el.contains(el.ownerDocument.elementFromPoint(x, r.top + r.height / 2)),
        );
      });
      expect(covered).toBe(false);
      // The "Possibly out of date" mark leaves the title its room (on a phone, its words are for screen readers).
      await page.getByText('Possibly out of date').waitFor();
      expect(await cutBy(page.getByRole('heading', { level: 1 }))).toBe(0);
      await expectAccessible(page, `offline banner over the dashboard at ${viewport.width} px`);
      await page.unroute('**/api/**');
      await shot(page, `nothing-cut-offline-banner-${viewport.width}`);
    });
});
