import { describe, it } from 'vitest';
import { spec } from '../shared/given-when-then';
import {
  announcementDecider,
  inboxDecider,
  NOT_YOUR_STUDENTS,
  type AnnouncementCommand,
  type NotificationDraft,
  type NotificationEvent,
} from './decider';

const inbox = spec(inboxDecider);
const announcements = spec(announcementDecider);

const draft = (over: Partial<NotificationDraft> = {}): NotificationDraft => ({
  notificationId: 'n7-0',
  type: 'assignment',
  kind: 'placement_proposed',
  title: 'New placement request',
  message: 'Amy Pond has been proposed to you as a trainee.',
  link: '/dashboard?view=overview',
  sourcePosition: 7,
  senderId: null,
  fromUser: null,
  announcementId: null,
  priority: null,
  important: true,
  ...over,
});
const created = (over: Partial<NotificationDraft> = {}, email = true): NotificationEvent => {
  const { important: _i, ...d } = draft(over);
  return { type: 'NotificationCreated', data: { ...d, recipientId: 'm1', email } };
};

describe('inbox: creating notifications', () => {
  it('records a notification, e-mailed when it is important and the setting is on (the default)', () => {
    inbox.given([]).when({ type: 'CreateNotification', recipientId: 'm1', notification: draft() }).then([created()]);
  });

  it('does not e-mail an unimportant one', () => {
    inbox
      .given([])
      .when({ type: 'CreateNotification', recipientId: 'm1', notification: draft({ important: false }) })
      .then([created({}, false)]);
  });

  it('does not e-mail an important one once the recipient turned e-mail off', () => {
    inbox
      .given([{ type: 'NotificationSettingsChanged', data: { accountId: 'm1', emailImportant: false } }])
      .when({ type: 'CreateNotification', recipientId: 'm1', notification: draft() })
      .then([created({}, false)]);
  });

  it('records the same notification id only once', () => {
    inbox.given([created()]).when({ type: 'CreateNotification', recipientId: 'm1', notification: draft() }).then([]);
  });
});

describe('inbox: reading', () => {
  it('marks one notification read, once', () => {
    inbox
      .given([created()])
      .when({ type: 'MarkRead', recipientId: 'm1', notificationId: 'n7-0' })
      .then([{ type: 'NotificationRead', data: { recipientId: 'm1', notificationId: 'n7-0' } }]);
    inbox
      .given([created(), { type: 'NotificationRead', data: { recipientId: 'm1', notificationId: 'n7-0' } }])
      .when({ type: 'MarkRead', recipientId: 'm1', notificationId: 'n7-0' })
      .then([]);
  });

  it('answers 404 for a notification that is not in this inbox (someone else’s)', () => {
    inbox
      .given([created()])
      .when({ type: 'MarkRead', recipientId: 'm1', notificationId: 'n8-1' })
      .thenThrows(404, 'Notification not found');
  });

  it('marks every unread one read at once, and nothing when all are read', () => {
    const second = created({ notificationId: 'n9-0', sourcePosition: 9 });
    inbox
      .given([created(), second, { type: 'NotificationRead', data: { recipientId: 'm1', notificationId: 'n7-0' } }])
      .when({ type: 'MarkAllRead', recipientId: 'm1' })
      .then([{ type: 'AllNotificationsRead', data: { recipientId: 'm1', notificationIds: ['n9-0'] } }]);
    inbox
      .given([created(), { type: 'AllNotificationsRead', data: { recipientId: 'm1', notificationIds: ['n7-0'] } }])
      .when({ type: 'MarkAllRead', recipientId: 'm1' })
      .then([]);
  });

  it('marks the recipient’s copy of an announcement read by the announcement id', () => {
    const announcement = created(
      {
        notificationId: 'n12-3',
        type: 'announcement',
        kind: 'announcement',
        announcementId: 'a1',
        priority: 'high',
        important: false,
      },
      false,
    );
    inbox
      .given([announcement])
      .when({ type: 'MarkAnnouncementRead', recipientId: 'm1', announcementId: 'a1' })
      .then([{ type: 'NotificationRead', data: { recipientId: 'm1', notificationId: 'n12-3' } }]);
    inbox
      .given([announcement])
      .when({ type: 'MarkAnnouncementRead', recipientId: 'm1', announcementId: 'a2' })
      .thenThrows(404, 'Announcement not found');
  });

  it('changes the e-mail setting only when it changes', () => {
    inbox.given([]).when({ type: 'ChangeSettings', accountId: 'm1', emailImportant: true }).then([]);
    inbox
      .given([])
      .when({ type: 'ChangeSettings', accountId: 'm1', emailImportant: false })
      .then([{ type: 'NotificationSettingsChanged', data: { accountId: 'm1', emailImportant: false } }]);
  });
});

describe('announcements', () => {
  const publish = (over: Partial<AnnouncementCommand> = {}): AnnouncementCommand => ({
    type: 'PublishAnnouncement',
    announcementId: 'a1',
    senderId: 'c1',
    senderRole: 'training_centre',
    senderName: 'North Gas Training',
    title: 'Exams',
    message: 'Mock exams on Friday.',
    priority: 'high',
    recipientIds: ['s1', 's2'],
    allowedRecipientIds: ['s1', 's2', 's3'],
    ...over,
  });

  it('publishes to the sender’s own students', () => {
    announcements
      .given([])
      .when(publish())
      .then([
        {
          type: 'AnnouncementPublished',
          data: {
            announcementId: 'a1',
            senderId: 'c1',
            senderRole: 'training_centre',
            senderName: 'North Gas Training',
            title: 'Exams',
            message: 'Mock exams on Friday.',
            priority: 'high',
            recipientIds: ['s1', 's2'],
          },
        },
      ]);
  });

  it('refuses the whole announcement with 403 when any recipient is not the sender’s', () => {
    announcements
      .given([])
      .when(publish({ recipientIds: ['s1', 'other-centres-student'] }))
      .thenThrows(403, NOT_YOUR_STUDENTS);
  });

  it('refuses a student or admin sender, and an empty recipient list', () => {
    announcements
      .given([])
      .when(publish({ senderRole: 'student' }))
      .thenThrows(403);
    announcements
      .given([])
      .when(publish({ recipientIds: [] }))
      .thenThrows(400, /Please select at least one student/);
  });

  it('publishes an announcement once', () => {
    announcements
      .given([{ type: 'AnnouncementPublished', data: { ...publish(), senderRole: 'training_centre' } as never }])
      .when(publish())
      .thenThrows(409);
  });
});
