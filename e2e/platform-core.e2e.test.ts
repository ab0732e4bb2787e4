import { describe, expect, it } from 'vitest';
import { useApp } from './app';
import { cspViolations, shot, signIn, toast } from './support';

const app = useApp();

describe('a visitor in a real browser', () => {
  it('reads the landing page and the terms', async () => {
    const context = await app.context();
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByText('Apply to Join').first().waitFor();
    await page.getByText('We Handle the Matching').first().waitFor();
    await page.getByText('Start Supporting Students').first().waitFor();
    await page.locator('#features').waitFor({ state: 'attached' });
    await page.locator('#how-it-works').waitFor({ state: 'attached' });
    await shot(page, 'landing');
    await page.goto(`${app.url}/terms-and-conditions`);
    for (const heading of ['Introduction', 'Photo Upload', 'Governing Law', 'Remedies for Breach'])
      await page.getByText(heading).first().waitFor();
    await page.getByRole('button', { name: /back/i }).first().waitFor();
    await shot(page, 'terms');
    // Unknown paths go home, and the admin portal is not where one might guess.
    await page.goto(`${app.url}/admin`);
    await page.waitForURL(`${app.url}/`);
    await context.close();
  });

  it('signs up as a training centre, lands on the dashboard, stays signed in across a reload, and signs out', async () => {
    const context = await app.context();
    const page = await context.newPage();
    await page.goto(`${app.url}/auth?role=training_centre`);
    // A role in the link opens the sign-up form with that role chosen.
    const form = page.getByRole('form', { name: 'Sign up' });
    expect(await form.getByRole('radio', { name: 'Training Centre' }).isChecked()).toBe(true);
    // Each validation message is under its field, with one summary toast; the password rule is stated before submitting.
    await form.getByText('At least 6 characters').waitFor();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Training centre name is required').waitFor();
    await form.getByText('Please accept the Terms & Conditions').waitFor();
    await toast(page, 'Please correct the highlighted fields').waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
    // A short password gets the spec's sentence under the field, never 'Password: Password must be ...'.
    await form.locator('input[name="Password"]').fill('abc');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Password must be at least 6 characters', { exact: true }).waitFor();

    await form.getByLabel('Training Centre Name').fill('Pennine Gas Academy');
    await form.getByLabel('First Name').fill('Priya');
    await form.getByLabel('Last Name').fill('Shah');
    await form.getByLabel('Email').fill('priya@pennine.test');
    await form.locator('input[name="Password"]').fill('pennine-pass-1');
    await form.locator('input[name="terms"]').check();
    await shot(page, 'sign-up-filled');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully!').waitFor();
    await page.waitForURL(/\/dashboard/);
    await page.getByText('Pennine Gas Academy').first().waitFor();
    await shot(page, 'dashboard');

    await page.reload();
    await page.waitForURL(/\/dashboard/);
    await page.getByText('Pennine Gas Academy').first().waitFor();

    // A password change in Profile Settings ends every earlier token; this tab takes up the fresh one
    // from the answer and stays signed in (docs/rules.md#server-sessions).
    const before = await page.evaluate<string | null>("localStorage.getItem('token')");
    await page.goto(`${app.url}/dashboard?view=profile`);
    await page.getByRole('button', { name: 'Change Password', exact: true }).click();
    const change = page.getByRole('form', { name: 'Change Password' });
    await change.getByLabel('Current Password', { exact: true }).fill('pennine-pass-1');
    await change.getByLabel('New Password', { exact: true }).fill('pennine-pass-2');
    await change.getByLabel('Confirm New Password', { exact: true }).fill('pennine-pass-2');
    await change.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password changed successfully!').waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('token')")).not.toBe(before);
    expect(
      await page.evaluate(
        async (t) => (await fetch('/api/auth/validate', { headers: { Authorization: `Bearer ${t}` } })).status,
        before,
      ),
    ).toBe(401);
    await page.reload();
    await page.getByText('Pennine Gas Academy').first().waitFor();
    expect(await toast(page, 'Session expired').count()).toBe(0);

    await page.goto(`${app.url}/dashboard?view=no-such-view`);
    await page.getByText('View not found').waitFor();

    // Sign Out ends the token on the server too (docs/rules.md#server-sessions): a copy of it is refused afterwards.
    const token = await page.evaluate<string | null>("localStorage.getItem('token')");
    const validate = () =>
      page.evaluate(
        async (t) => (await fetch('/api/auth/validate', { headers: { Authorization: `Bearer ${t}` } })).status,
        token,
      );
    expect(await validate()).toBe(200);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/auth/);
    await expect.poll(validate).toBe(401);
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(/\/auth/);

    // Signing in again works with the new account.
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill('priya@pennine.test');
    await page.getByRole('form', { name: 'Sign in' }).locator('input[name="Password"]').fill('pennine-pass-2');
    await page
      .getByRole('form', { name: 'Sign in' })
      .getByRole('button', { name: /sign in/i })
      .click();
    await toast(page, 'Welcome back!').waitFor();
    await page.waitForURL(/\/dashboard/);
    await context.close();
  });

  it('refuses a wrong password with Invalid credentials', async () => {
    const context = await app.context();
    const page = await context.newPage();
    await page.goto(`${app.url}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('nobody@pennine.test');
    await form.locator('input[name="Password"]').fill('wrong-password');
    await form.getByRole('button', { name: /sign in/i }).click();
    await toast(page, 'Invalid credentials').waitFor();
    expect(page.url()).toContain('/auth');
    await context.close();
  });
});

describe('the content security policy', () => {
  it('lets the app run: its styles apply, the live connection opens, and no page above reported a violation', async () => {
    const context = await app.context();
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await signIn(page, app.url, 'priya@pennine.test', 'pennine-pass-2');
    await expect.poll(() => sockets.some((url) => new URL(url).pathname.startsWith('/ws/'))).toBe(true);
    // MUI's emotion styles are <style> elements the policy allows: the button is styled, not a bare one.
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    type Window = { getComputedStyle: (e: unknown) => { cursor: string } };
    expect(await signOut.evaluate((el) => (globalThis as unknown as Window).getComputedStyle(el).cursor)).toBe(
      'pointer',
    );
    await context.close();
    expect(cspViolations).toEqual([]);
  });
});
