import { describe, expect, it, vi } from 'vitest';
import { notificationSchema } from '@panda/contracts/notifications';
import { notificationCreated } from '@panda/events/testing/fixtures';
import {
  NOTIFICATIONS,
  notificationsProjection,
  type NotificationDoc,
} from '@panda/projections/read-models/notifications';
import { notificationDoc } from '@panda/projections/testing/docs';
import { projectionSpec, type GivenEvent } from '@panda/projections/testing/projection-spec';
import { notificationText, notificationView } from './notification-text';

const created = (notificationId: string, over: Parameters<typeof notificationCreated>[0] = {}) =>
  notificationCreated({
    notificationId,
    recipientId: 'm1',
    title: 'New placement request',
    message: 'Amy Pond has been proposed to you as a trainee.',
    link: '/dashboard?view=overview',
    ...over,
  });

/** What the list answered before: the document parsed, its view built and written out. */
const parsedView = (text: string) => JSON.stringify(notificationView(JSON.parse(text) as NotificationDoc));

describe('a notification from the stored text of its document', () => {
  it('is the view of the parsed document, byte for byte, for the documents the projection writes', async () => {
    const docs = (await projectionSpec(notificationsProjection)
      .given([
        created('n1'),
        created('n2', {
          type: 'announcement',
          kind: 'announcement',
          title: 'Site "visit" \\ today',
          message: 'Bring your cards}],"read":true\nplease',
          senderId: 'c1',
          fromUser: 'Centre "One"',
          announcementId: 'a1',
          priority: 'high',
        }),
        created('n3', { type: 'message', kind: 'message_received', messageId: 'msg1', senderId: 's1' }),
        { type: 'NotificationRead', data: { notificationId: 'n1', recipientId: 'm1' } } as GivenEvent,
      ])
      .all(NOTIFICATIONS)) as NotificationDoc[];
    expect(docs).toHaveLength(3);
    const texts = docs.map((d) => JSON.stringify(d));
    const parse = vi.spyOn(JSON, 'parse');
    const answered = texts.map(notificationText);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(answered).toEqual(texts.map(parsedView));
    for (const a of answered) notificationSchema.parse(JSON.parse(a));
    expect((JSON.parse(answered[0]) as { is_read: boolean }).is_read).toBe(true);
  });

  it('answers any other shape from the parsed document', () => {
    const doc = notificationDoc('n1', 3, { recipient_id: 'm1', type: 'info', _audience: ['m1'] });
    const { _audience, ...bare } = doc;
    for (const other of [
      { ...doc, extra: 1 },
      bare,
      Object.fromEntries(Object.entries(doc).reverse()),
      { ...doc, from_user: { x: 1 } },
    ])
      expect(notificationText(JSON.stringify(other))).toBe(parsedView(JSON.stringify(other)));
  });
});
