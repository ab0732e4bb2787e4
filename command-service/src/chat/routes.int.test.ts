import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_TEXTS,
  chatContactsResponseSchema,
  markConversationReadResponseSchema,
  markMessageReadResponseSchema,
  messagesPageSchema,
  onlineUsersResponseSchema,
  sendMessageResponseSchema,
  type Message,
} from '@panda/contracts/chat';
import { notificationsPageSchema } from '@panda/contracts/notifications';
import { nextLink } from '@panda/contracts/paging';
import { checkAnswer } from '@panda/server/testing/contract-check';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import type { Login } from '../admin/test-fixtures';
import { get } from '../training/test-fixtures';
import { chatCast, connectClient, imageDataUrl, type Cast } from './test-fixtures';

let app: TestApp;
let c: Cast;

beforeAll(async () => {
  app = await startTestApp();
  c = await chatCast(app);
});
afterAll(() => app?.stop());

const send = (from: Login, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('POST', '/api/send-message', body, from.token, headers);
const post = (from: Login, body: Record<string, unknown>) => app.call('POST', '/api/messages', body, from.token);
async function sent(r: Promise<{ status: number; body: unknown }>): Promise<Message> {
  const res = await r;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return sendMessageResponseSchema.parse(res.body).message;
}
/**
 * The log's head once projections and reactors have caught up with it (a reactor may still be
 * appending notifications for earlier messages), so a later head can be compared with it.
 */
async function settledHead(): Promise<number> {
  for (;;) {
    const head = await app.platform.store.headPosition();
    await app.platform.commandDeps.waitForProjections(head);
    await app.platform.reactors.catchUp();
    if ((await app.platform.store.headPosition()) === head) return head;
  }
}
/** Nothing was appended by `action`: the log's head did not move. */
async function appendsNothing(
  action: () => Promise<{ status: number; body: unknown }>,
  status: number,
  detail?: string | RegExp,
) {
  const before = await settledHead();
  const res = await action();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (detail !== undefined) expect(JSON.stringify((res.body as { detail: unknown }).detail)).toMatch(detail);
  expect(await app.platform.store.headPosition()).toBe(before);
}
async function messages(who: Login, query = '') {
  const r = await get(app, `/api/messages${query}`, who.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return {
    list: messagesPageSchema.parse(r.body),
    total: Number(r.headers.get('x-total-count')),
    link: r.headers.get('link'),
  };
}
async function contacts(who: Login | string) {
  const r = await get(app, '/api/chat-contacts', typeof who === 'string' ? who : who.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return chatContactsResponseSchema.parse(r.body);
}

describe('chat contacts: GET /api/chat-contacts', () => {
  it('gives every role its contacts, with role and chat type', async () => {
    const shape = async (who: Login | string) => (await contacts(who)).map((x) => [x.name, x.role, x.Chat_Type]).sort();
    expect(await shape(c.amy)).toEqual([
      ['Dave Clarke', 'mentor', 'mentor_student'],
      ['North Gas Training', 'training_centre', 'training_centre_student'],
    ]);
    expect(await shape(c.ivy)).toEqual([['Dave Clarke', 'mentor', 'mentor_student']]);
    expect(await shape(c.mentor)).toEqual([
      ['Amy Pond', 'student', 'mentor_student'],
      ['Ivy Free', 'student', 'mentor_student'],
    ]);
    expect(await shape(c.centre)).toEqual([
      ['Amy Pond', 'student', 'training_centre_student'],
      ['Bea Smith', 'student', 'training_centre_student'],
    ]);
    expect(await shape(c.bea)).toEqual([['North Gas Training', 'training_centre', 'training_centre_student']]);
    expect(await contacts(c.loner)).toEqual([]);
    expect(await contacts(c.admin)).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await app.call('GET', '/api/chat-contacts')).status).toBe(401);
    expect((await app.call('GET', '/api/messages')).status).toBe(401);
    expect((await app.call('POST', '/api/send-message', { receiver_id: c.amy.user.id, message: 'hi' })).status).toBe(
      401,
    );
  });
});

describe('sending: POST /api/messages and POST /api/send-message', () => {
  it('a centre messages its student (the Send Message dialog); the student answers', async () => {
    const m = await sent(
      post(c.centre, {
        Receiver_ID: c.amy.user.id,
        Message: '  Your exam is on Monday  ',
        Chat_Type: 'training_centre_student',
      }),
    );
    expect(m).toMatchObject({
      Sender_ID: c.centre.user.id,
      Receiver_ID: c.amy.user.id,
      Message: 'Your exam is on Monday',
      Message_Type: 'text',
      Chat_Type: 'training_centre_student',
      Read: false,
      Image_Data: null,
    });
    const back = await sent(
      send(c.amy, { receiver_id: c.centre.user.id, message: 'Thanks', chat_type: 'training_centre_student' }),
    );
    expect(back.Chat_Type).toBe('training_centre_student');
    // The chat type may be left out: the server knows it from the contact.
    expect((await sent(send(c.mentor, { receiver_id: c.amy.user.id, message: 'Hello Amy' }))).Chat_Type).toBe(
      'mentor_student',
    );
    expect((await sent(send(c.ivy, { receiver_id: c.mentor.user.id, message: 'Hello Dave' }))).Chat_Type).toBe(
      'mentor_student',
    );
    expect((await sent(post(c.bea, { Receiver_ID: c.centre.user.id, Message: 'Hi' }))).Receiver_ID).toBe(
      c.centre.user.id,
    );
  });

  it("refuses anyone outside the caller's contacts with 403, appending nothing", async () => {
    // Another centre's student.
    await appendsNothing(
      () => post(c.centre, { Receiver_ID: c.sid.user.id, Message: 'Hi Sid' }),
      403,
      CHAT_TEXTS.notContact,
    );
    await appendsNothing(
      () => send(c.sid, { receiver_id: c.centre.user.id, message: 'Hi' }),
      403,
      CHAT_TEXTS.notContact,
    );
    // A student not placed with the mentor, a mentor not theirs, a student to a student, an admin, oneself, an unknown id.
    await appendsNothing(() => send(c.mentor, { receiver_id: c.bea.user.id, message: 'Hi' }), 403);
    await appendsNothing(() => send(c.bea, { receiver_id: c.mentor.user.id, message: 'Hi' }), 403);
    await appendsNothing(() => send(c.loner, { receiver_id: c.amy.user.id, message: 'Hi' }), 403);
    await appendsNothing(() => send(c.amy, { receiver_id: c.bea.user.id, message: 'Hi' }), 403);
    await appendsNothing(() => send(c.ivy, { receiver_id: c.centre.user.id, message: 'Hi' }), 403);
    await appendsNothing(
      () => app.call('POST', '/api/send-message', { receiver_id: c.amy.user.id, message: 'Hi' }, c.admin),
      403,
    );
    await appendsNothing(() => send(c.amy, { receiver_id: c.amy.user.id, message: 'Hi' }), 403);
    await appendsNothing(() => send(c.amy, { receiver_id: 'no-such-account', message: 'Hi' }), 403);
    expect((await messages(c.sid)).list).toEqual([]);
  });

  it('refuses bad input with 400 and the field, appending nothing', async () => {
    await appendsNothing(() => send(c.amy, { receiver_id: c.mentor.user.id, message: '   ' }), 400, CHAT_TEXTS.empty);
    await appendsNothing(() => post(c.centre, { Receiver_ID: c.amy.user.id, Message: '' }), 400, CHAT_TEXTS.empty);
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: 'x'.repeat(5001) }),
      400,
      CHAT_TEXTS.tooLong,
    );
    await appendsNothing(() => send(c.amy, { message: 'Hi' }), 400, /receiver_id/);
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: 'Hi', chat_type: 'training_centre_student' }),
      400,
      CHAT_TEXTS.chatTypeMismatch,
    );
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: 'Hi', chat_type: 'group' }),
      400,
      /chat_type/,
    );
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: 'Hi', message_type: 'video' }),
      400,
      /message_type/,
    );
  });

  it('a retried request with the same Idempotency-Key sends one message', async () => {
    const key = { 'Idempotency-Key': 'chat-retry-0001' };
    const first = await sent(send(c.amy, { receiver_id: c.mentor.user.id, message: 'Only once' }, key));
    const head = await settledHead();
    const again = await sent(send(c.amy, { receiver_id: c.mentor.user.id, message: 'Only once' }, key));
    expect(again.id).toBe(first.id);
    expect(await settledHead()).toBe(head);
  });
});

