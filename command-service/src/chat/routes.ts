import { Router, type Request } from 'express';
import { postMessageRequestSchema, sendMessageRequestSchema, CHAT_TEXTS } from '@panda/contracts/chat';
import {
  CHAT_MESSAGES,
  CHAT_THREADS,
  conversationDocId,
  threadId,
  type ChatMessageDoc,
  type ChatThreadDoc,
} from '@panda/projections/read-models/chat';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, validate } from '@panda/platform/http';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { contactChatType, markMessageRead, sendChatMessage } from './service';

const ID = /^[\w-]{1,100}$/;

function pathId(req: Request, name: string, missing: string): string {
  const id = String(req.params[name]);
  if (!ID.test(id)) throw notFound(missing);
  return id;
}

/**
 * Chat commands (spec §7 "Messages and chat"; rulings 13, 18; contracts/src/chat.ts):
 * - POST  /api/messages        {Receiver_ID, Message, Chat_Type?}               -> 201 {success, message, position}
 * - POST  /api/send-message    {receiver_id, message, chat_type?, message_type, image_data?, image_filename?, image_size?}
 *                                                                              -> 201 {success, message, position}
 * - PATCH /api/messages/:id/read                 (the receiver)                -> {id, Read, Read_At, position}
 * - PATCH /api/chat-contacts/:contactId/read     (every unread message from that contact) -> {marked, position}
 * A receiver outside the caller's contacts is 403 and nothing is appended; someone else's message is 404.
 */
export function chatRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  r.post('/api/messages', auth, async (req, res) => {
    const body = validate(postMessageRequestSchema, req.body);
    const { message, position } = await sendChatMessage(
      deps,
      authOf(req),
      { receiverId: body.Receiver_ID, chatType: body.Chat_Type ?? null, messageType: 'text', text: body.Message },
      metaFor(req, deps),
    );
    sendResult(res, 201, position, { success: true, message });
  });

  r.post('/api/send-message', auth, async (req, res) => {
    const body = validate(sendMessageRequestSchema, req.body);
    const { message, position } = await sendChatMessage(
      deps,
      authOf(req),
      {
        receiverId: body.receiver_id,
        chatType: body.chat_type ?? null,
        messageType: body.message_type,
        text: body.message,
        imageData: body.image_data,
        imageFilename: body.image_filename,
      },
      metaFor(req, deps),
    );
    sendResult(res, 201, position, { success: true, message });
  });

  r.patch('/api/messages/:id/read', auth, async (req, res) => {
    const messageId = pathId(req, 'id', CHAT_TEXTS.notFound);
    const { position, ...body } = await markMessageRead(deps, authOf(req).id, messageId, metaFor(req, deps));
    sendResult(res, 200, position, body);
  });

  r.patch('/api/chat-contacts/:contactId/read', auth, async (req, res) => {
    const me = authOf(req).id;
    const contact = pathId(req, 'contactId', 'Contact not found');
    // The read model only says which messages to mark (routing); each read is decided on its own stream.
    const thread = (await deps.readStore.get(CHAT_THREADS, threadId(me, contact))) as ChatThreadDoc | null;
    // Someone who is neither a contact nor in a conversation with the caller is not theirs to see: 404.
    if (!thread?.message_count && !(await contactChatType(deps, authOf(req), contact)))
      throw notFound('Contact not found');
    let unread = thread?.unread_count ?? 0;
    let marked = 0;
    let position = await deps.store.headPosition();
    for (let n = thread?.message_count ?? 0; n > 0 && unread > 0; n -= 200) {
      const ids = Array.from({ length: Math.min(200, n) }, (_, i) => conversationDocId(me, contact, n - i));
      const copies = (await deps.readStore.find(CHAT_MESSAGES, { id: { $in: ids } })) as ChatMessageDoc[];
      for (const copy of copies) {
        if (copy.message.Receiver_ID !== me || copy.message.Read) continue;
        unread--;
        const result = await markMessageRead(deps, me, copy.message_id, metaFor(req, deps, `:${copy.message_id}`));
        position = Math.max(position, result.position);
        marked++;
      }
    }
    sendResult(res, 200, position, { marked });
  });

  return r;
}
