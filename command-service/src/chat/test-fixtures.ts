import sharp from 'sharp';
import WebSocket from 'ws';
import type { TestApp } from '@panda/server/testing/harness';
import { independentStudent, type Login } from '../admin/test-fixtures';
import { place, readyMentor, registeredStudent, vettedCentre } from '../training/test-fixtures';

/** Test helpers for the chat API tests (not used by the product). */

/**
 * The cast of the chat tests (the contacts of docs/rules.md#chat-contacts):
 * amy (centre's student, placed with mentor), bea (centre's student, not placed), sid (another
 * centre's student), ivy (independent, placed with mentor), loner (a mentor with no students).
 */
export interface Cast {
  centre: Login;
  otherCentre: Login;
  mentor: Login;
  loner: Login;
  amy: Login;
  bea: Login;
  sid: Login;
  ivy: Login;
  admin: string;
}

export async function chatCast(app: TestApp): Promise<Cast> {
  const centre = await vettedCentre(app, 'North Gas Training');
  const otherCentre = await vettedCentre(app, 'South Gas Training');
  const mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  const loner = await readyMentor(app, { First_Name: 'Lou', Last_Name: 'Nobody' });
  const amy = await registeredStudent(app, centre, { First_Name: 'Amy', Last_Name: 'Pond' });
  const bea = await registeredStudent(app, centre, { First_Name: 'Bea', Last_Name: 'Smith' });
  const sid = await registeredStudent(app, otherCentre, { First_Name: 'Sid', Last_Name: 'Other' });
  const ivy = await independentStudent(app, { First_Name: 'Ivy', Last_Name: 'Free' });
  await place(app, amy, mentor);
  await place(app, ivy, mentor);
  return { centre, otherCentre, mentor, loner, amy, bea, sid, ivy, admin: await app.adminToken() };
}

/** A small real image as a base64 data URL. */
export async function imageDataUrl(format: 'png' | 'jpeg' | 'webp' = 'png', width = 40, height = 30): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** A WebSocket client that keeps every server message and can wait for one. */
export interface Client {
  ws: WebSocket;
  received: Record<string, unknown>[];
  send(message: unknown): void;
  /** The first received message (from `from` on) matching `match`; fails after a bounded wait. */
  next(
    match: (m: Record<string, unknown>) => boolean,
    what?: string,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectClient(app: TestApp, login: Login): Promise<Client> {
  const ws = new WebSocket(
    `${app.url.replace('http', 'ws')}/ws/${login.user.id}?token=${encodeURIComponent(login.token)}`,
  );
  const received: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()) as Record<string, unknown>);
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  // The hub has registered the connection once it answers a ping.
  const client: Client = {
    ws,
    received,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (match, what = 'a message', timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(received).slice(0, 2000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close(1000);
      }),
  };
  client.send({ type: 'ping' });
  await client.next((m) => m.type === 'pong', 'pong');
  received.length = 0;
  return client;
}
