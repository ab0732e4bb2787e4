import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Notifications and announcements (docs/rules.md#notifications-from-events, docs/rules.md#announcement-recipients). A recipient's notifications and their e-mail
 * setting live in the stream `notifications-<accountId>`; NotificationCreated is appended only by
 * the notifications reactor (reactors/src/notifications/notifications.ts), with the command id
 * `reactor:notifications:<source position>`, so replaying a source event appends nothing twice.
 * An announcement is its own stream `announcement-<announcementId>`.
 */
export const notificationsStream = (accountId: string) => `notifications-${accountId}`;
export const announcementStream = (announcementId: string) => `announcement-${announcementId}`;

const notificationType = z.enum(['info', 'success', 'warning', 'assignment', 'message', 'announcement']);
const priority = z.enum(['low', 'normal', 'medium', 'high']);

export const NotificationCreated = defineEvent(
  'NotificationCreated',
  z.object({
    notificationId: z.string(),
    recipientId: z.string(),
    type: notificationType,
    /** What happened (the reactor handler that made it), e.g. `placement_proposed`. */
    kind: z.string(),
    title: z.string(),
    message: z.string(),
    /** App path of the screen it is about. */
    link: z.string(),
    /** Position of the event it was made from (its idempotency key with the reactor's name). */
    sourcePosition: z.number().int().min(1),
    senderId: z.string().nullable(),
    /** Name of who sent it (an announcement's sender), null for the system. */
    fromUser: z.string().nullable(),
    announcementId: z.string().nullable(),
    /** The chat message a "message received" notification is about. */
    messageId: z.string().nullable().optional(),
    priority: priority.nullable(),
    /** True when the mail reactor must e-mail it (an important kind, and the recipient's setting is on). */
    email: z.boolean(),
    /** When the event it reports happened (absent: the time it was recorded). */
    occurredAt: z.string().optional(),
    /** Made before its recipient first signed in: kept in their list, already read. */
    alreadyRead: z.boolean().optional(),
  }),
);

export const NotificationRead = defineEvent(
  'NotificationRead',
  z.object({ recipientId: z.string(), notificationId: z.string() }),
);

/** Every notification of the recipient created before this event is read. */
export const AllNotificationsRead = defineEvent(
  'AllNotificationsRead',
  z.object({ recipientId: z.string(), notificationIds: z.array(z.string()) }),
);

/** The recipient's e-mail setting for important notifications (on until first changed). */
export const NotificationSettingsChanged = defineEvent(
  'NotificationSettingsChanged',
  z.object({ accountId: z.string(), emailImportant: z.boolean() }),
);

export const AnnouncementPublished = defineEvent(
  'AnnouncementPublished',
  z.object({
    announcementId: z.string(),
    senderId: z.string(),
    senderRole: z.enum(['training_centre', 'mentor']),
    senderName: z.string(),
    title: z.string(),
    message: z.string(),
    priority,
    recipientIds: z.array(z.string()).min(1),
  }),
);

export const notificationEvents = [
  NotificationCreated,
  NotificationRead,
  AllNotificationsRead,
  NotificationSettingsChanged,
  AnnouncementPublished,
] as const;
