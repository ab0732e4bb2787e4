import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { api, notePosition } from './api';
import { expireSession, refusalReason, tokenRenewal } from './session';

/**
 * WebSocket push client: one connection per signed-in user at /ws/{userId}?token=... on the page's
 * origin. Pings every 30 s, reconnects 3 s after an abnormal close, closes with 1000 on logout,
 * logs out on close code 4001 (unless a password change in flight brings a new token: the root
 * layout then connects with it), stays closed on 4003 (a temporary password must be changed
 * first). `changed` pushes invalidate the RTK Query cache for that collection (LIST tag and the
 * document's id tag).
 *
 * Connection status is in redux (`selectLiveStatus`). Features (chat) use:
 *   sendLive({ type: 'typing', receiver_id, is_typing: true })  -> false when not connected
 *   const off = onLiveMessage((msg) => { if (msg.type === 'new_message') ... }); off();
 * The connection itself is owned by src/app/root-layout.tsx.
 */

export type LiveStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error';

export interface LiveMessage {
  type: string;
  [field: string]: unknown;
}

export interface LiveState {
  status: LiveStatus;
}

export const PING_INTERVAL_MS = 30_000;
export const RECONNECT_DELAY_MS = 3_000;
export const CLOSE_NORMAL = 1000;
export const CLOSE_TOKEN_REFUSED = 4001;
export const CLOSE_FORBIDDEN = 4003;
/** Past the account's live connections (docs/rules.md#chat-limits): try again later, not at once. */
export const CLOSE_TOO_MANY = 4029;
export const TOO_MANY_RETRY_MS = 30_000;

export const liveSlice = createSlice({
  name: 'live',
  initialState: { status: 'disconnected' } as LiveState,
  reducers: {
    liveStatusChanged(state, action: PayloadAction<LiveStatus>) {
      state.status = action.payload;
    },
  },
  selectors: {
    selectLiveStatus: (s) => s.status,
  },
});

export const { liveStatusChanged } = liveSlice.actions;
export const { selectLiveStatus } = liveSlice.selectors;

type Dispatch = (action: UnknownAction | ((...args: never[]) => unknown)) => unknown;

const listeners = new Set<(msg: LiveMessage) => void>();

let socket: WebSocket | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let current: { userId: string; token: string; dispatch: Dispatch } | null = null;

function liveUrl(userId: string, token: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/ws/${encodeURIComponent(userId)}?token=${encodeURIComponent(token)}`;
}

function clearTimers(): void {
  if (pingTimer) clearInterval(pingTimer);
  if (reconnectTimer) clearTimeout(reconnectTimer);
  pingTimer = null;
  reconnectTimer = null;
}

function handleMessage(dispatch: Dispatch, raw: unknown): void {
  if (typeof raw !== 'string') return;
  let msg: LiveMessage;
  try {
    msg = JSON.parse(raw) as LiveMessage;
  } catch {
    return;
  }
  if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
  if (msg.type === 'pong') return;
  if (msg.type === 'changed' && typeof msg.collection === 'string') {
    notePosition(msg.position);
    const tags: Array<{ type: string; id: string }> = [{ type: msg.collection, id: 'LIST' }];
    if (typeof msg.id === 'string' || typeof msg.id === 'number')
      tags.push({ type: msg.collection, id: String(msg.id) });
    dispatch(api.util.invalidateTags(tags as never));
  }
  for (const listener of listeners) {
    try {
      listener(msg);
    } catch (err) {
      console.error('live listener failed', err);
    }
  }
}

function open(reconnecting: boolean): void {
  const conn = current;
  if (!conn) return;
  conn.dispatch(liveStatusChanged(reconnecting ? 'reconnecting' : 'connecting'));
  let ws: WebSocket;
  try {
    ws = new WebSocket(liveUrl(conn.userId, conn.token));
  } catch {
    conn.dispatch(liveStatusChanged('error'));
    scheduleReconnect();
    return;
  }
  socket = ws;

  ws.onopen = () => {
    if (socket !== ws) return;
    conn.dispatch(liveStatusChanged('connected'));
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
    }, PING_INTERVAL_MS);
  };
  ws.onmessage = (event) => {
    if (socket === ws) handleMessage(conn.dispatch, event.data);
  };
  ws.onerror = () => {
    if (socket === ws) conn.dispatch(liveStatusChanged('error'));
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    if (event.code === CLOSE_TOKEN_REFUSED) {
      conn.dispatch(liveStatusChanged('disconnected'));
      void tokenRenewal().then(async (renewed) => {
        if ((renewed && renewed !== conn.token) || current !== conn) return;
        current = null;
        // A lock: the server says why on the next call (docs/rules.md#locked-accounts).
        const reason = event.reason === 'Account locked' ? await refusalReason(conn.token) : null;
        conn.dispatch(expireSession(reason) as never);
      });
      return;
    }
    if (event.code === CLOSE_NORMAL || event.code === CLOSE_FORBIDDEN || current !== conn) {
      conn.dispatch(liveStatusChanged('disconnected'));
      return;
    }
    scheduleReconnect(event.code === CLOSE_TOO_MANY ? TOO_MANY_RETRY_MS : RECONNECT_DELAY_MS);
  };
}

function scheduleReconnect(delay = RECONNECT_DELAY_MS): void {
  const conn = current;
  if (!conn) return;
  conn.dispatch(liveStatusChanged('reconnecting'));
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    if (current === conn) open(true);
  }, delay);
}

/** Open the push connection for a user (replacing any previous one). Returns the disconnect function. */
export function connectLive(userId: string, token: string, dispatch: Dispatch): () => void {
  if (current && current.userId === userId && current.token === token && socket) return disconnectLive;
  disconnectLive();
  current = { userId, token, dispatch };
  open(false);
  return disconnectLive;
}

/** Manual disconnect (logout): close code 1000, no reconnect. */
export function disconnectLive(): void {
  const conn = current;
  current = null;
  clearTimers();
  const ws = socket;
  socket = null;
  if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) {
    try {
      ws.close(CLOSE_NORMAL, 'logout');
    } catch {
      /* ignore */
    }
  }
  conn?.dispatch(liveStatusChanged('disconnected'));
}

/** Send a JSON message; false when not connected (callers fall back to HTTP). */
export function sendLive(message: LiveMessage): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

/** Subscribe to every server message except pong; returns the unsubscribe function. */
export function onLiveMessage(listener: (msg: LiveMessage) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
