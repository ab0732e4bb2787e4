/**
 * `npm run bench:scale`: what users feel as the product grows. Two stores are generated through the
 * event-store API, one at national scale (20,000 trainees, 10,000 mentors, 500 centres, 3,000,000
 * training events: placements, sign-offs, confirmations, profile changes; and 3,000,000 chat messages)
 * and one of the same shape at pilot scale (500 trainees). The national store's read models are
 * rebuilt (timed), then both are served by the real server (`server/src/main.ts`, each in a process of
 * its own, the web app already built) and compared call for call, each pair timed one after the other:
 * - command p50 and p99 (sign-off, chat message, profile save), national over pilot;
 * - every list page and search p95, national over pilot and over `GET /api/auth/validate` beside it;
 * - the rebuild's rate against the generator's append rate;
 * - the national server's resident memory after warm-up, and bytes on disk per event;
 * - time from starting the national server to its first answer.
 *
 * By default both stores are generated at a tenth of these sizes (2,000 trainees and 600,000 events
 * national, 50 trainees pilot: the same 40 to 1), 19 to 23 minutes here at load 20; `npm run bench:scale -- --full`
 * generates the sizes above (about an hour and a half: generating 6 million events takes 15 minutes
 * and their rebuild longer). `BENCH_SCALE_FACTOR` sets the scale itself (0.01: 200 trainees and 60,000
 * events national). Every goal is printed at any scale, marked with the scale when reduced.
 * `BENCH_SCALE_ROUNDS` (3) rounds of `BENCH_SCALE_RUNS` (100) commands of each kind and list calls per
 * side, the median round reported; `BENCH_SCALE_DIR` keeps the stores in that folder (and a later run
 * with the same folder measures them again without generating). Not part of `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { machine, table } from './report';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextLink } from '@panda/contracts/paging';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { EventStore } from '@panda/events/event-store';
import type { NewEvent } from '@panda/events/envelope';
import { messageStream } from '@panda/events/catalogue/chat';
import { loadLogSigner } from '@panda/events/log-signing-key';
import { LogCheckpointer } from '@panda/reactors/audit/log-checkpoints';
import { signToken, type Role } from '@panda/platform/tokens';
import { allProjections } from '@panda/server/projections';
import { rebuildInWorkers } from '@panda/server/rebuild';
import { DIST } from '../scripts/bundle-budget';
import { profileBodies } from './commands';
import { appendStaff, benchMeta, studentEvents } from './generate';
import { listClient, stats } from './lists';
import { ukDateOf, ukTimeOf } from '@panda/contracts/evidence';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FULL = process.argv.includes('--full');
const FACTOR = Number(process.env.BENCH_SCALE_FACTOR ?? (FULL ? 1 : 0.1));
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 3));
const RUNS = Math.max(10, Number(process.env.BENCH_SCALE_RUNS ?? 100));
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-12';
/** The log's origin in its signed checkpoints, the same for the bench and the servers it starts. */
const LOG_ORIGIN = 'bench.panda/log';
const GiB = 1024 ** 3;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const x = (ratio: number) => `x${ratio.toFixed(2)}`;
/** met / NOT met, saying so when the stores were smaller than the goals name. */
const verdict = (ok: boolean) => `${ok ? 'met' : 'NOT met'}${FACTOR < 1 ? ` (at ${FACTOR} scale)` : ''}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

interface Shape {
  name: string;
  trainees: number;
  mentors: number;
  centres: number;
  trainingEvents: number;
  chatMessages: number;
}

const NATIONAL = {
  trainees: 20_000,
  mentors: 10_000,
  centres: 500,
  trainingEvents: 3_000_000,
  chatMessages: 3_000_000,
};
/** National scale times `scale`, at least one of each (and two trainees, so that a validate caller is not the one listed). */
const shapeAt = (name: string, scale: number): Shape => ({
  name,
  trainees: Math.max(2, Math.round(NATIONAL.trainees * scale)),
  mentors: Math.max(1, Math.round(NATIONAL.mentors * scale)),
  centres: Math.max(1, Math.round(NATIONAL.centres * scale)),
  trainingEvents: Math.max(2, Math.round(NATIONAL.trainingEvents * scale)),
  chatMessages: Math.max(2, Math.round(NATIONAL.chatMessages * scale)),
});
const national = shapeAt('national', FACTOR);
const pilot = shapeAt('pilot', (FACTOR * 500) / NATIONAL.trainees);

/** Room on every job for the sign-offs the bench itself makes. */
const BENCH_ROOM = 100_000;
const CONCURRENCY = 256;

/** Runs `work(i)` for i < n, `CONCURRENCY` at a time (so that the store's group commit takes them together). */
async function inParallel(n: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, n) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/**
 * Trainee `s`'s training stream of `count` events: registration, password, placement and four jobs
 * (bench/generate.ts), then sign-offs with every third confirmed by the trainee and a profile change
 * every twelfth event. Jobs have room for the bench's own sign-offs.
 */
function traineeEvents(s: number, count: number, shape: Shape): NewEvent[] {
  const events: NewEvent[] = [];
  let signed = 0;
  for (const e of studentEvents(s, count, shape.mentors, shape.centres)) {
    if (e.type === 'JobOpened') {
      const data = e.data as { totalCount: number };
      events.push({ type: e.type, data: { ...data, totalCount: data.totalCount + BENCH_ROOM } });
    } else events.push(e);
    if (e.type === 'JobCardSigned' && ++signed % 3 === 0) {
      const d = e.data as { jobId: string; studentId: string; mentorId: string; completedCount: number };
      events.push({
        type: 'SignatureConfirmed',
        data: {
          signatureId: `${d.jobId}-card-${d.completedCount}`,
          jobId: d.jobId,
          studentId: d.studentId,
          mentorId: d.mentorId,
          contentHash: 'a'.repeat(64),
        },
      });
    }
    if (events.length % 12 === 0)
      events.push({
        type: 'ProfileChanged',
        data: {
          accountId: `student${s}`,
          changes: { Phone_Number: `0770090${String(events.length).padStart(4, '0')}` },
        },
      });
  }
  return events.slice(0, Math.max(count, 1));
}

const mentorProfile = (m: number) => ({
  accountId: `mentor${m}`,
  profile: {
    Business_Name: `Bench Heating ${m}`,
    Business_Postcode: 'M1 1AA',
    Business_Phone_Number: '07700900000',
    Business_Email: `mentor${m}@bench.panda`,
    Gas_Safe_Registration_Number: String(100000 + m),
    VAT_Registered: false,
    Business_Type: 'Sole trader',
    Qualified_Boilers: true,
    Qualified_Cookers: true,
    Qualified_Gas_Fires: true,
    Qualified_Gas_Meters: false,
    Qualified_LPG: false,
    Qualified_Commercial: false,
    Additional_Information: null,
    Referral_Source: null,
    Gas_Safe_Card_Photo: null,
  },
  termsAgreedAt: '2026-01-01T00:00:00.000Z',
});

/** A message between trainee `s` and their mentor or centre, either way round. */
function chatEvent(m: number, shape: Shape): NewEvent {
  const s = m % shape.trainees;
  const toCentre = Math.floor(m / shape.trainees) % 4 === 3;
  const other = toCentre ? `centre${s % shape.centres}` : `mentor${s % shape.mentors}`;
  const fromTrainee = m % 2 === 0;
  return {
    type: 'MessageSent',
    data: {
      messageId: `chat${m}`,
      senderId: fromTrainee ? `student${s}` : other,
      receiverId: fromTrainee ? other : `student${s}`,
      chatType: toCentre ? 'training_centre_student' : 'mentor_student',
      messageType: 'text',
      text: `Message ${m} about the boiler install`,
      image: null,
      imageFilename: null,
      receiverInConversation: false,
    },
  };
}

/** Appends the whole store through `EventStore.append`; answers the events appended and the rate. */
async function generate(store: EventStore, shape: Shape) {
  const t = performance.now();
  await store.append(
    'account-admin0',
    [
      {
        type: 'AdminProvisioned',
        data: {
          accountId: 'admin0',
          firstName: 'Bench',
          lastName: 'Admin',
          email: 'admin@bench.panda',
          passwordHash: 'x',
        },
      },
    ],
    'no_stream',
    benchMeta(),
  );
  await appendStaff(store, shape.mentors, shape.centres);
  await inParallel(shape.mentors, (m) =>
    store.append(`account-mentor${m}`, [{ type: 'MentorProfileSaved', data: mentorProfile(m) }], 0, benchMeta()),
  );
  const perTrainee = Math.max(8, Math.round(shape.trainingEvents / shape.trainees));
  await inParallel(shape.trainees, async (s) => {
    const events = traineeEvents(s, perTrainee, shape);
    for (let i = 0; i < events.length; i += 50)
      await store.append(`account-student${s}`, events.slice(i, i + 50), i === 0 ? 'no_stream' : i - 1, benchMeta());
  });
  await inParallel(shape.chatMessages, (m) =>
    store.append(messageStream(`chat${m}`), [chatEvent(m, shape)], 'no_stream', benchMeta()),
  );
  const events = await store.headPosition();
  return { events, rate: (events / (performance.now() - t)) * 1000 };
}

interface Store {
  shape: Shape;
  dir: string;
  events: number;
  /** Generator append rate, events/s (from GENERATED when the store was kept from an earlier run). */
  appendRate?: number;
  /** Full rebuild of every read model, events/s. */
  rebuildRate: number;
  /** The start-up checks on a log no server has checkpointed (every event), ms; undefined when it had a checkpoint. */
  uncheckpointedCheckMs?: number;
}

/** Where a store's folder keeps how fast it was generated, so that a later run on the kept store judges its rebuild. */
const GENERATED = 'bench-generated.json';

/**
 * Leaves the log as a server in service keeps it (docs/rules.md#log-checkpoints): its tree extended and a
 * checkpoint signed at the head, with the key the servers started on this folder use. A generated log has
 * none, and its first start would check every event (docs/rules.md#never-rechain): that check is timed here,
 * once, before the checkpoint is made. Answers its time, or undefined when the log had a checkpoint.
 */
async function logInService(dir: string, store: SqliteEventStore): Promise<number | undefined> {
  const head = await store.headPosition();
  const last = store.tree.latestCheckpoint();
  if (last && last.tree_size >= head) return undefined;
  let checkMs: number | undefined;
  if (!last) {
    const t = performance.now();
    const check = await store.checkAtStart();
    checkMs = performance.now() - t;
    if (!check.ok) throw new Error(`the ${dir} log fails its start checks at ${check.position}: ${check.fault}`);
    console.log(
      `   start checks on the log with no checkpoint yet (every event): ${(checkMs / 1000).toFixed(1)} s for ${fmt(check.checked)} events`,
    );
  }
  const t = performance.now();
  const logger = { error: console.error } as unknown as ConstructorParameters<typeof LogCheckpointer>[4];
  const signer = loadLogSigner(dir, null, LOG_ORIGIN);
  const made = await new LogCheckpointer(store.tree, signer, LOG_ORIGIN, () => new Date(), logger).tick();
  console.log(
    `   log tree extended and a checkpoint signed at ${fmt(made?.tree_size ?? head)} events, as the checkpointer does in service: ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return checkMs;
}

