import { describe, it } from 'vitest';
import {
  event,
  jobCardSigned,
  jobOpened,
  placementAccepted,
  placementEnded,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec } from '../testing/projection-spec';
import { caseloadKeys, caseloadProjection, type CaseloadKeysDoc } from './caseload';

const spec = projectionSpec(caseloadProjection);
const ref = { studentId: 's1', jobId: 'j1', mentorId: 'm1', contentHash: 'a'.repeat(64) };

/** Student s1 of centre c1 as registered by event 1, with `over` changed. */
const keys = (over: Partial<CaseloadKeysDoc> = {}): CaseloadKeysDoc => ({
  id: 's1',
  centre_id: 'c1',
  Name: 'Amy Pond',
  Created_At: t(1),
  signed_at: [],
  open_disputes: 0,
  cards_required: 0,
  cards_signed: 0,
  unplaced_since: t(1),
  ...over,
});

describe('caseload read model (docs/rules.md#centre-caseload)', () => {
  it('keeps a registered student unplaced since registration, then placed', async () => {
    await spec.given([studentRegistered()]).then(caseloadKeys, 's1', keys());
    await spec
      .given([studentRegistered(), placementAccepted()])
      .then(caseloadKeys, 's1', keys({ unplaced_since: null }));
  });

  it('keeps the counted cards oldest first, open disputes and cards required and signed over open jobs', async () => {
    await spec
      .given([
        studentRegistered(),
        placementAccepted(),
        jobOpened({ jobId: 'j1', totalCount: 3 }),
        // A job of 0 counts for nothing, as on the student's list.
        jobOpened({ jobId: 'j2', jobType: 'Repair', totalCount: 2 }),
        event('JobTotalAdjusted', { jobId: 'j2', studentId: 's1', totalCount: 0 }),
        // Recorded on the server first, sent later from the outbox: the list keeps the times in order, each in
        // toISOString()'s one form (UTC, milliseconds).
        jobCardSigned({ signatureId: 'sig1', completedCount: 1, signedAt: '2026-01-03T11:00:00+01:00' }),
        jobCardSigned({ signatureId: 'sig2', completedCount: 2, signedAt: '2026-01-02T10:00:00.000Z' }),
        jobCardSigned({ signatureId: 'sig3', completedCount: 3 }),
        event('SignatureDisputed', { ...ref, signatureId: 'sig2', reason: 'Not there', centreId: 'c1' }),
        event('SignatureDisputed', { ...ref, signatureId: 'sig3', reason: 'Not there', centreId: 'c1' }),
        // Rejected: the sign-off stands. Upheld: it is revoked and no longer counts.
        event('DisputeResolved', { ...ref, signatureId: 'sig3', outcome: 'rejected', reason: 'Seen', adminId: 'a1' }),
        event('DisputeResolved', { ...ref, signatureId: 'sig2', outcome: 'upheld', reason: 'Absent', adminId: 'a1' }),
        event('SignatureRevoked', { ...ref, signatureId: 'sig2', reason: 'Absent', completedCount: 2 }),
        event('SignatureDisputed', { ...ref, signatureId: 'sig1', reason: 'Not me', centreId: 'c1' }),
      ])
      .then(
        caseloadKeys,
        's1',
        keys({
          signed_at: [t(8), '2026-01-03T10:00:00.000Z'],
          open_disputes: 1,
          cards_required: 3,
          cards_signed: 2,
          unplaced_since: null,
        }),
      );
  });

  it('follows the name, and the end of the active placement only', async () => {
    await spec
      .given([
        studentRegistered(),
        placementAccepted(),
        event('ProfileChanged', { accountId: 's1', changes: { Last_Name: 'Williams' } }),
        placementEnded({ placementId: 'p0' }),
        placementEnded(),
      ])
      .then(caseloadKeys, 's1', keys({ Name: 'Amy Williams', unplaced_since: t(5) }));
  });

  it('keeps nothing for anyone but a registered student', async () => {
    await spec.given([placementAccepted(), jobOpened(), jobCardSigned()]).then(caseloadKeys, 's1', null);
  });
});
