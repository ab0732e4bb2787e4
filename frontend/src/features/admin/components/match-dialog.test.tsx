import { describe, expect, it, vi } from 'vitest';
import { contractHttp, refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { MatchDialog } from './match-dialog';

const session = { token: 'admin-token', user: testUser('admin') };
const candidate = (n: number, name: string) => ({
  id: `mentor-${n}`,
  name,
  email: `mentor${n}@example.test`,
  Business_Name: null,
  Business_Postcode: 'LS1 4AP',
  distance_km: 3.2,
  distance_miles: 2,
  active_students: 0,
  pending_requests: 0,
  capacity: 3,
  free_capacity: 3,
  qualified_for: ['Boiler Installs'],
  not_qualified_for: [],
  score: 90 - n,
  score_parts: { distance: 45, capacity: 20, qualifications: 25 - n },
  rank: n,
  reasons: ['2 miles away'],
  rank_reason: 'Closest with free places',
});
const candidates = {
  student: {
    id: 'student-1',
    name: 'Sam Student',
    email: 'sam@example.test',
    Postcode: 'LS2 7AB',
    account_type: 'Independent',
    training_centre_name: null,
    Matched: false,
    placement_status: null,
    needs: ['Boiler Installs'],
    blocked: null,
  },
  candidates: [candidate(1, 'Maya Mentor'), candidate(2, 'Dave Clarke')],
  excluded: [],
};

async function renderDialog() {
  const route = recordedRoute('POST', '/api/admin/placements', ({ ok }) =>
    ok(201, { message: 'Placement proposed', placement_id: 'placement-1', position: 7 }),
  );
  server.use(
    route.handler,
    contractHttp('GET', '/api/admin/placements/candidates', ({ ok }) => ok(200, candidates)),
  );
  const onClose = vi.fn();
  const view = renderWithProviders(
    <MatchDialog target={{ id: 'student-1', name: 'Sam Student' }} onClose={onClose} />,
    { session },
  );
  const dialog = screen.getByRole('dialog', { name: 'Match Sam Student with a mentor' });
  await within(dialog).findByRole('list', { name: 'Ranked mentors' });
  const propose = (rank: string) =>
    view.user.click(within(within(dialog).getByRole('listitem', { name: rank })).getByRole('button'));
  return { ...view, ...formKit(view.user, dialog), dialog, route, onClose, propose };
}

describe('MatchDialog (placement proposal)', () => {
  it("says in the contract's words that a mentor is chosen by a button, when Enter is pressed in the notes", async () => {
    const { field, user, route } = await renderDialog();
    await user.type(field('Notes for the placement (optional)'), 'Starts Monday.{Enter}');
    await waitFor(() => expect(toastMessages()).toEqual(['Please choose a mentor']));
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under the notes and stays open", async () => {
    const { field, fill, propose, onClose } = await renderDialog();
    server.use(refusedOn('POST', '/api/admin/placements', 'notes', 'Notes must be at most 2000 characters'));
    await fill({ 'Notes for the placement (optional)': 'Starts Monday.' });
    await propose('Rank 2: Dave Clarke');
    await waitFor(() =>
      expect(descriptionOf(field('Notes for the placement (optional)'))).toBe('Notes must be at most 2000 characters'),
    );
    expect(toastMessages()).toEqual(['Notes must be at most 2000 characters']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('proposes the chosen mentor once however often it is pressed, with the notes', async () => {
    const { fill, propose, route, dialog, onClose } = await renderDialog();
    await fill({ 'Notes for the placement (optional)': ' Starts Monday. ' });
    const body = await expectSentOnce({
      route,
      submit: () => propose('Rank 2: Dave Clarke'),
      pending: /Propose placement/,
      scope: within(dialog).getByRole('listitem', { name: 'Rank 2: Dave Clarke' }),
      answered: () => waitFor(() => expect(onClose).toHaveBeenCalledTimes(1)),
    });
    expect(body).toEqual({ student_id: 'student-1', mentor_id: 'mentor-2', notes: 'Starts Monday.' });
    expect(toastMessages()).toEqual(['Placement proposed to Dave Clarke: waiting for the mentor to accept']);
  });
});
