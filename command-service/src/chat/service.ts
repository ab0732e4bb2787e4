import { createHash } from 'node:crypto';
import type { AppendMeta } from '@panda/events/envelope';
import { accountStream } from '@panda/events/catalogue/accounts';
import { messageStream, type ChatType } from '@panda/events/catalogue/chat';
import type { ImageRef } from '@panda/events/catalogue/profiles';
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXTS, messageOf, type Message } from '@panda/contracts/chat';
import { HttpError, badRequest } from '@panda/platform/errors';
import { decodeImage } from '@panda/platform/images';
import { handle, load } from '../shared/decider';
import type { CommandDeps } from '../shared/deps';
import { trainingDecider } from '../training/decider';
import { activePlacement } from '../training/state';
import { messageDecider, refusalBeforeImage, type ChatEvent } from './decider';

export interface Caller {
  id: string;
  role: string;
}

/**
 * The chat type of `me`'s contact with `otherId` (docs/rules.md#chat-contacts), or null when they are not contacts:
 * a student with their training centre (training_centre_student) and with their mentor of the
 * ACTIVE placement (mentor_student); a mentor with the students placed with them; a centre with the
 * students it registered. Read from the student's own stream (the write side), never a read model.
 */
export async function contactChatType(
  deps: Pick<CommandDeps, 'store'>,
  me: Caller,
  otherId: string,
): Promise<ChatType | null> {
  if (me.id === otherId) return null;
  if (me.role !== 'student' && me.role !== 'mentor' && me.role !== 'training_centre') return null;
  const studentId = me.role === 'student' ? me.id : otherId;
  const counterpart = me.role === 'student' ? otherId : me.id;
  const { state } = await load(deps.store, accountStream(studentId), trainingDecider);
  if (!state.registered) return null;
  if ((me.role === 'student' || me.role === 'training_centre') && state.centreId === counterpart)
    return 'training_centre_student';
  if ((me.role === 'student' || me.role === 'mentor') && activePlacement(state)?.mentorId === counterpart)
    return 'mentor_student';
  return null;
}

export interface SendInput {
  receiverId: string;
  chatType: ChatType | null;
  messageType: 'text' | 'image';
  text: string;
  /** A base64 data URL, or bare base64, of the image. */
  imageData?: string;
  imageFilename?: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const imageError = (message: string) => badRequest([{ field: 'image_data', message }]);

/**
 * docs/rules.md#image-checks on the server: the bytes must be a JPEG, PNG or WEBP of at most 10 MB, whatever the
 * browser did; decoded in full and encoded again (platform/images.ts), then stored in the blob store
 * before any event refers to it.
 */
async function storeChatImage(deps: Pick<CommandDeps, 'blobs'>, imageData: string): Promise<ImageRef> {
  const base64 = (imageData.startsWith('data:') ? imageData.slice(imageData.indexOf(',') + 1) : imageData).replace(
    /\s+/g,
    '',
  );
  if (!BASE64.test(base64) || base64.length % 4 === 1) throw imageError(CHAT_TEXTS.imageType);
  const size = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > CHAT_IMAGE_MAX_BYTES) throw imageError(CHAT_TEXTS.imageSize);
  const decoded = await decodeImage(Buffer.from(base64, 'base64'));
  if (!decoded.ok) throw imageError(decoded.reason === 'too_large' ? CHAT_TEXTS.imageSize : CHAT_TEXTS.imageType);
  const stored = await deps.blobs.put(decoded.image.bytes, decoded.image.contentType);
  return {
    hash: stored.hash,
    content_type: decoded.image.contentType,
    size: stored.size,
    width: decoded.image.width,
    height: decoded.image.height,
  };
}

/**
 * The id of the message a command sends, made from its command id: a retried request (the same
 * Idempotency-Key, or the same WebSocket `client_id`) names the same message stream and so
 * appends nothing new.
 */
export const messageIdFor = (commandId: string) => {
  const h = createHash('sha256').update(`chat-message:${commandId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

export interface SentMessage {
  message: Message;
  position: number;
}

async function recorded(deps: Pick<CommandDeps, 'store'>, messageId: string) {
  const events = await deps.store.readStream(messageStream(messageId));
  const sent = events.find((e) => e.type === 'MessageSent');
  const read = events.find((e) => e.type === 'MessageRead');
  return { sent, read };
}

/**
 * Per-account chat limits, counted before anything is read, decoded or stored: past them the send is
 * refused with 429 and Retry-After (an `error` frame with `retry_after` on the WebSocket) and nothing
 * is stored (docs/rules.md#chat-limits).
 */
async function withinChatLimits(deps: Pick<CommandDeps, 'throttles'>, accountId: string, image: boolean) {
  const refuse = (wait: number, message: string) => new HttpError(429, message, { 'Retry-After': String(wait) });
  const messages = await deps.throttles.chatMessages.take(accountId);
  if (messages) throw refuse(messages, CHAT_TEXTS.tooManyMessages);
  if (!image) return;
  const images = await deps.throttles.chatImages.take(accountId);
  if (images) throw refuse(images, CHAT_TEXTS.tooManyImages);
}

/** Sends one chat message (HTTP or WebSocket: the same decider, the same checks). */
export async function sendChatMessage(
  deps: CommandDeps,
  sender: Caller,
  input: SendInput,
  meta: AppendMeta,
): Promise<SentMessage> {
  await withinChatLimits(deps, sender.id, input.messageType === 'image');
  const contact = await contactChatType(deps, sender, input.receiverId);
  const fields = {
    senderId: sender.id,
    senderRole: sender.role,
    receiverId: input.receiverId,
    chatType: input.chatType,
    contactChatType: contact,
    messageType: input.messageType,
    text: input.text,
    imageFilename: input.imageFilename ?? null,
  };
  // Refused before an image is decoded or stored.
  const refused = refusalBeforeImage(fields);
  if (refused) throw refused;
  if (input.messageType === 'image' && !input.imageData) throw imageError(CHAT_TEXTS.imageMissing);
  const image = input.messageType === 'image' && input.imageData ? await storeChatImage(deps, input.imageData) : null;
  const messageId = messageIdFor(meta.commandId);
  const receiverInConversation = deps.chatPresence?.inConversation(input.receiverId, sender.id) ?? false;
  const result = await handle(
    deps.store,
    messageStream(messageId),
    messageDecider,
    { type: 'SendMessage', messageId, image, receiverInConversation, ...fields },
    meta,
  );
  const event = result.events[0] as ChatEvent | undefined;
  if (event?.type === 'MessageSent') return { message: messageOf(event.data, meta.time), position: result.position };
  // A retried command: answer the message it sent the first time.
  const { sent, read } = await recorded(deps, messageId);
  if (!sent) throw new Error(`message ${messageId} was not recorded`);
  const message = messageOf((sent as unknown as Extract<ChatEvent, { type: 'MessageSent' }>).data, sent.time);
  return { message: read ? { ...message, Read: true, Read_At: read.time } : message, position: sent.position };
}

/** The receiver marks a message read (once; again answers the first read). */
export async function markMessageRead(deps: CommandDeps, readerId: string, messageId: string, meta: AppendMeta) {
  await handle(
    deps.store,
    messageStream(messageId),
    messageDecider,
    { type: 'MarkMessageRead', messageId, readerId },
    meta,
  );
  const { read } = await recorded(deps, messageId);
  if (!read) throw new Error(`message ${messageId} read was not recorded`);
  return { id: messageId, Read: true as const, Read_At: read.time, position: read.position };
}
