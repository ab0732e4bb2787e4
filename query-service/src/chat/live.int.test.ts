import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, messagesPageSchema, wsServerFrameSchema } from '@panda/contracts/chat';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { get } from '@panda/command-service/training/test-fixtures';
import {
  chatCast,
  connectClient,
  imageDataUrl,
  type Cast,
  type Client,
} from '@panda/command-service/chat/test-fixtures';

/** The chat's WebSocket protocol (spec §7): every server frame is parsed with the contract. */

let app: TestApp;
let c: Cast;
const open: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  c = await chatCast(app);
});
afterAll(async () => {
  await Promise.all(open.map((x) => x.close()));
  await app?.stop();
});

async function client(who: Cast[keyof Omit<Cast, 'admin'>]): Promise<Client> {
  const x = await connectClient(app, who);
  open.push(x);
  return x;
}
const frame = (m: Record<string, unknown>) => wsServerFrameSchema.parse(m);
/** Sends a ping and waits for its pong: everything the server sent before it has arrived. */
async function settle(x: Client) {
  const pongs = x.received.filter((m) => m.type === 'pong').length;
  x.send({ type: 'ping' });
  await x.next(() => x.received.filter((m) => m.type === 'pong').length > pongs, 'pong');
}

describe('chat over the WebSocket', () => {
  it('ping answers pong', async () => {
    const amy = await client(c.amy);
    amy.send({ type: 'ping' });
    expect(frame(await amy.next((m) => m.type === 'pong'))).toEqual({ type: 'pong' });
  });

  it('message: new_message to every connection of the receiver, message_sent (with client_id) to the sender, once stored', async () => {
    const amy = await client(c.amy);
    const amy2 = await client(c.amy);
    const dave = await client(c.mentor);
    const dave2 = await client(c.mentor);
    dave.send({
      type: 'message',
      receiver_id: c.amy.user.id,
      message: ' Hello over the socket ',
      chat_type: 'mentor_student',
      message_type: 'text',
      client_id: 'c-1',
    });
    const sentFrame = frame(await dave.next((m) => m.type === 'message_sent', 'message_sent'));
    expect(sentFrame).toMatchObject({
      type: 'message_sent',
      client_id: 'c-1',
      message: {
        Message: 'Hello over the socket',
        Sender_ID: c.mentor.user.id,
        Receiver_ID: c.amy.user.id,
        Read: false,
      },
    });
    const id = (sentFrame as { message: { id: string } }).message.id;
    for (const x of [amy, amy2])
      expect(frame(await x.next((m) => m.type === 'new_message', 'new_message'))).toMatchObject({
        type: 'new_message',
        message: { id, Message: 'Hello over the socket' },
      });
    // The sender's other tab hears of it too, without the client_id of the first.
    const other = frame(await dave2.next((m) => m.type === 'message_sent', 'message_sent on the second tab'));
    expect(other).toMatchObject({ message: { id } });
    expect('client_id' in other).toBe(false);
    // It is stored: the HTTP list has it (the same decider and read model as POST /api/send-message).
    const list = messagesPageSchema.parse((await get(app, `/api/messages?with=${c.mentor.user.id}`, c.amy.token)).body);
    expect(list[0]).toMatchObject({ id, Message: 'Hello over the socket' });
    // Each socket hears of it once.
    await settle(dave);
    await settle(amy);
    expect(dave.received.filter((m) => m.type === 'message_sent')).toHaveLength(1);
    expect(amy.received.filter((m) => m.type === 'new_message')).toHaveLength(1);
    // The same client_id again sends nothing new and answers the same message.
    const head = await app.platform.store.headPosition();
    dave.send({
      type: 'message',
      receiver_id: c.amy.user.id,
      message: 'Hello over the socket',
      chat_type: 'mentor_student',
      message_type: 'text',
      client_id: 'c-1',
    });
    await dave.next(
      (m) => m.type === 'message_sent' && dave.received.filter((x) => x.type === 'message_sent').length === 2,
      'second message_sent',
    );
    expect((dave.received.filter((m) => m.type === 'message_sent')[1] as { message: { id: string } }).message.id).toBe(
      id,
    );
    expect(await app.platform.store.headPosition()).toBe(head);
  });

  it('a message sent over HTTP reaches the receiver live as new_message', async () => {
    const bea = await client(c.bea);
    const r = await app.call(
      'POST',
      '/api/messages',
      { Receiver_ID: c.bea.user.id, Message: 'From the office' },
      c.centre.token,
    );
    expect(r.status).toBe(201);
    expect(frame(await bea.next((m) => m.type === 'new_message'))).toMatchObject({
      message: { Message: 'From the office', Chat_Type: 'training_centre_student' },
    });
  });

  it('an image over the socket', async () => {
    const ivy = await client(c.ivy);
    const dave = await client(c.mentor);
    ivy.send({
      type: 'message',
      receiver_id: c.mentor.user.id,
      message: '',
      chat_type: 'mentor_student',
      message_type: 'image',
      image_data: await imageDataUrl('jpeg'),
      image_filename: 'valve.jpg',
      client_id: 'img-1',
    });
    const got = frame(
      await dave.next(
        (m) => m.type === 'new_message' && (m.message as { Message_Type: string }).Message_Type === 'image',
        'image new_message',
      ),
    );
    const m = (got as { message: { id: string; Image_Data: string; Image_Filename: string } }).message;
    expect(m.Image_Filename).toBe('valve.jpg');
    const img = await fetch(`${app.url}${m.Image_Data}`, { headers: { authorization: `Bearer ${c.mentor.token}` } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refusals and bad frames answer error {message} (with the client_id) and append nothing', async () => {
    const centre = await client(c.centre);
    const head = await app.platform.store.headPosition();
    const errorFor = async (payload: unknown, text: string | RegExp) => {
      const before = centre.received.length;
      centre.send(payload);
      const e = frame(
        await centre.next(
          (m) => centre.received.indexOf(m) >= before && m.type === 'error',
          `error for ${JSON.stringify(payload).slice(0, 80)}`,
        ),
      );
      expect((e as { message: string }).message).toMatch(text);
      return e;
    };
    // Another centre's student, with the client_id back.
    expect(
      await errorFor(
        {
          type: 'message',
          receiver_id: c.sid.user.id,
          message: 'Hi',
          chat_type: 'training_centre_student',
          message_type: 'text',
          client_id: 'x-9',
        },
        CHAT_TEXTS.notContact,
      ),
    ).toMatchObject({ client_id: 'x-9' });
    await errorFor(
      {
        type: 'message',
        receiver_id: c.amy.user.id,
        message: '  ',
        chat_type: 'training_centre_student',
        message_type: 'text',
      },
      CHAT_TEXTS.empty,
    );
    await errorFor(
      {
        type: 'message',
        receiver_id: c.amy.user.id,
        message: '',
        message_type: 'image',
        image_data: await imageDataUrl('png'),
      },
      CHAT_TEXTS.imageRole,
    );
    await errorFor({ type: 'message', message: 'no receiver' }, /choose who/);
    await errorFor({ type: 'typing', receiver_id: c.amy.user.id }, /expected boolean|Invalid/i);
    await errorFor({ type: 'viewing' }, /Invalid|expected/i);
    await errorFor({ type: 'shout', text: 'hi' }, 'Unknown message type shout');
    await errorFor('{"type": "message", ', 'Messages must be JSON objects with a type');
    await errorFor('[1,2]', 'Messages must be JSON objects with a type');
    await errorFor('"just a string"', 'Messages must be JSON objects with a type');
    expect(await app.platform.store.headPosition()).toBe(head);
    // The connection survives all of it.
    await settle(centre);
    await centre.close();
  });

  it('typing: typing_indicator to that contact only; a non-contact is refused', async () => {
    const amy = await client(c.amy);
    const bea = await client(c.bea);
    const dave = await client(c.mentor);
    dave.send({ type: 'typing', receiver_id: c.amy.user.id, is_typing: true });
    expect(frame(await amy.next((m) => m.type === 'typing_indicator'))).toEqual({
      type: 'typing_indicator',
      sender_id: c.mentor.user.id,
      is_typing: true,
    });
    dave.send({ type: 'typing', receiver_id: c.amy.user.id, is_typing: false });
    await amy.next((m) => m.type === 'typing_indicator' && m.is_typing === false, 'typing stopped');
    dave.send({ type: 'typing', receiver_id: c.bea.user.id, is_typing: true });
    expect(frame(await dave.next((m) => m.type === 'error'))).toEqual({
      type: 'error',
      message: CHAT_TEXTS.notContact,
    });
    await settle(bea);
    expect(bea.received.some((m) => m.type === 'typing_indicator')).toBe(false);
  });

  it('user_status: online and offline go to contacts only', async () => {
    const amy = await client(c.amy);
    const sid = await client(c.sid);
    const ivy = await client(c.ivy);
    // The centre's first connection (earlier tests closed theirs).
    const centre = await connectClient(app, c.centre);
    expect(
      frame(await amy.next((m) => m.type === 'user_status' && m.user_id === c.centre.user.id && m.status === 'online')),
    ).toEqual({ type: 'user_status', user_id: c.centre.user.id, status: 'online' });
    await centre.close();
    await amy.next(
      (m) => m.type === 'user_status' && m.user_id === c.centre.user.id && m.status === 'offline',
      'centre offline',
    );
    await settle(sid);
    await settle(ivy);
    // Sid belongs to another centre, Ivy is independent: neither hears of North Gas Training.
    expect(sid.received.some((m) => m.type === 'user_status' && m.user_id === c.centre.user.id)).toBe(false);
    expect(ivy.received.some((m) => m.type === 'user_status' && m.user_id === c.centre.user.id)).toBe(false);
  });

  it('message_read: the sender hears the read receipt live', async () => {
    const dave = await client(c.mentor);
    const r = await app.call(
      'POST',
      '/api/send-message',
      { receiver_id: c.ivy.user.id, message: 'Receipt please' },
      c.mentor.token,
    );
    const id = r.body.message.id as string;
    expect((await app.call('PATCH', `/api/messages/${id}/read`, undefined, c.ivy.token)).status).toBe(200);
    const receipt = frame(await dave.next((m) => m.type === 'message_read' && m.id === id, 'message_read'));
    expect(receipt).toMatchObject({
      type: 'message_read',
      id,
      Sender_ID: c.mentor.user.id,
      Receiver_ID: c.ivy.user.id,
    });
  });
});
