import { Router, type Request } from 'express';
import { postMessageRequestSchema, sendMessageRequestSchema, CHAT_TEXTS } from '@panda/contracts/chat';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, validate } from '@panda/platform/http';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { logIndexOf } from '../shared/log-index';
import { contactChatType, markMessageRead, sendChatMessage } from './service';

const ID = /^[\w-]{1,100}$/;

function pathId(req: Request, name: string, missing: string): string {
  const id = String(req.params[name]);
  if (!ID.test(id)) throw notFound(missing);
  return id;
}

/**
 * Chat commands (spec §7 "Messages and chat"; docs/rules.md#chat-contacts, docs/rules.md#image-checks; contracts/src/chat.ts):
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
    // The write side's log index says which messages are unread; each read is decided on its own stream.
    // Someone who is neither a contact nor in a conversation with the caller is not theirs to see: 404
    // (docs/rules.md#not-yours-is-404).
    const index = logIndexOf(deps.store);
    if (!(await index.haveWritten(me, contact)) && !(await contactChatType(deps, authOf(req), contact)))
      throw notFound('Contact not found');
    let marked = 0;
    let position = await deps.store.headPosition();
    for (const messageId of await index.unreadMessages(me, contact)) {
      const result = await markMessageRead(deps, me, messageId, metaFor(req, deps, `:${messageId}`));
      position = Math.max(position, result.position);
      marked++;
    }
    sendResult(res, 200, position, { marked });
  });

  return r;
}
