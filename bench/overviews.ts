/**
 * `npx tsx bench/overviews.ts`: latency of the three dashboard overviews (and the lists behind them)
 * on a store of BENCH_STUDENTS students (default 10,000) with BENCH_CARDS signed job cards each
 * (default 10: 100,000 cards), spread over 10 centres and 100 mentors. Events are appended
 * directly (the shapes the commands record); the read models are built by the projection runner.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { signToken, type Role } from '@panda/platform/tokens';
import { JOB_TYPES } from '@panda/events/catalogue/training';
import { startPlatform } from '@panda/server/platform';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const CARDS = Number(process.env.BENCH_CARDS ?? 10);
const CENTRES = 10;
const MENTORS = 100;
const RUNS = 200;

const dataDir = mkdtempSync(join(tmpdir(), 'panda-bench-overviews-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
});
const platform = await startPlatform(config, undefined, { logger: createLogger('silent') });
const store = platform.store;
let n = 0;
const meta = () => ({ time: new Date().toISOString(), actorId: null, correlationId: `c${n}`, commandId: `k${++n}` });
const signUp = (id: string, role: 'mentor' | 'training_centre') =>
  store.append(
    `account-${id}`,
    [
      {
        type: 'AccountSignedUp',
        data: {
          accountId: id,
          role,
          firstName: 'Bench',
          lastName: id,
          email: `${id}@bench.panda`,
          centreName: role === 'training_centre' ? `Centre ${id}` : null,
          passwordHash: 'x',
        },
      },
    ],
    'no_stream',
    meta(),
  );

const t0 = performance.now();
for (let c = 0; c < CENTRES; c++) await signUp(`centre${c}`, 'training_centre');
for (let m = 0; m < MENTORS; m++) await signUp(`mentor${m}`, 'mentor');
const perType = Math.ceil(CARDS / JOB_TYPES.length);
const signature = {
  signature: 'B M',
  mentorName: 'Bench Mentor',
  date: '2026-01-05',
  time: '10:00',
  timestamp: '2026-01-05T10:00:00.000Z',
};
for (let s = 0; s < STUDENTS; s++) {
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
        firstName: 'Student',
        lastName: `${s}`,
        email: `${studentId}@bench.panda`,
        phone: '07700900000',
        postcode: 'M1 1AA',
        dateOfBirth: null,
        requirements: {
          boilerInstalls: perType + 2,
          boilerService: perType + 2,
          pipework: perType + 2,
          repair: perType + 2,
        },
        temporaryPasswordHash: 'x',
      },
    },
    { type: 'PlacementProposed', data: { placementId, studentId, mentorId, centreId, notes: null, reasons: [] } },
    { type: 'PlacementAccepted', data: { placementId, studentId, mentorId } },
  ];
  let signed = 0;
  JOB_TYPES.forEach((jobType, i) => {
    const jobId = `job${s}-${i}`;
    events.push({
      type: 'JobOpened',
      data: { jobId, studentId, placementId, mentorId, jobType, totalCount: perType + 2 },
    });
    for (let k = 1; k <= perType && signed < CARDS; k++, signed++) {
      events.push({
        type: 'JobCardSigned',
        data: { jobId, studentId, mentorId, signature, completedAt: signature.timestamp, completedCount: k },
      });
    }
  });
  await store.append(`account-${studentId}`, events, 'no_stream', meta());
}
const head = await store.headPosition();
const appended = performance.now() - t0;
await platform.runner.waitFor(head, 30 * 60_000);
const projected = performance.now() - t0;
console.log(
  `${STUDENTS.toLocaleString()} students, ${(STUDENTS * CARDS).toLocaleString()} signed cards, ${head.toLocaleString()} events: appended in ${(appended / 1000).toFixed(1)} s, read models ready after ${(projected / 1000).toFixed(1)} s`,
);

const token = (sub: string, role: Role) => signToken(config.jwtSecret, { sub, role });
let baseline: { p50: number; p95: number } | null = null;
async function measure(label: string, path: string, sub: string, role: Role) {
  const auth = { authorization: `Bearer ${await token(sub, role)}` };
  let bytes = 0;
  for (let i = 0; i < 10; i++) await (await fetch(`${platform.url}${path}`, { headers: auth })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${platform.url}${path}`, { headers: auth });
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const q = (p: number) => at(p).toFixed(2);
  baseline ??= { p50: at(0.5), p95: at(0.95) };
  const ratio = `x${(at(0.5) / baseline.p50).toFixed(1)} / x${(at(0.95) / baseline.p95).toFixed(1)} of baseline`;
  console.log(
    `${label.padEnd(42)} p50 ${q(0.5).padStart(7)} ms  p95 ${q(0.95).padStart(7)} ms  p99 ${q(0.99).padStart(7)} ms  ${ratio}  (${bytes.toLocaleString()} bytes)`,
  );
}

// Baseline in the same run: the cheapest authenticated read (token check + one document).
await measure('baseline GET /api/auth/validate', '/api/auth/validate', 'student0', 'student');

await measure('centre overview (1,000 students)', '/api/dashboard/overview', 'centre0', 'training_centre');
await measure('mentor overview (100 students)', '/api/dashboard/overview', 'mentor0', 'mentor');
await measure('student overview', '/api/dashboard/overview', 'student0', 'student');
await measure('mentor GET /api/jobs (400 jobs)', '/api/jobs', 'mentor0', 'mentor');
await measure('centre GET /api/my-students (1,000)', '/api/my-students', 'centre0', 'training_centre');
await measure('lookup student (as centre)', '/api/lookup/student/student0', 'centre0', 'training_centre');
await platform.stop();
