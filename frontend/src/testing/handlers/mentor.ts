import type { MentorProfileStatus } from '@panda/contracts/accounts';
import type { MentorOverview } from '@panda/contracts/training';
import { contractHttp } from '../contract-http';

/** A mentor's overview: two trainees placed, seven cards signed. */
export function mentorOverviewFixture(overrides: Partial<MentorOverview> = {}): MentorOverview {
  return {
    role: 'mentor',
    matched: true,
    jobs_completed: 7,
    status: 'Active Students',
    active_students: 2,
    student_progress: [],
    jobs_total: 0,
    notifications: 0,
    ...overrides,
  };
}

/** The mentor overview's calls: the overview, the first jobs (none here) and the profile status. */
export function mentorOverviewHandlers(overview: MentorOverview, profile: MentorProfileStatus) {
  return [
    contractHttp('GET', '/api/dashboard/overview', ({ ok }) => ok(200, overview)),
    contractHttp('GET', '/api/jobs', ({ ok }) => ok(200, [], { 'X-Total-Count': '0' })),
    contractHttp('GET', '/api/mentor/profile-status', ({ ok }) => ok(200, profile)),
  ];
}
