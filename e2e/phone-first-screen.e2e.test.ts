import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { expectAccessible, shot } from './support';

/**
 * What a person sees on a phone (390 x 844), on the demo data: each role's first screen shows what they
 * came for (docs/rules.md#phone-first-screen), the Smart Assistant's button lies over nothing one could
 * press (docs/rules.md#assistant-button), screen titles are whole, and /robots.txt is a real text file
 * (docs/rules.md#robots-txt). The screens changed for this pass axe-core at 1366 and 390 px.
 */

const ADMIN = { email: 'ops@panda.test', password: 'admin-phone-password-1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const app = useApp({ demo: true, admin: ADMIN });

const pageAs = (role: string, viewport = PHONE) =>
  role === 'admin' ? app.atPortal(ADMIN, viewport) : app.signedIn(role, viewport);

const view = async (page: Page, key: string, heading: string) => {
  await page.goto(`${app.url}/dashboard?view=${key}`);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await expect.poll(() => page.locator('main .MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
};

/** True when the element's whole box is on the first screen: in the viewport with the page not scrolled. */
async function onFirstScreen(page: Page, locator: ReturnType<Page['locator']>): Promise<string | true> {
  await page.evaluate('window.scrollTo(0, 0)');
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  if (!box) return 'not shown';
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
  return inside || `at ${JSON.stringify(box)} in a ${size.width} x ${size.height} screen`;
}

/**
 * The interactive elements of the page (buttons, links, fields) that the Smart Assistant's button lies over,
 * where the page's sticky header does not already hide them, at the top of the page and scrolled to its end.
 */
const COVERED = `(() => {
  const button = [...document.querySelectorAll('button')].find((b) => /^(Open|Restore) Smart Assistant$/.test(b.getAttribute('aria-label') ?? ''));
  if (!button) return ['no Smart Assistant button'];
  const header = document.querySelector('header');
  const b = button.getBoundingClientRect();
  const h = header ? header.getBoundingClientRect() : null;
  const interactive = 'a[href], button, input:not([type=hidden]), textarea, select, [role=button], [role=tab], [tabindex]:not([tabindex="-1"])';
  const found = [];
  for (const el of document.querySelectorAll(interactive)) {
    if (el === button || button.contains(el) || el.contains(button)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    const x1 = Math.max(r.left, b.left), x2 = Math.min(r.right, b.right);
    const y1 = Math.max(r.top, b.top), y2 = Math.min(r.bottom, b.bottom);
    if (x1 >= x2 || y1 >= y2) continue;
    // Hidden by the sticky header anyway (the header's own controls sit beside the button, not under it).
    const underHeader = h && !header.contains(el) && x1 >= h.left && x2 <= h.right && y1 >= h.top && y2 <= h.bottom;
    if (underHeader || (header && header.contains(el))) continue;
    found.push(el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 40) + '"');
  }
  return found;
})()`;

/** Every heading of the page whose text is cut (wider or taller than its box with the rest hidden). */
const CUT_HEADINGS = `[...document.querySelectorAll('h1, h2, h3')]
  .filter((h) => h.getClientRects().length > 0)
  .filter((h) => {
    const style = getComputedStyle(h);
    const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
    return clips && (h.scrollWidth > h.clientWidth + 1 || h.scrollHeight > h.clientHeight + 1);
  })
  .map((h) => h.tagName + ' "' + h.textContent.trim() + '"')`;

describe('on a phone, 390 px wide', () => {
  it('student: the training progress is on the first screen of the overview, before the status', async () => {
    const page = await pageAs('student');
    await view(page, 'overview', 'Overview');
    const progress = page.getByRole('heading', { name: 'Current Training Jobs' });
    const firstBar = page.getByRole('progressbar').first();
    await firstBar.waitFor();
    expect(await onFirstScreen(page, progress)).toBe(true);
    expect(await onFirstScreen(page, firstBar)).toBe(true);
    const statusTop = (await page.getByRole('heading', { name: 'Student Status' }).boundingBox())!.y;
    expect((await progress.boundingBox())!.y).toBeLessThan(statusTop);
    await shot(page, 'phone-student-overview');
  });

  it('admin: the Support and Disputes tabs are on the first screen, without scrolling either way', async () => {
    const page = await pageAs('admin');
    const tabs = page.getByRole('tablist', { name: 'Admin lists' });
    await tabs.getByRole('tab', { name: /^Students/ }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const name of ['Support', 'Disputes']) {
      const tab = tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
      expect(await onFirstScreen(page, tab), name).toBe(true);
    }
    // Still a working tab list: the Disputes tab opens its panel.
    await tabs.getByRole('tab', { name: /^Disputes/ }).click();
    await page.getByRole('tabpanel').waitFor();
    expect(await tabs.getByRole('tab', { name: /^Disputes/ }).getAttribute('aria-selected')).toBe('true');
    await shot(page, 'phone-admin');
  });

  const SCREENS = [
    ['student', ['overview:Overview', 'jobs:Training Jobs', 'chat:Messages', 'profile:Profile Settings']],
    ['mentor', ['overview:Overview', 'jobs:Student Jobs', 'profile:Profile Settings', 'support:Support Center']],
    [
      'training centre',
      ['overview:Overview', 'students:Students', 'register:Register Student', 'profile:Profile Settings'],
    ],
  ] as const;

  for (const [role, views] of SCREENS)
    it(`${role}: the Smart Assistant's button lies over nothing one could press, and no title is cut`, async () => {
      const page = await pageAs(role);
      const problems: string[] = [];
      for (const entry of views) {
        const [key, heading] = entry.split(':');
        await view(page, key, heading);
        for (const where of ['top', 'end']) {
          await page.evaluate(
            where === 'top' ? 'window.scrollTo(0, 0)' : 'window.scrollTo(0, document.body.scrollHeight)',
          );
          const covered = await page.evaluate<string[]>(COVERED);
          if (covered.length) problems.push(`${key} (${where}): the assistant's button covers ${covered.join(', ')}`);
        }
        const cut = await page.evaluate<string[]>(CUT_HEADINGS);
        if (cut.length) problems.push(`${key}: cut ${cut.join(', ')}`);
      }
      expect(problems).toEqual([]);
      // The button still opens the assistant.
      await page.getByRole('button', { name: 'Open Smart Assistant' }).click();
      await page.getByRole('dialog', { name: 'Smart Assistant' }).waitFor();
      await page.getByRole('button', { name: 'Close Smart Assistant' }).click();
      await page.getByRole('button', { name: 'Open Smart Assistant' }).waitFor();
    });

  it('robots.txt is a real text file, not the app page', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).not.toMatch(/<html/i);
  });
});

describe('the changed screens pass axe-core at 1366 and 390 px', () => {
  const both = async (page: Page, what: string, name: string) => {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${what} at ${size.width}`);
      await shot(page, `${name}-${size.width}`);
    }
  };

  it('student overview and Training Jobs, with the header', async () => {
    const page = await pageAs('student', DESKTOP);
    await view(page, 'overview', 'Overview');
    await both(page, 'student overview', 'axe-student-overview');
    await view(page, 'jobs', 'Training Jobs');
    await page.getByRole('heading', { name: 'Signed Job Cards' }).waitFor();
    await both(page, 'student Training Jobs', 'axe-student-jobs');
  });

  it('training centre: Register Student with its title in the header', async () => {
    const page = await pageAs('training centre', DESKTOP);
    await view(page, 'register', 'Register Student');
    await both(page, 'Register Student', 'axe-centre-register');
  });

  it('admin dashboard', async () => {
    const page = await pageAs('admin', DESKTOP);
    await page
      .getByRole('tablist', { name: 'Admin lists' })
      .getByRole('tab', { name: /^Students/ })
      .waitFor();
    await both(page, 'admin dashboard', 'axe-admin');
  });
});
