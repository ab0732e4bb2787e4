/**
 * Chat delivery (a goal of docs/benchmarks.md): with BENCH_CHAT_CLIENTS (default 1,000) WebSocket clients
 * connected (half mentors, half their placed students), the time from a mentor sending a `message`
 * frame until the student's socket receives `new_message` — appended through the command side,
 * projected, pushed; the student has that conversation open. Baseline in the same run: a WebSocket ping→pong round trip on the same
 * connections. Target: p99 <= 50 ms. Run alone: `npx tsx bench/chat-delivery.ts`; also part of `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { signToken } from '@panda/platform/tokens';
import { startThreadedPlatform } from '@panda/server/projections-thread';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

interface Client {
  ws: WebSocket;
  /** Resolves on the next message matching `match`. */
  wait(match: (m: { type: string; [k: string]: unknown }) => boolean): Promise<void>;
}

function connect(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const waiters: { match: (m: { type: string }) => boolean; done: () => void }[] = [];
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as { type: string };
      const i = waiters.findIndex((w) => w.match(m));
      if (i >= 0) waiters.splice(i, 1)[0].done();
    });
    ws.once('open', () => resolve({ ws, wait: (match) => new Promise<void>((done) => waiters.push({ match, done })) }));
    ws.once('error', reject);
  });
}

export async function chatDeliveryBench(
  clients = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000),
  messages = Number(process.env.BENCH_CHAT_MESSAGES ?? 1000),
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'panda-bench-chat-delivery-'));
  try {
    return await run(dataDir, clients, messages);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(dataDir: string, clients: number, messages: number) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
  });
  // The product as `npm start` runs it: the projections (and the pushes they cause) on their own thread.
  const platform = await startThreadedPlatform(config, { logger: createLogger('silent') });
  const store = platform.store;
  let n = 0;
  const meta = () => ({ time: new Date().toISOString(), actorId: null, correlationId: `c${n}`, commandId: `k${++n}` });
  const pairs = Math.floor(clients / 2);
  const t0 = performance.now();
  await store.append(
    'account-centre0',
    [
      {
        type: 'AccountSignedUp',
        data: {
          accountId: 'centre0',
          role: 'training_centre',
          firstName: 'Bench',
          lastName: 'Centre',
          email: 'centre0@bench.panda',
          centreName: 'Bench Centre',
          passwordHash: 'x',
        },
      },
    ],
    'no_stream',
    meta(),
  );
  for (let i = 0; i < pairs; i++) {
    const mentorId = `mentor${i}`;
    const studentId = `student${i}`;
    await store.append(
      `account-${mentorId}`,
      [
        {
          type: 'AccountSignedUp',
          data: {
            accountId: mentorId,
            role: 'mentor',
            firstName: 'Mentor',
            lastName: `${i}`,
            email: `${mentorId}@bench.panda`,
            centreName: null,
            passwordHash: 'x',
          },
        },
      ],
      'no_stream',
      meta(),
    );
    const requirements = { boilerInstalls: 1, boilerService: 1, pipework: 1, repair: 1 };
    await store.append(
      `account-${studentId}`,
      [
        {
          type: 'StudentRegistered',
          data: {
            accountId: studentId,
            centreId: 'centre0',
            firstName: 'Student',
            lastName: `${i}`,
            email: `${studentId}@bench.panda`,
            phone: '07700900000',
            postcode: 'M1 1AA',
            dateOfBirth: null,
            requirements,
            temporaryPasswordHash: 'x',
          },
        },
        {
          type: 'PlacementProposed',
          data: { placementId: `p${i}`, studentId, mentorId, centreId: 'centre0', notes: null, reasons: [] },
        },
        { type: 'PlacementAccepted', data: { placementId: `p${i}`, studentId, mentorId } },
        // The student chose their own password (a temporary one may not connect).
        { type: 'PasswordChanged', data: { accountId: studentId, passwordHash: 'x' } },
      ],
      'no_stream',
      meta(),
    );
  }
  if (!(await platform.commandDeps.waitForProjections(await store.headPosition(), 10 * 60_000)))
    throw new Error('the read models did not reach the log head');
  const ws = platform.url.replace('http', 'ws');
  const open = async (id: string, role: 'mentor' | 'student') =>
    connect(`${ws}/ws/${id}?token=${encodeURIComponent(await signToken(config.jwtSecret, { sub: id, role }))}`);
  const mentors: Client[] = [];
  const students: Client[] = [];
  for (let i = 0; i < pairs; i++) {
    mentors.push(await open(`mentor${i}`, 'mentor'));
    students.push(await open(`student${i}`, 'student'));
  }
  // Each student has the conversation with their mentor open (so no "message received" notification is made).
  for (let i = 0; i < pairs; i++) students[i].ws.send(JSON.stringify({ type: 'viewing', with: `mentor${i}` }));
  const ready = performance.now() - t0;
  const all = [...mentors, ...students];

  const ping = async (c: Client) => {
    const t = performance.now();
    const got = c.wait((m) => m.type === 'pong');
    c.ws.send('{"type":"ping"}');
    await got;
    return performance.now() - t;
  };
  const deliver = async (i: number) => {
    const k = i % pairs;
    const t = performance.now();
    const got = students[k].wait((m) => m.type === 'new_message');
    const sent = mentors[k].wait((m) => m.type === 'message_sent' || m.type === 'error');
    mentors[k].ws.send(
      JSON.stringify({
        type: 'message',
        receiver_id: `student${k}`,
        message: `Bench message ${i}`,
        chat_type: 'mentor_student',
        message_type: 'text',
        client_id: `b${i}`,
      }),
    );
    await got;
    const ms = performance.now() - t;
    await sent;
    return ms;
  };
  // Warm-up, then the two measured in alternation so that both see the same load.
  for (let i = 0; i < 50; i++) {
    await ping(all[i % all.length]);
    await deliver(i);
  }
  const pings: number[] = [];
  const deliveries: number[] = [];
  for (let i = 0; i < messages; i++) {
    pings.push(await ping(all[(i * 7) % all.length]));
    deliveries.push(await deliver(50 + i));
  }
  await Promise.all(all.map((c) => new Promise<void>((r) => (c.ws.once('close', () => r()), c.ws.close(1000)))));
  await platform.stop();

  const f = (x: number) => x.toFixed(2);
  const [p50, p99, b50, b99] = [pct(deliveries, 0.5), pct(deliveries, 0.99), pct(pings, 0.5), pct(pings, 0.99)];
  console.log(
    `9. Chat delivery with ${all.length.toLocaleString('en-GB')} WebSocket clients connected (${messages.toLocaleString('en-GB')} messages, mentor -> placed student; set-up ${(ready / 1000).toFixed(1)} s)`,
  );
  console.log(
    `   ping round trip: p50 ${f(b50)} ms  p99 ${f(b99)} ms   message -> receiver's new_message: p50 ${f(p50)} ms  p99 ${f(p99)} ms (target p99 <= 50 ms)`,
  );
  console.log(`   ratio to the ping round trip: p50 x${(p50 / b50).toFixed(1)}  p99 x${(p99 / b99).toFixed(1)}\n`);
  return { p50, p99, pingP50: b50, pingP99: b99 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  chatDeliveryBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
