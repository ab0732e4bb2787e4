import { describe, expect, it } from 'vitest';
import { event, jobCardSigned, jobOpened, studentRegistered } from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec } from '../testing/projection-spec';
import { disputes, disputesProjection } from './disputes';

const spec = projectionSpec(disputesProjection);

const signed = [studentRegistered(), jobOpened(), jobCardSigned()];
const ref = { signatureId: 'sig1', jobId: 'j1', studentId: 's1', mentorId: 'm1' };
const hash = 'a'.repeat(64);
const disputedBy = (reason: string, over: Partial<typeof ref> = {}) =>
  event('SignatureDisputed', { ...ref, ...over, contentHash: hash, reason, centreId: 'c1' });
const decided = (outcome: 'upheld' | 'rejected', over: Partial<typeof ref> = {}) =>
  event('DisputeResolved', { ...ref, ...over, outcome, reason: 'Checked', adminId: 'a1' });

describe('disputes projection', () => {
  it('a signed card that nobody disputes is not listed', async () => {
    const given = spec.given([...signed, event('SignatureConfirmed', { ...ref, contentHash: hash })]);
    expect(await given.all(disputes)).toEqual([]);
  });

  it('SignatureDisputed: an open dispute, by when it was disputed', async () => {
    await spec
      .given([...signed, disputedBy('Not me')])
      .then(disputes, 'sig1', { id: 'sig1', trainee_status: 'disputed', open_dispute: true, disputed_at: t(4) });
  });

  it('DisputeResolved: no longer open, still disputed, whatever the outcome; the revocation that follows changes nothing here', async () => {
    for (const outcome of ['upheld', 'rejected'] as const)
      await spec
        .given([
          ...signed,
          disputedBy('Not me'),
          decided(outcome),
          event('SignatureRevoked', { ...ref, reason: 'Checked', completedCount: 0 }),
        ])
        .then(disputes, 'sig1', { id: 'sig1', trainee_status: 'disputed', open_dispute: false, disputed_at: t(4) });
  });

  it('SignatureConfirmed after a dispute: no longer disputed, as sign_offs has it', async () => {
    await spec
      .given([...signed, disputedBy('Not me'), event('SignatureConfirmed', { ...ref, contentHash: hash })])
      .then(disputes, 'sig1', { id: 'sig1', trainee_status: 'confirmed', open_dispute: true, disputed_at: t(4) });
  });

  it('a decision or a confirmation of a sign-off never disputed makes no document', async () => {
    const given = spec.given([
      ...signed,
      disputedBy('Not me'),
      decided('rejected', { signatureId: 'sig9' }),
      event('SignatureConfirmed', { ...ref, signatureId: 'sig8', contentHash: hash }),
    ]);
    expect((await given.all(disputes)).map((d) => d.id)).toEqual(['sig1']);
  });
});
