import type { TraineeStatus } from '@panda/contracts/signoff';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/**
 * `disputes`: one document per sign-off the trainee has disputed (ruling 31), by its `signature_id`,
 * holding what the admin Disputes list filters and sorts on. The list reads its page here and each
 * sign-off's details from `sign_offs`, so that `sign_offs` (a document per signed card, a million of
 * them after a few years) needs no index but its ids: only disputed sign-offs are ever listed, and an
 * index over every card cost an update per signature and most of a rebuild's index building.
 * Admins only (no audience).
 */
export const DISPUTES = 'disputes';

export interface DisputeDoc {
  id: string;
  /** As `sign_offs` has it: `disputed` until the trainee confirms after all. */
  trainee_status: TraineeStatus;
  /** Disputed and not yet resolved: what the list shows first. */
  open_dispute: boolean;
  disputed_at: string;
  [k: string]: unknown;
}

export const disputes = collection<DisputeDoc>(DISPUTES);

export const disputesProjection = defineProjection({
  name: 'disputes',
  collections: {
    // The Disputes list: all (disputed), open, resolved (disputed and no longer open), by when disputed.
    [DISPUTES]: ['trainee_status+disputed_at', 'open_dispute+trainee_status+disputed_at', 'disputed_at'],
  },
  on: {
    SignatureDisputed: ({ time, data: d }, ctx) =>
      disputes.in(ctx).put({ id: d.signatureId, trainee_status: 'disputed', open_dispute: true, disputed_at: time }),
    DisputeResolved: async ({ data: d }, ctx) => {
      await disputes.in(ctx).update(d.signatureId, (doc) => void (doc.open_dispute = false));
    },
    SignatureConfirmed: async ({ data: d }, ctx) => {
      await disputes.in(ctx).update(d.signatureId, (doc) => void (doc.trainee_status = 'confirmed'));
    },
  },
});
