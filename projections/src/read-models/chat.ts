import type { ImageRef } from '@panda/events/catalogue/profiles';
import { messageOf, type Message } from '@panda/contracts/chat';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** Chat read models: docs/read-models.md#chat. */
export const CHAT_MESSAGES = 'chat_messages';
export const CHAT_THREADS = 'chat_threads';

export interface ChatMessageDoc {
  id: string;
  owner: string;
  contact: string;
  message_id: string;
  inbox_n: number;
  inbox_key: string;
  conversation_n: number;
  /** What last changed this copy, and at which log position (the live pushes follow it). */
  last_event: 'sent' | 'read';
  event_position: number;
  message: Message;
  /** The stored image (blob store reference) of an image message, served by `chatImageUrl`. */
  image: ImageRef | null;
  _audience: string[];
}

export interface ChatThreadDoc {
  id: string;
  owner: string;
  contact: string;
  message_count: number;
  /** Messages from `contact` that `owner` has not read. */
  unread_count: number;
  last_message: Message;
  /** Log position of the last message (the contact list's most-recent-first order). */
  last_position: number;
  _audience: string[];
}

export interface ChatInboxDoc {
  id: string;
  message_count: number;
  _audience: string[];
}

export const chatMessages = collection<ChatMessageDoc>(CHAT_MESSAGES);
export const chatThreads = collection<ChatThreadDoc>(CHAT_THREADS);
export const chatInboxes = collection<ChatInboxDoc>('chat_inboxes');

export const conversationDocId = (owner: string, contact: string, n: number) => `${owner}|${contact}|${n}`;
export const inboxKey = (owner: string, n: number) => `${owner}|${n}`;
export const threadId = (owner: string, contact: string) => `${owner}|${contact}`;

export const chatProjection = defineProjection({
  name: 'chat',
  collections: {
    // `?q` of the messages list: the caller's copies (owner, newest first) whose text or image name contains it.
    [CHAT_MESSAGES]: [
      'message_id',
      'inbox_key',
      'owner+inbox_n',
      searchIndex('message.Message', 'message.Image_Filename'),
    ],
    [CHAT_THREADS]: ['owner+last_position'], // also serves `owner = ?` alone (its first column)
    [chatInboxes.name]: [],
  },
  on: {
    // A copy for each side, numbered in its owner's inbox and in the conversation.
    MessageSent: async ({ time, position, data: d }, ctx) => {
      const message = messageOf(d, time);
      const sides = [
        [d.senderId, d.receiverId],
        [d.receiverId, d.senderId],
      ] as const;
      // One wait for all four reads: a message's read model commits without yielding more than once.
      const [inboxes, threads] = await Promise.all([
        Promise.all(sides.map(([owner]) => chatInboxes.in(ctx).get(owner))),
        Promise.all(sides.map(([owner, contact]) => chatThreads.in(ctx).get(threadId(owner, contact)))),
      ]);
      for (const [i, [owner, contact]] of sides.entries()) {
        const inbox = inboxes[i] ?? { id: owner, message_count: 0, _audience: [owner] };
        const thread = threads[i];
        const inboxN = inbox.message_count + 1;
        const conversationN = (thread?.message_count ?? 0) + 1;
        chatMessages.in(ctx).put({
          id: conversationDocId(owner, contact, conversationN),
          owner,
          contact,
          message_id: d.messageId,
          inbox_n: inboxN,
          inbox_key: inboxKey(owner, inboxN),
          conversation_n: conversationN,
          last_event: 'sent',
          event_position: position,
          message,
          image: d.image,
          _audience: [owner],
        });
        chatInboxes.in(ctx).put({ ...inbox, message_count: inboxN });
        chatThreads.in(ctx).put({
          id: threadId(owner, contact),
          owner,
          contact,
          message_count: conversationN,
          unread_count: (thread?.unread_count ?? 0) + (owner === d.receiverId ? 1 : 0),
          last_message: message,
          last_position: position,
          _audience: [owner],
        });
      }
    },
    // Both copies are marked read (once); the receiver's unread count goes down.
    MessageRead: async ({ time, position, data: d }, ctx) => {
      for (const copy of await chatMessages.in(ctx).find({ message_id: d.messageId })) {
        if (copy.message.Read) continue;
        const message: Message = { ...copy.message, Read: true, Read_At: time };
        chatMessages.in(ctx).put({ ...copy, message, last_event: 'read', event_position: position });
        await chatThreads.in(ctx).update(threadId(copy.owner, copy.contact), (thread) => ({
          ...thread,
          unread_count: copy.owner === d.receiverId ? Math.max(0, thread.unread_count - 1) : thread.unread_count,
          last_message: thread.last_message.id === d.messageId ? message : thread.last_message,
        }));
      }
    },
  },
});
