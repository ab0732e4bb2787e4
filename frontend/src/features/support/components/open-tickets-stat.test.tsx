import { describe, expect, it } from 'vitest';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { renderWithProviders, screen } from '../../../testing/test-utils';
import { OpenTicketsStat } from './open-tickets-stat';

const session = { token: 'admin-token', user: testUser('admin') };

function answerCounts(open: number, total: number) {
  server.use(
    contractHttp('GET', '/api/admin/support/counts', ({ ok }) =>
      ok(200, { open, responded: 0, closed: total - open, total }),
    ),
  );
}

describe('OpenTicketsStat (the admin counter of tickets awaiting staff)', () => {
  it('says how many tickets there are in all, in words that cannot be read as more open ones', async () => {
    answerCounts(1, 3);
    renderWithProviders(<OpenTicketsStat />, { route: '/admin/dashboard', session });
    expect(await screen.findByText('of 3 tickets')).toBeTruthy();
  });

  it('says No tickets yet rather than "0 in total"', async () => {
    answerCounts(0, 0);
    renderWithProviders(<OpenTicketsStat />, { route: '/admin/dashboard', session });
    expect(await screen.findByText('No tickets yet')).toBeTruthy();
    expect(screen.queryByText(/in total/)).toBeNull();
  });
});
