import type { Notification } from '@panda/contracts/notifications';
import type { ProjectionContext } from '../projection';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** docs/read-models.md#notifications */

/** A notification as the contract has it (`is_read` is `read` again), and any `kind` an event names. */
export type NotificationDoc = Omit<Notification, 'is_read' | 'kind'> & {
  kind: string;
  recipient_id: string;
  seq: number;
  read_at: string | null;
  _audience: string[];
};

export interface NotificationSettingsDoc {
  id: string;
  email_important: boolean;
  _audience: string[];
}

export const notifications = collection<NotificationDoc>('notifications');
export const notificationSettings = collection<NotificationSettingsDoc>('notification_settings');

/** Marks one of the recipient's notifications read (once; someone else's id changes nothing). */
async function markRead(ctx: ProjectionContext, id: string, recipientId: string, at: string) {
  const doc = await notifications.in(ctx).get(id);
  if (!doc || doc.recipient_id !== recipientId || doc.read) return;
  notifications.in(ctx).put({ ...doc, read: true, read_at: at });
}

export const notificationsProjection = defineProjection({
  name: 'notifications',
  collections: {
    // docs/read-models.md#notifications
    [notifications.name]: ['recipient_id+seq', 'recipient_id+read', 'seq'],
    [notificationSettings.name]: [],
  },
  on: {
    NotificationCreated: ({ position, time, data: d }, ctx) =>
      notifications.in(ctx).put({
        id: d.notificationId,
        recipient_id: d.recipientId,
        seq: position,
        type: d.type,
        kind: d.kind,
        title: d.title,
        message: d.message,
        link: d.link,
        // The time of the event it reports (docs/rules.md#notification-time).
        created_at: d.occurredAt ?? time,
        // Made before the recipient first signed in: already read (docs/rules.md#first-sign-in).
        read: d.alreadyRead ?? false,
        read_at: d.alreadyRead ? time : null,
        from_user: d.fromUser,
        sender_id: d.senderId,
        message_id: d.messageId ?? null,
        announcement_id: d.announcementId,
        priority: d.priority,
        _audience: [d.recipientId],
      }),
    NotificationRead: ({ time, data: d }, ctx) => markRead(ctx, d.notificationId, d.recipientId, time),
    AllNotificationsRead: async ({ time, data: d }, ctx) => {
      for (const id of d.notificationIds) await markRead(ctx, id, d.recipientId, time);
    },
    NotificationSettingsChanged: ({ data: d }, ctx) =>
      notificationSettings
        .in(ctx)
        .put({ id: d.accountId, email_important: d.emailImportant, _audience: [d.accountId] }),
  },
});