async function prepare(shape: Shape, base: string): Promise<Store> {
  const dir = join(base, shape.name);
  mkdirSync(dir, { recursive: true });
  const eventsFile = join(dir, 'events.db');
  const readFile = join(dir, 'read-models.db');
  const store = new SqliteEventStore(eventsFile);
  let appendRate: number | undefined;
  let events = await store.headPosition();
  const generated = join(dir, GENERATED);
  if (events === 0) {
    console.log(
      `   generating the ${shape.name} store: ${fmt(shape.trainees)} trainees, ${fmt(shape.mentors)} mentors, ${fmt(shape.centres)} centres, ${fmt(shape.trainingEvents)} training events, ${fmt(shape.chatMessages)} chat messages`,
    );
    ({ events, rate: appendRate } = await generate(store, shape));
    writeFileSync(generated, JSON.stringify({ events, rate: appendRate, at: new Date().toISOString() }));
    console.log(`   ${fmt(events)} events appended in ${fmt(events / appendRate, 1)} s, ${fmt(appendRate)} events/s`);
  } else if (existsSync(generated)) {
    const kept = JSON.parse(readFileSync(generated, 'utf8')) as { events: number; rate: number; at: string };
    // Later runs add their own commands to the log: the generator's rate still stands for the store.
    if (kept.events <= events) {
      appendRate = kept.rate;
      console.log(`   the ${shape.name} store was generated at ${fmt(appendRate)} events/s (${kept.at})`);
    }
  }
  const uncheckpointedCheckMs = await logInService(dir, store);
  await store.close();
  for (const f of [readFile, `${readFile}-wal`, `${readFile}-shm`]) rmSync(f, { force: true });
  const t = performance.now();
  // As `npm run projections:rebuild` runs it: every read model from the start, over worker threads.
  let shown = t;
  const read = await rebuildInWorkers(
    allProjections.map((p) => p.name),
    { eventsFile, readFile },
    (p) => {
      if (performance.now() - shown < 60_000) return;
      shown = performance.now();
      const w = p.written ? `, ${fmt(p.written.documents)} of ${fmt(p.written.of)} documents written` : '';
      console.log(`   rebuilding: ${fmt(p.events)} events read${w}, ${((shown - t) / 1000).toFixed(0)} s`);
    },
  );
  const rebuildMs = performance.now() - t;
  const rebuildRate = (read / rebuildMs) * 1000;
  console.log(
    `   ${shape.name}: read models rebuilt from ${fmt(read)} events in ${(rebuildMs / 1000).toFixed(1)} s, ${fmt(rebuildRate)} events/s`,
  );
  return { shape, dir, events, appendRate, rebuildRate, uncheckpointedCheckMs };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
  startMs: number;
}

