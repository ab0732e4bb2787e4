/**
 * List page latency at BENCH_STUDENTS students (default 10,000; docs/rules.md#list-paging; the goal "every list
 * call at 10,000 students: p95 within 2x of GET /api/auth/validate"). The store is generated through
 * events (10 centres, 100 mentors, every student placed but the last 5% which wait as pending
 * requests, one signed card each, locked accounts and admin history), the read models are built by
 * the projection runner, then every list call is timed (first page, a deep cursor page, search, sort,
 * filters), each against `GET /api/auth/validate` timed beside it, request for request (validate, call,
 * validate, ...), so that load on a shared machine weighs on both sides of the ratio alike. The client runs
 * on a worker thread of its own (bench/list-client-worker.mjs), so the platform's main thread only serves, and
 * each timed request starts 3 ms after the previous answer (`BENCH_LIST_GAP_MS`), on an idle server.
 * Each call is timed 300 times (`BENCH_LIST_RUNS`), and so is validate beside it: a p95 of 100 timings is the
 * 6th-worst of them: runs of 100 left 22 to 24 of the 73 calls above x2 where runs of 300 on the
 * same store and code left 13 to 15 (docs/benchmarks.md).
 *
 * `npx tsx bench/lists.ts`, and part of `npm run bench`. `BENCH_LISTS_DIR=<dir>` keeps the generated store
 * in that folder, and a later run with the same folder measures it again without generating (a before/after
 * pair on the same data; indexes declared since are built at start). `BENCH_LIST_ONLY=<text>` times only the cases
 * whose label contains that text (e.g. `BENCH_LIST_ONLY=audit`).
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { closeSync, fdatasync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { nextLink } from '@panda/contracts/paging';
import { checkEvent } from '@panda/events/catalogue';
import { AUDIT_ACCESS_STREAM } from '@panda/events/catalogue/audit';
import { uuidv7 } from '@panda/events/ids';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { signToken, type Role } from '@panda/platform/tokens';
import { startPlatform, type Platform } from '@panda/server/platform';
import { startThreadedPlatform } from '@panda/server/projections-thread';
import { provisionAdmin } from '@panda/server/provision';
import { appendStaff } from './generate';

const CENTRES = 10;

interface ClientRequest {
  path: string;
  token: string;
}
interface ClientAnswer {
  status: number;
  bytes: number;
  link: string | null;
  total: string | null;
}
interface ClientTimes {
  times: number[];
  base: number[];
  bytes: number;
  total: string | null;
}
type ListClient = ReturnType<typeof listClient>;

/**
 * The bench's HTTP client, on a worker thread (bench/list-client-worker.mjs) as the command benches' load
 * generator is: timed there, so the platform's main thread serves the calls and does nothing else.
 */
