import {
  DEFAULT_CRITERIA,
  type CriteriaTemplateResponse,
  type StudentCriteriaResponse,
} from '@panda/contracts/criteria';
import { contractHttp } from '../contract-http';

/** A student's progress against the default template: two cards, one on a boiler, one on a cooker. */
export function studentCriteriaFixture(studentId = 'student-1'): StudentCriteriaResponse {
  const boiler = {
    signature_id: 'sig-boiler',
    job_id: 'job-1',
    job_type: 'Boiler Installs' as const,
    appliance_kind: 'boiler' as const,
    date: '2026-01-05',
  };
  const cooker = {
    ...boiler,
    signature_id: 'sig-cooker',
    job_type: 'Repair' as const,
    appliance_kind: 'cooker' as const,
  };
  const cards: Record<string, (typeof boiler | typeof cooker)[]> = {
    CCN1: [boiler, cooker],
    CENWAT: [boiler],
    CKR1: [cooker],
    HTR1: [],
    MET1: [],
  };
  const criteria = DEFAULT_CRITERIA.map((c) => {
    const behind = cards[c.code] ?? [];
    return { ...c, evidenced: behind.length, met: behind.length >= c.required, cards: behind };
  });
  return { student_id: studentId, criteria, met: 0, total: criteria.length };
}

/** GET /api/students/:id/criteria for any student. */
export const studentCriteriaHandler = (progress = studentCriteriaFixture()) =>
  contractHttp('GET', '/api/students/:id/criteria', ({ ok, params }) =>
    ok(200, { ...progress, student_id: String(params.id) }),
  );

export const defaultTemplate = (): CriteriaTemplateResponse => ({
  criteria: DEFAULT_CRITERIA.map((c) => ({
    ...c,
    job_types: [...c.job_types],
    appliance_kinds: [...c.appliance_kinds],
  })),
  is_default: true,
  history: [],
});