/** Starts the server as `npm start` does, on `dir`; answers once `/api/health` answers 200. */
async function startServer(dir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      JWT_SECRET,
      LOG_ORIGIN,
      // The bench times a chat message's cost, not the per-account limit (docs/rules.md#chat-limits): a
      // pilot trainee sends far more than 60 a minute here. The limit is still counted on every send.
      THROTTLE_CHAT_MESSAGES: '1000000/60',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${code ?? signal})`));
  for (;;) {
    if (exited) throw new Error(`the server on ${dir} ${exited} before answering`);
    if (performance.now() - t > 10 * 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server on ${dir} did not answer within 10 minutes`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, startMs: performance.now() - t };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

const stopServer = (s: Server) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });

/** The server process's resident set (its worker threads included), from /proc. */
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

function dirBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, f) => {
    const st = statSync(join(dir, f));
    return sum + (st.isDirectory() ? dirBytes(join(dir, f)) : st.size);
  }, 0);
}

const tokens = new Map<string, string>();
const token = async (sub: string, role: Role) =>
  tokens.get(sub) ?? tokens.set(sub, await signToken(new TextEncoder().encode(JWT_SECRET), { sub, role })).get(sub)!;

/** One command of each kind, the `i`th of the run, on `shape`'s store. */
async function command(
  kind: Kind,
  i: number,
  shape: Shape,
): Promise<{ path: string; method: string; body: unknown; sub: string; role: Role }> {
  const s = i % shape.trainees;
  const mentor = `mentor${s % shape.mentors}`;
  if (kind === 'sign-off') {
    const at = new Date().toISOString();
    return {
      method: 'PUT',
      path: `/api/jobs/job${s}-${Math.floor(i / shape.trainees) % 4}/complete`,
      body: {
        mentor_signature: {
          signature: 'B M',
          mentorName: 'Bench Mentor',
          date: ukDateOf(at),
          time: ukTimeOf(at),
          timestamp: at,
        },
        completed_at: at,
        // The evidence every sign-off carries (docs/rules.md#evidence).
        site_postcode: 'M1 1AA',
        appliance: { kind: 'boiler', make: 'Bench', model: null },
        work_done: 'Serviced the boiler and recorded the readings for the bench.',
        duration_minutes: 60,
        photo_ids: [],
      },
      sub: mentor,
      role: 'mentor',
    };
  }
  if (kind === 'chat message')
    return {
      method: 'POST',
      path: '/api/messages',
      body: { Receiver_ID: mentor, Message: `Bench message ${i}`, Chat_Type: 'mentor_student' },
      sub: `student${s}`,
      role: 'student',
    };
  return { method: 'PUT', path: '/api/profile', body: profileBodies(s)[i % 2], sub: `student${s}`, role: 'student' };
}