export function listClient(url: string) {
  const worker = new Worker(new URL('./list-client-worker.mjs', import.meta.url), {
    workerData: { url, gapMs: Number(process.env.BENCH_LIST_GAP_MS ?? 3) },
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  const fail = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', ({ id, ok, error }: { id: number; ok?: never; error?: string }) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) w?.reject(new Error(error));
    else w?.resolve(ok as never);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the list client stopped (exit code ${code})`)));
  const ask = <T>(message: object) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: never) => void, reject });
      worker.postMessage({ id, ...message });
    });
  return {
    get: (req: ClientRequest) => ask<ClientAnswer>({ get: req }),
    measure: (m: { validate: ClientRequest; call: ClientRequest; warmup: number; runs: number }) =>
      ask<ClientTimes>({ measure: m }),
    stop: () => worker.terminate(),
  };
}
const MENTORS = 100;

/** p50 and p95 of times (sorted in place). */
export const stats = (times: number[]) => {
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)],
    p95: times[Math.min(times.length - 1, Math.floor(0.95 * times.length))],
  };
};

export async function listsBench(
  students = Number(process.env.BENCH_STUDENTS ?? 10_000),
  runs = Number(process.env.BENCH_LIST_RUNS ?? 300),
): Promise<{ worst: number; worstLabel: string; worstP95: number; baseline: number; floors: Floors }> {
  const dataDir = process.env.BENCH_LISTS_DIR || mkdtempSync(join(tmpdir(), 'panda-bench-lists-'));
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
  });
  // Generated on one thread (the runner and reactors waited on directly), measured as `npm start` runs.
  let platform: Platform = await startPlatform(config, undefined, { logger: createLogger('silent') });
  let client: ListClient | undefined;
  try {
    const store = platform.store;
    /** The store: staff, students with their placements, cards and disputes, tickets, chat, audit reads. */
    const generate = async () => {
      await provisionAdmin(platform.commandDeps, 'admin@bench.panda', 'bench-admin-password', 'Bench', 'Admin');
      let n = 0;
      const meta = () => ({
        time: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
        actorId: 'admin0',
        correlationId: `c${n}`,
        commandId: `k${++n}`,
      });
      await appendStaff(store, MENTORS, CENTRES);
      const signature = {
        signature: 'B M',
        mentorName: 'Bench Mentor',
        date: '2026-01-05',
        time: '10:00',
        timestamp: '2026-01-05T10:00:00.000Z',
      };
      const pendingFrom = Math.floor(students * 0.95);
      for (let s = 0; s < students; s++) {
        const studentId = `student${s}`;
        const centreId = `centre${s % CENTRES}`;
        const mentorId = `mentor${s % MENTORS}`;
        const placementId = `placement${s}`;
        const events: { type: string; data: unknown }[] = [
          {
            type: 'StudentRegistered',
            data: {
              accountId: studentId,
              centreId,
              firstName: `Student${s % 97}`,
              lastName: `${s}`,
              email: `${studentId}@bench.panda`,
              phone: '07700900000',
              postcode: 'M1 1AA',
              dateOfBirth: null,
              requirements: { boilerInstalls: 2, boilerService: 0, pipework: 1, repair: 0 },
              temporaryPasswordHash: 'x',
            },
          },
          { type: 'PlacementProposed', data: { placementId, studentId, mentorId, centreId, notes: null, reasons: [] } },
        ];
        if (s < pendingFrom) {
          events.push({ type: 'PlacementAccepted', data: { placementId, studentId, mentorId } });
          events.push({
            type: 'JobOpened',
            data: { jobId: `job${s}-0`, studentId, placementId, mentorId, jobType: 'Boiler Installs', totalCount: 2 },
          });
          events.push({
            type: 'JobOpened',
            data: { jobId: `job${s}-1`, studentId, placementId, mentorId, jobType: 'Pipework', totalCount: 1 },
          });
          events.push({
            type: 'JobCardSigned',
            data: {
              jobId: `job${s}-0`,
              studentId,
              mentorId,
              signature,
              completedAt: signature.timestamp,
              completedCount: 1,
            },
          });
        }
        if (s < pendingFrom && s % 50 === 0) {
          // A dispute on the signed card (the admin Disputes list): every other one resolved.
          const ref = { signatureId: `job${s}-0-card-1`, jobId: `job${s}-0`, studentId, mentorId };
          events.push({
            type: 'SignatureDisputed',
            data: { ...ref, contentHash: 'a'.repeat(64), reason: 'Not my work', centreId },
          });
          if (s % 100 === 0)
            events.push({
              type: 'DisputeResolved',
              data: { ...ref, outcome: 'rejected', reason: 'Seen', adminId: 'admin0' },
            });
        }
        // The student who reads their own lists has chosen a password (a temporary one answers 403).
        if (s === 100) events.push({ type: 'PasswordChanged', data: { accountId: studentId, passwordHash: 'x' } });
        if (s % 500 === 0) events.push({ type: 'AccountLocked', data: { accountId: studentId, reason: 'bench' } });
        await store.append(`account-${studentId}`, events, 'no_stream', meta());
      }
      for (let i = 0; i < 20; i++)
        await store.append(
          'account-mentor0',
          [{ type: i % 2 ? 'AccountUnlocked' : 'AccountLocked', data: { accountId: 'mentor0', reason: 'bench' } }],
          'any',
          meta(),
        );
      // Support tickets (10 a centre, 1 in 20 students; every third closed), chat between the centres and mentors
      // and some of their students, an announcement from mentor0, audit reads and admin portal sign-ins.
      for (let t = 0; t < students / 10; t++) {
        const ticketId = `ticket${t}`;
        const owner =
          t % 2 === 0
            ? { ownerId: `centre${t % CENTRES}`, ownerRole: 'training_centre' as const, studentId: `student${t}` }
            : { ownerId: `student${t}`, ownerRole: 'student' as const, studentId: null };
        const events: { type: string; data: unknown }[] = [
          {
            type: 'TicketOpened',
            data: { ticketId, ...owner, subject: `Question ${t}`, message: `About job cards ${t}` },
          },
        ];
        if (t % 3 === 0) events.push({ type: 'TicketClosed', data: { ticketId, ownerId: owner.ownerId, by: 'owner' } });
        await store.append(`ticket-${ticketId}`, events, 'no_stream', meta());
      }
      const message = (m: number, senderId: string, receiverId: string, chatType: string) =>
        store.append(
          `message-chat${m}`,
          [
            {
              type: 'MessageSent',
              data: {
                messageId: `chat${m}`,
                senderId,
                receiverId,
                chatType,
                messageType: 'text',
                text: `Message ${m}`,
                image: null,
                imageFilename: null,
                receiverInConversation: true,
              },
            },
          ],
          'no_stream',
          meta(),
        );
      let m = 0;
      for (let s = 0; s < students; s += CENTRES * 2) {
        await message(m++, `student${s}`, `centre${s % CENTRES}`, 'training_centre_student');
        await message(m++, `centre${s % CENTRES}`, `student${s}`, 'training_centre_student');
      }
      for (let s = 0; s < Math.min(students, pendingFrom); s += MENTORS) {
        for (let k = 0; k < 3; k++) await message(m++, `student${s}`, `mentor${s % MENTORS}`, 'mentor_student');
      }
      const mentorStudents = Array.from({ length: pendingFrom }, (_, s) => s).filter((s) => s % MENTORS === 0);
      await store.append(
        'announcement-bench0',
        [
          {
            type: 'AnnouncementPublished',
            data: {
              announcementId: 'bench0',
              senderId: 'mentor0',
              senderRole: 'mentor',
              senderName: 'Bench mentor0',
              title: 'Site visit',
              message: 'Bring your job cards',
              priority: 'normal',
              recipientIds: mentorStudents.map((s) => `student${s}`),
            },
          },
        ],
        'no_stream',
        meta(),
      );
      await store.append(
        'audit-access',
        Array.from({ length: 1000 }, (_, i) => ({
          type: 'AuditRecordRead',
          data: {
            accountId: 'admin0',
            role: 'admin',
            name: 'Bench Admin',
            email: 'admin@bench.panda',
            action: 'account_timeline',
            subjectType: 'account',
            subjectId: `student${i}`,
            asOf: null,
            query: null,
          },
        })),
        'any',
        meta(),
      );
      await store.append(
        'admin-signins',
        Array.from({ length: 1000 }, (_, i) => ({
          type: 'AdminSignInAttempted',
          data: {
            email: `someone${i}@bench.panda`,
            accountId: null,
            outcome: 'invalid_credentials',
            sourceAddress: '127.0.0.1',
            userAgent: 'bench',
          },
        })),
        'any',
        meta(),
      );
    };
    const t0 = performance.now();
    if ((await store.headPosition()) === 0) await generate();
    // Quiet before measuring: the reactors (notifications, first answers, mail) append in their turn, and
    // the read models follow them, until nothing moves.
    let head = 0;
    while (head !== (head = await store.headPosition())) {
      await platform.runner.waitFor(head, 30 * 60_000);
      await platform.reactors.catchUp(30 * 60_000);
    }
    await platform.stop();
    platform = await startThreadedPlatform(config, { logger: createLogger('silent') });
    if (!(await platform.commandDeps.waitForProjections(head, 10 * 60_000)))
      throw new Error('the read models did not reach the log head');
    const adminId = (await platform.readStore.find('accounts', { role: 'admin' }))[0]?.id;
    if (!adminId) throw new Error('no admin account');
    console.log(
      `   ${students.toLocaleString()} students, ${head.toLocaleString()} events, read models ready after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const tokens = new Map<string, string>();
    const token = async (sub: string, role: Role) =>
      tokens.get(sub) ?? tokens.set(sub, await signToken(config.jwtSecret, { sub, role })).get(sub)!;
    const http = (client = listClient(platform.url));
    const get = async (path: string, sub: string, role: Role) => {
      const r = await http.get({ path, token: await token(sub, role) });
      if (r.status < 200 || r.status >= 300) throw new Error(`${path}: ${r.status}`);
      return r;
    };
    /** A cursor a few pages in (the query string of the Link after `hops` pages). */
    const deep = async (path: string, sub: string, role: Role, hops = 5) => {
      let url = path;
      for (let i = 0; i < hops; i++) url = nextLink((await get(url, sub, role)).link) ?? url;
      return url;
    };

    const validate = ['/api/auth/validate', 'student1', 'student'] as const;
    // The baseline is measured beside each call, request for request (validate, call, validate, ...):
    // a burst of load on this shared machine then weighs on both sides of a ratio alike.
    const baselines: number[] = [];
    let worst = 0;
    let worstLabel = '';
    let worstP95 = 0;
    let baseline = 0;
    /** The biggest page timed (what the first floor answers), by its bytes. */
    let largest = { path: '', sub: '', role: 'student' as Role, bytes: 0, label: '', newText: false };
    let timed = 0;
    const measure = async (label: string, path: string, sub: string, role: Role) => {
      const { times, base, bytes, total } = await http.measure({
        validate: { path: validate[0], token: await token(validate[1], validate[2]) },
        call: { path, token: await token(sub, role) },
        warmup: 10,
        runs,
      });
      const { p50, p95 } = stats(times);
      const b = stats(base);
      timed += 1;
      // A page asked with a new text each call is taken (as its first text) only when no other page was timed.
      const fixed = !path.includes('{n}');
      if (fixed ? bytes > largest.bytes || largest.newText : !largest.path)
        largest = { path: path.replaceAll('{n}', '0'), sub, role, bytes, label, newText: !fixed };
      baselines.push(b.p95);
      const ratio = p95 / b.p95;
      if (ratio > worst) [worst, worstLabel, worstP95, baseline] = [ratio, label, p95, b.p95];
      console.log(
        `   ${label.padEnd(56)} p50 ${p50.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  p95 x${ratio.toFixed(2)}  (validate beside it p50 ${b.p50.toFixed(2)} p95 ${b.p95.toFixed(2)})  ${total ? `of ${Number(total).toLocaleString()}` : ''} (${bytes.toLocaleString()} B)`,
      );
    };

    const centre = ['centre0', 'training_centre'] as const;
    const mentor = ['mentor0', 'mentor'] as const;
    const student = ['student100', 'student'] as const;
    const admin = [adminId, 'admin'] as const;
    /** Each case: a label, the path, and who calls it; `deep` walks 5 pages in first (the 6th page). */
    const cases: [label: string, path: string, who: readonly [string, Role], deep?: boolean][] = [
      ['centre my-students', '/api/my-students', centre],
      ['centre my-students, 6th page', '/api/my-students', centre, true],
      ['centre my-students ?q=student40', '/api/my-students?q=student40', centre],
      ['centre my-students ?sort=name', '/api/my-students?sort=name', centre],
      ['centre my-students ?sort=-name, 6th page', '/api/my-students?sort=-name', centre, true],
      ['centre my-students ?sort=created', '/api/my-students?sort=created', centre],
      ['mentor my-matches', '/api/my-matches', mentor],
      ['mentor my-matches ?sort=name, 2nd page', '/api/my-matches?sort=name', mentor, true],
      ['mentor my-matches ?q=student10', '/api/my-matches?q=student10', mentor],
      ['centre jobs', '/api/jobs', centre],
      ['centre jobs, 6th page', '/api/jobs', centre, true],
      ['centre jobs ?sort=-opened', '/api/jobs?sort=-opened', centre],
      ['centre jobs ?sort=-updated, 6th page', '/api/jobs?sort=-updated', centre, true],
      ['centre jobs ?q=pipework', '/api/jobs?q=pipework', centre],
      ['centre jobs ?student_id=student10', '/api/jobs?student_id=student10', centre],
      ['mentor jobs', '/api/jobs', mentor],
      ['mentor jobs ?sort=opened', '/api/jobs?sort=opened', mentor],
      ['student jobs', '/api/jobs', student],
      ['mentor placement-requests', '/api/placement-requests', mentor],
      ['mentor placement-requests ?sort=student&q=student', '/api/placement-requests?sort=student&q=student', mentor],
      ['mentor notifications', '/api/notifications', mentor],
      ['mentor notifications ?unread=true&q=placement', '/api/notifications?unread=true&q=placement', mentor],
      ['student notifications ?type=announcement', '/api/notifications?type=announcement', student],
      ['centre support', '/api/support', centre],
      ['centre support ?sort=created&q=question', '/api/support?sort=created&q=question', centre],
      ['admin support', '/api/admin/support', admin],
      ['admin support, 6th page', '/api/admin/support', admin, true],
      ['admin support ?status=open', '/api/admin/support?status=open', admin],
      ['admin support ?sort=-created&q=question 9', '/api/admin/support?sort=-created&q=question%209', admin],
      ['admin students', '/api/admin/users/students', admin],
      ['admin students, 6th page', '/api/admin/users/students', admin, true],
      ['admin students ?sort=created', '/api/admin/users/students?sort=created', admin],
      ['admin students ?sort=-name', '/api/admin/users/students?sort=-name', admin],
      ['admin students ?sort=name, 6th page', '/api/admin/users/students?sort=name', admin, true],
      ['admin students ?sort=email', '/api/admin/users/students?sort=email', admin],
      ['admin students ?placed=false', '/api/admin/users/students?placed=false', admin],
      ['admin students ?placed=true, 6th page', '/api/admin/users/students?placed=true', admin, true],
      ['admin students ?locked=true', '/api/admin/users/students?locked=true', admin],
      ['admin students ?locked=false, 6th page', '/api/admin/users/students?locked=false', admin, true],
      ['admin students ?q=student4', '/api/admin/users/students?q=student4', admin],
      ['admin students ?q=student4, 6th page', '/api/admin/users/students?q=student4', admin, true],
      ['admin students ?q=student9999&sort=name', '/api/admin/users/students?q=student9999&sort=name', admin],
      // Each call another text (student0, student1, ...); the calls above ask the same text again, as paging does.
      ['admin students ?q=student<N>, a new text each call', '/api/admin/users/students?q=student{n}', admin],
      ['admin mentors', '/api/admin/users/mentors', admin],
      ['admin mentors, 2nd page', '/api/admin/users/mentors', admin, true],
      ['admin mentors ?vetted=false&sort=email', '/api/admin/users/mentors?vetted=false&sort=email', admin],
      ['admin mentors ?locked=false&sort=-name', '/api/admin/users/mentors?locked=false&sort=-name', admin],
      ['admin mentors ?q=mentor4', '/api/admin/users/mentors?q=mentor4', admin],
      ['admin centres', '/api/admin/users/training-centres', admin],
      ['admin centres ?vetted=false&sort=name', '/api/admin/users/training-centres?vetted=false&sort=name', admin],
      ['admin centres ?locked=false&q=centre1', '/api/admin/users/training-centres?locked=false&q=centre1', admin],
      ['admin placements', '/api/admin/placements', admin],
      ['admin placements, 6th page', '/api/admin/placements', admin, true],
      ['admin placements ?status=pending', '/api/admin/placements?status=pending', admin],
      ['admin placements ?status=active&sort=mentor', '/api/admin/placements?status=active&sort=mentor', admin],
      ['admin placements ?sort=-student, 6th page', '/api/admin/placements?sort=-student', admin, true],
      ['admin placements ?q=student77', '/api/admin/placements?q=student77', admin],
      ['admin mentor0 history', '/api/admin/users/mentor/mentor0/history', admin],
      ['admin signin-attempts', '/api/admin/signin-attempts', admin],
      ['admin signin-attempts, 6th page', '/api/admin/signin-attempts', admin, true],
      ['admin disputes (open)', '/api/admin/disputes', admin],
      ['admin disputes ?status=resolved', '/api/admin/disputes?status=resolved', admin],
      [
        'admin disputes ?status=all&sort=disputed, 2nd page',
        '/api/admin/disputes?status=all&sort=disputed',
        admin,
        true,
      ],
      ['centre chat-contacts', '/api/chat-contacts', centre],
      ['centre chat-contacts, 6th page', '/api/chat-contacts', centre, true],
      ['mentor chat-contacts', '/api/chat-contacts', mentor],
      ['centre messages', '/api/messages', centre],
      ['mentor messages ?with=student0', '/api/messages?with=student0', mentor],
      ['admin audit access-log', '/api/audit/access-log', admin],
      ['admin audit access-log, 6th page', '/api/audit/access-log', admin, true],
      ['admin audit subjects ?role=student', '/api/audit/subjects?role=student', admin],
      ['admin audit subjects ?q=student12&sort=name', '/api/audit/subjects?q=student12&sort=name', admin],
      [
        'admin audit subjects ?q=student<N>&sort=name, a new text each call',
        '/api/audit/subjects?q=student{n}&sort=name',
        admin,
      ],
    ];
    const only = process.env.BENCH_LIST_ONLY;
    for (const [label, path, [sub, role], isDeep] of cases.filter(([label]) => !only || label.includes(only)))
      await measure(label, isDeep ? await deep(path, sub, role) : path, sub, role);
    if (!timed) throw new Error(`no list call was timed (BENCH_LIST_ONLY=${only ?? ''} names none)`);
    console.log(
      `   GET /api/auth/validate beside the calls: median of their p95s ${stats(baselines).p50.toFixed(2)} ms`,
    );
    console.log(`   worst list p95: x${worst.toFixed(2)} of /api/auth/validate (goal <= 2)`);
    const floors = await floorsBench(runs, {
      small: await fetchJson(platform.url, validate[0], await token(validate[1], validate[2])),
      page: await fetchJson(platform.url, largest.path, await token(largest.sub, largest.role)),
      pageLabel: largest.label,
      dataDir,
      platform,
      validate: { path: platform.url + validate[0], token: await token(validate[1], validate[2]) },
      adminId,
    });
    return { worst, worstLabel, worstP95, baseline, floors };
  } finally {
    await client?.stop();
    await platform.stop();
  }
}

async function fetchJson(url: string, path: string, token: string): Promise<unknown> {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** What no list can beat on this machine, as ratios of the same kind (p95 against a small answer, beside it). */
export interface Floors {
  /** A bare express endpoint answering the biggest page above (stringified per request, as the routes do). */
  page: { label: string; bytes: number; p95: number; small: number; ratio: number };
  /** The same endpoint answering once a 200-byte record is flushed to disk (fdatasync), as each audit read is (docs/rules.md#auditors). */
  flushed: { p95: number; small: number; ratio: number };
  /**
   * The same endpoint answering once it has appended the record an audit read appends, through the platform's log
   * (its commit and flush, the projections thread projecting it beside), against GET /api/auth/validate timed beside
   * it as the list calls are: what an audit list call costs before it reads anything.
   */
  recorded: { p95: number; validate: number; ratio: number };
}

/**
 * Floors for section 11's ratios, measured on the platform's thread with the same client and the same
 * method (a small answer timed beside each call): a bare express app that does nothing but answer
 * (a) validate's answer, (b) the biggest list page of the run, (c) validate's answer after flushing a
 * record to disk, (d) validate's answer after appending an audit read's record to the platform's log.
 * (b)/(a) is what sending a page of that size costs over a small answer; (c)/(a) what waiting for a flush
 * does; (d) against the platform's validate beside it, what every audit read pays for its record
 * (docs/rules.md#auditors) before its own work, on the same terms as the list calls' ratios.
 */
async function floorsBench(
  runs: number,
  {
    small,
    page,
    pageLabel,
    dataDir,
    platform,
    validate,
    adminId,
  }: {
    small: unknown;
    page: unknown;
    pageLabel: string;
    dataDir: string;
    platform: Platform;
    validate: ClientRequest;
    adminId: string;
  },
): Promise<Floors> {
  // Beside the log, on the same disk.
  const file = join(dataDir, 'bench-floor-records');
  const fd = openSync(file, 'w');
  const record = Buffer.alloc(200, 'r');
  const app = express();
  app.get('/small', (_req, res) => void res.json(small));
  app.get('/page', (_req, res) => void res.json(page));
  app.get('/flushed', (_req, res, next) => {
    writeSync(fd, record);
    fdatasync(fd, (err) => (err ? next(err) : res.json(small)));
  });
  // The record of an access-log read, as the audit routes append it (query-service/src/audit/routes.ts).
  const auditRecord = checkEvent('AuditRecordRead', {
    accountId: adminId,
    role: 'admin',
    name: 'Bench Admin',
    email: 'admin@bench.panda',
    action: 'access_log',
    subjectType: null,
    subjectId: null,
    asOf: null,
    query: null,
  });
  app.get('/recorded', (_req, res, next) => {
    const meta = { time: new Date().toISOString(), actorId: adminId, correlationId: randomUUID(), commandId: uuidv7() };
    const events = [{ type: 'AuditRecordRead', data: auditRecord }];
    const store = platform.store;
    // As the routes write it: committed at once and flushed on this thread where the log can (commitNow).
    if (store.commitNow) {
      try {
        store.commitNow(AUDIT_ACCESS_STREAM, events, 'any', meta).durable();
      } catch (err) {
        return next(err);
      }
      return void res.json(small);
    }
    store.append(AUDIT_ACCESS_STREAM, events, 'any', meta).then(() => res.json(small), next);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const bare = listClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    const time = async (path: string) => {
      const r = await bare.measure({
        validate: { path: '/small', token: '' },
        call: { path, token: '' },
        warmup: 10,
        runs,
      });
      return { p95: stats(r.times).p95, small: stats(r.base).p95, bytes: r.bytes };
    };
    const p = await time('/page');
    const f = await time('/flushed');
    const r = await bare.measure({ validate, call: { path: '/recorded', token: '' }, warmup: 10, runs });
    const rec = { p95: stats(r.times).p95, validate: stats(r.base).p95 };
    const floors: Floors = {
      page: { label: pageLabel, bytes: p.bytes, p95: p.p95, small: p.small, ratio: p.p95 / p.small },
      flushed: { p95: f.p95, small: f.small, ratio: f.p95 / f.small },
      recorded: { ...rec, ratio: rec.p95 / rec.validate },
    };
    console.log(
      `   floor: a bare express endpoint answering the biggest page above (${pageLabel}, ${p.bytes.toLocaleString()} B): p95 ${p.p95.toFixed(2)} ms, x${floors.page.ratio.toFixed(2)} of the same endpoint answering validate's answer (p95 ${p.small.toFixed(2)} ms)`,
    );
    console.log(
      `   floor: the same endpoint answering once a record is flushed to disk (as every audit read): p95 ${f.p95.toFixed(2)} ms, x${floors.flushed.ratio.toFixed(2)} (small answer p95 ${f.small.toFixed(2)} ms)`,
    );
    console.log(
      `   floor: the same endpoint answering once it has appended an audit read's record to the platform's log (commit, flush, projected beside): p95 ${rec.p95.toFixed(2)} ms, x${floors.recorded.ratio.toFixed(2)} of GET /api/auth/validate beside it (p95 ${rec.validate.toFixed(2)} ms)\n`,
    );
    return floors;
  } finally {
    await bare.stop();
    server.close();
    closeSync(fd);
    rmSync(file, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('List pages at 10,000 students (p95 as a ratio to GET /api/auth/validate in the same run)');
  await listsBench();
}
