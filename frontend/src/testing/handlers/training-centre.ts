import type { CaseloadRow, CentreOverview, StudentCard } from '@panda/contracts/training';
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

/** A student card (a centre's registered student, not yet placed), as `GET /api/my-matches` lists them. */
export function studentCardFixture(n: number, overrides: Partial<StudentCard> = {}): StudentCard {
  const [First_Name, Last_Name] = [
    ['Liam', 'Turner'],
    ['Nia', 'Jones'],
    ['Omar', 'Khan'],
  ][n % 3];
  return {
    id: `student-${n}`,
    First_Name,
    Last_Name,
    Name: `${First_Name} ${Last_Name}`,
    Email: `${First_Name.toLowerCase()}@example.test`,
    Phone_Number: null,
    Postcode: null,
    Date_Of_Birth: null,
    Created_At: '2026-11-01T09:00:00.000Z',
    account_type: 'Training Centre',
    training_centre_id: 'centre-1',
    Matched: false,
    placement_status: null,
    placement_id: null,
    mentor_id: null,
    job_requirements: { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 },
    has_requirements: true,
    additional_requirements: null,
    cards_signed: 0,
    cards_required: 27,
    progress_percent: 0,
    jobs: [],
    ...overrides,
  };
}

/** A student as `GET /api/my-students` lists them: the card with the caseload's facts (docs/rules.md#centre-caseload). */
export function caseloadRowFixture(n: number, overrides: Partial<CaseloadRow> = {}): CaseloadRow {
  return {
    ...studentCardFixture(n),
    last_signed_off_at: null,
    cards_last_30_days: 0,
    open_disputes: 0,
    forecast_finish: null,
    at_risk: false,
    invitation: { state: 'signed_in', expires_at: null },
    ...overrides,
  };
}