const KINDS = ['sign-off', 'chat message', 'profile save'] as const;
type Kind = (typeof KINDS)[number];

async function timeCommand(url: string, kind: Kind, i: number, shape: Shape): Promise<number> {
  const c = await command(kind, i, shape);
  const auth = await token(c.sub, c.role);
  const t = performance.now();
  const res = await fetch(url + c.path, {
    method: c.method,
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify(c.body),
  });
  const text = await res.text();
  const took = performance.now() - t;
  if (!res.ok)
    throw new Error(`${kind} ${c.method} ${c.path} on the ${shape.name} store: ${res.status} ${text.slice(0, 200)}`);
  return took;
}

interface Pair {
  national: Server;
  pilot: Server;
}

/** Rounds of `RUNS` commands of each kind, national and pilot one after the other; the median round's ratios. */
async function commandsBench(servers: Pair) {
  const perKind = new Map<Kind, { p50: number[]; p99: number[]; nat: number[][]; pil: number[][] }>(
    KINDS.map((k) => [k, { p50: [], p99: [], nat: [], pil: [] }]),
  );
  let i = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const times = new Map(KINDS.map((k) => [k, { nat: [] as number[], pil: [] as number[] }]));
    for (let r = 0; r < RUNS; r++, i++)
      for (const kind of KINDS) {
        const t = times.get(kind)!;
        // Which side goes first alternates, so that neither always follows the other's work.
        if (r % 2 === 0) {
          t.nat.push(await timeCommand(servers.national.url, kind, i, national));
          t.pil.push(await timeCommand(servers.pilot.url, kind, i, pilot));
        } else {
          t.pil.push(await timeCommand(servers.pilot.url, kind, i, pilot));
          t.nat.push(await timeCommand(servers.national.url, kind, i, national));
        }
      }
    for (const kind of KINDS) {
      const { nat, pil } = times.get(kind)!;
      const k = perKind.get(kind)!;
      const q = (xs: number[], p: number) =>
        [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
      k.p50.push(q(nat, 0.5) / q(pil, 0.5));
      k.p99.push(q(nat, 0.99) / q(pil, 0.99));
      k.nat.push([q(nat, 0.5), q(nat, 0.99)]);
      k.pil.push([q(pil, 0.5), q(pil, 0.99)]);
    }
  }
  return KINDS.map((kind) => {
    const k = perKind.get(kind)!;
    const p50 = median(k.p50);
    const p99 = median(k.p99);
    const at = (ratios: number[], v: number) => ratios.indexOf(v);
    const r50 = at(k.p50, p50);
    const r99 = at(k.p99, p99);
    console.log(
      `   ${kind.padEnd(13)} p50 national ${ms(k.nat[r50][0])} / pilot ${ms(k.pil[r50][0])} = x${p50.toFixed(2)}   p99 national ${ms(k.nat[r99][1])} / pilot ${ms(k.pil[r99][1])} = x${p99.toFixed(2)}   (rounds: p50 ${k.p50.map((v) => v.toFixed(2)).join(', ')}; p99 ${k.p99.map((v) => v.toFixed(2)).join(', ')})`,
    );
    return {
      kind,
      p50,
      p99,
      nat: { p50: k.nat[r50][0], p99: k.nat[r99][1] },
      pil: { p50: k.pil[r50][0], p99: k.pil[r99][1] },
    };
  });
}

