import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import { notificationsStream } from '@panda/events/catalogue/notifications';
import { handle } from '@panda/command-service/shared/decider';
import { inboxDecider, type NotificationDraft } from '@panda/command-service/notifications/decider';
import { loadAccountState } from '../shared/facts';

/** A notification's content, before the reactor keys it to its source event. */
export type NoticeDraft = Omit<NotificationDraft, 'notificationId' | 'sourcePosition'>;

/** A notice from Panda itself: no sender, announcement or priority; `important` ones are also e-mailed. */
export const systemNotice = (
  type: NoticeDraft['type'],
  kind: NoticeDraft['kind'],
  title: string,
  message: string,
  link: string,
  important = false,
): NoticeDraft => ({
  type,
  kind,
  title,
  message,
  link,
  senderId: null,
  fromUser: null,
  announcementId: null,
  priority: null,
  important,
});

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

/**
 * Appends each notification to its recipient's inbox, keyed by the reaction (`key`), so running the
 * same source event again appends nothing. Each carries the time of the event it reports
 * (docs/rules.md#notification-time), and one made for an account that has not yet signed in (a
 * registered student who has not chosen their own password) is kept already read
 * (docs/rules.md#first-sign-in). Facts come from the write side (the recipient's account stream).
 */
export async function deliver(
  store: EventStore,
  event: RecordedEvent,
  key: string,
  notifications: { recipientId: string; draft: NotificationDraft }[],
  occurredAt: string = event.time,
): Promise<void> {
  for (const { recipientId, draft } of notifications) {
    const beforeFirstSignIn = (await loadAccountState(store, recipientId)).mustChangePassword;
    const notification: NotificationDraft = {
      ...draft,
      occurredAt,
      ...(beforeFirstSignIn ? { alreadyRead: true } : {}),
    };
    await handle(
      store,
      notificationsStream(recipientId),
      inboxDecider,
      { type: 'CreateNotification', recipientId, notification },
      { time: event.time, actorId: event.actorId, correlationId: event.correlationId, commandId: key },
    );
  }
}
