import type { RecordedEvent } from '@panda/events/envelope';
import type { EventsOf } from '@panda/events/define';
import type { chatEvents } from '@panda/events/catalogue/chat';
import type { ImageRef } from '@panda/events/catalogue/profiles';
import type { Message } from '@panda/contracts/chat';
import type { Projection, ProjectionContext } from '../projection';

/**
 * Chat read models (spec §3 Message; rulings 13, 24), built only from MessageSent / MessageRead.
 *
 * - `chat_messages`: each message twice, once per participant (`owner`), so that everything a
 *   caller reads is keyed by them. Each copy is numbered in its owner's whole inbox (`inbox_n`,
 *   1, 2, 3, …) and in the conversation (`conversation_n`). Messages are never deleted, so the
 *   numbers are dense and a page is fetched by id: `<owner>|<contact>|<n>` (the conversation) or
 *   by `inbox_key` = `<owner>|<n>` (everything) — an index lookup per message, however many millions
 *   are stored. `message_id` finds both copies (read receipts, images).
 * - `chat_threads`: per owner and contact (`<owner>|<contact>`): message count, unread count (from
 *   that contact) and the last message: the contact list reads one document per contact.
 * - `chat_inboxes`: per owner: how many messages they sent or received (the inbox's numbering).
 *
 * Each document is seen by its owner only.
 */
export const CHAT_MESSAGES = 'chat_messages';
export const CHAT_THREADS = 'chat_threads';
export const CHAT_INBOXES = 'chat_inboxes';

type ChatEvent = EventsOf<typeof chatEvents>;
type SentData = Extract<ChatEvent, { type: 'MessageSent' }>['data'];

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
  [k: string]: unknown;
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
  [k: string]: unknown;
}

export interface ChatInboxDoc {
  id: string;
  message_count: number;
  _audience: string[];
  [k: string]: unknown;
}

export const chatImageUrl = (messageId: string) => `/api/chat-images/${encodeURIComponent(messageId)}`;
export const conversationDocId = (owner: string, contact: string, n: number) => `${owner}|${contact}|${n}`;
export const inboxKey = (owner: string, n: number) => `${owner}|${n}`;
export const threadId = (owner: string, contact: string) => `${owner}|${contact}`;

/** The Message (spec §3) a MessageSent records, as the API shows it: unread. */
export function messageOf(d: SentData, time: string): Message {
  return {
    id: d.messageId,
    Sender_ID: d.senderId,
    Receiver_ID: d.receiverId,
    Message: d.text,
    Message_Type: d.messageType,
    Image_Data: d.image ? chatImageUrl(d.messageId) : null,
    Image_Filename: d.imageFilename,
    Chat_Type: d.chatType,
    Read: false,
    Read_At: null,
    Created_At: time,
  };
}

async function sent(e: RecordedEvent, d: SentData, ctx: ProjectionContext) {
  const message = messageOf(d, e.time);
  const sides = [
    [d.senderId, d.receiverId],
    [d.receiverId, d.senderId],
  ] as const;
  // One wait for all four reads: a message's read model commits without yielding more than once.
  const [inboxes, threads] = await Promise.all([
    Promise.all(sides.map(([owner]) => ctx.get(CHAT_INBOXES, owner))),
    Promise.all(sides.map(([owner, contact]) => ctx.get(CHAT_THREADS, threadId(owner, contact)))),
  ]);
  for (const [i, [owner, contact]] of sides.entries()) {
    const inbox = (inboxes[i] as ChatInboxDoc | null) ?? { id: owner, message_count: 0, _audience: [owner] };
    const thread = threads[i] as ChatThreadDoc | null;
    const inboxN = inbox.message_count + 1;
    const conversationN = (thread?.message_count ?? 0) + 1;
    const doc: ChatMessageDoc = {
      id: conversationDocId(owner, contact, conversationN),
      owner,
      contact,
      message_id: d.messageId,
      inbox_n: inboxN,
      inbox_key: inboxKey(owner, inboxN),
      conversation_n: conversationN,
      last_event: 'sent',
      event_position: e.position,
      message,
      image: d.image,
      _audience: [owner],
    };
    ctx.put(CHAT_MESSAGES, doc);
    ctx.put(CHAT_INBOXES, { ...inbox, message_count: inboxN });
    const unread = (thread?.unread_count ?? 0) + (owner === d.receiverId ? 1 : 0);
    const next: ChatThreadDoc = {
      id: threadId(owner, contact),
      owner,
      contact,
      message_count: conversationN,
      unread_count: unread,
      last_message: message,
      last_position: e.position,
      _audience: [owner],
    };
    ctx.put(CHAT_THREADS, next);
  }
}

async function read(
  e: RecordedEvent,
  d: { messageId: string; senderId: string; receiverId: string },
  ctx: ProjectionContext,
) {
  const copies = (await ctx.find(CHAT_MESSAGES, { message_id: d.messageId })) as ChatMessageDoc[];
  for (const copy of copies) {
    if (copy.message.Read) continue;
    const message: Message = { ...copy.message, Read: true, Read_At: e.time };
    ctx.put(CHAT_MESSAGES, { ...copy, message, last_event: 'read', event_position: e.position });
    const thread = (await ctx.get(CHAT_THREADS, threadId(copy.owner, copy.contact))) as ChatThreadDoc | null;
    if (!thread) continue;
    const unread = copy.owner === d.receiverId ? Math.max(0, thread.unread_count - 1) : thread.unread_count;
    const last = thread.last_message.id === d.messageId ? message : thread.last_message;
    ctx.put(CHAT_THREADS, { ...thread, unread_count: unread, last_message: last });
  }
}

export const chatProjection: Projection = {
  name: 'chat',
  collections: { [CHAT_MESSAGES]: ['message_id', 'inbox_key'], [CHAT_THREADS]: ['owner'], [CHAT_INBOXES]: [] },
  handles: ['MessageSent', 'MessageRead'],
  async apply(e, ctx) {
    const event = { type: e.type, data: e.data } as ChatEvent;
    if (event.type === 'MessageSent') await sent(e, event.data, ctx);
    else if (event.type === 'MessageRead') await read(e, event.data, ctx);
  },
};
