import { TRAINEE_STATUS_LABELS, type DisputeView, type TraineeStatus } from '@panda/contracts/signoff';
import type { DataOf } from '../typed-projection';

/** docs/rules.md#trainee-countersign: what a `training` history entry and a `sign_offs` document share. */
export interface TraineeAnswer {
  trainee_status: TraineeStatus;
  trainee_status_label: string;
  confirmed_at: string | null;
  dispute: DisputeView | null;
  revoked: boolean;
}

export type AnswerEvent = 'SignatureConfirmed' | 'SignatureDisputed' | 'DisputeResolved' | 'SignatureRevoked';

/** A sign-off just signed: waiting for the trainee. */
export const awaitingAnswer = (): TraineeAnswer => ({
  trainee_status: 'awaiting_confirmation',
  trainee_status_label: TRAINEE_STATUS_LABELS.awaiting_confirmation,
  confirmed_at: null,
  dispute: null,
  revoked: false,
});

const labelled = (s: TraineeAnswer) => void (s.trainee_status_label = TRAINEE_STATUS_LABELS[s.trainee_status]);

export function confirmed(s: TraineeAnswer, time: string) {
  s.trainee_status = 'confirmed';
  s.confirmed_at = time;
  labelled(s);
}

export function disputed(s: TraineeAnswer, d: DataOf<'SignatureDisputed'>, time: string) {
  s.trainee_status = 'disputed';
  s.dispute = { reason: d.reason, disputed_at: time, outcome: null, resolution_reason: null, resolved_at: null };
  labelled(s);
}

/** An admin's decision on the dispute (nothing changes for a sign-off that was never disputed). */
export function resolved(s: TraineeAnswer, d: DataOf<'DisputeResolved'>, time: string) {
  if (s.dispute) s.dispute = { ...s.dispute, outcome: d.outcome, resolution_reason: d.reason, resolved_at: time };
}

/** The sign-off no longer counts (its dispute was upheld); it stays listed. */
export function revoked(s: TraineeAnswer) {
  s.revoked = true;
}
