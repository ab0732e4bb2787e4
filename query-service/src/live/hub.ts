import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MUST_CHANGE_PASSWORD, type Authenticator, type AuthContext } from '@panda/platform/http';
import type { Logger } from '@panda/platform/logger';
import { HttpError } from '@panda/platform/errors';
import { CHAT_LIMITS, CHAT_TEXTS } from '@panda/contracts/chat';
import type { ChangeFeed } from '@panda/projections/change-feed';
import type { CommittedBatch } from '@panda/projections/projection';

/** Close code telling the client its token was refused or its account locked: sign out. */
export const CLOSE_REFUSED = 4001;
/** Close code for a connection past the account's live connections (the client tries again later). */
export const CLOSE_TOO_MANY = 4029;
/** Close code for a valid session that may not connect yet (a temporary password must be changed first). */
export const CLOSE_FORBIDDEN = 4003;
/** WebSocket's own "Try Again Later": the account's change is not in the read models yet (the client reconnects). */
export const CLOSE_TRY_AGAIN = 1013;
/** The longest delay a Node timer keeps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A 10 MiB image as base64 (13,981,014 bytes) plus text; a frame header announcing more is refused (1009) unbuffered. */
export const MAX_FRAME_BYTES = 14 * 1024 * 1024;

export interface Connection {
  auth: AuthContext;
  socket: WebSocket;
  /** The token that opened the connection: checked again whenever the account changes. */
  token: string;
}

/** Handlers for client message types beyond ping (chat arrives with its capability). */
export type MessageHandler = (conn: Connection, message: Record<string, unknown>, hub: LiveHub) => Promise<void> | void;

/** Told when a user's first connection opens ('online') and their last one closes ('offline'). */
export type PresenceListener = (userId: string, status: 'online' | 'offline') => void;
/** Told of every committed read-model batch, after the `changed` pushes. */
export type BatchListener = (batch: CommittedBatch) => Promise<void> | void;

