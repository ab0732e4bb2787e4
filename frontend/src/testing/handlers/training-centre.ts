import type { CentreOverview } from '@panda/contracts/training';
import { contractHttp } from '../contract-http';

/** A training centre's overview with a few students, one of them registered lately. */
export function centreOverviewFixture(overrides: Partial<CentreOverview> = {}): CentreOverview {
  return {
    role: 'training_centre',
    student_count: 12,
    placed_students: 9,
    awaiting_placement: 3,
    placement_rate: 75,
    latest_registration: {
      id: 'stu-7',
      First_Name: 'Ada',
      Last_Name: 'Lovelace',
      Name: 'Ada Lovelace',
      Email: 'ada.lovelace@example.test',
      Created_At: '2026-12-03T12:00:00.000Z',
      Matched: false,
    },
    notifications: 0,
    ...overrides,
  };
}

/** GET /api/dashboard/overview answering `overview` (checked against the contract); `reads` counts the calls. */
export function centreOverviewHandler(overview: CentreOverview | (() => CentreOverview | 'error')) {
  const counter = { reads: 0 };
  const handler = contractHttp('GET', '/api/dashboard/overview', ({ ok, fail }) => {
    counter.reads++;
    const answer = typeof overview === 'function' ? overview() : overview;
    return answer === 'error' ? fail(500, { detail: 'Internal server error' }) : ok(200, answer);
  });
  return { handler, counter };
}
