import { z } from 'zod';
import { multiLineText, singleLineText } from './fields';
import { pageQuerySchema } from './paging';
import { defineRoutes } from './route-contract';

/**
 * The contract of the chat capability (spec §2 Chat, §3 Message, §5, §7 "Messages and chat", §9;
 * docs/rules.md#chat-contacts, docs/rules.md#image-checks, docs/rules.md#notifications-from-events, docs/rules.md#list-paging): request and response bodies of its HTTP routes and every WebSocket
 * message. Routes validate requests with these schemas, integration tests parse every answer with
 * them and the web app's types are `z.infer` of them. Field names follow the spec's Message entity
 * (one spelling each). No dependency but zod.
 */

/** mentor_student: a student and their mentor; training_centre_student: a student and their centre (docs/rules.md#chat-contacts). */
export const CHAT_TYPES = ['mentor_student', 'training_centre_student'] as const;
export const chatTypeSchema = z.enum(CHAT_TYPES, {
  error: "Chat type must be 'mentor_student' or 'training_centre_student'",
});
export type ChatType = z.infer<typeof chatTypeSchema>;

export const MESSAGE_TYPES = ['text', 'image'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES, { error: "Message type must be 'text' or 'image'" });
export type MessageType = z.infer<typeof messageTypeSchema>;

/** The roles that may appear as a chat contact. */
export const CONTACT_ROLES = ['student', 'mentor', 'training_centre'] as const;
export const contactRoleSchema = z.enum(CONTACT_ROLES);
export type ContactRole = z.infer<typeof contactRoleSchema>;

/** Spec §9: photo and chat image at most 10 MB (10485760 bytes), checked on the server by the real bytes (docs/rules.md#image-checks). */
export const CHAT_IMAGE_MAX_BYTES = 10_485_760;
/** The image types a chat image may have (spec §5), by their bytes. */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Longest image file name kept, in characters. */
export const CHAT_IMAGE_FILENAME_MAX = 255;

// The texts live in a module with no schema, so the web app's first screens can show them without
// loading zod (docs/rules.md#light-first-screens).
export { CHAT_MESSAGE_MAX, CHAT_TEXTS } from './chat-texts';
import { CHAT_MESSAGE_MAX, CHAT_TEXTS } from './chat-texts';

/** Per account: messages a minute, images an hour, live WebSocket connections at once. */
export const CHAT_LIMITS = { messagesPerMinute: 60, imagesPerHour: 30, liveConnections: 5 } as const;

/**
 * One chat message (spec §3 Message). `Image_Data` is the URL of the stored image (served by
 * `GET /api/chat-images/{id}` to the sender and receiver only), never a data URL; null for text.
 * Messages are never deleted.
 */
