/**
 * Section 19: draining the on-device outbox (docs/rules.md#outbox) against sending the same requests
 * online, one after another (the goal: within x1.5).
 *
 * The product runs as `npm start` runs it (its own process, e2e/support.ts) on a store that already
 * holds one mentor and students placed with them, each with four jobs of two open cards. Each round
 * signs 20 cards with two photos each in two ways, in alternating order:
 * - online: each photo `POST /api/job-photos` (the raw JPEG) then `PUT /api/jobs/:id/complete` with
 *   their ids, each request with its own Idempotency-Key, awaited one by one;
 * - outbox: the same 20 sign-offs queued (not timed: that happens on site) in the app's own outbox
 *   (frontend/src/lib/outbox/outbox.ts, over fake-indexeddb here, as its unit tests run it), then
 *   one drain timed until it has sent them all.
 * The photos are 1600x1200 JPEGs (what a phone's photo is after the app fits it to the device size),
 * each one different. The ratio is the median round's; afterwards the server must count every card
 * signed exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { QUALIFICATION_KEYS } from '@panda/events/domain/gas-safe-categories';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { signToken } from '@panda/platform/tokens';
import { startServer, type Server } from '../e2e/support';
import { appendStaff, benchMeta, studentEvents } from './generate';

/** Sign-offs per side of a round, photos per sign-off (the goal), rounds (`BENCH_OUTBOX_ROUNDS`). */
export const OUTBOX_SIGN_OFFS = 20;
export const OUTBOX_PHOTOS = 2;
const ROUNDS = Math.max(1, Number(process.env.BENCH_OUTBOX_ROUNDS ?? 3));
/** Open cards per bench student (studentEvents opens four jobs of two cards when it signs none). */
const CARDS_PER_STUDENT = 8;
const JWT_SECRET = 'bench-outbox-secret-bench-outbox-secret';
const MENTOR = 'mentor0';

/**
 * The outbox as the app builds it. Imported by path at run time: the app's code is typed against the
 * browser's library (frontend/tsconfig.json), which the benches' project does not load.
 */
interface OutboxLike {
  add(input: Record<string, unknown>): Promise<unknown>;
  drain(session: { userId: string; token: string }): Promise<{
    sent: Array<{ position: string | null }>;
    refused: Array<{ refusal: { message: string } | null }>;
    stopped: string | null;
  }>;
}
type OutboxClass = new (options: { dbName: string; fetch: typeof fetch }) => OutboxLike;
const OUTBOX_MODULE = '../frontend/src/lib/outbox/outbox.ts';
/** IndexedDB in Node (the outbox's unit tests use it too), by name: its types do not resolve under "exports". */
const FAKE_INDEXEDDB = 'fake-indexeddb/auto';

interface SignOff {
  jobId: string;
  body: Record<string, unknown>;
  photos: Buffer[];
}

/** A distinct 1600x1200 JPEG: a smooth pattern depending on `seed`, with grain so it compresses as a photo does. */
async function photo(seed: number): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  const raw = Buffer.alloc(width * height * 3);
  let noise = seed * 2654435761;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grain = (noise >>> 24) % 24;
      const i = (y * width + x) * 3;
      raw[i] = ((x >> 3) * seed + y / 5 + grain) % 256;
      raw[i + 1] = ((y >> 3) * (seed + 3) + x / 7 + grain) % 256;
      raw[i + 2] = (((x ^ y) >> 4) * (seed + 7) + grain) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A sign-off's body as the sign-off dialog sends it (frontend/src/features/mentor/components/sign-job-dialog.tsx). */
function signOffBody(n: number): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    mentor_signature: { signature: 'B. Mentor', mentorName: 'Bench Mentor', timestamp: now },
    completed_at: now,
    site_postcode: 'M14 6HR',
    appliance: { kind: 'boiler', make: 'Worcester Bosch', model: 'Greenstar 4000' },
    work_done: `Serviced the boiler (card ${n}): checked the flue, gas rate and safety devices.`,
    duration_minutes: 60,
    photo_ids: [],
  };
}

/** The bench's store: the mentor, one centre, and `students` students placed with the mentor. */
async function benchStore(dataDir: string, students: number): Promise<string[]> {
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  await appendStaff(store, 1, 1);
  // A Gas Safe engineer whose categories cover every job type (docs/rules.md#gas-safe-categories).
  const profile = {
    Business_Name: 'Bench Heating',
    Business_Postcode: 'M1 1AA',
    Business_Phone_Number: '07700900000',
    Business_Email: `${MENTOR}@bench.panda`,
    Gas_Safe_Registration_Number: '100000',
    VAT_Registered: false,
    Business_Type: 'Sole trader',
    ...Object.fromEntries(QUALIFICATION_KEYS.map((key) => [key, true])),
    Additional_Information: null,
    Referral_Source: null,
    Gas_Safe_Card_Photo: null,
  };
  await store.append(
    `account-${MENTOR}`,
    [{ type: 'MentorProfileSaved', data: { accountId: MENTOR, profile, termsAgreedAt: '2026-01-01T00:00:00.000Z' } }],
    0,
    benchMeta(),
  );
  const jobs: string[] = [];
  for (let s = 0; s < students; s++) {
    const events = studentEvents(s, 4 + 4, 1, 1);
    await store.append(`account-student${s}`, events, 'no_stream', benchMeta());
    for (const e of events) if (e.type === 'JobOpened') jobs.push((e.data as { jobId: string }).jobId);
  }
  await store.close();
  // Each job has two open cards: the list names each job twice, its cards in order.
  return jobs.flatMap((job) => [job, job]);
}

