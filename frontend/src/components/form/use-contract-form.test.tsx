import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ProvisionAuditorDialog } from '../../features/audit/components/provision-auditor-dialog';
import { testUser } from '../../testing/fixtures';
import { formKit } from '../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../testing/queries';
import { renderWithProviders, waitFor } from '../../testing/test-utils';

// The contract module as it would be after someone changes a rule: the auditor's first name now
// needs two characters, with a new message. The dialog's own code is unchanged.
vi.mock('@panda/contracts/audit', async (importOriginal) => {
  const contract = await importOriginal<typeof import('@panda/contracts/audit')>();
  return {
    ...contract,
    provisionAuditorRequest: contract.provisionAuditorRequest.extend({
      first_name: z.string().trim().min(2, 'First name needs at least 2 letters'),
    }),
  };
});

describe('a contract form follows its schema', () => {
  it("shows the changed schema's message in the browser, with no change to the form", async () => {
    const { user } = renderWithProviders(<ProvisionAuditorDialog open onClose={() => {}} />, {
      session: { token: 'admin-token', user: testUser('admin') },
    });
    const { fill, field, submit } = formKit(user);
    await fill({ 'First Name': 'A', 'Last Name': 'Auditor', Email: 'aldo@example.test' });
    await submit('Add Auditor');
    await waitFor(() => expect(descriptionOf(field('First Name'))).toBe('First name needs at least 2 letters'));
    expect(toastMessages()).toEqual(['First name needs at least 2 letters']);
  });
});
