import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRITERIA_TEXTS } from '@panda/contracts/criteria';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { defaultTemplate } from '../../../testing/handlers/criteria';
import { contractHttp } from '../../../testing/contract-http';
import { descriptionOf } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { CriteriaTemplateDialog } from './criteria-template-dialog';

const session = { token: 'centre-token', user: testUser('training_centre') };

function renderDialog() {
  const template = defaultTemplate();
  template.history = [
    { changed_at: '2026-01-05T10:00:00.000Z', changed_by: { id: 'c1', name: 'North' }, criteria: template.criteria },
  ];
  const save = recordedRoute('PUT', '/api/centre/criteria', ({ ok, body }) =>
    ok(200, { criteria: (body as { criteria: unknown }).criteria, position: 9 }),
  );
  server.use(
    contractHttp('GET', '/api/centre/criteria', ({ ok }) => ok(200, template)),
    save.handler,
  );
  let closed = 0;
  const view = renderWithProviders(<CriteriaTemplateDialog open onClose={() => closed++} />, { session });
  return { ...view, save, closed: () => closed };
}

describe('CriteriaTemplateDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the template in force with its history', async () => {
    renderDialog();
    const code = await screen.findAllByLabelText(/^Code/, { selector: 'input' });
    expect(code.map((c) => (c as HTMLInputElement).value)).toEqual(['CCN1', 'CENWAT', 'CKR1', 'HTR1', 'MET1']);
    expect(screen.getByRole('list', { name: 'Changes to the criteria' }).textContent).toContain('by North');
  });

  it("shows the contract's messages under the fields and sends nothing", async () => {
    const { user, save } = renderDialog();
    await screen.findAllByLabelText(/^Code/, { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Add Criterion' }));
    const { submit } = formKit(user);
    await submit('Save Criteria');
    const codes = screen.getAllByLabelText(/^Code/, { selector: 'input' });
    expect(descriptionOf(codes[5])).toBe(CRITERIA_TEXTS.code);
    const titles = screen.getAllByLabelText(/^Title/, { selector: 'input' });
    expect(descriptionOf(titles[5])).toBe(CRITERIA_TEXTS.title);
    expect(save.sent).toHaveLength(0);
  });

  it('sends the edited template and closes', async () => {
    const { user, save, closed } = renderDialog();
    const required = await screen.findAllByLabelText(/^Cards required/, { selector: 'input' });
    await user.clear(required[4]);
    await user.type(required[4], '4');
    await user.click(screen.getByRole('button', { name: 'Remove criterion 3' }));
    await user.click(screen.getByRole('button', { name: 'Save Criteria' }));
    await waitFor(() => expect(save.sent).toHaveLength(1));
    const sent = (save.sent[0] as { criteria: { code: string; required: number }[] }).criteria;
    expect(sent.map((c) => [c.code, c.required])).toEqual([
      ['CCN1', 10],
      ['CENWAT', 10],
      ['HTR1', 3],
      ['MET1', 4],
    ]);
    await waitFor(() => expect(closed()).toBe(1));
  });

  it('fills the screen on a phone, as the other long form dialogs do', async () => {
    // A phone: every `down(...)` media query of the theme matches.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media.includes('max-width'),
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Qualification criteria' });
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });

  it('stays a centred dialog on a wider screen', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Qualification criteria' });
    expect(dialog.className).not.toContain('MuiDialog-paperFullScreen');
  });
});