describe('images (spec §5 and §9)', () => {
  it('a student and a mentor send images: stored in the blob store, served to the two of them only', async () => {
    const m = await sent(
      send(c.amy, {
        receiver_id: c.mentor.user.id,
        message: '',
        message_type: 'image',
        image_data: await imageDataUrl('png'),
        image_filename: 'boiler.png',
        image_size: 123,
      }),
    );
    expect(m).toMatchObject({
      Message_Type: 'image',
      Message: '',
      Image_Filename: 'boiler.png',
      Image_Data: `/api/chat-images/${m.id}`,
    });
    for (const who of [c.amy, c.mentor]) {
      const r = await fetch(`${app.url}${m.Image_Data}`, { headers: { authorization: `Bearer ${who.token}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      // Read as bytes, so checked against the route's contract here rather than by app.call.
      checkAnswer('GET', m.Image_Data as string, r.status, r.headers.get('content-type'), null);
      expect(
        Buffer.from(await r.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    for (const who of [c.centre, c.ivy])
      expect((await app.call('GET', m.Image_Data as string, undefined, who.token)).status).toBe(404);
    // The event carries the reference, never the bytes.
    const [event] = await app.platform.store.readStream(`message-${m.id}`);
    expect(JSON.stringify(event.data)).not.toContain('base64');
    expect((event.data as { image: { hash: string } }).image.hash).toMatch(/^[0-9a-f]{64}$/);
    // An independent student (straggler) and a mentor too, JPEG and WEBP.
    await sent(
      send(c.ivy, {
        receiver_id: c.mentor.user.id,
        message: 'My meter',
        message_type: 'image',
        image_data: await imageDataUrl('jpeg'),
        image_filename: 'meter.jpg',
      }),
    );
    await sent(
      send(c.mentor, {
        receiver_id: c.amy.user.id,
        message: '',
        message_type: 'image',
        image_data: (await imageDataUrl('webp')).split(',')[1],
        image_filename: 'flue.webp',
      }),
    );
  });

  it('a training centre may not send images (403); nothing is stored in the log', async () => {
    await appendsNothing(
      async () =>
        send(c.centre, {
          receiver_id: c.amy.user.id,
          message: '',
          message_type: 'image',
          image_data: await imageDataUrl('png'),
          image_filename: 'x.png',
        }),
      403,
      CHAT_TEXTS.imageRole,
    );
  });

  it('refuses what is not a JPEG, PNG or WEBP by its bytes, and more than 10 MB, with the spec texts', async () => {
    const gif = `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;').toString('base64')}`;
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: '', message_type: 'image', image_data: gif }),
      400,
      'Please select a valid image file (JPEG, PNG, or WEBP)',
    );
    await appendsNothing(
      () =>
        send(c.amy, {
          receiver_id: c.mentor.user.id,
          message: '',
          message_type: 'image',
          image_data: 'not base64 at all!',
        }),
      400,
      CHAT_TEXTS.imageType,
    );
    const big = `data:image/png;base64,${Buffer.alloc(10_485_761).toString('base64')}`;
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: '', message_type: 'image', image_data: big }),
      400,
      'Image size must be less than 10MB',
    );
    await appendsNothing(
      () => send(c.amy, { receiver_id: c.mentor.user.id, message: 'Hi', message_type: 'image' }),
      400,
      CHAT_TEXTS.imageMissing,
    );
  });

  it('an image of someone else’s message, or of no message, is 404', async () => {
    expect((await app.call('GET', '/api/chat-images/nope', undefined, c.amy.token)).status).toBe(404);
  });
});

