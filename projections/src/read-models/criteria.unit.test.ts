import { describe, it } from 'vitest';
import { event, jobCardSigned, jobOpened } from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec } from '../testing/projection-spec';
import { criteriaCards, criteriaProjection, criteriaTemplates } from './criteria';

const spec = projectionSpec(criteriaProjection);
const evidence = {
  sitePostcode: 'M1 1AA',
  appliance: { kind: 'cooker' as const, make: null, model: null },
  workDone: 'Replaced the cooker hose and tested for tightness',
  durationMinutes: 60,
  photos: [],
};

describe('criteria read model (docs/rules.md#qualification-criteria)', () => {
  it('keeps each card with its job type, appliance, date and signing time; a revoked card is marked', async () => {
    await spec
      .given([
        jobOpened({ jobId: 'j1', jobType: 'Repair' }),
        jobCardSigned({ jobId: 'j1', signatureId: 'sig1', completedCount: 1 }),
        jobCardSigned({
          jobId: 'j1',
          signatureId: 'sig2',
          completedCount: 2,
          evidence,
          signedAt: '2026-01-02T10:00:00.000Z',
        }),
        event('SignatureRevoked', {
          signatureId: 'sig1',
          jobId: 'j1',
          studentId: 's1',
          mentorId: 'm1',
          reason: 'Upheld',
          completedCount: 1,
        }),
      ])
      .then(criteriaCards, 's1', {
        id: 's1',
        job_types: { j1: 'Repair' },
        cards: [
          {
            signature_id: 'sig1',
            job_id: 'j1',
            job_type: 'Repair',
            appliance_kind: null,
            date: '2026-01-02',
            signed_at: t(2),
            revoked: true,
          },
          {
            signature_id: 'sig2',
            job_id: 'j1',
            job_type: 'Repair',
            appliance_kind: 'cooker',
            date: '2026-01-02',
            signed_at: '2026-01-02T10:00:00.000Z',
            revoked: false,
          },
        ],
        _audience: ['s1'],
      });
  });

  it('keeps the template in force and every change', async () => {
    const criterion = { code: 'A', title: 'A', jobTypes: ['Repair' as const], applianceKinds: [], required: 1 };
    await spec
      .given([
        event('CriteriaTemplateChanged', { centreId: 'c1', changedBy: 'c1', criteria: [criterion] }),
        event('CriteriaTemplateChanged', {
          centreId: 'c1',
          changedBy: 'c1',
          criteria: [{ ...criterion, required: 4 }],
        }),
      ])
      .then(criteriaTemplates, 'c1', {
        id: 'c1',
        criteria: [{ code: 'A', title: 'A', job_types: ['Repair'], appliance_kinds: [], required: 4 }],
        history: [
          {
            changed_at: t(1),
            changed_by: 'c1',
            criteria: [{ code: 'A', title: 'A', job_types: ['Repair'], appliance_kinds: [], required: 1 }],
          },
          {
            changed_at: t(2),
            changed_by: 'c1',
            criteria: [{ code: 'A', title: 'A', job_types: ['Repair'], appliance_kinds: [], required: 4 }],
          },
        ],
        _audience: ['c1'],
      });
  });
});
