// IndexedDB for the outbox (jsdom has none).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { appOutbox, disputePath, signOffPath } from '../lib/outbox';
import { Outbox } from '../lib/outbox/outbox';
import { testUser } from '../testing/fixtures';
import { renderWithProviders, screen, waitFor, within } from '../testing/test-utils';
import { OutboxChip } from './outbox-chip';

const session = { token: 'student-token', user: testUser('student') };
const userId = String(session.user.id);

/** Queues a sign-off and a dispute, and has the server refuse both (the app's outbox, one drain). */
async function refusedItems() {
  const refusals = ['This job is already complete', 'This sign-off is already disputed'];
  const server = new Outbox({
    estimate: async () => undefined,
    fetch: async () =>
      new Response(JSON.stringify({ detail: refusals.shift() }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
  });
  const box = await appOutbox();
  await box.add({ userId, kind: 'sign-off', label: 'Repair, card 2', method: 'PUT', path: signOffPath('job-1') });
  await box.add({
    userId,
    kind: 'dispute',
    label: 'Dispute of Repair, card 1',
    method: 'POST',
    path: disputePath('sig-1'),
    body: { reason: 'Not me.' },
  });
  const drained = await server.drain({ userId, token: session.token });
  expect(drained.refused).toHaveLength(2);
}

describe('OutboxDialog (the outbox list)', () => {
  it("shows each refusal with the server's reason; a dispute's reason is edited and retried, a sign-off discarded", async () => {
    await refusedItems();
    const view = renderWithProviders(<OutboxChip userId={userId} onCount={() => {}} />, { session });
    const chip = await screen.findByRole('button', { name: '2 waiting to send, 2 refused' });
    await view.user.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'Outbox' });
    const items = await within(dialog).findAllByTestId('outbox-item');
    expect(items.map((i) => within(i).getByTestId('outbox-refusal').textContent)).toEqual([
      'Not accepted by Panda: This job is already complete',
      'Not accepted by Panda: This sign-off is already disputed',
    ]);

    const dispute = within(items[1]);
    const reason = dispute.getByRole('textbox', { name: 'Why do you dispute it?' });
    expect(reason).toHaveProperty('value', 'Not me.');
    await view.user.clear(reason);
    await view.user.type(reason, 'I was on another site that day.');
    await view.user.click(dispute.getByRole('button', { name: 'Save and retry' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('outbox-refusal')).toHaveLength(1));
    expect(within(dialog).getByText('Waiting for a connection.')).toBeTruthy();

    await view.user.click(within(items[0]).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('outbox-item')).toHaveLength(1));
    const [left] = await (await appOutbox()).list(userId);
    expect(left).toMatchObject({
      kind: 'dispute',
      status: 'waiting',
      refusal: null,
      body: { reason: 'I was on another site that day.' },
    });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('button', { name: '1 waiting to send' });
  });
});