describe('reading: GET /api/messages (paging)', () => {
  it('pages a conversation newest first with X-Total-Count and Link rel="next"', async () => {
    const mine = await messages(c.bea, `?with=${c.centre.user.id}`);
    for (let i = 1; i <= 4; i++) await sent(post(c.centre, { Receiver_ID: c.bea.user.id, Message: `Note ${i}` }));
    const all = await messages(c.bea, `?with=${c.centre.user.id}&limit=200`);
    expect(all.total).toBe(mine.total + 4);
    expect(all.list.slice(0, 4).map((m) => m.Message)).toEqual(['Note 4', 'Note 3', 'Note 2', 'Note 1']);
    expect(all.link).toBeNull();
    const first = await messages(c.bea, `?with=${c.centre.user.id}&limit=2`);
    expect(first.list.map((m) => m.Message)).toEqual(['Note 4', 'Note 3']);
    expect(first.total).toBe(all.total);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.link ?? '')?.[1];
    expect(next).toContain(`with=${c.centre.user.id}`);
    expect(new URLSearchParams(next?.split('?')[1]).get('cursor')).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    const second = await messages(c.bea, (next as string).replace('/api/messages', ''));
    expect(second.list.map((m) => m.Message)).toEqual(['Note 2', 'Note 1']);
    // The centre sees the same conversation.
    expect((await messages(c.centre, `?with=${c.bea.user.id}&limit=4`)).list.map((m) => m.Message)).toEqual([
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
    ]);
  });

  it('without ?with= answers all of the caller’s messages, and only theirs', async () => {
    const { list, total } = await messages(c.amy, '?limit=200');
    expect(total).toBe(list.length);
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((m) => m.Sender_ID === c.amy.user.id || m.Receiver_ID === c.amy.user.id)).toBe(true);
    expect(list.map((m) => m.Created_At)).toEqual([...list.map((m) => m.Created_At)].sort().reverse());
    // A conversation between others is empty for a third party.
    expect((await messages(c.sid, `?with=${c.centre.user.id}`)).list).toEqual([]);
  });

  it('refuses bad paging with 400', async () => {
    for (const q of ['?limit=0', '?limit=x', '?cursor=abc', '?cursor=3', '?sort=created'])
      expect((await get(app, `/api/messages${q}`, c.amy.token)).status).toBe(400);
    // Above 200: a page of at most 200.
    expect((await get(app, '/api/messages?limit=201', c.amy.token)).status).toBe(200);
  });
});

