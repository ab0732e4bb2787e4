import { wholeLists } from '../../../lib/api';
import { useEffect, useRef } from 'react';
import { selectApiReachable } from '../../../lib/connectivity';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { onLiveMessage, selectLiveStatus, type LiveStatus } from '../../../lib/live';
import {
  chatApi,
  presenceChanged,
  receiptReceived,
  upsertMessage,
  useChatContactsInfiniteQuery,
} from '../api/chat-api';
import { POLLING_INTERVAL_MS } from '../lib/format';

let frames: Promise<typeof import('../lib/server-frames')> | null = null;
/** The frames' reader, loaded once (tried again with the next frame if it could not load). */
const loadFrames = () =>
  (frames ??= import('../lib/server-frames').catch((err: unknown) => {
    frames = null;
    throw err;
  }));

export interface ChatConnection {
  status: LiveStatus;
  /** The socket is down after having been tried: screens poll over HTTP every 2 s. */
  fallback: boolean;
  /**
   * Whether the composer is enabled. Spec §4 says "disabled unless connected"; we also allow
   * sending over HTTP while the socket is down and the API still answers, because the fallback
   * keeps messages flowing and a user expects to be able to answer them. Disabled while the first
   * connection is being made and while the API cannot be reached at all.
   */
  canSend: boolean;
}

export function useChatConnection(): ChatConnection {
  const status = useAppSelector(selectLiveStatus);
  const reachable = useAppSelector(selectApiReachable);
  const fallback = status === 'reconnecting' || status === 'error' || status === 'disconnected';
  return { status, fallback, canSend: status === 'connected' || (fallback && reachable) };
}

/**
 * Keeps the chat caches live for the whole dashboard (mounted once by the shell): WebSocket frames
 * patch contacts and conversations; the contact list (and so the unread totals) polls every 2 s
 * while the socket is down; on reconnect everything chat is fetched again to catch up.
 */
export function useChatLiveSync(): void {
  const dispatch = useAppDispatch();
  const { status, fallback } = useChatConnection();
  useChatContactsInfiniteQuery(undefined, { pollingInterval: fallback ? POLLING_INTERVAL_MS : 0 });

  useEffect(() => {
    // The frames are read by the chat contract's schema, whose code (zod) loads with the first frame
    // rather than with the dashboard's first screen (docs/rules.md#light-first-screens); frames that
    // arrive while it loads wait for it, in order.
    let mounted = true;
    let inTurn = Promise.resolve();
    const off = onLiveMessage((raw) => {
      inTurn = inTurn.then(async () => {
        const frame = (await loadFrames()).parseServerFrame(raw);
        if (!frame || !mounted) return;
        if (frame.type === 'new_message' || frame.type === 'message_sent') dispatch(upsertMessage(frame.message));
        else if (frame.type === 'message_read') dispatch(receiptReceived(frame));
        else if (frame.type === 'user_status') dispatch(presenceChanged(frame.user_id, frame.status === 'online'));
      });
      // A frame whose reader could not load is dropped, as an unreadable frame is; the next ones still go.
      inTurn = inTurn.catch(() => undefined);
    });
    return () => {
      mounted = false;
      off();
    };
  }, [dispatch]);

  const wasDown = useRef(false);
  useEffect(() => {
    if (status !== 'connected') {
      if (status !== 'connecting') wasDown.current = true;
      return;
    }
    if (!wasDown.current) return;
    wasDown.current = false;
    dispatch(chatApi.util.invalidateTags(wholeLists('chat_messages', 'chat_threads')));
  }, [dispatch, status]);
}
