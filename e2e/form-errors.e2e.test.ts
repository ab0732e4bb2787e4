import { describe, expect, it } from 'vitest';
import { useApp } from './app';
import { expectAccessible, signIn, toast } from './support';
import { alertsAre, under } from './forms';

/**
 * docs/rules.md#form-errors in the remaining forms: each field's message under the field (the spec's texts),
 * at most one toast, the password rule stated before submitting, and no stale error toast after a
 * success. Profile Settings, the temporary-password screen,
 * the mentor profile dialog and the admin's register-student dialog.
 */

const ADMIN = { email: 'ops@panda.test', password: 'admin-forms-password-1' };
const SUMMARY = 'Please correct the highlighted fields';
const app = useApp({ demo: true, admin: ADMIN });

describe('inline form messages', () => {
  it('Profile Settings: each message under its field with one toast, cleared by a success', async () => {
    const page = await app.signedIn('mentor');
    await page.goto(`${app.url}/dashboard?view=profile`);
    const form = page.getByRole('form', { name: 'Profile Information' });
    const first = form.getByLabel(/^First Name/);
    await expect.poll(() => first.inputValue()).not.toBe('');
    const name = await first.inputValue();
    await first.fill('');
    await form.getByLabel(/^Email/).fill('not-an-email');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => under(form, /^First Name/)).toBe('First name is required');
    expect(await under(form, /^Email/)).toBe('Please enter a valid email address');
    await alertsAre(page, [SUMMARY]);
    await expectAccessible(page, 'profile settings with field messages');

    await first.fill(name);
    expect(await under(form, /^First Name/)).toBe('');
    await form.getByLabel(/^Email/).fill(app.logins.mentor.email);
    await form.getByLabel(/^Last Name/).fill('Clarke-Jones');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    await alertsAre(page, ['Profile updated successfully!']);
  });

  it('mentor profile dialog: the required fields and the terms, each under its field, one toast', async () => {
    const page = await app.signedIn('mentor');
    await page.reload(); // no welcome toast left
    await page.getByRole('button', { name: /^(Edit Profile|Complete Your Profile)$/ }).click();
    const dialog = page.getByRole('dialog', { name: /profile/i });
    const business = dialog.getByLabel(/^Business Name/);
    await expect.poll(() => business.inputValue()).not.toBe('');
    await business.fill('');
    await dialog.getByLabel(/^Business Email/).fill('');
    await dialog.getByRole('checkbox', { name: /I agree to the/ }).uncheck();
    await dialog.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => under(dialog, /^Business Name/)).toBe('Business Name is required');
    expect(await under(dialog, /^Business Email/)).toBe('Business Email is required');
    await dialog.getByText('Please agree to the terms and conditions').waitFor();
    await alertsAre(page, [SUMMARY]);
    await expectAccessible(page, 'mentor profile dialog with field messages', '[role="dialog"]');
  });

  it("admin register dialog: every missing field named under it, one toast; the server's refusal too", async () => {
    const page = await app.atPortal();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.reload(); // no welcome toast left
    await page.getByRole('button', { name: 'Register Independent Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register Independent Student' });
    await dialog
      .getByRole('button', { name: /register/i })
      .last()
      .click();
    await expect.poll(() => under(dialog, /^First Name/)).toBe('First name is required');
    expect(await under(dialog, /^Last Name/)).toBe('Last name is required');
    expect(await under(dialog, /^Email/)).toBe('Email is required');
    expect(await under(dialog, /^Phone Number/)).toBe('Phone number is required');
    expect(await under(dialog, /^Postcode/)).toBe('Postcode is required');
    await alertsAre(page, [SUMMARY]);
    await expectAccessible(page, 'admin register dialog with field messages', '[role="dialog"]');

    // An e-mail already in use is refused by the server: one toast, the form kept.
    await dialog.getByLabel(/^First Name/).fill('Ada');
    await dialog.getByLabel(/^Last Name/).fill('Lovelace');
    await dialog.getByLabel(/^Email/).fill(app.logins.mentor.email);
    await dialog.getByLabel(/^Phone Number/).fill('07700900123');
    await dialog.getByLabel(/^Postcode/).fill('M1 1AE');
    await dialog
      .getByRole('button', { name: /register/i })
      .last()
      .click();
    await expect.poll(async () => (await page.getByRole('alert').allTextContents()).length).toBe(1);
    expect(await page.getByRole('alert').textContent()).not.toContain(SUMMARY);
    expect(await dialog.getByLabel(/^First Name/).inputValue()).toBe('Ada');
  });

  it('temporary password screen: a new password is set and the dialog goes', async () => {
    const call = app.api;
    const admin = await call<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
    const email = 'temp-forms@example.com';
    const { temporary_password } = await call<{ temporary_password: string }>(
      'POST',
      '/api/admin/students',
      { First_Name: 'Tara', Last_Name: 'Temp', Email: email, Phone_Number: '07700900456', Postcode: 'LS1 4AP' },
      admin.token,
    );
    const page = await app.page({ width: 390, height: 844 });
    await signIn(page, app.url, email, temporary_password);
    await page.reload(); // no welcome toast left
    const dialog = page.getByRole('dialog', { name: 'Choose a New Password' });
    // The messages of this form are checked by change-password-dialog.test.tsx; here the journey.
    await dialog.getByLabel('Current Password', { exact: true }).fill(temporary_password);
    await dialog.getByLabel('New Password', { exact: true }).fill('a-new-password-1');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('a-new-password-1');
    await dialog.getByRole('button', { name: 'Set New Password' }).click();
    await toast(page, 'Password changed successfully!').waitFor();
    await alertsAre(page, ['Password changed successfully!']);
  });
});