export const messageSchema = z.object({
  id: z.string(),
  Sender_ID: z.string(),
  Receiver_ID: z.string(),
  /** The text (for an image, an optional caption: '' when none). */
  Message: z.string(),
  Message_Type: messageTypeSchema,
  Image_Data: z.string().nullable(),
  Image_Filename: z.string().nullable(),
  Chat_Type: chatTypeSchema,
  Read: z.boolean(),
  /** ISO-8601 time the receiver read it (null while unread): the read receipt. */
  Read_At: z.string().nullable(),
  /** ISO-8601. */
  Created_At: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Where a chat image is served (to its sender and receiver only). */
export const chatImageUrl = (messageId: string) => `/api/chat-images/${encodeURIComponent(messageId)}`;

/** The Message a `MessageSent` event records, as the API shows it (unread): for commands and read models alike. */
export function messageOf(
  d: {
    messageId: string;
    senderId: string;
    receiverId: string;
    text: string;
    messageType: Message['Message_Type'];
    image: object | null;
    imageFilename: string | null;
    chatType: Message['Chat_Type'];
  },
  time: string,
): Message {
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

/**
 * `GET /api/messages?with=&limit=&cursor=` (docs/rules.md#list-paging paging): the caller's messages (sent or
 * received), NEWEST FIRST; `with` keeps the conversation with that one contact. The page is a JSON
 * array of `messageSchema`; `X-Total-Count` and, while there is more (older), `Link: <...>; rel="next"`.
 */
export const messagesQuerySchema = pageQuerySchema.extend({
  with: z.string().trim().min(1).max(100).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;
export const messagesPageSchema = z.array(messageSchema);

const chatText = multiLineText(CHAT_TEXTS.empty)
  .trim()
  .min(1, CHAT_TEXTS.empty)
  .max(CHAT_MESSAGE_MAX, CHAT_TEXTS.tooLong);
const receiverId = z
  .string({ error: 'Please choose who to send the message to' })
  .trim()
  .min(1, 'Please choose who to send the message to')
  .max(100);

/**
 * `POST /api/messages` (spec §7: the centre's Send Message dialog; any role may use it): a text
 * message. `Chat_Type` may be left out: the server knows it from the contact; a wrong one is 400.
 */
export const postMessageRequestSchema = z.object({
  Receiver_ID: receiverId,
  Message: chatText,
  Chat_Type: chatTypeSchema.optional(),
});
export type PostMessageRequest = z.input<typeof postMessageRequestSchema>;

/**
 * The fields of a message to send as `POST /api/send-message` and the WebSocket `message` take them.
 * For an image: `message_type: 'image'`, `image_data` a base64 data URL (or bare base64) of a JPEG,
 * PNG or WEBP of at most 10 MB, `image_filename`; `message` is then an optional caption.
 * `image_size` (bytes, what the browser measured) is informational: the server measures itself.
 */
const sendFields = {
  receiver_id: receiverId,
  message: multiLineText().trim().max(CHAT_MESSAGE_MAX, CHAT_TEXTS.tooLong).default(''),
  chat_type: chatTypeSchema.optional(),
  message_type: messageTypeSchema.default('text'),
  image_data: z.string().max(15_000_000, CHAT_TEXTS.imageSize).optional(),
  image_filename: singleLineText().max(CHAT_IMAGE_FILENAME_MAX).optional(),
  image_size: z.number().int().min(0).optional(),
};
const checkSend = (v: { message: string; message_type: MessageType; image_data?: string }, ctx: z.RefinementCtx) => {
  if (v.message_type === 'text' && v.message.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['message'], message: CHAT_TEXTS.empty });
  if (v.message_type === 'image' && !v.image_data)
    ctx.addIssue({ code: 'custom', path: ['image_data'], message: CHAT_TEXTS.imageMissing });
};

/** `POST /api/send-message` (spec §7). */
export const sendMessageRequestSchema = z.object(sendFields).superRefine(checkSend);
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** The answer of `POST /api/messages` and `POST /api/send-message` (201): the stored message. */
export const sendMessageResponseSchema = z.object({
  success: z.literal(true),
  message: messageSchema,
  /** Log position of the MessageSent event (also in `X-Log-Position`). */
  position: z.number().int().min(0),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** `PATCH /api/messages/{id}/read` (receiver only; repeating it changes nothing and answers the same). */
export const markMessageReadResponseSchema = z.object({
  id: z.string(),
  Read: z.literal(true),
  Read_At: z.string(),
  position: z.number().int().min(0),
});
export type MarkMessageReadResponse = z.infer<typeof markMessageReadResponseSchema>;

/** `PATCH /api/chat-contacts/{contactId}/read`: marks every unread message from that contact as read. */
export const markConversationReadResponseSchema = z.object({
  marked: z.number().int().min(0),
  position: z.number().int().min(0),
});
export type MarkConversationReadResponse = z.infer<typeof markConversationReadResponseSchema>;

/** `GET /api/online-users`: the ids of the caller's contacts that have a live connection. */
export const onlineUsersResponseSchema = z.object({ online_users: z.array(z.string()) });
export type OnlineUsersResponse = z.infer<typeof onlineUsersResponseSchema>;

/** One entry of `GET /api/chat-contacts` (docs/rules.md#chat-contacts). */
export const chatContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: contactRoleSchema,
  /** The chat type of messages with this contact. */
  Chat_Type: chatTypeSchema,
  online: z.boolean(),
  /** Messages from this contact the caller has not read. */
  unread_count: z.number().int().min(0),
  last_message: messageSchema.nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/**
 * `GET /api/chat-contacts?limit=&cursor=` (docs/rules.md#list-paging paging): the caller's contacts, the most
 * recent conversation first, then contacts never written to by name. A JSON array with
 * `X-Total-Count` and `Link: <...>; rel="next"` while there is more. Empty: 'No contacts available'.
 */
export const chatContactsQuerySchema = pageQuerySchema;
export const chatContactsResponseSchema = z.array(chatContactSchema);

// ---------------------------------------------------------------- WebSocket (spec §7)

/**
 * Client `message`: send a chat message (the same rules as `POST /api/send-message`). `client_id`
 * (optional, chosen by the client) comes back on the `message_sent` or `error` it causes.
 */
export const wsClientMessageSchema = z
  .object({ type: z.literal('message'), ...sendFields, client_id: z.string().max(100).optional() })
  .superRefine(checkSend);
/** Client `typing`: relayed as `typing_indicator` to that contact only. */
export const wsClientTypingSchema = z.object({
  type: z.literal('typing'),
  receiver_id: receiverId,
  is_typing: z.boolean(),
});
export const wsClientPingSchema = z.object({ type: z.literal('ping') });
/**
 * Client `viewing` (an addition to §7, optional): the conversation this connection has open (the
 * contact's id), or null when none. docs/rules.md#notifications-from-events: while the receiver has the conversation open, a
 * message makes no "message received" notification; a client that never sends it gets them all.
 */
export const wsClientViewingSchema = z.object({
  type: z.literal('viewing'),
  with: z.string().trim().min(1).max(100).nullable(),
});
export const wsClientFrameSchema = z.discriminatedUnion('type', [
  wsClientMessageSchema,
  wsClientTypingSchema,
  wsClientPingSchema,
  wsClientViewingSchema,
]);
export type WsClientMessage = z.input<typeof wsClientMessageSchema>;
export type WsClientTyping = z.input<typeof wsClientTypingSchema>;
export type WsClientViewing = z.input<typeof wsClientViewingSchema>;
export type WsClientFrame = z.input<typeof wsClientFrameSchema>;

/** Server `new_message`: to every connection of the receiver once the message is stored. */
export const wsNewMessageSchema = z.object({ type: z.literal('new_message'), message: messageSchema });
/** Server `message_sent`: to every connection of the sender once the message is stored. */
export const wsMessageSentSchema = z.object({
  type: z.literal('message_sent'),
  message: messageSchema,
  client_id: z.string().optional(),
});
/** Server `user_status`: a contact came online or went offline (sent to their contacts only). */
export const wsUserStatusSchema = z.object({
  type: z.literal('user_status'),
  user_id: z.string(),
  status: z.enum(['online', 'offline']),
});
/** Server `typing_indicator`: a contact is typing (or stopped). */
export const wsTypingIndicatorSchema = z.object({
  type: z.literal('typing_indicator'),
  sender_id: z.string(),
  is_typing: z.boolean(),
});
export const wsPongSchema = z.object({ type: z.literal('pong') });
/** Server `error`: a bad frame or a refused message (the §5 texts); `client_id` when the frame had one. */
export const wsErrorSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  client_id: z.string().optional(),
  /** Past a chat limit: seconds until a message may be sent again (the HTTP answer's Retry-After). */
  retry_after: z.number().int().min(1).optional(),
});
/** Server `message_read`: the read receipt, to every connection of the sender (and the reader's other tabs). */
export const wsMessageReadSchema = z.object({
  type: z.literal('message_read'),
  /** The message id. */
  id: z.string(),
  Sender_ID: z.string(),
  Receiver_ID: z.string(),
  Read_At: z.string(),
  position: z.number().int().min(0),
});
/** Server `changed` (docs/api-conventions.md "Push"): a read-model document the user may see changed. */
export const wsChangedSchema = z.object({
  type: z.literal('changed'),
  collection: z.string(),
  id: z.string(),
  position: z.number().int().min(0),
});

export const wsServerFrameSchema = z.discriminatedUnion('type', [
  wsNewMessageSchema,
  wsMessageSentSchema,
  wsUserStatusSchema,
  wsTypingIndicatorSchema,
  wsPongSchema,
  wsErrorSchema,
  wsMessageReadSchema,
  wsChangedSchema,
]);
export type WsServerFrame = z.infer<typeof wsServerFrameSchema>;

/** The HTTP routes of chat (spec §7). Route contracts: see ./route-contract. */
export const chatRoutes = defineRoutes([
  { method: 'GET', path: '/api/messages', query: messagesQuerySchema, responses: { 200: messagesPageSchema } },
  {
    method: 'POST',
    path: '/api/messages',
    body: postMessageRequestSchema,
    responses: { 201: sendMessageResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/send-message',
    body: sendMessageRequestSchema,
    responses: { 201: sendMessageResponseSchema },
  },
  { method: 'PATCH', path: '/api/messages/:id/read', responses: { 200: markMessageReadResponseSchema } },
  {
    method: 'PATCH',
    path: '/api/chat-contacts/:contactId/read',
    responses: { 200: markConversationReadResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/chat-contacts',
    query: chatContactsQuerySchema,
    responses: { 200: chatContactsResponseSchema },
  },
  { method: 'GET', path: '/api/online-users', responses: { 200: onlineUsersResponseSchema } },
  {
    method: 'GET',
    path: '/api/chat-images/:messageId',
    responses: { 200: { contentType: /^image\/(jpeg|png|webp)/ } },
  },
]);
