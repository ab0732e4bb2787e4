import { CHAT_TEXTS, wsServerFrameSchema, type ChatContact, type Message, type SendMessageRequest } from '@panda/contracts/chat';
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
/** How far the server's clock may be behind this one when matching a cut-off message to a stored one. */
const CLOCK_SKEW_MS = 60_000;

function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function requestOf(contact: ChatContact, outgoing: OutgoingMessage): SendMessageRequest {
  const base = { receiver_id: contact.id, message: outgoing.text, chat_type: contact.Chat_Type };
  if (!outgoing.image) return { ...base, message_type: 'text' };
  return { ...base, message_type: 'image', image_data: outgoing.image.dataUrl, image_filename: outgoing.image.filename, image_size: outgoing.image.bytes };
}

/**
 * Sending to one contact: over the WebSocket while it is connected (`message` with a client_id; the
 * server's `message_sent` or `error` with that id settles it), otherwise over HTTP
 * (`POST /api/send-message`). Until it is stored a message shows as pending; a refused one gives its
 * text back (`onRefused`) with the server's reason; one cut off with the socket shows Not sent and
 * Retry, unless the polled conversation shows it arrived after all.
 */
export function useChatSend(contact: ChatContact, messages: Message[] | undefined, onRefused: (outgoing: OutgoingMessage) => void) {
  const { status } = useChatConnection();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  // The source of truth (answers may come before a re-render); `pending` mirrors it for rendering.
  const list = useRef<PendingMessage[]>([]);
  const update = useCallback((change: (items: PendingMessage[]) => PendingMessage[]) => {
    list.current = change(list.current);
    setPending(list.current);
  }, []);
  const [sendHttp] = useSendChatMessageMutation();
  const refused = useRef(onRefused);
  refused.current = onRefused;

  const settle = useCallback(
    (clientId: string, error?: string) => {
      const item = list.current.find((p) => p.clientId === clientId);
      if (!item) return;
      update((items) => items.filter((p) => p.clientId !== clientId));
      if (error !== undefined) {
        toast.error(error);
        refused.current(item.outgoing);
      }
    },
    [update],
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

  // The socket went down with messages in flight: they may or may not have been stored.
  useEffect(() => {
    if (status === 'connected') return;
    if (list.current.some((p) => p.state === 'sending' && p.clientId.startsWith('ws:'))) update((items) => items.map((p) => (p.clientId.startsWith('ws:') ? { ...p, state: 'failed' } : p)));
  }, [status, update]);

  const send = useCallback(
    (outgoing: OutgoingMessage) => {
      const startedAt = new Date().toISOString();
      const request = requestOf(contact, outgoing);
      if (status === 'connected') {
        const clientId = `ws:${newClientId()}`;
        if (sendLive({ type: 'message', ...request, client_id: clientId })) {
          update((items) => [...items, { clientId, outgoing, state: 'sending', startedAt }]);
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

  // A message cut off with the socket that the conversation shows after all is not pending any more.
  const visible = useMemo(
    () =>
      pending.filter(
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
    [pending, messages, contact.id],
  );

  return { pending: visible, send, retry };
}

/** Tells the contact "typing" while keys are pressed, and "stopped" after 2 s without one (spec §9). */
export function useTypingSender(contactId: string) {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (typing.current) sendLive({ type: 'typing', receiver_id: contactId, is_typing: false });
    typing.current = false;
  }, [contactId]);

  const keystroke = useCallback(() => {
    if (!typing.current) typing.current = sendLive({ type: 'typing', receiver_id: contactId, is_typing: true });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [contactId, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}

/** Whether the contact is typing to me now (their `typing_indicator`, cleared by their message or after a while). */
export function useContactTyping(contactId: string): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const set = (value: boolean) => {
      if (timer) clearTimeout(timer);
      timer = value ? setTimeout(() => setTyping(false), TYPING_SHOWN_MAX_MS) : null;
      setTyping(value);
    };
    set(false);
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
