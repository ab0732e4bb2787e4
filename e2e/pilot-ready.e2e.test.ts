import { describe, expect, it } from 'vitest';
import { useApp } from './app';
import { expectAccessible, shot } from './support';
import { alertsAre, under } from './forms';

/**
 * What a training centre's first month would trip over, as a person sees it: UK postcodes and phone
 * numbers checked under their fields, an empty signature as a field error, the temporary password's
 * 7 days, one count beside the job cards, an empty 0% bar, the phone menu's name, the scrollable
 * signature table reachable by keyboard, and the Gas Safe details under Profile.
 */

const SUMMARY = 'Please correct the highlighted fields';
const app = useApp({ demo: true });

describe('forms accept no nonsense', () => {
  for (const width of [1366, 390]) {
    it(`registering a student at ${width} px: a UK postcode and phone, each message under its field`, async () => {
      const page = await app.signedIn('training centre', { width, height: width > 500 ? 900 : 844 });
      await page.goto(`${app.url}/dashboard?view=register`);
      const form = page.getByRole('form', { name: 'Register New Student' });
      await form.getByLabel(/^First Name/).fill('Nia');
      await form.getByLabel(/^Last Name/).fill('Jones');
      await form.getByLabel(/^Email/).fill(`nia.${width}@example.com`);
      await form.getByLabel(/^Phone Number/).fill('12');
      await form.getByLabel(/^Postcode/).fill('NOTAPOSTCODE');
      // Nothing is cut short as it is typed.
      expect(await form.getByLabel(/^Postcode/).inputValue()).toBe('NOTAPOSTCODE');
      await form.getByRole('button', { name: 'Register Student' }).click();
      await expect.poll(() => under(form, /^Phone Number/)).toBe('Please enter a valid UK phone number');
      expect(await under(form, /^Postcode/)).toBe('Please enter a valid UK postcode');
      await alertsAre(page, [SUMMARY]);
      // The first wrong field has the focus, so a screen reader reads its label and its message.
      await expect
        .poll(() => page.evaluate<string | null>('document.activeElement && document.activeElement.name'))
        .toBe('Phone_Number');
      expect(await form.getByLabel(/^Phone Number/).getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, `register student with field messages at ${width}px`);
      await shot(page, `pilot-register-errors-${width}`);

      await form.getByLabel(/^Phone Number/).fill('07700 900123');
      await form.getByLabel(/^Postcode/).fill('m1 1ae');
      await form.getByRole('button', { name: 'Register Student' }).click();
      const success = page.getByRole('region', { name: 'Student Registered!' });
      await success.getByText('It expires in 7 days', { exact: false }).waitFor();
      await expectAccessible(page, `registration success at ${width}px`);
      await shot(page, `pilot-register-success-${width}`);
    });
  }

  it('an empty signature is a field error under the Signature field', async () => {
    const page = await app.signedIn('mentor');
    await page.goto(`${app.url}/dashboard?view=jobs`);
    const markComplete = page.getByRole('button', { name: /^Mark Complete: / }).first();
    await markComplete.click();
    const dialog = page.getByRole('dialog', { name: 'Sign Off Job Card' });
    await dialog.getByRole('button', { name: 'Sign & Complete' }).click();
    await expect.poll(() => under(dialog, /^Signature/)).toBe('Please fill in all signature fields');
    expect(await dialog.getByLabel(/^Signature/).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'sign dialog with an empty signature', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('one count, one name, small things', () => {
  it("the student's Active Jobs counts the job cards shown under it", async () => {
    const page = await app.signedIn('student');
    await page.goto(`${app.url}/dashboard?view=overview`);
    const jobs = page.getByRole('region', { name: 'Current Training Jobs' });
    const bars = jobs.getByRole('progressbar');
    // The page loads the app, the view and the student's jobs after goto: wait for the first bar as for any element
    // (expect.poll gives a condition only one second, too little for all that while other files run beside it).
    await bars.first().waitFor();
    const active = Number((await page.getByTestId('active-jobs').textContent())?.replace(/\D/g, ''));
    expect(await bars.count()).toBe(active);
    // One name per job type.
    expect(await page.getByText('Boiler Services').count()).toBe(0);
    await shot(page, 'pilot-student-overview');
  });

  it("a progress bar's empty part is a grey track, so 0% draws empty rather than full and pale", async () => {
    const page = await app.signedIn('training centre');
    await page.goto(`${app.url}/dashboard?view=students`);
    const bar = page.getByRole('progressbar', { name: 'Progress of Liam Turner' });
    await bar.waitFor();
    // The track (what a 0% bar shows whole) is neutral grey, not a tint of the bar's blue.
    expect(await bar.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor)).toBe(
      'rgba(15, 23, 42, 0.08)',
    );
  });

  it('the phone navigation drawer has an accessible name', async () => {
    const page = await app.signedIn('mentor', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    await expectAccessible(page, 'phone navigation drawer at 390px');
    await shot(page, 'pilot-phone-drawer');
  });

  it("Job Details' signature table is a labelled region a keyboard can reach", async () => {
    const call = app.api;
    const mentor = await call<{ token: string }>('POST', '/api/auth/signin', {
      Email: app.logins.mentor.email,
      Password: app.logins.mentor.password,
    });
    const jobs = await call<{ id: string; Job_Type: string; Completed_Count: number }[]>(
      'GET',
      '/api/jobs',
      undefined,
      mentor.token,
    );
    const signed = jobs.find((j) => j.Completed_Count > 0)!;
    const page = await app.signedIn('mentor', { width: 1100, height: 900 });
    await page.goto(`${app.url}/dashboard?view=job-detail&id=${signed.id}`);
    const region = page.getByRole('region', { name: 'Signature history, scrollable' });
    await region.getByRole('table', { name: 'Signature history' }).waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    // Tab from the control just before it lands on it.
    await region.evaluate((el) => {
      const before = el.ownerDocument.createElement('button');
      before.textContent = 'before';
      el.parentElement?.insertBefore(before, el);
      before.focus();
    });
    await page.keyboard.press('Tab');
    expect(await region.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await expectAccessible(page, 'job details with the signature table');
  });

  for (const width of [1366, 390]) {
    it(`the mentor's Profile shows the Gas Safe number, categories and card photo at ${width} px`, async () => {
      const page = await app.signedIn('mentor', { width, height: width > 500 ? 900 : 844 });
      await page.goto(`${app.url}/dashboard?view=profile`);
      const gasSafe = page.getByRole('region', { name: 'Gas Safe Registration' });
      await gasSafe.getByText('598213').waitFor();
      await expect.poll(() => gasSafe.getByRole('list', { name: 'Gas Safe categories' }).count()).toBe(1);
      expect(await gasSafe.getByRole('listitem').count()).toBeGreaterThan(0);
      await gasSafe.getByText('Gas Safe card photo').waitFor();
      await gasSafe.getByRole('button', { name: 'Edit Business Profile' }).waitFor();
      await expectAccessible(page, `mentor profile with Gas Safe details at ${width}px`);
      await shot(page, `pilot-mentor-profile-${width}`);
    });
  }
});
