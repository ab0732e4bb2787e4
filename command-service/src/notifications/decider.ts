import type { EventsOf } from '@panda/events/define';
import { notificationEvents } from '@panda/events/catalogue/notifications';
import { badRequest, conflict, forbidden, notFound } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';
import type { NotificationKind, NotificationType } from '@panda/contracts/notifications';

/**
 * Notifications (docs/rules.md#notifications-from-events): one stream per recipient, `notifications-<accountId>`, holding their
 * notifications, what they read and their e-mail setting. Announcements (docs/rules.md#announcement-recipients): one stream
 * per announcement, `announcement-<id>`.
 */
export type NotificationEvent = EventsOf<typeof notificationEvents>;

export interface NotificationDraft {
  notificationId: string;
  type: NotificationType;
  kind: NotificationKind;
  title: string;
  message: string;
  link: string;
  sourcePosition: number;
  senderId: string | null;
  fromUser: string | null;
  announcementId: string | null;
  /** The chat message it is about (message received). */
  messageId?: string | null;
  priority: 'low' | 'normal' | 'medium' | 'high' | null;
  /** An important kind (placement proposed, disputes, reminders): e-mailed if the recipient's setting is on. */
  important: boolean;
  /** When the event it reports happened (docs/rules.md#notification-time). */
  occurredAt?: string;
  /** Made before the recipient first signed in: kept, already read (docs/rules.md#first-sign-in). */
  alreadyRead?: boolean;
}

export type InboxCommand =
  | { type: 'CreateNotification'; recipientId: string; notification: NotificationDraft }
  | { type: 'MarkRead'; recipientId: string; notificationId: string }
  | { type: 'MarkAnnouncementRead'; recipientId: string; announcementId: string }
  | { type: 'MarkAllRead'; recipientId: string }
  | { type: 'ChangeSettings'; accountId: string; emailImportant: boolean };

export interface InboxState {
  /** Notification id -> read, and the announcement it is, if any. */
  notifications: Map<string, { read: boolean; announcementId: string | null }>;
  emailImportant: boolean;
}

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';

export const initialInboxState = (): InboxState => ({ notifications: new Map(), emailImportant: true });

export function evolveInbox(state: InboxState, event: NotificationEvent): InboxState {
  switch (event.type) {
    case 'NotificationCreated': {
      const notifications = new Map(state.notifications);
      notifications.set(event.data.notificationId, {
        read: event.data.alreadyRead ?? false,
        announcementId: event.data.announcementId,
      });
      return { ...state, notifications };
    }
    case 'NotificationRead':
    case 'AllNotificationsRead': {
      const ids = event.type === 'NotificationRead' ? [event.data.notificationId] : event.data.notificationIds;
      const notifications = new Map(state.notifications);
      for (const id of ids) {
        const n = notifications.get(id);
        if (n) notifications.set(id, { ...n, read: true });
      }
      return { ...state, notifications };
    }
    case 'NotificationSettingsChanged':
      return { ...state, emailImportant: event.data.emailImportant };
    default:
      return state;
  }
}

export function decideInbox(command: InboxCommand, state: InboxState): NotificationEvent[] {
  switch (command.type) {
    case 'CreateNotification': {
      const { important, ...n } = command.notification;
      if (state.notifications.has(n.notificationId)) return [];
      return [
        {
          type: 'NotificationCreated',
          data: { ...n, recipientId: command.recipientId, email: important && state.emailImportant },
        },
      ];
    }
    case 'MarkRead': {
      const n = state.notifications.get(command.notificationId);
      // Someone else's notification is not found either (its id names another inbox).
      if (!n) throw notFound(NOTIFICATION_NOT_FOUND);
      return n.read
        ? []
        : [
            {
              type: 'NotificationRead',
              data: { recipientId: command.recipientId, notificationId: command.notificationId },
            },
          ];
    }
    case 'MarkAnnouncementRead': {
      const entry = [...state.notifications].find(([, n]) => n.announcementId === command.announcementId);
      if (!entry) throw notFound(ANNOUNCEMENT_NOT_FOUND);
      const [notificationId, n] = entry;
      return n.read ? [] : [{ type: 'NotificationRead', data: { recipientId: command.recipientId, notificationId } }];
    }
    case 'MarkAllRead': {
      const unread = [...state.notifications].filter(([, n]) => !n.read).map(([id]) => id);
      return unread.length
        ? [{ type: 'AllNotificationsRead', data: { recipientId: command.recipientId, notificationIds: unread } }]
        : [];
    }
    case 'ChangeSettings':
      return state.emailImportant === command.emailImportant
        ? []
        : [
            {
              type: 'NotificationSettingsChanged',
              data: { accountId: command.accountId, emailImportant: command.emailImportant },
            },
          ];
  }
}

export const inboxDecider: Decider<InboxCommand, InboxState, NotificationEvent> = {
  initialState: initialInboxState,
  evolve: evolveInbox,
  decide: decideInbox,
};

export const NOT_YOUR_STUDENTS = 'You can only send announcements to your own students';

export type AnnouncementCommand = {
  type: 'PublishAnnouncement';
  announcementId: string;
  senderId: string;
  senderRole: 'training_centre' | 'mentor' | 'student' | 'admin';
  senderName: string;
  title: string;
  message: string;
  priority: 'low' | 'normal' | 'medium' | 'high';
  recipientIds: string[];
  /** The sender's own students (a centre's registered students; a mentor's placed ones), loaded by the route. */
  allowedRecipientIds: string[];
};

export interface AnnouncementState {
  published: boolean;
}

export function decideAnnouncement(command: AnnouncementCommand, state: AnnouncementState): NotificationEvent[] {
  const { senderRole } = command;
  if (senderRole !== 'training_centre' && senderRole !== 'mentor')
    throw forbidden('Only training centres and mentors send announcements');
  if (state.published) throw conflict('This announcement was already sent');
  if (command.recipientIds.length === 0)
    throw badRequest([{ field: 'recipient_ids', message: 'Please select at least one student' }]);
  // docs/rules.md#announcement-recipients: any recipient outside the sender's own students refuses the whole announcement.
  const allowed = new Set(command.allowedRecipientIds);
  if (command.recipientIds.some((id) => !allowed.has(id))) throw forbidden(NOT_YOUR_STUDENTS);
  const { type: _t, allowedRecipientIds: _a, senderRole: _r, ...data } = command;
  return [{ type: 'AnnouncementPublished', data: { ...data, senderRole } }];
}

export const announcementDecider: Decider<AnnouncementCommand, AnnouncementState, NotificationEvent> = {
  initialState: () => ({ published: false }),
  evolve: (state, event) => (event.type === 'AnnouncementPublished' ? { published: true } : state),
  decide: decideAnnouncement,
};