/** What a side took, and the log position of its last sign-off (for reading the cards back after it). */
interface Timed {
  ms: number;
  position: number;
}

/** Sends each sign-off online, one request after another: the photos, then the card. */
async function sendOnline(server: Server, token: string, signOffs: SignOff[]): Promise<Timed> {
  const call = async (method: string, path: string, body: Buffer | string, type: string) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID(), 'Content-Type': type },
      body,
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    position = Number(res.headers.get('X-Log-Position'));
    return answer;
  };
  let position = 0;
  const t = performance.now();
  for (const s of signOffs) {
    const ids: unknown[] = [];
    for (const p of s.photos) ids.push((await call('POST', '/job-photos', p, 'image/jpeg')).photo_id);
    await call(
      'PUT',
      `/jobs/${encodeURIComponent(s.jobId)}/complete`,
      JSON.stringify({ ...s.body, photo_ids: ids }),
      'application/json',
    );
  }
  return { ms: performance.now() - t, position };
}

/** Queues the sign-offs in a fresh outbox (untimed), then times one drain. */
async function drainOutbox(
  Outbox: OutboxClass,
  server: Server,
  token: string,
  signOffs: SignOff[],
  round: number,
): Promise<Timed> {
  const box = new Outbox({
    dbName: `panda-outbox-bench-${round}`,
    fetch: (input, init) => fetch(`${server.url}${String(input)}`, init),
  });
  for (const s of signOffs)
    await box.add({
      userId: MENTOR,
      kind: 'sign-off',
      label: `card of ${s.jobId}`,
      method: 'PUT',
      path: `/jobs/${encodeURIComponent(s.jobId)}/complete`,
      body: s.body,
      uploads: s.photos.map((p, i) => ({
        path: '/job-photos',
        blob: new Blob([p], { type: 'image/jpeg' }),
        name: `photo-${i + 1}.jpg`,
      })),
      uploadIdsField: 'photo_ids',
    });
  const t = performance.now();
  const result = await box.drain({ userId: MENTOR, token });
  const took = performance.now() - t;
  if (result.sent.length !== signOffs.length || result.stopped)
    throw new Error(
      `the outbox sent ${result.sent.length} of ${signOffs.length} (stopped: ${result.stopped}; refused: ${result.refused.map((r) => r.refusal?.message).join('; ')})`,
    );
  return { ms: took, position: Math.max(...result.sent.map((s) => Number(s.position))) };
}

export interface OutboxBench {
  rounds: Array<{ online: number; outbox: number; ratio: number }>;
  online: number;
  outbox: number;
  ratio: number;
  photoKb: number;
}

export async function outboxBench(): Promise<OutboxBench> {
  await import(FAKE_INDEXEDDB);
  const { Outbox } = (await import(OUTBOX_MODULE)) as { Outbox: OutboxClass };
  const perRound = 2 * OUTBOX_SIGN_OFFS;
  const dataDir = mkdtempSync(join(tmpdir(), 'panda-bench-outbox-'));
  const cards = await benchStore(dataDir, Math.ceil((perRound * ROUNDS) / CARDS_PER_STUDENT));
  let seed = 0;
  const signOffsFrom = async (jobs: string[]): Promise<SignOff[]> =>
    Promise.all(
      jobs.map(async (jobId) => ({
        jobId,
        body: signOffBody(++seed),
        photos: await Promise.all(Array.from({ length: OUTBOX_PHOTOS }, () => photo(++seed))),
      })),
    );
  const server = await startServer({ SEED_DEMO: '0', JWT_SECRET }, dataDir);
  try {
    const token = await signToken(new TextEncoder().encode(JWT_SECRET), { sub: MENTOR, role: 'mentor' });
    const rounds: OutboxBench['rounds'] = [];
    let photoBytes = 0;
    let photoCount = 0;
    let head = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const jobs = cards.slice(round * perRound, (round + 1) * perRound);
      // Each card's two sign-offs go to the two sides, so both sign the same kinds of card.
      const online = await signOffsFrom(jobs.filter((_, i) => i % 2 === 0));
      const queued = await signOffsFrom(jobs.filter((_, i) => i % 2 === 1));
      const photos = [...online, ...queued].flatMap((s) => s.photos);
      photoBytes += photos.reduce((n, p) => n + p.length, 0);
      photoCount += photos.length;
      let sent: Timed;
      let drained: Timed;
      // Alternated, so that neither side always runs on a warmer server.
      if (round % 2 === 0) {
        sent = await sendOnline(server, token, online);
        drained = await drainOutbox(Outbox, server, token, queued, round);
      } else {
        drained = await drainOutbox(Outbox, server, token, online, round);
        sent = await sendOnline(server, token, queued);
      }
      head = Math.max(head, sent.position, drained.position);
      rounds.push({ online: sent.ms, outbox: drained.ms, ratio: drained.ms / sent.ms });
    }
    // Exactly once: every card of the rounds is signed, and no other (read once the read models hold the last).
    const res = await fetch(`${server.url}/api/jobs?limit=200`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Min-Position': String(head) },
    });
    const jobs = (await res.json()) as Array<{ Completed_Count: number }>;
    const signed = jobs.reduce((n, j) => n + j.Completed_Count, 0);
    if (signed !== perRound * ROUNDS)
      throw new Error(`the server counts ${signed} signed cards, not ${perRound * ROUNDS}`);
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor((rounds.length - 1) / 2)];
    return { rounds, ...median, photoKb: photoBytes / photoCount / 1000 };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
