import { randomUUID } from 'node:crypto';
import { uuidv7 } from '@panda/events/ids';
import type { WebSocket } from 'ws';
import type { AppendMeta } from '@panda/events/envelope';
import {
  CHAT_TEXTS,
  wsClientMessageSchema,
  wsClientTypingSchema,
  wsClientViewingSchema,
  type ChatType,
  type Message,
} from '@panda/contracts/chat';
import { CHAT_MESSAGES, chatMessages } from '@panda/projections/read-models/chat';
import type { CommittedBatch } from '@panda/projections/projection';
import type { z } from 'zod';
import type { Connection, LiveHub } from '../live/hub';
import type { QueryDeps } from '../shared/deps';
import { contactOf, contactsOf } from './contacts';

/** The command side's send (the same decider and checks as `POST /api/send-message`), injected by the composition. */
export interface ChatCommands {
  send(
    caller: { id: string; role: string },
    input: {
      receiverId: string;
      chatType: ChatType | null;
      messageType: 'text' | 'image';
      text: string;
      imageData?: string;
      imageFilename?: string;
    },
    meta: AppendMeta,
  ): Promise<{ message: Message; position: number }>;
  /** The message id a command id sends (so the hub knows its own message when the read model has it). */
  messageIdFor(commandId: string): string;
}

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid message';
type Refusal = Error & { detail: string | { message: string }[] };
/** A refusal the command side meant for the user (an HTTP error at the edge or a domain error from a decider). */
const isRefusal = (err: unknown): err is Refusal =>
  err instanceof Error && 'detail' in err && (typeof err.detail === 'string' || Array.isArray(err.detail));
const errorText = (err: unknown) =>
  isRefusal(err)
    ? typeof err.detail === 'string'
      ? err.detail
      : err.detail.map((d) => d.message).join(', ')
    : CHAT_TEXTS.sendFailed;

