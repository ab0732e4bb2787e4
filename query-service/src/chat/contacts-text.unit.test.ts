import { describe, expect, it, vi } from 'vitest';
import { chatContactSchema } from '@panda/contracts/chat';
import { event, messageSent } from '@panda/events/testing/fixtures';
import { CHAT_THREADS, chatProjection, type ChatThreadDoc } from '@panda/projections/read-models/chat';
import { projectionSpec } from '@panda/projections/testing/projection-spec';
import { contactText, threadsOf, type ContactRow } from './contacts-page';

/** What a page needs of a conversation, from its document parsed. */
const parsed = (d: ChatThreadDoc) => ({
  contact: d.contact,
  unread_count: d.unread_count,
  last_message: JSON.stringify(d.last_message ?? null),
  last_position: d.last_position,
});

describe('chat contacts from the stored texts of their conversations', () => {
  it('reads the conversations the chat projection writes as their parsed documents say, without parsing them', async () => {
    const docs = (await projectionSpec(chatProjection)
      .given([
        messageSent(),
        messageSent({ messageId: 'msg2', senderId: 'm1', receiverId: 's1', text: 'Say "hi" \\ to\nthe centre}],' }),
        messageSent({
          messageId: 'msg3',
          senderId: 'c1',
          receiverId: 's1',
          chatType: 'training_centre_student',
          messageType: 'image',
          text: '',
          image: { hash: 'a'.repeat(64), content_type: 'image/png', size: 10, width: 2, height: 2 },
          imageFilename: 'boiler "front".png',
        }),
        event('MessageRead', { messageId: 'msg2', senderId: 'm1', receiverId: 's1' }),
      ])
      .all(CHAT_THREADS)) as ChatThreadDoc[];
    expect(docs.length).toBe(4);
    const texts = docs.map((d) => JSON.stringify(d));
    const parse = vi.spyOn(JSON, 'parse');
    const threads = threadsOf(texts);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(threads).toEqual(docs.map(parsed));
    // Read as the texts they are: each last message is the very text of its document's.
    for (const [i, t] of threadsOf(texts).entries())
      expect(texts[i]).toContain(`"last_message":${t.last_message},"last_position":`);
  });

  it('parses a conversation in any other shape', () => {
    const base: ChatThreadDoc = {
      id: 'o|c',
      owner: 'o',
      contact: 'c',
      message_count: 1,
      unread_count: 2,
      last_message: null as never,
      last_position: 7,
      _audience: ['o'],
    };
    const others = [
      { ...base, extra: true },
      { ...base, last_message: { id: 'x', nested: { deeper: 1 } } as never },
      { ...base, contact: 'a "quoted" \\ contact' },
      { id: 'o|c', owner: 'o', contact: 'c', unread_count: 0, last_message: null, last_position: 3 } as never,
    ];
    for (const d of others) expect(threadsOf([JSON.stringify(d)])).toEqual([parsed(d)]);
  });

  it('writes a contact as JSON.stringify writes it, in the contract', () => {
    const rows: ContactRow[] = [
      {
        id: 's1',
        role: 'student',
        Chat_Type: 'mentor_student',
        name: 'Zoë "Z" O\\Brien',
        online: true,
        unread_count: 3,
        last_message:
          '{"id":"m","Sender_ID":"s1","Receiver_ID":"m1","Message":"hi","Message_Type":"text","Image_Data":null,"Image_Filename":null,"Chat_Type":"mentor_student","Read":false,"Read_At":null,"Created_At":"2026-01-01T00:00:00.000Z"}',
        at: 9,
      },
      {
        id: 'c1',
        role: 'training_centre',
        Chat_Type: 'training_centre_student',
        name: '',
        online: false,
        unread_count: 0,
        last_message: 'null',
        at: 0,
      },
    ];
    for (const { at: _at, ...row } of rows) {
      const object = { ...row, last_message: JSON.parse(row.last_message) as unknown };
      expect(contactText({ ...row, at: 0 })).toBe(JSON.stringify(object));
      chatContactSchema.parse(JSON.parse(contactText({ ...row, at: 0 })));
    }
  });
});