/** Each list case: a label, its path, who calls it, and whether to walk 5 pages in first. */
type ListCase = [label: string, path: string, who: readonly [string, Role], deep?: boolean];
const centre = ['centre0', 'training_centre'] as const;
const mentor = ['mentor0', 'mentor'] as const;
const student = ['student0', 'student'] as const;
const admin = ['admin0', 'admin'] as const;
const LIST_CASES: ListCase[] = [
  ['centre my-students', '/api/my-students', centre],
  ['centre my-students, 6th page', '/api/my-students', centre, true],
  ['centre my-students ?q=student1', '/api/my-students?q=student1', centre],
  ['centre my-students ?sort=name', '/api/my-students?sort=name', centre],
  ['mentor my-matches', '/api/my-matches', mentor],
  ['mentor placement-requests', '/api/placement-requests', mentor],
  ['centre jobs', '/api/jobs', centre],
  ['centre jobs, 6th page', '/api/jobs', centre, true],
  ['centre jobs ?q=pipework', '/api/jobs?q=pipework', centre],
  ['mentor jobs', '/api/jobs', mentor],
  ['student jobs', '/api/jobs', student],
  ['mentor notifications', '/api/notifications', mentor],
  ['centre support', '/api/support', centre],
  ['centre chat-contacts', '/api/chat-contacts', centre],
  ['mentor chat-contacts', '/api/chat-contacts', mentor],
  ['student chat-contacts', '/api/chat-contacts', student],
  ['student messages ?with=mentor0', '/api/messages?with=mentor0', student],
  ['mentor messages ?with=student0', '/api/messages?with=student0', mentor],
  ['admin students', '/api/admin/users/students', admin],
  ['admin students, 6th page', '/api/admin/users/students', admin, true],
  ['admin students ?sort=name', '/api/admin/users/students?sort=name', admin],
  ['admin students ?q=student1', '/api/admin/users/students?q=student1', admin],
  ['admin students ?q=student<N>, a new text each call', '/api/admin/users/students?q=student{n}', admin],
  ['admin mentors', '/api/admin/users/mentors', admin],
  ['admin mentors ?q=mentor1', '/api/admin/users/mentors?q=mentor1', admin],
  ['admin centres', '/api/admin/users/training-centres', admin],
  ['admin placements', '/api/admin/placements', admin],
  ['admin placements ?q=student7', '/api/admin/placements?q=student7', admin],
  ['admin disputes ?status=all', '/api/admin/disputes?status=all', admin],
  ['admin support', '/api/admin/support', admin],
];

