/**
 * Chat at scale (a goal of docs/benchmarks.md): a conversation page and the contact list on a store of
 * BENCH_CHAT_MESSAGES (default 1,000,000) messages, p95 against `GET /api/auth/validate` in the same
 * run (target: within 2x). 10 centres, 100 mentors, 1,000 students (each placed), every student
 * writing with their mentor and their centre: 2,000 conversations of 500 messages each.
 *
 * Generation is fast on purpose: the events are written straight into the SQLite log in large
 * transactions (chained by the store's migration when it opens), the account read models are built
 * by the projection runner, and the chat read model by a runner of its own in batches of 5,000
 * (no other projection handles chat events, so their checkpoints move to the head as they are).
 * Run alone: `npx tsx bench/chat-history.ts`; also part of `npm run bench`.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { chatProjection } from '@panda/projections/read-models/chat';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { signToken, type Role } from '@panda/platform/tokens';
import { nextLink } from '@panda/contracts/paging';
import { allProjections } from '@panda/server/projections';
import { startPlatform } from '@panda/server/platform';

const CENTRES = 10;
const MENTORS = 100;
const STUDENTS = 1000;
const RUNS = 300;
const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

type Row = [stream: string, version: number, type: string, data: unknown, time: string];

/** Appends rows to the log as a log written before the hash chain (the store chains them when it opens). */
function writeRows(file: string, rows: Iterable<Row>) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE IF NOT EXISTS events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, time TEXT NOT NULL, actor_id TEXT, correlation_id TEXT NOT NULL, command_id TEXT, UNIQUE (stream, version))`);
  const ins = db.prepare(
    'INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const prefix = randomUUID();
  let i = 0;
  let batch: Row[] = [];
  const flush = db.transaction((rs: Row[]) => {
    for (const [stream, version, type, data, time] of rs) {
      const id = `${prefix}-${String(++i).padStart(12, '0')}`;
      ins.run(`${id}-e`, stream, version, type, JSON.stringify(data), time, null, `${id}-c`, `${id}-k`);
    }
  });
  for (const r of rows) {
    batch.push(r);
    if (batch.length === 10_000) {
      flush(batch);
      batch = [];
    }
  }
  flush(batch);
  db.close();
}

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
const mentorOf = (s: number) => `mentor${s % MENTORS}`;
const centreOf = (s: number) => `centre${s % CENTRES}`;

function* accountRows(): Generator<Row> {
  const signUp = (id: string, role: string, i: number): Row => [
    `account-${id}`,
    0,
    'AccountSignedUp',
    {
      accountId: id,
      role,
      firstName: 'Bench',
      lastName: id,
      email: `${id}@bench.panda`,
      centreName: role === 'training_centre' ? `Centre ${id}` : null,
      passwordHash: 'x',
    },
    at(i),
  ];
  for (let c = 0; c < CENTRES; c++) yield signUp(`centre${c}`, 'training_centre', c);
  for (let m = 0; m < MENTORS; m++) yield signUp(`mentor${m}`, 'mentor', m);
  const requirements = { boilerInstalls: 2, boilerService: 2, pipework: 2, repair: 2 };
  for (let s = 0; s < STUDENTS; s++) {
    const studentId = `student${s}`;
    const [centreId, mentorId, placementId] = [centreOf(s), mentorOf(s), `placement${s}`];
    yield [
      `account-${studentId}`,
      0,
      'StudentRegistered',
      {
        accountId: studentId,
        centreId,
        firstName: 'Student',
        lastName: `${s}`,
        email: `${studentId}@bench.panda`,
        phone: '07700900000',
        postcode: 'M1 1AA',
        dateOfBirth: null,
        requirements,
        temporaryPasswordHash: 'x',
      },
      at(s),
    ];
    yield [`account-${studentId}`, 1, 'PasswordChanged', { accountId: studentId, passwordHash: 'x' }, at(s)];
    yield [
      `account-${studentId}`,
      2,
      'PlacementProposed',
      { placementId, studentId, mentorId, centreId, notes: null, reasons: [] },
      at(s),
    ];
    yield [`account-${studentId}`, 3, 'PlacementAccepted', { placementId, studentId, mentorId }, at(s)];
  }
}

function* messageRows(n: number): Generator<Row> {
  for (let i = 0; i < n; i++) {
    const s = i % STUDENTS;
    const withMentor = Math.floor(i / STUDENTS) % 2 === 0;
    const other = withMentor ? mentorOf(s) : centreOf(s);
    const fromStudent = Math.floor(i / (2 * STUDENTS)) % 2 === 0;
    const messageId = `m${i}`;
    yield [
      `message-${messageId}`,
      0,
      'MessageSent',
      {
        messageId,
        senderId: fromStudent ? `student${s}` : other,
        receiverId: fromStudent ? other : `student${s}`,
        chatType: withMentor ? 'mentor_student' : 'training_centre_student',
        messageType: 'text',
        text: `Message ${i}: the boiler on Station Road needs a second visit on Thursday.`,
        image: null,
        imageFilename: null,
        receiverInConversation: true,
      },
      at(100_000 + i),
    ];
  }
}

export async function chatHistoryBench(n = Number(process.env.BENCH_CHAT_HISTORY ?? 1_000_000)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'panda-bench-chat-history-'));
  try {
    return await run(dataDir, n);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(dataDir: string, n: number) {
  const eventsFile = join(dataDir, 'events.db');
  const t0 = performance.now();
  writeRows(eventsFile, accountRows());
  // The account read models first (a small log), then the messages.
  let store = new SqliteEventStore(eventsFile);
  const rs = new SqliteReadStore(join(dataDir, 'read-models.db'));
  await new ProjectionRunner(store, rs, allProjections).catchUp();
  await store.close();
  writeRows(eventsFile, messageRows(n));
  const generated = performance.now() - t0;
  store = new SqliteEventStore(eventsFile);
  const head = await store.headPosition();
  const chained = performance.now() - t0;
  const chat = new ProjectionRunner(store, rs, [chatProjection], { batchSize: 5000 });
  await chat.init();
  await chat.catchUp();
  for (const p of allProjections)
    if (p !== chatProjection) await rs.commit(p.name, await rs.checkpoint(p.name), head, []);
  const projected = performance.now() - t0;
  await rs.close();
  await store.close();
  console.log(
    `10. Chat at scale: ${fmt(n)} messages in 2,000 conversations (log written in ${(generated / 1000).toFixed(1)} s, chained at ${(chained / 1000).toFixed(1)} s, chat read model built at ${(projected / 1000).toFixed(1)} s: ${fmt((n / (projected - chained)) * 1000)} messages/s)`,
  );

  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
  });
  const platform = await startPlatform(config, undefined, { logger: createLogger('silent') });
  let baseline: number | null = null;
  const results: Record<string, { p50: number; p95: number; ratio: number }> = {};
  async function measure(label: string, path: string, sub: string, role: Role, expect?: (body: unknown) => boolean) {
    const auth = { authorization: `Bearer ${await signToken(config.jwtSecret, { sub, role })}` };
    for (let i = 0; i < 20; i++) await (await fetch(`${platform.url}${path}`, { headers: auth })).arrayBuffer();
    const times: number[] = [];
    let body: unknown = null;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await fetch(`${platform.url}${path}`, { headers: auth });
      const text = await res.text();
      times.push(performance.now() - t);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
      body = JSON.parse(text);
    }
    if (expect && !expect(body)) throw new Error(`${path}: unexpected answer ${JSON.stringify(body).slice(0, 300)}`);
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    baseline ??= q(0.95);
    results[label] = { p50: q(0.5), p95: q(0.95), ratio: q(0.95) / baseline };
    console.log(
      `   ${label.padEnd(52)} p50 ${q(0.5).toFixed(2).padStart(6)} ms  p95 ${q(0.95).toFixed(2).padStart(6)} ms  p95 x${(q(0.95) / baseline).toFixed(2)} of validate`,
    );
  }
  // Stopped whatever happens, so that a failure leaves nothing running under the next bench.
  try {
    const page = (len: number) => (b: unknown) => Array.isArray(b) && b.length === len;
    const perConversation = Math.floor(n / (2 * STUDENTS));
    // Halfway into the conversation by following its Link rel="next" (cursors are opaque).
    const hops = Math.floor(perConversation / 100);
    let deep = '/api/messages?with=mentor0&limit=50';
    const studentAuth = {
      authorization: `Bearer ${await signToken(config.jwtSecret, { sub: 'student0', role: 'student' })}`,
    };
    for (let i = 0; i < hops; i++) {
      const res = await fetch(`${platform.url}${deep}`, { headers: studentAuth });
      await res.arrayBuffer();
      deep = nextLink(res.headers.get('Link')) ?? deep;
    }
    await measure('baseline GET /api/auth/validate', '/api/auth/validate', 'student0', 'student');
    await measure(
      `conversation, newest page (50 of ${fmt(perConversation)})`,
      '/api/messages?with=mentor0&limit=50',
      'student0',
      'student',
      page(Math.min(50, perConversation)),
    );
    await measure(
      'conversation, a page deep in it (cursor)',
      deep,
      'student0',
      'student',
      page(Math.min(50, perConversation - 50 * hops)),
    );
    await measure(
      `all of a mentor’s messages, newest page (of ${fmt(perConversation * 10)})`,
      '/api/messages?limit=50',
      'mentor0',
      'mentor',
      page(Math.min(50, perConversation * 10)),
    );
    await measure('contact list: student (2 contacts)', '/api/chat-contacts', 'student0', 'student', page(2));
    await measure('contact list: mentor (10 students)', '/api/chat-contacts', 'mentor0', 'mentor', page(10));
    await measure(
      'contact list: centre (100 students, first page of 50)',
      '/api/chat-contacts?limit=50',
      'centre0',
      'training_centre',
      page(50),
    );
  } finally {
    await platform.stop();
  }
  console.log(`   target: p95 within x2.00 of validate\n`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  chatHistoryBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
