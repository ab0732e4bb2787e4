import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readManifest } from '../scripts/bundle-budget';
import { useApp } from './app';
import { expectAccessible, shot, signIn } from './support';

/**
 * docs/rules.md#light-first-screens: a dialog's code is not part of the dashboard's first load. The Notifications
 * dialog's chunk is fetched on the first click of the bell, which shows a named loading spinner
 * (axe-core clean) while it loads, then the dialog; the second click opens it with no new fetch.
 * The chunk is held back by the test so the loading state can be looked at, at 1366 and 390 px.
 */
const app = useApp({ demo: true });
const chunk = `/${readManifest()['src/features/notifications/components/notifications-dialog.tsx'].file}`;

async function studentPage(width: number, height: number): Promise<{ page: Page; fetched: () => number }> {
  const page = await app.page({ width, height });
  let fetched = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === chunk) fetched++;
  });
  await signIn(page, app.url, 'student@panda.demo', app.password('student@panda.demo'));
  await page.getByTestId('notifications-bell').waitFor();
  return { page, fetched: () => fetched };
}

describe('a lazily loaded dialog', () => {
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ]) {
    it(`opens on the first click with a named loading state (${width} px)`, async () => {
      const { page, fetched } = await studentPage(width, height);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      expect(fetched()).toBe(0);

      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(`**${chunk}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByTestId('notifications-bell').click();
      const spinner = page.getByRole('progressbar', { name: 'Loading notifications...' });
      await spinner.waitFor();
      expect(fetched()).toBe(1);
      await expectAccessible(page, `dialog loading state (${width} px)`, '[data-testid="dialog-loading"]');
      await shot(page, `lazy-dialog-loading-${width}`);

      release();
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      await dialog.waitFor();
      await expect.poll(() => spinner.count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close notifications' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByTestId('notifications-bell').click();
      await dialog.waitFor();
      expect(await spinner.count()).toBe(0);
      expect(fetched()).toBe(1);
    });
  }
});
