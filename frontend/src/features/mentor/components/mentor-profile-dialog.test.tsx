import { mentorProfileFields } from '@panda/contracts/accounts';
import { UK_PHONE_MESSAGE, UK_POSTCODE_MESSAGE } from '@panda/contracts/fields';
import { describe, expect, it, vi } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { mentorProfileFixture, profileHandler } from '../../../testing/handlers/profile';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import type { MentorProfileDetails } from '../api/mentor-api';
import { MentorProfileDialog } from './mentor-profile-dialog';

/** The dialog over a mentor's saved profile (`profile`), PUT /api/mentor/profile recorded. */
async function openDialog(profile = mentorProfileFixture()) {
  const onClose = vi.fn();
  const route = recordedRoute('PUT', '/api/mentor/profile', ({ ok }) =>
    ok(200, { success: true, message: 'Profile saved', profile: businessProfile(profile), position: 9 }),
  );
  server.use(profileHandler(profile), route.handler);
  const view = renderWithProviders(<MentorProfileDialog open onClose={onClose} />, {
    session: { token: 'mentor-token', user: testUser('mentor') },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Edit Your Mentor Profile' });
  await waitFor(() => expect(within(dialog).queryByLabelText('Loading profile')).toBeNull());
  return { ...view, ...formKit(view.user, dialog), dialog, route, onClose };
}

/** The business profile of a GET /api/profile answer, as PUT /api/mentor/profile answers it. */
function businessProfile(profile: MentorProfileDetails) {
  return Object.fromEntries(Object.keys(mentorProfileFields).map((k) => [k, profile[k as keyof MentorProfileDetails]]));
}

describe('MentorProfileDialog', () => {
  it("shows the contract's messages under each field with one toast, and sends nothing", async () => {
    const blank = mentorProfileFixture({
      Business_Name: null,
      Business_Email: null,
      Business_Phone_Number: null,
      Business_Postcode: null,
      Gas_Safe_Registration_Number: null,
      Business_Type: null,
      Terms_Agreed: false,
      Terms_Agreed_At: null,
      profile_completed: true,
    });
    const { field, submit, dialog, route } = await openDialog(blank);
    await submit('Save Profile');
    await waitFor(() => expect(descriptionOf(field('Business Name'))).toBe('Business Name is required'));
    expect(descriptionOf(field('Business Postcode'))).toBe('Business Postcode is required');
    expect(descriptionOf(field('Business Phone Number'))).toBe('Business Phone Number is required');
    expect(descriptionOf(field('Business Email'))).toBe('Business Email is required');
    expect(descriptionOf(field('Gas Safe Registration Number'))).toBe('Gas Safe Registration Number is required');
    expect(descriptionOf(field('Business Type'))).toBe('Business Type is required');
    const terms = within(dialog).getByRole('checkbox', { name: /I agree to the/ });
    expect(descriptionOf(terms)).toBe('Please agree to the terms and conditions');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it('refuses a phone number and a postcode that are not UK ones, in the contract words', async () => {
    const { field, fill, submit } = await openDialog();
    await fill({ 'Business Phone Number': '12', 'Business Postcode': 'NOPE' });
    await submit('Save Profile');
    await waitFor(() => expect(descriptionOf(field('Business Phone Number'))).toBe(UK_PHONE_MESSAGE));
    expect(descriptionOf(field('Business Postcode'))).toBe(UK_POSTCODE_MESSAGE);
    expect([UK_PHONE_MESSAGE, UK_POSTCODE_MESSAGE]).toEqual([
      'Please enter a valid UK phone number',
      'Please enter a valid UK postcode',
    ]);
  });

  it("puts the server's 400 under its field and stays open", async () => {
    const { field, submit, dialog, onClose } = await openDialog();
    server.use(refusedOn('PUT', '/api/mentor/profile', 'Gas_Safe_Registration_Number', 'Not a Gas Safe number'));
    await submit('Save Profile');
    await waitFor(() => expect(descriptionOf(field('Gas Safe Registration Number'))).toBe('Not a Gas Safe number'));
    expect(dialog.isConnected).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the profile once however often it is submitted, then closes', async () => {
    const { fill, submit, dialog, route, onClose } = await openDialog();
    await fill({ 'Business Name': ' Mentor Heating & Gas ', 'Business Postcode': 'ls1 1aa' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Save Profile'),
      pending: 'Saving...',
      scope: dialog,
      answered: () => waitFor(() => expect(onClose).toHaveBeenCalledOnce()),
    });
    expect(body).toMatchObject({
      Business_Name: 'Mentor Heating & Gas',
      Business_Postcode: 'LS1 1AA',
      Business_Type: 'Limited Company',
      Qualified_Boilers: true,
      Terms_Agreed: true,
    });
    expect(toastMessages()).toEqual(['Profile updated successfully!']);
  });
});
