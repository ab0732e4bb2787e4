import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { mentorProfileFixture, profileHandler } from '../../../testing/handlers/profile';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { ProfileSettingsView } from './profile-settings-view';

const user = testUser('mentor');
const saved = { success: true, message: 'Profile updated', changed: true, user, position: 7 };

/** A mentor's Profile Settings, loaded; PUT /api/profile recorded. */
async function renderSettings() {
  const route = recordedRoute('PUT', '/api/profile', ({ ok }) => ok(200, saved));
  server.use(profileHandler(mentorProfileFixture()), route.handler);
  const view = renderWithProviders(<ProfileSettingsView />, { session: { token: 'mentor-token', user } });
  const form = await screen.findByRole('form', { name: 'Profile Information' });
  return { ...view, ...formKit(view.user, form), form, route };
}

describe('Profile Settings: Profile Information', () => {
  it("shows each of the contract's messages under its field with one toast, and sends nothing", async () => {
    const { field, fill, submit, route } = await renderSettings();
    await fill({
      'First Name': '',
      'Last Name': '',
      Email: 'not-an-email',
      'Business Name': '',
      'Gas Safe Registration Number': '',
      'Business Postcode': '',
    });
    await submit('Save Changes');
    await waitFor(() => expect(descriptionOf(field('First Name'))).toBe('First name is required'));
    expect(descriptionOf(field('Last Name'))).toBe('Last name is required');
    expect(descriptionOf(field('Email'))).toBe('Please enter a valid email address');
    expect(descriptionOf(field('Business Name'))).toBe('Business name is required');
    expect(descriptionOf(field('Gas Safe Registration Number'))).toBe('Gas Safe Registration Number is required');
    expect(descriptionOf(field('Business Postcode'))).toBe('Business postcode is required');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it('keeps Save and Discard off until something changes, and Discard brings the loaded values back', async () => {
    const { field, fill, button, user: u } = await renderSettings();
    expect(button('Save Changes').disabled).toBe(true);
    await fill({ 'Business Name': 'New Name Ltd' });
    expect(button('Save Changes').disabled).toBe(false);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await u.click(button('Discard Changes'));
    expect(field('Business Name').value).toBe('Mentor Heating Ltd');
    expect(button('Save Changes').disabled).toBe(true);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = await renderSettings();
    server.use(refusedOn('PUT', '/api/profile', 'Email', 'That email is already in use'));
    await fill({ Email: 'taken@example.test' });
    await submit('Save Changes');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('That email is already in use'));
    expect(toastMessages()).toEqual(['That email is already in use']);
  });

  it('sends the trimmed profile once however often it is submitted', async () => {
    const { fill, submit, route, form } = await renderSettings();
    await fill({ 'Business Name': '  New Name Ltd ' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Save Changes'),
      pending: 'Saving...',
      scope: form,
      answered: () => screen.findByText('Profile updated successfully!'),
    });
    expect(body).toEqual({
      First_Name: 'Maya',
      Last_Name: 'Mentor',
      Email: 'mentor@example.test',
      Business_Name: 'New Name Ltd',
      Gas_Safe_Registration_Number: '123456',
      Business_Type: 'Limited Company',
      Business_Postcode: 'LS1 1AA',
    });
  });
});

describe("Profile Settings: a role's own section", () => {
  it("waits for its code on its own: the profile stays in view, not hidden behind the view's fallback", async () => {
    server.use(profileHandler(mentorProfileFixture()));
    // A section whose code never arrives, as one still loading on a slow connection.
    const Section = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    renderWithProviders(
      <Suspense fallback={<p>Loading the view</p>}>
        <ProfileSettingsView extra={<Section />} />
      </Suspense>,
      { session: { token: 'mentor-token', user } },
    );
    // Found by its role only while not hidden (React hides a suspended view with display: none).
    await screen.findByRole('form', { name: 'Profile Information' });
    expect(screen.queryByText('Loading the view')).toBeNull();
  });
});
