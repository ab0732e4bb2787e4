import type { RecordedEvent } from '@panda/events/envelope';

/**
 * One notification per recipient, and none for the account whose action the event records: nobody is
 * notified of their own action (docs/rules.md#no-self-notification).
 */
export function plannedFor<P extends { recipientId: string }>(
  event: Pick<RecordedEvent, 'actorId'>,
  planned: P[],
): P[] {
  const seen = new Set<string>(event.actorId ? [event.actorId] : []);
  return planned.filter((p) => (seen.has(p.recipientId) ? false : (seen.add(p.recipientId), true)));
}
