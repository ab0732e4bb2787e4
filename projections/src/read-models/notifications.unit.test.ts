import { describe, it } from 'vitest';
import { notificationCreated } from '@panda/events/testing/fixtures';
import { notificationDoc } from '../testing/docs';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import { notificationSettings, notifications, notificationsProjection } from './notifications';

const spec = projectionSpec(notificationsProjection);

const created = (notificationId: string, recipientId = 's1') => notificationCreated({ notificationId, recipientId });

const doc = notificationDoc;

describe('notifications projection', () => {
  it("keeps each notification for its recipient, ordered by the log; only the recipient's reads count", async () => {
    const given = spec.given([
      created('n1'),
      created('n2'),
      created('n3'),
      { type: 'NotificationRead', data: { recipientId: 'someone-else', notificationId: 'n1' } },
      { type: 'NotificationRead', data: { recipientId: 's1', notificationId: 'n2' } },
      { type: 'AllNotificationsRead', data: { recipientId: 's1', notificationIds: ['n1', 'n2'] } },
    ]);
    await given.then(notifications, 'n1', doc('n1', 1, { read: true, read_at: givenTime(6) }));
    await given.then(notifications, 'n2', doc('n2', 2, { read: true, read_at: givenTime(5) }));
    await given.then(notifications, 'n3', doc('n3', 3));
  });

  it("keeps each account's e-mail setting", async () => {
    await spec
      .given([{ type: 'NotificationSettingsChanged', data: { accountId: 's1', emailImportant: false } }])
      .then(notificationSettings, 's1', { id: 's1', email_important: false, _audience: ['s1'] });
  });
});