async function listsBench(servers: Pair) {
  const client = listClient(servers.national.url);
  const validate = async (url: string) => ({
    path: `${url}/api/auth/validate`,
    token: await token('student1', 'student'),
  });
  const deep = async (url: string, path: string, auth: string) => {
    let at = path;
    for (let i = 0; i < 5; i++) {
      const r = await client.get({ path: url + at, token: auth });
      if (r.status !== 200) throw new Error(`${at}: ${r.status}`);
      at = nextLink(r.link) ?? at;
    }
    return at;
  };
  const rows: { label: string; overPilot: number; overValidate: number; nat: number; pil: number; val: number }[] = [];
  try {
    for (const [label, path, [sub, role], isDeep] of LIST_CASES) {
      const auth = await token(sub, role);
      const paths = {
        national: isDeep ? await deep(servers.national.url, path, auth) : path,
        pilot: isDeep ? await deep(servers.pilot.url, path, auth) : path,
      };
      const overPilot: number[] = [];
      const overValidate: number[] = [];
      const nat: number[] = [];
      const pil: number[] = [];
      const val: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const side = async (url: string, p: string) => {
          const r = await client.measure({
            validate: await validate(url),
            call: { path: url + p, token: auth },
            warmup: 5,
            runs: RUNS,
          });
          return { p95: stats(r.times).p95, validate: stats(r.base).p95 };
        };
        const n = await side(servers.national.url, paths.national);
        const p = await side(servers.pilot.url, paths.pilot);
        overPilot.push(n.p95 / p.p95);
        overValidate.push(n.p95 / n.validate);
        nat.push(n.p95);
        pil.push(p.p95);
        val.push(n.validate);
      }
      const row = {
        label,
        overPilot: median(overPilot),
        overValidate: median(overValidate),
        nat: median(nat),
        pil: median(pil),
        val: median(val),
      };
      rows.push(row);
      console.log(
        `   ${label.padEnd(52)} p95 national ${ms(row.nat).padStart(8)}  pilot ${ms(row.pil).padStart(8)}  x${row.overPilot.toFixed(2)}   validate beside it ${ms(row.val)}  x${row.overValidate.toFixed(2)}`,
      );
    }
  } finally {
    await client.stop();
  }
  const worst = (key: 'overPilot' | 'overValidate') => rows.reduce((a, b) => (b[key] > a[key] ? b : a));
  return { overPilot: worst('overPilot'), overValidate: worst('overValidate') };
}

