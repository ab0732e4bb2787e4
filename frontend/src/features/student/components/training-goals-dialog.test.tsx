import { GOAL_RANGE_MESSAGE, NO_GOALS_MESSAGE } from '@panda/contracts/training';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { TrainingGoalsDialog } from './training-goals-dialog';

const session = { token: 'student-token', user: testUser('student') };
const saved = {
  message: 'Saved',
  requirements: { Boiler_Installs: 12, Boiler_Service: 0, Pipework: 0, Repair: 0 },
  additional_requirements: null,
  has_requirements: true,
  position: 4,
};

function renderDialog() {
  const route = recordedRoute('PUT', '/api/students/job-requirements', ({ ok }) => ok(200, saved));
  server.use(route.handler);
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <TrainingGoalsDialog
      open
      canClose={false}
      onClose={() => {}}
      requirements={null}
      additionalRequirements={null}
      onSaved={onSaved}
    />,
    { session },
  );
  const dialog = screen.getByRole('dialog', { name: 'Set Your Training Goals' });
  return { ...view, ...formKit(view.user, dialog), dialog, route, onSaved };
}

describe('TrainingGoalsDialog', () => {
  it("refuses a count typed as 0 in the spec's words, keeping digits only, and sends nothing", async () => {
    const { field, fill, submit, route } = renderDialog();
    expect(screen.getByRole('button', { name: 'Save Requirements' })).toHaveProperty('disabled', true);
    await fill({ Pipework: 'abc0', 'Boiler Service': '5' });
    expect(field('Pipework').value).toBe('0');
    await submit('Save Requirements');
    await waitFor(() => expect(descriptionOf(field('Pipework'))).toBe(GOAL_RANGE_MESSAGE));
    expect(GOAL_RANGE_MESSAGE).toBe('Must be between 1 and 100');
    expect(toastMessages()).toEqual([GOAL_RANGE_MESSAGE]);
    expect(screen.getByTestId('training-summary').textContent).toContain('Boiler Service: 5');
    expect(route.sent).toHaveLength(0);
  });

  it("refuses a count over 100 with the contract's message", async () => {
    const { field, fill, submit, route } = renderDialog();
    await fill({ 'Boiler Installs': '101' });
    await submit('Save Requirements');
    await waitFor(() => expect(descriptionOf(field('Boiler Installs'))).toBe(GOAL_RANGE_MESSAGE));
    expect(screen.getByTestId('training-summary').textContent).toContain(NO_GOALS_MESSAGE);
    expect(NO_GOALS_MESSAGE).toBe('Please specify at least one job requirement');
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = renderDialog();
    server.use(
      recordedRoute('PUT', '/api/students/job-requirements', ({ fail }) =>
        fail(400, {
          detail: [{ field: 'repair_required', message: 'Cannot be lower than the 3 job cards already signed' }],
        }),
      ).handler,
    );
    await fill({ Repair: '2' });
    await submit('Save Requirements');
    await waitFor(() =>
      expect(descriptionOf(field('Repair'))).toBe('Cannot be lower than the 3 job cards already signed'),
    );
  });

  it('saves once however often it is submitted, blanks as 0', async () => {
    const { fill, submit, route, dialog, onSaved } = renderDialog();
    await fill({ 'Boiler Installs': '12', 'Additional Requirements': ' Needs LPG ' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Save Requirements'),
      pending: 'Saving...',
      scope: dialog,
      answered: () => waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1)),
    });
    expect(body).toEqual({
      boiler_installs_required: 12,
      boiler_service_required: 0,
      pipework_required: 0,
      repair_required: 0,
      additional_requirements: 'Needs LPG',
    });
    expect(toastMessages()).toEqual(['Job requirements saved successfully!']);
  });
});