describe('read receipts: PATCH /api/messages/{id}/read and PATCH /api/chat-contacts/{id}/read', () => {
  it('the receiver reads a message once; the unread count follows; the sender sees Read', async () => {
    const m = await sent(send(c.mentor, { receiver_id: c.ivy.user.id, message: 'Read me' }));
    const unread = async () => (await contacts(c.ivy)).find((x) => x.id === c.mentor.user.id)?.unread_count;
    const before = (await unread()) as number;
    expect(before).toBeGreaterThan(0);
    const r = await app.call('PATCH', `/api/messages/${m.id}/read`, undefined, c.ivy.token);
    expect(r.status).toBe(200);
    const read = markMessageReadResponseSchema.parse(r.body);
    expect(read).toMatchObject({ id: m.id, Read: true });
    const again = markMessageReadResponseSchema.parse(
      (await app.call('PATCH', `/api/messages/${m.id}/read`, undefined, c.ivy.token)).body,
    );
    expect(again).toEqual(read);
    expect(await unread()).toBe(before - 1);
    const seen = (await messages(c.mentor, `?with=${c.ivy.user.id}`)).list.find((x) => x.id === m.id);
    expect(seen).toMatchObject({ Read: true, Read_At: read.Read_At });
    const contact = (await contacts(c.mentor)).find((x) => x.id === c.ivy.user.id);
    expect(contact?.last_message).toMatchObject({ id: m.id, Read: true });
  });

  it('the sender may not mark it read (403); anyone else gets 404, appending nothing', async () => {
    const m = await sent(send(c.mentor, { receiver_id: c.amy.user.id, message: 'Private' }));
    await appendsNothing(
      () => app.call('PATCH', `/api/messages/${m.id}/read`, undefined, c.mentor.token),
      403,
      CHAT_TEXTS.notReceiver,
    );
    for (const who of [c.centre, c.sid, c.ivy])
      await appendsNothing(
        () => app.call('PATCH', `/api/messages/${m.id}/read`, undefined, who.token),
        404,
        CHAT_TEXTS.notFound,
      );
    await appendsNothing(() => app.call('PATCH', `/api/messages/${m.id}/read`, undefined, c.admin), 404);
    await appendsNothing(() => app.call('PATCH', '/api/messages/no-such-message/read', undefined, c.amy.token), 404);
    await appendsNothing(() => app.call('PATCH', '/api/messages/bad%20id!/read', undefined, c.amy.token), 404);
  });

  it('marks a whole conversation read', async () => {
    for (const text of ['One', 'Two', 'Three'])
      await sent(send(c.amy, { receiver_id: c.centre.user.id, message: text }));
    const unread = (await contacts(c.centre)).find((x) => x.id === c.amy.user.id)?.unread_count as number;
    expect(unread).toBeGreaterThanOrEqual(3);
    const r = await app.call('PATCH', `/api/chat-contacts/${c.amy.user.id}/read`, undefined, c.centre.token);
    expect(r.status).toBe(200);
    expect(markConversationReadResponseSchema.parse(r.body).marked).toBe(unread);
    expect((await contacts(c.centre)).find((x) => x.id === c.amy.user.id)?.unread_count).toBe(0);
    const list = (await messages(c.amy, `?with=${c.centre.user.id}&limit=3`)).list;
    expect(list.every((m) => m.Read)).toBe(true);
    expect(
      markConversationReadResponseSchema.parse(
        (await app.call('PATCH', `/api/chat-contacts/${c.amy.user.id}/read`, undefined, c.centre.token)).body,
      ).marked,
    ).toBe(0);
  });
});