/**
 * Every list case and a few commands of each kind on both servers: caches filled and code compiled. The
 * national server's memory is printed between the two, as the commands' first use reads the whole log into
 * the command side's index (docs/rules.md#log-index).
 */
async function warmUp(servers: Pair) {
  for (const [, path, [sub, role]] of LIST_CASES)
    for (const url of [servers.national.url, servers.pilot.url])
      for (let i = 0; i < 3; i++) {
        const res = await fetch(url + path.replaceAll('{n}', String(i)), {
          headers: { authorization: `Bearer ${await token(sub, role)}` },
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`warm-up ${path}: ${res.status}`);
      }
  console.log(
    `   national server resident after the list calls: ${fmt(rssBytes(servers.national.child.pid!) / 2 ** 20)} MiB`,
  );
  for (let i = 0; i < 10; i++)
    for (const kind of KINDS) {
      await timeCommand(servers.national.url, kind, i, national);
      await timeCommand(servers.pilot.url, kind, i, pilot);
    }
}

async function main() {
  const t0 = performance.now();
  console.log(`Panda at scale (national over pilot, measured in this same run), ${new Date().toISOString()}`);
  console.log(`Start: ${machine()}; BENCH_SCALE_FACTOR=${FACTOR}, ${ROUNDS} rounds of ${RUNS} calls a side`);
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('   frontend/dist is missing: building it (npm run build:web)');
    const built = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('npm run build:web failed');
  }
  const kept = process.env.BENCH_SCALE_DIR;
  const base = kept || mkdtempSync(join(tmpdir(), 'panda-bench-scale-'));
  const servers: Partial<Pair> = {};
  try {
    const nat = await prepare(national, base);
    const pil = await prepare(pilot, base);
    const generatedMs = performance.now() - t0;
    const diskBytes = dirBytes(nat.dir);

    servers.national = await startServer(nat.dir);
    console.log(`   national server answered ${(servers.national.startMs / 1000).toFixed(1)} s after it was started`);
    servers.pilot = await startServer(pil.dir);
    const pair = servers as Pair;
    await warmUp(pair);
    const rss = rssBytes(servers.national.child.pid!);
    console.log(`   national server resident after warm-up: ${fmt(rss / 2 ** 20)} MiB\n`);

    console.log(`Commands, one at a time, national then pilot (alternating), ${ROUNDS} rounds of ${RUNS} each:`);
    const commands = await commandsBench(pair);
    console.log(`\nList pages and searches, p95 of ${RUNS} a side, each beside GET /api/auth/validate on its server:`);
    const lists = await listsBench(pair);
    const rssAfter = rssBytes(servers.national.child.pid!);

    const rows: string[][] = [['goal', 'baseline', 'measured', 'ratio', 'target', 'met / NOT met']];
    for (const c of commands) {
      rows.push([
        `${c.kind} p50, national vs pilot`,
        ms(c.pil.p50),
        ms(c.nat.p50),
        x(c.p50),
        '<= x1.3',
        verdict(c.p50 <= 1.3),
      ]);
      rows.push([
        `${c.kind} p99, national vs pilot`,
        ms(c.pil.p99),
        ms(c.nat.p99),
        x(c.p99),
        '<= x1.5',
        verdict(c.p99 <= 1.5),
      ]);
    }
    const lp = lists.overPilot;
    rows.push([
      `worst list/search p95, national vs pilot (${lp.label})`,
      ms(lp.pil),
      ms(lp.nat),
      x(lp.overPilot),
      '<= x1.5',
      verdict(lp.overPilot <= 1.5),
    ]);
    const lv = lists.overValidate;
    rows.push([
      `worst list/search p95 vs validate, national (${lv.label})`,
      ms(lv.val),
      ms(lv.nat),
      x(lv.overValidate),
      '<= x5',
      verdict(lv.overValidate <= 5),
    ]);
    if (nat.appendRate === undefined)
      rows.push([
        'full rebuild vs generator append rate',
        '— (store kept)',
        `${fmt(nat.rebuildRate)} events/s`,
        '—',
        '>= x1',
        'not judged',
      ]);
    else
      rows.push([
        'full rebuild vs generator append rate',
        `${fmt(nat.appendRate)} events/s`,
        `${fmt(nat.rebuildRate)} events/s`,
        x(nat.rebuildRate / nat.appendRate),
        '>= x1',
        verdict(nat.rebuildRate >= nat.appendRate),
      ]);
    rows.push([
      'server resident memory after warm-up, national',
      '1 GiB',
      `${fmt(rss / 2 ** 20)} MiB (${fmt(rssAfter / 2 ** 20)} MiB at the end)`,
      x(rss / GiB),
      '<= 1 GiB',
      verdict(rss <= GiB),
    ]);
    rows.push([
      'bytes on disk per event, national (log and read models)',
      `${fmt(nat.events)} events`,
      `${fmt(diskBytes / 2 ** 20)} MiB`,
      `${fmt(diskBytes / nat.events)} B/event`,
      'figure',
      'figure',
    ]);
    rows.push([
      'server start to first answer, national store (checkpointed log)',
      '30 s',
      `${(servers.national.startMs / 1000).toFixed(1)} s`,
      x(servers.national.startMs / 30_000),
      '<= 30 s',
      verdict(servers.national.startMs <= 30_000),
    ]);
    if (nat.uncheckpointedCheckMs !== undefined)
      rows.push([
        'start checks alone on a log with no checkpoint (once)',
        '30 s',
        `${(nat.uncheckpointedCheckMs / 1000).toFixed(1)} s`,
        x(nat.uncheckpointedCheckMs / 30_000),
        '<= 30 s',
        verdict(nat.uncheckpointedCheckMs <= 30_000),
      ]);
    console.log(`\nSummary (national: ${fmt(nat.events)} events; pilot: ${fmt(pil.events)} events)\n`);
    console.log(table(rows));
    if (nat.appendRate !== undefined && FACTOR < 1) {
      const full = (NATIONAL.trainingEvents + NATIONAL.chatMessages) / nat.appendRate;
      console.log(
        `\nAt BENCH_SCALE_FACTOR=1 the national store's ${fmt(NATIONAL.trainingEvents + NATIONAL.chatMessages)} events would take about ${fmt(full / 60)} min to generate at this run's append rate.`,
      );
    }
    console.log(
      `\nWall time: ${((performance.now() - t0) / 1000).toFixed(1)} s (stores ready after ${(generatedMs / 1000).toFixed(1)} s)`,
    );
    console.log(`End: ${machine()}`);
  } finally {
    for (const s of [servers.national, servers.pilot]) if (s) await stopServer(s);
    if (!kept) rmSync(base, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
