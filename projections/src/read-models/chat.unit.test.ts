import { describe, expect, it } from 'vitest';
import { chatImageUrl, type Message } from '@panda/contracts/chat';
import { event, messageSent } from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec } from '../testing/projection-spec';
import {
  chatInboxes,
  chatMessages,
  chatProjection,
  chatThreads,
  type ChatMessageDoc,
  type ChatThreadDoc,
} from './chat';

const spec = projectionSpec(chatProjection);

/** Message msg<n> from s1 to m1 (the n-th given event), as the API shows it. */
const message = (n: number, over: Partial<Message> = {}): Message => ({
  id: `msg${n}`,
  Sender_ID: 's1',
  Receiver_ID: 'm1',
  Message: 'Hello',
  Message_Type: 'text',
  Image_Data: null,
  Image_Filename: null,
  Chat_Type: 'mentor_student',
  Read: false,
  Read_At: null,
  Created_At: t(n),
  ...over,
});
const copy = (owner: string, contact: string, n: number, over: Partial<ChatMessageDoc> = {}): ChatMessageDoc => ({
  id: `${owner}|${contact}|${n}`,
  owner,
  contact,
  message_id: `msg${n}`,
  inbox_n: n,
  inbox_key: `${owner}|${n}`,
  conversation_n: n,
  last_event: 'sent',
  event_position: n,
  message: message(n),
  image: null,
  _audience: [owner],
  ...over,
});
const thread = (owner: string, contact: string, over: Partial<ChatThreadDoc> = {}): ChatThreadDoc => ({
  id: `${owner}|${contact}`,
  owner,
  contact,
  message_count: 1,
  unread_count: 0,
  last_message: message(1),
  last_position: 1,
  _audience: [owner],
  ...over,
});
const read = (n: number) => event('MessageRead', { messageId: `msg${n}`, senderId: 's1', receiverId: 'm1' });

describe('chat projection', () => {
  it('MessageSent: a copy for each side, numbered in the inbox and the conversation; threads and inboxes count', async () => {
    const given = spec.given([
      messageSent({ messageId: 'msg1' }),
      messageSent({ messageId: 'msg2', senderId: 'c1', receiverId: 's1', chatType: 'training_centre_student' }),
    ]);
    await given.then(chatMessages, 's1|m1|1', copy('s1', 'm1', 1));
    await given.then(chatMessages, 'm1|s1|1', copy('m1', 's1', 1));
    // s1's second message in their inbox is the first with c1.
    const fromCentre = message(2, { Sender_ID: 'c1', Receiver_ID: 's1', Chat_Type: 'training_centre_student' });
    await given.then(
      chatMessages,
      's1|c1|1',
      copy('s1', 'c1', 1, {
        message_id: 'msg2',
        inbox_n: 2,
        inbox_key: 's1|2',
        event_position: 2,
        message: fromCentre,
      }),
    );
    await given.then(chatThreads, 'm1|s1', thread('m1', 's1', { unread_count: 1 }));
    await given.then(chatThreads, 's1|m1', thread('s1', 'm1'));
    await given.then(
      chatThreads,
      's1|c1',
      thread('s1', 'c1', { unread_count: 1, last_message: fromCentre, last_position: 2 }),
    );
    await given.then(chatInboxes, 's1', { id: 's1', message_count: 2, _audience: ['s1'] });
    await given.then(chatInboxes, 'm1', { id: 'm1', message_count: 1, _audience: ['m1'] });
    expect(await given.all(chatMessages)).toHaveLength(4);
  });

  it('MessageSent: an image message keeps its stored image and is served from the chat image URL', async () => {
    const image = { hash: 'c'.repeat(64), content_type: 'image/png' as const, size: 10, width: 2, height: 3 };
    const sent = messageSent({ messageType: 'image', text: '', image, imageFilename: 'boiler.png' });
    await spec.given([sent]).then(
      chatMessages,
      'm1|s1|1',
      copy('m1', 's1', 1, {
        image,
        message: message(1, {
          Message: '',
          Message_Type: 'image',
          Image_Data: chatImageUrl('msg1'),
          Image_Filename: 'boiler.png',
        }),
      }),
    );
  });

  it("MessageRead: both copies are read; the receiver's unread count goes down; reading twice changes nothing", async () => {
    const given = spec.given([
      messageSent({ messageId: 'msg1' }),
      messageSent({ messageId: 'msg2' }),
      read(1),
      read(1),
    ]);
    const readMessage = message(1, { Read: true, Read_At: t(3) });
    for (const [owner, contact] of [
      ['s1', 'm1'],
      ['m1', 's1'],
    ])
      await given.then(
        chatMessages,
        `${owner}|${contact}|1`,
        copy(owner, contact, 1, { message: readMessage, last_event: 'read', event_position: 3 }),
      );
    // The thread's last message is msg2, still unread.
    const last = { message_count: 2, last_message: message(2), last_position: 2 };
    await given.then(chatThreads, 'm1|s1', thread('m1', 's1', { ...last, unread_count: 1 }));
    await given.then(chatThreads, 's1|m1', thread('s1', 'm1', last));
    // Reading the last message updates it in the thread.
    await spec
      .given([messageSent({ messageId: 'msg1' }), read(1)])
      .then(chatThreads, 'm1|s1', thread('m1', 's1', { last_message: message(1, { Read: true, Read_At: t(2) }) }));
  });
});
