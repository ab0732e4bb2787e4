import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { expectAccessible, proposeWaitingTrainee, shot, toast } from './support';
import { fillEvidence } from './evidence';

/**
 * Trust and polish on the demo data, in a real browser: the training-goal floor shown under its field, the
 * student's mentor, signing wording, the mentor's board (grouped, searchable, collapsible), the
 * placement request first on a phone, the centre's progress at a glance, en-GB dates and the
 * honest offline state.
 */

const ADMIN = { email: 'ops@panda.test', password: 'admin-polish-password-1' };
const app = useApp({ demo: true, admin: ADMIN, setup: (app) => proposeWaitingTrainee(app.server, ADMIN) });

const pageAs = (role: string, viewport = { width: 1366, height: 900 }) => app.signedIn(role, viewport);
const view = async (page: Page, key: string, heading: string) => {
  await page.goto(`${app.url}/dashboard?view=${key}`);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
};
/** The helper text under a labelled field. */
async function helperOf(page: Page, label: string): Promise<string> {
  const id = await page.getByRole('textbox', { name: label, exact: true }).getAttribute('aria-describedby');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
}

describe('the polish fixes in the browser', () => {
  it('student: sees their mentor on the overview and in Profile Settings', async () => {
    const page = await pageAs('student');
    for (const [key, heading] of [
      ['overview', 'Overview'],
      ['profile', 'Profile Settings'],
    ]) {
      await view(page, key, heading);
      const mentor = page.getByRole('region', { name: 'Your mentor' });
      for (const text of ['Dave Clarke', 'Clarke Heating & Gas Ltd', '0161 496 0000', 'office@clarke-heating.demo'])
        await mentor.getByText(text).waitFor();
      expect(await mentor.getByRole('link', { name: 'office@clarke-heating.demo' }).getAttribute('href')).toBe(
        'mailto:office@clarke-heating.demo',
      );
    }
  });

  it('student: a goal below the cards already signed is refused under its field, with one toast, and what was typed is kept', async () => {
    const page = await pageAs('student');
    await view(page, 'jobs', 'Training Jobs');
    await page
      .getByText(/Last signed off \d{1,2} [A-Z][a-z]{2} \d{4}/)
      .first()
      .waitFor(); // en-GB "26 Nov 2026"
    await page.getByRole('button', { name: 'Edit Training Goals' }).click();
    const goals = page.getByRole('dialog', { name: 'Set Your Training Goals' });
    await goals.getByLabel('Boiler Installs', { exact: true }).fill('2');
    await goals.getByRole('button', { name: 'Save Requirements' }).click();
    await expect
      .poll(() => helperOf(page, 'Boiler Installs'))
      .toBe('Cannot be lower than the 4 job cards already signed');
    // One toast: with one field wrong it is that field's message (docs/rules.md#form-errors).
    await toast(page, 'Cannot be lower than the 4 job cards already signed').waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await goals.getByLabel('Boiler Installs', { exact: true }).inputValue()).toBe('2');
    await expectAccessible(page, 'training goals with a refused goal', '[role="dialog"]');
    await shot(page, 'polish-goals-floor');
  });

  it('honest offline state: a banner, lists marked out of date, a clear message that keeps what was typed, then back', async () => {
    const page = await pageAs('student');
    await view(page, 'jobs', 'Training Jobs');
    await page.getByRole('button', { name: 'Edit Training Goals' }).click();
    const goals = page.getByRole('dialog', { name: 'Set Your Training Goals' });
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await goals.getByLabel('Repair', { exact: true }).fill('7');
    await goals.getByRole('button', { name: 'Save Requirements' }).click();
    await toast(page, "Can't reach Panda right now, so nothing was saved.").waitFor();
    // (The open dialog hides the page behind it from the accessibility tree; the toast speaks for it.)
    await page.getByText("You're offline: Panda can't reach the server").waitFor();
    await page.getByText('Possibly out of date').waitFor();
    expect(await goals.getByLabel('Repair', { exact: true }).inputValue()).toBe('7');
    await shot(page, 'polish-offline');
    await goals.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status', { name: 'Connection' }).waitFor();
    await expectAccessible(page, 'offline banner');
    await page.unroute('**/api/**');
    await page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached' });
    expect(await page.getByText('Possibly out of date').count()).toBe(0);
  });

  it('mentor: one group per student with search and collapse, contact details once, and the signing toast names the card', async () => {
    const page = await pageAs('mentor');
    await view(page, 'jobs', 'Student Jobs');
    const liam = page.getByRole('region', { name: 'Liam Turner' });
    await liam.getByText('0161', { exact: false }).or(liam.getByText(/@/)).first().waitFor();
    // Contact details are on the group, not repeated on each card.
    expect(await liam.getByRole('article').first().getByText(/@/).count()).toBe(0);
    await page.getByLabel('Search students').fill('nobody-here');
    await page.getByText('No students match').waitFor();
    expect(await page.getByRole('region', { name: 'Liam Turner' }).count()).toBe(0);
    await page.getByLabel('Search students').fill('liam');
    await liam.getByRole('button', { name: 'Hide jobs of Liam Turner' }).click();
    expect(await liam.getByRole('article').count()).toBe(0);
    await liam.getByRole('button', { name: 'Show jobs of Liam Turner' }).click();
    await liam
      .getByRole('article', { name: 'Repair for Liam Turner' })
      .getByRole('button', { name: 'Mark Complete: Repair for Liam Turner' })
      .click();
    const sign = page.getByRole('dialog', { name: 'Sign Off Job Card' });
    await sign.getByLabel('Signature').fill('D. Clarke');
    await fillEvidence(page);
    await sign.getByRole('button', { name: 'Sign & Complete' }).click();
    await toast(page, 'Job marked as complete! (card 2 of 3 signed)').waitFor();
  });

  it('mentor on a phone: the placement request to act on comes first', async () => {
    const page = await pageAs('mentor', { width: 390, height: 844 });
    await view(page, 'overview', 'Overview');
    const request = page.getByRole('region', { name: 'Placement requests' });
    await request.waitFor();
    const requestTop = (await request.boundingBox())!.y;
    const statusTop = (await page.getByRole('heading', { name: 'Mentor Status' }).boundingBox())!.y;
    expect(requestTop).toBeLessThan(statusTop);
    await shot(page, 'polish-mentor-phone');
  });

  it("centre: each student card shows the trainee's progress, and the details say '+1 more job'", async () => {
    const page = await pageAs('training centre');
    await view(page, 'students', 'Students');
    const liam = page.getByRole('article', { name: 'Liam Turner' });
    await expect
      .poll(() => liam.getByTestId('student-progress').textContent())
      .toMatch(/^\d+ of 18 cards signed \(\d+%\)$/);
    await liam.getByRole('progressbar', { name: 'Progress of Liam Turner' }).waitFor();
    await liam.getByRole('button', { name: /open relationship details/ }).click();
    await page.getByRole('dialog').getByText('+1 more job...').waitFor();
  });
});

