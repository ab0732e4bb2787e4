import { z } from 'zod';
import { defineEvent } from '../define';
import { imageRefSchema } from './profiles';

/**
 * Chat (spec §2 Chat, §3 Message; docs/rules.md#chat-contacts, docs/rules.md#image-checks, docs/rules.md#every-change-is-an-event, docs/rules.md#notifications-from-events). One stream per message:
 * `message-<messageId>`, holding its MessageSent and, once, its MessageRead. Messages are never
 * deleted. An image is stored in the blob store first (decoded and encoded again); the event
 * carries its reference, never the bytes. Time, actor and correlation id are in the envelope.
 */
export const messageStream = (messageId: string) => `message-${messageId}`;

export const chatTypeSchema = z.enum(['mentor_student', 'training_centre_student']);
export type ChatType = z.infer<typeof chatTypeSchema>;

export const MessageSent = defineEvent(
  'MessageSent',
  z.object({
    messageId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    chatType: chatTypeSchema,
    messageType: z.enum(['text', 'image']),
    /** The text (for an image, its caption: '' when none). */
    text: z.string(),
    image: imageRefSchema.nullable(),
    imageFilename: z.string().nullable(),
    /**
     * Whether the receiver had this conversation open on a live connection when it was sent
     * (docs/rules.md#notifications-from-events: no "message received" notification then). False when the sending process
     * cannot know.
     */
    receiverInConversation: z.boolean(),
  }),
);

/** The receiver read the message (the read receipt); at most once per message. */
export const MessageRead = defineEvent(
  'MessageRead',
  z.object({ messageId: z.string(), senderId: z.string(), receiverId: z.string() }),
);

export const chatEvents = [MessageSent, MessageRead] as const;
