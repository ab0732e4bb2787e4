import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@panda/events/envelope';
import { checkEvent } from '@panda/events/catalogue';
import { namedAccounts, notificationsFor, type Facts } from './notification-rules';

const sent = (over: Record<string, unknown> = {}): RecordedEvent => {
  const data = {
    messageId: 'msg-1',
    senderId: 'm1',
    receiverId: 's1',
    chatType: 'mentor_student',
    messageType: 'text',
    text: 'See you at 9',
    image: null,
    imageFilename: null,
    receiverInConversation: false,
    ...over,
  };
  checkEvent('MessageSent', data);
  return {
    eventId: 'e',
    type: 'MessageSent',
    stream: 'message-msg-1',
    streamVersion: 0,
    position: 70,
    time: '2026-01-05T10:30:00.000Z',
    actorId: 'm1',
    correlationId: 'c',
    commandId: 'k',
    data,
  };
};
const facts: Facts = { names: { m1: 'Dave Clarke', s1: 'Amy Pond' }, centreId: null, jobType: null, role: null };

describe('the notifications reactor: message received', () => {
  it('notifies the receiver, naming the sender, linking the conversation and the message', () => {
    const [n, ...rest] = notificationsFor(sent(), facts);
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      recipientId: 's1',
      draft: {
        type: 'message',
        kind: 'message_received',
        title: 'New message from Dave Clarke',
        message: 'See you at 9',
        link: '/dashboard?view=chat&id=m1',
        senderId: 'm1',
        fromUser: 'Dave Clarke',
        messageId: 'msg-1',
        important: false,
      },
    });
    expect(namedAccounts(sent())).toContain('m1');
  });

  it('says nothing while the receiver has that conversation open', () => {
    expect(notificationsFor(sent({ receiverInConversation: true }), facts)).toEqual([]);
  });

  it('an image says so; long text is cut to 100 characters', () => {
    expect(
      notificationsFor(
        sent({
          messageType: 'image',
          text: '',
          image: { hash: 'a'.repeat(64), content_type: 'image/png', size: 10, width: 1, height: 1 },
          imageFilename: 'x.png',
        }),
        facts,
      )[0].draft.message,
    ).toBe('Dave Clarke sent you an image');
    expect(notificationsFor(sent({ text: 'x'.repeat(150) }), facts)[0].draft.message).toHaveLength(100);
  });
});