describe('the floating Smart Assistant button on a phone', () => {
  const PHONE = { width: 390, height: 844 };
  /** The bounding boxes of the bottom-most card (or paper) in the view and of the assistant button. */
  async function lastCardAndButton(page: Page) {
    // Scrolled to the very end once loading placeholders are gone (the page may still grow as it loads).
    await expect.poll(() => page.locator('main .MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
    const atEnd = `(() => {
      const root = document.documentElement;
      scrollTo(0, root.scrollHeight);
      return Math.ceil(scrollY + innerHeight) >= root.scrollHeight;
    })()`;
    await expect.poll(() => page.evaluate<boolean>(atEnd), { timeout: 15_000 }).toBe(true);
    const cards = await page.locator('main .MuiCard-root, main .MuiPaper-root').all();
    const boxes = (await Promise.all(cards.map((c) => c.boundingBox()))).filter((b): b is Box => !!b && b.height > 0);
    const last = boxes.reduce((a, b) => (b.y + b.height > a.y + a.height ? b : a));
    // Only the part of the card below the sticky header can be seen (and so covered); on a phone the
    // assistant's button sits in that header (docs/rules.md#assistant-button).
    const header = (await page.locator('header').first().boundingBox())!;
    const top = Math.max(last.y, header.y + header.height);
    const card = { ...last, y: top, height: last.y + last.height - top };
    const button = (await page.getByRole('button', { name: 'Open Smart Assistant' }).boundingBox())!;
    return { card, button };
  }
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  type Box = { x: number; y: number; width: number; height: number };

  it('student: Messages fills the phone screen without scrolling the page, Send clear of the button', async () => {
    const page = await pageAs('student', PHONE);
    await view(page, 'chat', 'Messages');
    const send = page.getByTestId('conversation').getByRole('button', { name: /send/i }).last();
    await send.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate<number>('document.documentElement.scrollHeight')).toBeLessThanOrEqual(PHONE.height);
    const button = (await page.getByRole('button', { name: 'Open Smart Assistant' }).boundingBox())!;
    expect(overlap((await send.boundingBox())!, button)).toBe(false);
  });

  for (const [role, views] of [
    ['student', ['overview:Overview', 'jobs:Training Jobs', 'profile:Profile Settings', 'support:Support Center']],
    ['mentor', ['overview:Overview', 'jobs:Student Jobs', 'profile:Profile Settings', 'support:Support Center']],
    [
      'training centre',
      ['overview:Overview', 'students:Students', 'register:Register Student', 'profile:Profile Settings'],
    ],
  ] as const)
    it(`${role}: scrolled to the bottom, the last card is clear of the button`, async () => {
      const page = await pageAs(role, PHONE);
      for (const entry of views) {
        const [key, heading] = entry.split(':');
        await view(page, key, heading);
        await page.locator('main .MuiCard-root, main .MuiPaper-root').first().waitFor();
        await page.waitForLoadState('networkidle');
        const { card, button } = await lastCardAndButton(page);
        expect(
          overlap(card, button),
          `${role} ${key}: card ${JSON.stringify(card)} button ${JSON.stringify(button)}`,
        ).toBe(false);
      }
    });
});
