import { wsServerFrameSchema, type WsServerFrame } from '@panda/contracts/chat';

/** A WebSocket frame from the server as the chat contract reads it; null when it is none of its frames. */
export function parseServerFrame(raw: unknown): WsServerFrame | null {
  const parsed = wsServerFrameSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
