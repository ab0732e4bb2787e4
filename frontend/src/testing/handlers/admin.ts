import type { AdminCentre, AdminMentor, AdminPlacement, AdminStudent } from '@panda/contracts/admin';
import { contractHttp } from '../contract-http';

/** An admin list's student row (an unplaced centre student unless `overrides` say otherwise). */
export function adminStudentFixture(n: number, overrides: Partial<AdminStudent> = {}): AdminStudent {
  return {
    id: `stu-${n}`,
    First_Name: 'Student',
    Last_Name: `Number ${n}`,
    Name: `Student Number ${n}`,
    Email: `student${n}@example.test`,
    Created_At: '2026-11-02T09:00:00.000Z',
    account_locked: false,
    Phone_Number: null,
    Postcode: null,
    training_centre_id: 'centre-1',
    training_centre_name: 'North Gas Academy',
    account_type: 'Training Centre',
    Matched: false,
    placement_status: null,
    placement_id: null,
    pending_placement_id: null,
    mentor: null,
    mentor_name: null,
    ...overrides,
  };
}

export function adminMentorFixture(n: number, overrides: Partial<AdminMentor> = {}): AdminMentor {
  return {
    id: `men-${n}`,
    First_Name: 'Mentor',
    Last_Name: `Number ${n}`,
    Name: `Mentor Number ${n}`,
    Email: `mentor${n}@example.test`,
    Created_At: '2026-10-01T09:00:00.000Z',
    account_locked: false,
    vetted: true,
    Business_Name: `Boilers ${n} Ltd`,
    Business_Postcode: 'LS1 1AA',
    profile_complete: true,
    student_count: 1,
    pending_requests: 0,
    Matched: true,
    ...overrides,
  };
}

export function adminCentreFixture(n: number, overrides: Partial<AdminCentre> = {}): AdminCentre {
  return {
    id: `centre-${n}`,
    First_Name: 'Tess',
    Last_Name: 'Centre',
    Name: `Centre Number ${n}`,
    Email: `centre${n}@example.test`,
    Created_At: '2026-09-01T09:00:00.000Z',
    account_locked: false,
    vetted: false,
    student_count: 4,
    ...overrides,
  };
}

export function adminPlacementFixture(n: number, overrides: Partial<AdminPlacement> = {}): AdminPlacement {
  return {
    id: `pl-${n}`,
    Status: 'active',
    Placed_At: '2026-11-10T09:00:00.000Z',
    Proposed_At: '2026-11-09T09:00:00.000Z',
    Ended_At: null,
    Notes: null,
    proposal_notes: null,
    end_notes: null,
    decline_reason: null,
    reasons: [],
    proposed_by: 'admin-1',
    ended_by: null,
    student_id: `stu-${n}`,
    mentor_id: 'men-1',
    training_centre_id: null,
    student_name: `Student Number ${n}`,
    student_email: `student${n}@example.test`,
    mentor_name: 'Mentor Number 1',
    mentor_email: 'mentor1@example.test',
    training_centre_name: null,
    training_centre_email: null,
    relationships: {
      student: { id: `stu-${n}`, name: `Student Number ${n}`, email: `student${n}@example.test` },
      mentor: { id: 'men-1', name: 'Mentor Number 1', email: 'mentor1@example.test' },
      training_centre: null,
    },
    Created_At: '2026-11-09T09:00:00.000Z',
    updated_at: '2026-11-10T09:00:00.000Z',
    cards_required: 18,
    cards_signed: 10,
    progress_percent: 56,
    ...overrides,
  };
}

type ListPath =
  | '/api/admin/users/students'
  | '/api/admin/users/mentors'
  | '/api/admin/users/training-centres'
  | '/api/admin/placements';
const BODY_KEY: Record<ListPath, string> = {
  '/api/admin/users/students': 'students',
  '/api/admin/users/mentors': 'mentors',
  '/api/admin/users/training-centres': 'training_centres',
  '/api/admin/placements': 'placements',
};

/**
 * One admin list, paged as the server pages it (docs/rules.md#list-paging): `page(params)` gives the rows
 * and the total for a request's query; a `next` cursor is sent as the `Link` header. `requests` holds
 * every request's query parameters (the one-row total queries of the stat cards included).
 */
export function adminListHandler<T>(
  path: ListPath,
  page: (params: URLSearchParams) => { items: T[]; total: number; next?: string },
) {
  const requests: URLSearchParams[] = [];
  const handler = contractHttp('GET', path, ({ request, ok }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    const { items, total, next } = page(params);
    const headers: Record<string, string> = { 'X-Total-Count': String(total) };
    if (next) headers.Link = `<${path}?cursor=${next}>; rel="next"`;
    return ok(200, { [BODY_KEY[path]]: items }, headers);
  });
  return { handler, requests };
}
