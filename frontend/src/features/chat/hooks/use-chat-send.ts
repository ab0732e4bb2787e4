import {
  CHAT_TEXTS,
  wsServerFrameSchema,
  type ChatContact,
  type Message,
  type SendMessageRequest,
  type WsClientMessage,
  type WsClientTyping,
} from '@panda/contracts/chat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { onLiveMessage, sendLive } from '../../../lib/live';
import { toast } from '../../../lib/toast';
import { useSendChatMessageMutation } from '../api/chat-api';
import { TYPING_IDLE_MS, TYPING_SHOWN_MAX_MS } from '../lib/format';
import { useChatConnection } from './use-chat-live';

export interface OutgoingMessage {
  text: string;
  image?: { dataUrl: string; filename: string; bytes: number };
}

export interface PendingMessage {
  clientId: string;
  outgoing: OutgoingMessage;
  state: 'sending' | 'failed';
  startedAt: string;
}

const SEND_FAILED = CHAT_TEXTS.sendFailed;
/** How long a message sent over the socket waits for the server's message_sent or error. */
const WS_ANSWER_TIMEOUT_MS = 15_000;
/** How far the server's clock may be behind this one when matching a cut-off message to a stored one. */
const CLOCK_SKEW_MS = 60_000;

function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function requestOf(contact: ChatContact, outgoing: OutgoingMessage): SendMessageRequest {
  const base = { receiver_id: contact.id, message: outgoing.text, chat_type: contact.Chat_Type };
  if (!outgoing.image) return { ...base, message_type: 'text' };
  return {
    ...base,
    message_type: 'image',
    image_data: outgoing.image.dataUrl,
    image_filename: outgoing.image.filename,
    image_size: outgoing.image.bytes,
  };
}

/**
 * Sending to one contact: over the WebSocket while it is connected (`message` with a client_id; the
 * server's `message_sent` or `error` with that id settles it), otherwise over HTTP
 * (`POST /api/send-message`). Until it is stored a message shows as pending; a refused one gives its
 * text back (`onRefused`) with the server's reason; one cut off with the socket shows Not sent and
 * Retry, unless the polled conversation shows it arrived after all.
 */
export function useChatSend(
  contact: ChatContact,
  messages: Message[] | undefined,
  onRefused: (outgoing: OutgoingMessage) => void,
) {
  const { status } = useChatConnection();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  // The source of truth (answers may come before a re-render); `pending` mirrors it for rendering.
  const list = useRef<PendingMessage[]>([]);
  const update = useCallback((change: (items: PendingMessage[]) => PendingMessage[]) => {
    list.current = change(list.current);
    setPending(list.current);
  }, []);
  const [sendHttp] = useSendChatMessageMutation();

  const settle = useCallback(
    (clientId: string, error?: string) => {
      const item = list.current.find((p) => p.clientId === clientId);
      if (!item) return;
      update((items) => items.filter((p) => p.clientId !== clientId));
      if (error !== undefined) {
        toast.error(error);
        onRefused(item.outgoing);
      }
    },
    [update, onRefused],
  );

  // The server's answer to a WebSocket send.
  useEffect(
    () =>
      onLiveMessage((raw) => {
        const parsed = wsServerFrameSchema.safeParse(raw);
        if (!parsed.success) return;
        const frame = parsed.data;
        if (frame.type === 'message_sent' && frame.client_id) settle(frame.client_id);
        else if (frame.type === 'error' && frame.client_id) settle(frame.client_id, frame.message || SEND_FAILED);
      }),
    [settle],
  );

  const send = useCallback(
    (outgoing: OutgoingMessage) => {
      const startedAt = new Date().toISOString();
      const request = requestOf(contact, outgoing);
      if (status === 'connected') {
        const clientId = `ws:${newClientId()}`;
        const frame: WsClientMessage = { type: 'message', ...request, client_id: clientId };
        if (sendLive(frame)) {
          update((items) => [...items, { clientId, outgoing, state: 'sending', startedAt }]);
          // No answer in time (the socket died with it): Not sent, with Retry.
          setTimeout(
            () =>
              update((items) =>
                items.map((p) => (p.clientId === clientId && p.state === 'sending' ? { ...p, state: 'failed' } : p)),
              ),
            WS_ANSWER_TIMEOUT_MS,
          );
          return;
        }
      }
      const clientId = `http:${newClientId()}`;
      update((items) => [...items, { clientId, outgoing, state: 'sending', startedAt }]);
      void sendHttp(request)
        .unwrap()
        .then(
          () => settle(clientId),
          (err: unknown) => settle(clientId, errorMessage(err, SEND_FAILED)),
        );
    },
    [contact, status, sendHttp, settle, update],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = list.current.find((p) => p.clientId === clientId);
      if (!item) return;
      update((items) => items.filter((p) => p.clientId !== clientId));
      send(item.outgoing);
    },
    [send, update],
  );

  // A message sent over the socket that went down since cannot be answered any more: Not sent, with
  // Retry. One cut off that the conversation shows after all is not pending any more.
  const visible = useMemo(
    () =>
      pending
        .map((p): PendingMessage =>
          p.state === 'sending' && p.clientId.startsWith('ws:') && status !== 'connected'
            ? { ...p, state: 'failed' }
            : p,
        )
        .filter(
          (p) =>
            p.state === 'sending' ||
            !(messages ?? []).some(
              (m) =>
                m.Receiver_ID === contact.id &&
                Date.parse(m.Created_At) >= Date.parse(p.startedAt) - CLOCK_SKEW_MS &&
                m.Message === p.outgoing.text &&
                (m.Message_Type === 'image') === !!p.outgoing.image,
            ),
        ),
    [pending, messages, contact.id, status],
  );

  return { pending: visible, send, retry };
}

function typingFrame(receiverId: string, isTyping: boolean): WsClientTyping {
  return { type: 'typing', receiver_id: receiverId, is_typing: isTyping };
}

/** Tells the contact "typing" while keys are pressed, and "stopped" after 2 s without one (spec §9). */
export function useTypingSender(contactId: string) {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (typing.current) sendLive(typingFrame(contactId, false));
    typing.current = false;
  }, [contactId]);

  const keystroke = useCallback(() => {
    if (!typing.current) typing.current = sendLive(typingFrame(contactId, true));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [contactId, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}

/**
 * Whether the contact is typing to me now (their `typing_indicator`, cleared by their message or after
 * a while). Used by a conversation mounted per contact (keyed by the contact's id).
 */
export function useContactTyping(contactId: string): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const set = (value: boolean) => {
      if (timer) clearTimeout(timer);
      timer = value ? setTimeout(() => setTyping(false), TYPING_SHOWN_MAX_MS) : null;
      setTyping(value);
    };
    const off = onLiveMessage((raw) => {
      const parsed = wsServerFrameSchema.safeParse(raw);
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'typing_indicator' && frame.sender_id === contactId) set(frame.is_typing);
      else if (frame.type === 'new_message' && frame.message.Sender_ID === contactId) set(false);
      else if (frame.type === 'user_status' && frame.user_id === contactId && frame.status === 'offline') set(false);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [contactId]);
  return typing;
}
