/**
 * The dispute's words and window as plain values with no schema, so a screen of the web app's first
 * load (the student's job cards) can use them without loading zod (docs/rules.md#dispute-window).
 */

export const TRAINEE_STATUSES = ['awaiting_confirmation', 'confirmed', 'disputed'] as const;
/** The words every screen shows for each state (docs/rules.md#trainee-countersign). */
export const TRAINEE_STATUS_LABELS: Record<(typeof TRAINEE_STATUSES)[number], string> = {
  awaiting_confirmation: 'Awaiting trainee confirmation',
  confirmed: 'Confirmed by trainee',
  disputed: 'Disputed',
};

export const DISPUTE_REASON_REQUIRED = 'Please give a reason for the dispute';

/** How long after a sign-off was recorded its trainee may dispute it here (docs/rules.md#dispute-window). */
export const DISPUTE_WINDOW_DAYS = 30;
export const DISPUTE_WINDOW_CLOSED = `A sign-off can be disputed here for ${DISPUTE_WINDOW_DAYS} days after it was signed. This one is older: please raise it with the Panda team in the Support Center.`;
/** The last moment a sign-off recorded at `recordedAt` (ISO) may be disputed (docs/rules.md#dispute-window). */
export const disputeUntil = (recordedAt: string) =>
  new Date(Date.parse(recordedAt) + DISPUTE_WINDOW_DAYS * 86_400_000).toISOString();

/** A sign-off sent this long after its device captured it shows both times (docs/rules.md#outbox). */
export const LATE_SEND_HOURS = 24;
/**
 * Whether a sign-off reached the server more than LATE_SEND_HOURS after the device captured it
 * (`capturedAt`, null when the device sent none, and `signedAt`, the server's receipt, both ISO).
 */
export function sentLate(capturedAt: string | null | undefined, signedAt: string): boolean {
  if (!capturedAt) return false;
  const captured = Date.parse(capturedAt);
  const signed = Date.parse(signedAt);
  return Number.isFinite(captured) && Number.isFinite(signed) && signed - captured > LATE_SEND_HOURS * 3_600_000;
}
/** "Captured on the device …, received by Panda …": a late sign-off's two times, in words. */
export const lateSendText = (captured: string, signed: string) =>
  `Sent more than ${LATE_SEND_HOURS} hours after it was made: captured on the device ${captured}, received by Panda ${signed}`;