/** The chat part of the WebSocket protocol (docs/api-chat.md): reads read models, appends through the command side. */
export function chatLive(deps: QueryDeps, hub: LiveHub, commands: ChatCommands) {
  const rs = deps.readStore;
  const viewing = new WeakMap<WebSocket, string | null>();
  /** Messages sent over a socket, until the read model has them: that socket gets `message_sent` with its client_id. */
  const pending = new Map<string, { socket: WebSocket; clientId?: string; answered: boolean }>();
  const roles = new Map<string, string>();

  hub.on('message', async (conn, raw) => {
    const clientId = typeof raw.client_id === 'string' ? raw.client_id.slice(0, 100) : undefined;
    /** An answer to this socket, with the client's id of the message it answers. */
    const reply = (message: object) =>
      hub.send(conn.socket, { ...message, ...(clientId ? { client_id: clientId } : {}) });
    const parsed = wsClientMessageSchema.safeParse(raw);
    if (!parsed.success) return reply({ type: 'error', message: firstIssue(parsed.error) });
    const f = parsed.data;
    const meta: AppendMeta = {
      time: deps.clock().toISOString(),
      actorId: conn.auth.id,
      correlationId: randomUUID(),
      // The same client_id again is the same command: it sends nothing twice.
      commandId: clientId ? `ws:${conn.auth.id}:${clientId}` : uuidv7(),
    };
    const messageId = commands.messageIdFor(meta.commandId);
    const mine = { socket: conn.socket, clientId, answered: false };
    pending.set(messageId, mine);
    let sent: { message: Message; position: number };
    try {
      sent = await commands.send(
        conn.auth,
        {
          receiverId: f.receiver_id,
          chatType: f.chat_type ?? null,
          messageType: f.message_type,
          text: f.message,
          imageData: f.image_data,
          imageFilename: f.image_filename,
        },
        meta,
      );
    } catch (err) {
      if (pending.get(messageId) === mine) pending.delete(messageId);
      if (!isRefusal(err)) deps.logger.error({ err }, 'chat message over the WebSocket failed');
      const retryAfter = Number((err as { headers?: Record<string, string> }).headers?.['Retry-After']);
      return reply({ type: 'error', message: errorText(err), ...(retryAfter > 0 ? { retry_after: retryAfter } : {}) });
    }
    await deps.waitForProjections(sent.position);
    // A retried client_id appends nothing, so no batch tells the sender: answered here, once.
    if (pending.get(messageId) === mine) {
      mine.answered = true;
      reply({ type: 'message_sent', message: sent.message });
      setTimeout(() => pending.get(messageId) === mine && pending.delete(messageId), 30_000).unref();
    }
  });

  hub.on('typing', async (conn, raw) => {
    const parsed = wsClientTypingSchema.safeParse(raw);
    if (!parsed.success) return hub.send(conn.socket, { type: 'error', message: firstIssue(parsed.error) });
    const { receiver_id, is_typing } = parsed.data;
    if (!(await contactOf(rs, conn.auth, receiver_id)))
      return hub.send(conn.socket, { type: 'error', message: CHAT_TEXTS.notContact });
    hub.sendTo(receiver_id, { type: 'typing_indicator', sender_id: conn.auth.id, is_typing });
  });

  hub.on('viewing', (conn: Connection, raw) => {
    const parsed = wsClientViewingSchema.safeParse(raw);
    if (!parsed.success) return hub.send(conn.socket, { type: 'error', message: firstIssue(parsed.error) });
    viewing.set(conn.socket, parsed.data.with);
  });

  // Presence goes to contacts only, and in the order it happened.
  let presenceQueue: Promise<void> = Promise.resolve();
  hub.onPresence((userId, status) => {
    const role = status === 'online' ? hub.connectionsOf(userId)[0]?.auth.role : roles.get(userId);
    if (status === 'online' && role) roles.set(userId, role);
    if (status === 'offline') roles.delete(userId);
    if (!role) return;
    presenceQueue = presenceQueue
      .then(async () => {
        for (const c of await contactsOf(rs, { id: userId, role }))
          hub.sendTo(c.id, { type: 'user_status', user_id: userId, status });
      })
      .catch((err) => deps.logger.error({ err, userId }, 'chat presence push failed'));
  });

  // Pushes follow the read model, whichever path (HTTP or WebSocket) appended, in log order.
  let batchQueue: Promise<void> = Promise.resolve();
  const onBatch = async (batch: CommittedBatch) => {
    for (const change of batch.changes) {
      if (change.collection !== CHAT_MESSAGES || !hub.isOnline(change.audience[0] ?? '')) continue;
      const doc = await rs.get(chatMessages, change.id);
      if (!doc) continue;
      const m = doc.message;
      // A copy changed again by a later batch was, in this batch, just sent (its only earlier change).
      const what = doc.event_position <= batch.position ? doc.last_event : 'sent';
      if (what === 'read') {
        hub.sendTo(doc.owner, {
          type: 'message_read',
          id: m.id,
          Sender_ID: m.Sender_ID,
          Receiver_ID: m.Receiver_ID,
          Read_At: m.Read_At ?? '',
          position: doc.event_position,
        });
      } else if (doc.owner === m.Receiver_ID) {
        hub.sendTo(doc.owner, { type: 'new_message', message: m });
      } else {
        const origin = pending.get(m.id);
        pending.delete(m.id);
        for (const c of hub.connectionsOf(doc.owner)) {
          const isOrigin = origin?.socket === c.socket;
          if (isOrigin && origin.answered) continue;
          hub.send(c.socket, {
            type: 'message_sent',
            message: m,
            ...(isOrigin && origin.clientId ? { client_id: origin.clientId } : {}),
          });
        }
      }
    }
  };
  hub.onCommitted((batch) => {
    if (batch.projection !== 'chat') return;
    batchQueue = batchQueue.then(() => onBatch(batch)).catch((err) => deps.logger.error({ err }, 'chat push failed'));
    return batchQueue;
  });

  return {
    /** docs/rules.md#notifications-from-events: the receiver has the conversation with `contactId` open on a live connection. */
    inConversation: (userId: string, contactId: string) =>
      hub.connectionsOf(userId).some((c) => viewing.get(c.socket) === contactId),
  };
}
