import type { EventsOf } from '@panda/events/define';
import { chatEvents, type ChatType } from '@panda/events/catalogue/chat';
import type { ImageRef } from '@panda/events/catalogue/profiles';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_MESSAGE_MAX, CHAT_TEXTS } from '@panda/contracts/chat';
import { DomainError, badRequest, conflict, forbidden, notFound } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';

/**
 * One chat message (stream `message-<id>`): sent once, read once by its receiver, never deleted.
 * Who may write to whom (docs/rules.md#chat-contacts) is a fact of the student's stream: the route loads it and
 * passes it as `contactChatType` (null when the two are not contacts).
 */
export type ChatEvent = EventsOf<typeof chatEvents>;

/** Roles that may send images (spec §5: mentor, student and straggler, who is a student without a centre). */
export const IMAGE_ROLES: readonly string[] = ['mentor', 'student'];

export interface SendMessage {
  type: 'SendMessage';
  messageId: string;
  senderId: string;
  senderRole: string;
  receiverId: string;
  /** The chat type the client named, if any; it must be the contact's. */
  chatType: ChatType | null;
  /** The chat type of the sender's contact with the receiver (docs/rules.md#chat-contacts), null when they are not contacts. */
  contactChatType: ChatType | null;
  messageType: 'text' | 'image';
  text: string;
  image: ImageRef | null;
  imageFilename: string | null;
  receiverInConversation: boolean;
}

export interface MarkMessageRead {
  type: 'MarkMessageRead';
  messageId: string;
  readerId: string;
}

export type ChatCommand = SendMessage | MarkMessageRead;

export interface MessageState {
  sent: boolean;
  senderId: string | null;
  receiverId: string | null;
  read: boolean;
}

export const initialMessageState = (): MessageState => ({ sent: false, senderId: null, receiverId: null, read: false });

export function evolveMessage(state: MessageState, event: ChatEvent): MessageState {
  switch (event.type) {
    case 'MessageSent':
      return { sent: true, senderId: event.data.senderId, receiverId: event.data.receiverId, read: false };
    case 'MessageRead':
      return { ...state, read: true };
    default:
      return state;
  }
}

/**
 * The refusals that need no image bytes, in the order a client should hear them: not a contact
 * (403), wrong chat type (400), a role that may not send images (403), blank text (400). The route
 * checks these before it decodes and stores an image; `decide` checks them again.
 */
export function refusalBeforeImage(
  c: Omit<SendMessage, 'type' | 'messageId' | 'image' | 'receiverInConversation'>,
): DomainError | null {
  if (c.senderId === c.receiverId || c.contactChatType === null) return forbidden(CHAT_TEXTS.notContact);
  if (c.chatType !== null && c.chatType !== c.contactChatType)
    return badRequest([{ field: 'chat_type', message: CHAT_TEXTS.chatTypeMismatch }]);
  if (c.messageType === 'image' && !IMAGE_ROLES.includes(c.senderRole)) return forbidden(CHAT_TEXTS.imageRole);
  const text = c.text.trim();
  if (c.messageType === 'text' && text === '') return badRequest([{ field: 'message', message: CHAT_TEXTS.empty }]);
  if (text.length > CHAT_MESSAGE_MAX) return badRequest([{ field: 'message', message: CHAT_TEXTS.tooLong }]);
  return null;
}

function decideSend(c: SendMessage, state: MessageState): ChatEvent[] {
  if (state.sent) throw conflict('This message was already sent');
  const refused = refusalBeforeImage(c);
  if (refused) throw refused;
  if (c.messageType === 'image') {
    if (!c.image) throw badRequest([{ field: 'image_data', message: CHAT_TEXTS.imageMissing }]);
    if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(c.image.content_type))
      throw badRequest([{ field: 'image_data', message: CHAT_TEXTS.imageType }]);
    if (c.image.size > CHAT_IMAGE_MAX_BYTES) throw badRequest([{ field: 'image_data', message: CHAT_TEXTS.imageSize }]);
  }
  const image = c.messageType === 'image' ? c.image : null;
  return [
    {
      type: 'MessageSent',
      data: {
        messageId: c.messageId,
        senderId: c.senderId,
        receiverId: c.receiverId,
        chatType: c.contactChatType as ChatType,
        messageType: c.messageType,
        text: c.text.trim(),
        image,
        imageFilename: image ? c.imageFilename?.trim() || 'image' : null,
        receiverInConversation: c.receiverInConversation,
      },
    },
  ];
}

function decideRead(c: MarkMessageRead, state: MessageState): ChatEvent[] {
  // Someone else's message does not exist for the caller (its id is not theirs to probe).
  if (!state.sent || (c.readerId !== state.senderId && c.readerId !== state.receiverId))
    throw notFound(CHAT_TEXTS.notFound);
  if (c.readerId !== state.receiverId) throw forbidden(CHAT_TEXTS.notReceiver);
  if (state.read) return [];
  return [
    {
      type: 'MessageRead',
      data: { messageId: c.messageId, senderId: state.senderId as string, receiverId: state.receiverId },
    },
  ];
}

export const messageDecider: Decider<ChatCommand, MessageState, ChatEvent> = {
  initialState: initialMessageState,
  evolve: evolveMessage,
  decide: (command, state) =>
    command.type === 'SendMessage' ? decideSend(command, state) : decideRead(command, state),
};