/** `/ws/{userId}?token=…` (docs/api-conventions.md#push). */
export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly conns = new Map<WebSocket, Connection>();
  private readonly handlers = new Map<string, MessageHandler>();
  private readonly presenceListeners: PresenceListener[] = [];
  private readonly batchListeners: BatchListener[] = [];
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly authenticator: Authenticator,
    feed: ChangeFeed,
    private readonly logger: Logger,
  ) {
    this.unsubscribe = feed.subscribe((batch) => void this.onBatch(batch));
    // Drops connections whose peer vanished without closing.
    this.heartbeat = setInterval(() => {
      for (const ws of this.conns.keys()) {
        const w = ws as WebSocket & { alive?: boolean };
        if (w.alive === false) {
          ws.terminate();
          continue;
        }
        w.alive = false;
        ws.ping();
      }
    }, 30_000);
    this.heartbeat.unref();
  }

  on(type: string, handler: MessageHandler) {
    this.handlers.set(type, handler);
  }

  onPresence(listener: PresenceListener) {
    this.presenceListeners.push(listener);
  }

  onCommitted(listener: BatchListener) {
    this.batchListeners.push(listener);
  }

  /** The open connections of one user. */
  connectionsOf(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])]
      .map((ws) => this.conns.get(ws))
      .filter((c): c is Connection => c !== undefined);
  }

  private presence(userId: string, status: 'online' | 'offline') {
    for (const listener of this.presenceListeners) {
      try {
        listener(userId, status);
      } catch (err) {
        this.logger.error({ err, userId, status }, 'presence listener failed');
      }
    }
  }

  attach(server: Server) {
    server.on('upgrade', (req, socket, head) => {
      // An upgrading socket has no error handler of the server's: a reset must not become uncaught.
      socket.on('error', (err) => this.logger.debug({ err }, 'websocket connection error'));
      this.upgrade(req, socket, head).catch((err) => {
        this.logger.error({ err }, 'websocket upgrade failed');
        socket.destroy();
      });
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = /^\/ws\/([^/]+)\/?$/.exec(url.pathname);
    if (!m) return void socket.destroy();
    let userId: string;
    try {
      userId = decodeURIComponent(m[1]);
    } catch {
      return void socket.destroy();
    }
    let auth: AuthContext | null = null;
    let refusal = 'Not authenticated';
    let code = CLOSE_REFUSED;
    const token = url.searchParams.get('token') ?? '';
    try {
      auth = await this.authenticator(token);
    } catch (err) {
      // A refusal with a reason (a locked account): the client learns it from its next call.
      if (err instanceof HttpError && err.status === 401) refusal = 'Account locked';
      // The account's own change has not reached the read models in time (docs/rules.md#lock-takes-effect).
      else if (err instanceof HttpError && err.status === 503) {
        code = CLOSE_TRY_AGAIN;
        refusal = 'Try again later';
      } else this.logger.error({ err }, 'websocket authentication failed');
    }
    if (socket.destroyed) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // The peer's protocol errors (ws closes the connection itself); a refused socket reads frames until closed.
      ws.on('error', (err) => this.logger.debug({ err }, 'websocket protocol error'));
      if (!auth || auth.id !== userId) return void ws.close(code, refusal);
      if (auth.mustChangePassword) return void ws.close(CLOSE_FORBIDDEN, MUST_CHANGE_PASSWORD);
      // At most a few live connections per account (docs/rules.md#chat-limits): the one past them is told and closed.
      if ((this.byUser.get(auth.id)?.size ?? 0) >= CHAT_LIMITS.liveConnections) {
        this.send(ws, { type: 'error', message: CHAT_TEXTS.tooManyConnections });
        return void ws.close(CLOSE_TOO_MANY, 'Too many connections');
      }
      this.add({ auth, socket: ws, token });
    });
  }

  private add(conn: Connection) {
    const { socket, auth } = conn;
    this.conns.set(socket, conn);
    let set = this.byUser.get(auth.id);
    const first = !set;
    if (!set) this.byUser.set(auth.id, (set = new Set()));
    set.add(socket);
    if (first) this.presence(auth.id, 'online');
    (socket as WebSocket & { alive?: boolean }).alive = true;
    socket.on('pong', () => ((socket as WebSocket & { alive?: boolean }).alive = true));
    socket.on('message', (raw) => void this.onMessage(conn, raw.toString()));
    // No longer than its token; a far expiry (a test clock set ahead) is waited for in steps of MAX_TIMER_MS.
    let expiry: NodeJS.Timeout | null = null;
    const closeAtExpiry = (expiresAt: number) => {
      const left = expiresAt - Date.now();
      if (left <= 0) socket.close(CLOSE_REFUSED, 'Token expired');
      else expiry = setTimeout(() => closeAtExpiry(expiresAt), Math.min(left, MAX_TIMER_MS));
    };
    if (auth.expiresAt) closeAtExpiry(auth.expiresAt);
    socket.on('close', () => {
      if (expiry) clearTimeout(expiry);
      this.conns.delete(socket);
      set!.delete(socket);
      if (set!.size === 0 && this.byUser.get(auth.id) === set) {
        this.byUser.delete(auth.id);
        this.presence(auth.id, 'offline');
      }
    });
  }

  private async onMessage(conn: Connection, raw: string) {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(raw);
      if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') throw new Error('no type');
    } catch {
      return this.send(conn.socket, { type: 'error', message: 'Messages must be JSON objects with a type' });
    }
    if (msg.type === 'ping') return this.send(conn.socket, { type: 'pong' });
    const handler = this.handlers.get(msg.type);
    if (!handler) return this.send(conn.socket, { type: 'error', message: `Unknown message type ${msg.type}` });
    try {
      await handler(conn, msg, this);
    } catch (err) {
      this.logger.warn({ err, type: msg.type }, 'websocket message failed');
      this.send(conn.socket, { type: 'error', message: (err as Error).message || 'Request failed' });
    }
  }

  send(socket: WebSocket, message: object) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  sendTo(userId: string, message: object) {
    for (const ws of this.byUser.get(userId) ?? []) this.send(ws, message);
  }

  isOnline(userId: string) {
    return this.byUser.has(userId);
  }

  private async onBatch(batch: CommittedBatch) {
    const admins = [...this.conns.values()].filter((c) => c.auth.role === 'admin').map((c) => c.auth.id);
    for (const change of batch.changes) {
      const message = { type: 'changed', collection: change.collection, id: change.id, position: batch.position };
      for (const userId of new Set([...change.audience, ...admins])) this.sendTo(userId, message);
      // A locked account, or a session ended (sign-out, password change or reset), loses its connections at once.
      if (change.collection === 'accounts' && this.byUser.has(change.id)) await this.recheck(change.id);
    }
    for (const listener of this.batchListeners) {
      try {
        await listener(batch);
      } catch (err) {
        this.logger.error({ err, projection: batch.projection }, 'batch listener failed');
      }
    }
  }

  private async recheck(userId: string) {
    for (const ws of this.byUser.get(userId) ?? []) {
      const conn = this.conns.get(ws);
      if (!conn) continue;
      let reason = 'Session ended';
      const auth = await this.authenticator(conn.token).catch((err) => {
        if (err instanceof HttpError && err.status === 401) {
          reason = 'Account locked';
          return null;
        }
        this.logger.error({ err }, 'websocket recheck failed');
        return conn.auth;
      });
      if (!auth) ws.close(CLOSE_REFUSED, reason);
    }
  }

  async close() {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const ws of this.conns.keys()) ws.close(1001, 'Server shutting down');
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}
