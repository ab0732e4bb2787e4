import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_TEXTS } from '@panda/contracts/chat';
import { DEFAULT_LIMITS, limitEnvName } from '@panda/platform/throttle';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { chatCast, connectClient, imageDataUrl, type Cast, type Client } from './test-fixtures';

/** Chat limits per account (docs/rules.md#chat-limits): past them 429 / an error frame, and nothing is stored. */

let app: TestApp;
let cast: Cast;
const clients: Client[] = [];
beforeAll(async () => {
  // The real chat limits (the harness loosens them for the other tests).
  const real = Object.fromEntries(
    (['chatMessages', 'chatImages'] as const).map((n) => [
      limitEnvName(n),
      `${DEFAULT_LIMITS[n].points}/${DEFAULT_LIMITS[n].seconds}`,
    ]),
  );
  app = await startTestApp({ env: { SEED_DEMO: '0', ...real } });
  cast = await chatCast(app);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await app.stop();
});

const post = (token: string, receiver: string, text: string) =>
  app.call('POST', '/api/messages', { Receiver_ID: receiver, Message: text }, token);

describe('chat limits per account', () => {
  it(`answers a message past ${CHAT_LIMITS.messagesPerMinute} in a minute 429 with Retry-After, over HTTP and the WebSocket, storing nothing`, async () => {
    const { mentor, amy } = cast;
    for (let i = 1; i <= CHAT_LIMITS.messagesPerMinute; i++)
      expect((await post(mentor.token, amy.user.id, `m${i}`)).status).toBe(201);
    const head = await app.platform.store.headPosition();
    const refused = await post(mentor.token, amy.user.id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(CHAT_TEXTS.tooManyMessages);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same account over the WebSocket: an error frame, no message.
    const socket = await connectClient(app, mentor);
    clients.push(socket);
    socket.send({
      type: 'message',
      receiver_id: amy.user.id,
      message: 'over the socket',
      message_type: 'text',
      client_id: 'c-over',
    });
    const error = await socket.next((m) => m.type === 'error', 'the error frame');
    expect(error).toMatchObject({ type: 'error', message: CHAT_TEXTS.tooManyMessages, client_id: 'c-over' });
    expect(error.retry_after).toBeGreaterThan(0);
    expect(await app.platform.store.headPosition()).toBe(head);
    const list = await app.call('GET', `/api/messages?with=${amy.user.id}&limit=200`, undefined, mentor.token);
    expect(list.body.some((m: { Message: string }) => ['one too many', 'over the socket'].includes(m.Message))).toBe(
      false,
    );
    // Another account is not affected.
    expect((await post(amy.token, mentor.user.id, 'still fine')).status).toBe(201);
  });

  it(`answers an image past ${CHAT_LIMITS.imagesPerHour} in an hour 429 with Retry-After and stores no image`, async () => {
    const { mentor, ivy } = cast;
    const image = await imageDataUrl();
    const send = (n: number) =>
      app.call(
        'POST',
        '/api/send-message',
        {
          receiver_id: mentor.user.id,
          message: `picture ${n}`,
          message_type: 'image',
          image_data: image,
          image_filename: 'a.png',
        },
        ivy.token,
      );
    for (let i = 1; i <= CHAT_LIMITS.imagesPerHour; i++) expect((await send(i)).status).toBe(201);
    const head = await app.platform.store.headPosition();
    const refused = await send(99);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(CHAT_TEXTS.tooManyImages);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await app.platform.store.headPosition()).toBe(head);
    // Text still goes.
    expect((await post(ivy.token, mentor.user.id, 'words are fine')).status).toBe(201);
  });

  it(`refuses a live connection past ${CHAT_LIMITS.liveConnections} of one account with an error frame; closing one makes room`, async () => {
    const { bea } = cast;
    const open: Client[] = [];
    for (let i = 0; i < CHAT_LIMITS.liveConnections; i++) open.push(await connectClient(app, bea));
    clients.push(...open);
    const { default: WebSocket } = await import('ws');
    const extra = new WebSocket(
      `${app.url.replace('http', 'ws')}/ws/${bea.user.id}?token=${encodeURIComponent(bea.token)}`,
    );
    const frames: unknown[] = [];
    extra.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      extra.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: 4029, reason: 'Too many connections' });
    expect(frames).toEqual([{ type: 'error', message: CHAT_TEXTS.tooManyConnections }]);
    await open[0].close();
    // The hub has let go of the closed one once a new connection answers a ping.
    await expect
      .poll(async () => {
        try {
          const again = await connectClient(app, bea);
          clients.push(again);
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
  });
});