describe('contact summaries and presence', () => {
  it('orders contacts by the latest message, with it and the unread count', async () => {
    const m = await sent(send(c.amy, { receiver_id: c.mentor.user.id, message: 'Latest' }));
    const list = await contacts(c.mentor);
    expect(list[0]).toMatchObject({
      id: c.amy.user.id,
      name: 'Amy Pond',
      last_message: { id: m.id, Message: 'Latest' },
    });
    expect(list[0].unread_count).toBeGreaterThan(0);
    const paged = await get(app, '/api/chat-contacts?limit=1', c.mentor.token);
    expect(chatContactsResponseSchema.parse(paged.body)).toHaveLength(1);
    expect(paged.headers.get('x-total-count')).toBe('2');
    const next = nextLink(paged.headers.get('link'));
    expect(next).toMatch(/^\/api\/chat-contacts\?limit=1&cursor=[A-Za-z0-9_-]+$/);
    const rest = await get(app, next!, c.mentor.token);
    expect(chatContactsResponseSchema.parse(rest.body).map((x) => x.id)).toEqual([list[1].id]);
    expect(rest.headers.get('link')).toBeNull();
    expect((await get(app, '/api/chat-contacts?limit=1&cursor=1', c.mentor.token)).status).toBe(400);
  });

  it('GET /api/online-users names connected contacts only', async () => {
    const online = async (who: Login | string) => {
      const r = await app.call('GET', '/api/online-users', undefined, typeof who === 'string' ? who : who.token);
      expect(r.status).toBe(200);
      return onlineUsersResponseSchema.parse(r.body).online_users;
    };
    expect(await online(c.amy)).toEqual([]);
    const ws = await connectClient(app, c.mentor);
    try {
      expect(await online(c.amy)).toEqual([c.mentor.user.id]);
      expect(await online(c.ivy)).toEqual([c.mentor.user.id]);
      // The mentor is online, but no contact of the centre, of Bea or of the admin.
      expect(await online(c.centre)).toEqual([]);
      expect(await online(c.bea)).toEqual([]);
      expect(await online(c.admin)).toEqual([]);
      expect((await contacts(c.amy)).find((x) => x.id === c.mentor.user.id)?.online).toBe(true);
    } finally {
      await ws.close();
    }
    await expect.poll(() => online(c.amy)).toEqual([]);
  });
});

describe('"message received" notifications', () => {
  it('notify the receiver, except while they have that conversation open', async () => {
    const received = async (who: Login) => {
      const r = await get(app, '/api/notifications?limit=200', who.token);
      return notificationsPageSchema.parse(r.body).filter((n) => n.kind === 'message_received');
    };
    const first = await sent(send(c.mentor, { receiver_id: c.ivy.user.id, message: 'Are you free tomorrow?' }));
    await expect
      .poll(async () => (await received(c.ivy)).find((n) => n.message_id === first.id), { timeout: 10_000 })
      .toMatchObject({
        type: 'message',
        title: 'New message from Dave Clarke',
        message: 'Are you free tomorrow?',
        link: `/dashboard?view=chat&id=${c.mentor.user.id}`,
        sender_id: c.mentor.user.id,
      });
    // Ivy opens the conversation with Dave on a live connection: no notification for what arrives there.
    const ws = await connectClient(app, c.ivy);
    try {
      ws.send({ type: 'viewing', with: c.mentor.user.id });
      ws.send({ type: 'ping' });
      await ws.next((m) => m.type === 'pong', 'pong');
      const quiet = await sent(send(c.mentor, { receiver_id: c.ivy.user.id, message: 'See you at 9' }));
      ws.send({ type: 'viewing', with: null });
      ws.send({ type: 'ping' });
      await ws.next(
        (m) => m.type === 'pong' && ws.received.filter((x) => x.type === 'pong').length === 2,
        'second pong',
      );
      const loud = await sent(send(c.mentor, { receiver_id: c.ivy.user.id, message: 'Bring your ID' }));
      await expect
        .poll(async () => (await received(c.ivy)).some((n) => n.message_id === loud.id), { timeout: 10_000 })
        .toBe(true);
      expect((await received(c.ivy)).some((n) => n.message_id === quiet.id)).toBe(false);
    } finally {
      await ws.close();
    }
  });
});
