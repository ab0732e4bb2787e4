import type { EventsOf } from '@panda/events/define';
import { notificationEvents } from '@panda/events/catalogue/notifications';
import type { Projection, ProjectionContext } from '../projection';

/**
 * `notifications`: one document per notification, seen by its recipient only (ruling 21); the
 * field names are the contract's (contracts/src/notifications.ts). `seq` (the global position of
 * its NotificationCreated) orders an inbox and is its paging cursor.
 * `notification_settings`: each account's e-mail setting for important notifications (on until changed).
 */
export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_SETTINGS = 'notification_settings';

export interface NotificationDoc {
  id: string;
  recipient_id: string;
  seq: number;
  type: 'info' | 'success' | 'warning' | 'assignment' | 'message' | 'announcement';
  kind: string;
  title: string;
  message: string;
  link: string;
  created_at: string;
  read: boolean;
  read_at: string | null;
  from_user: string | null;
  sender_id: string | null;
  message_id: string | null;
  announcement_id: string | null;
  priority: 'low' | 'normal' | 'medium' | 'high' | null;
  _audience: string[];
  [k: string]: unknown;
}

export interface NotificationSettingsDoc {
  id: string;
  email_important: boolean;
  _audience: string[];
  [k: string]: unknown;
}

type NotificationEvent = EventsOf<typeof notificationEvents>;

async function markRead(ctx: ProjectionContext, id: string, recipientId: string, at: string) {
  const doc = (await ctx.get(NOTIFICATIONS, id)) as NotificationDoc | null;
  if (!doc || doc.recipient_id !== recipientId || doc.read) return;
  ctx.put(NOTIFICATIONS, { ...doc, read: true, read_at: at });
}

export const notificationsProjection: Projection = {
  name: 'notifications',
  collections: { [NOTIFICATIONS]: ['recipient_id', 'seq', 'read', 'type', 'recipient_id+seq'], [NOTIFICATION_SETTINGS]: [] },
  handles: ['NotificationCreated', 'NotificationRead', 'AllNotificationsRead', 'NotificationSettingsChanged'],
  async apply(event, ctx) {
    const e = { type: event.type, data: event.data } as NotificationEvent;
    switch (e.type) {
      case 'NotificationCreated': {
        const d = e.data;
        const doc: NotificationDoc = {
          id: d.notificationId,
          recipient_id: d.recipientId,
          seq: event.position,
          type: d.type,
          kind: d.kind,
          title: d.title,
          message: d.message,
          link: d.link,
          created_at: event.time,
          read: false,
          read_at: null,
          from_user: d.fromUser,
          sender_id: d.senderId,
          message_id: null,
          announcement_id: d.announcementId,
          priority: d.priority,
          _audience: [d.recipientId],
        };
        ctx.put(NOTIFICATIONS, doc);
        return;
      }
      case 'NotificationRead':
        return markRead(ctx, e.data.notificationId, e.data.recipientId, event.time);
      case 'AllNotificationsRead':
        for (const id of e.data.notificationIds) await markRead(ctx, id, e.data.recipientId, event.time);
        return;
      case 'NotificationSettingsChanged': {
        const doc: NotificationSettingsDoc = { id: e.data.accountId, email_important: e.data.emailImportant, _audience: [e.data.accountId] };
        ctx.put(NOTIFICATION_SETTINGS, doc);
        return;
      }
      default:
        return;
    }
  },
};
