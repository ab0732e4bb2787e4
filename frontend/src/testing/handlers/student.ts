import type { JobRequirementsResponse, StudentOverview } from '@panda/contracts/training';
import { contractHttp } from '../contract-http';
import { studentCriteriaHandler } from './criteria';

/** A centre student's overview before a mentor match: no jobs yet. */
export function studentOverviewFixture(overrides: Partial<StudentOverview> = {}): StudentOverview {
  return {
    role: 'student',
    matched: false,
    jobs_count: 0,
    placement_status: 'Pending',
    active_jobs: 0,
    account_type: 'Training Centre',
    has_requirements: true,
    current_jobs: [],
    mentor: null,
    notifications: 0,
    ...overrides,
  };
}

const requirements: JobRequirementsResponse = {
  requirements: { Boiler_Installs: 5, Boiler_Service: 5, Pipework: 4, Repair: 4 },
  has_requirements: true,
  additional_requirements: null,
  progress: [],
};

/** The student overview's calls: the overview, the student's jobs (none) and their training goals. */
export function studentOverviewHandlers(overview: StudentOverview) {
  return [
    contractHttp('GET', '/api/dashboard/overview', ({ ok }) => ok(200, overview)),
    contractHttp('GET', '/api/jobs', ({ ok }) => ok(200, [])),
    contractHttp('GET', '/api/students/job-requirements', ({ ok }) => ok(200, requirements)),
    studentCriteriaHandler(),
  ];
}
