/**
 * List page latency at BENCH_STUDENTS students (default 10,000; ruling 24, issue 9 goal "every list
 * call at 10,000 students: p95 within 2x of GET /api/auth/validate"). The store is generated through
 * events (10 centres, 100 mentors, every student placed but the last 5% which wait as pending
 * requests, one signed card each, locked accounts and admin history), the read models are built by
 * the projection runner, then every list call is timed (first page, a deep cursor page, search, sort,
 * filters) against `GET /api/auth/validate` measured in the same run.
 *
 * `npx tsx bench/lists.ts`, and part of `npm run bench`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextLink } from '@panda/contracts/paging';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { signToken, type Role } from '@panda/platform/tokens';
import { startPlatform } from '@panda/server/platform';
import { provisionAdmin } from '@panda/server/provision';
import { appendStaff } from './generate';

const CENTRES = 10;
const MENTORS = 100;

export async function listsBench(
  students = Number(process.env.BENCH_STUDENTS ?? 10_000),
  runs = Number(process.env.BENCH_LIST_RUNS ?? 100),
): Promise<{ worst: number; worstLabel: string; baseline: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panda-bench-lists-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
  });
  const platform = await startPlatform(config, undefined, { logger: createLogger('silent') });
  try {
    await provisionAdmin(platform.commandDeps, 'admin@bench.panda', 'bench-admin-password', 'Bench', 'Admin');
    const store = platform.store;
    let n = 0;
    const meta = () => ({
      time: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
      actorId: 'admin0',
      correlationId: `c${n}`,
      commandId: `k${++n}`,
    });
    const t0 = performance.now();
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
    const head = await store.headPosition();
    await platform.runner.waitFor(head, 30 * 60_000);
    const adminId = (await platform.readStore.find('accounts', { role: 'admin' }))[0]?.id;
    if (!adminId) throw new Error('no admin account');
    console.log(
      `   ${students.toLocaleString()} students, ${head.toLocaleString()} events, read models ready after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const tokens = new Map<string, string>();
    const token = async (sub: string, role: Role) =>
      tokens.get(sub) ?? tokens.set(sub, await signToken(config.jwtSecret, { sub, role })).get(sub)!;
    const get = async (path: string, sub: string, role: Role) => {
      const res = await fetch(`${platform.url}${path}`, {
        headers: { authorization: `Bearer ${await token(sub, role)}` },
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return { res, bytes };
    };
    /** A cursor a few pages in (the query string of the Link after `hops` pages). */
    const deep = async (path: string, sub: string, role: Role, hops = 5) => {
      let url = path;
      for (let i = 0; i < hops; i++) url = nextLink((await get(url, sub, role)).res.headers.get('Link')) ?? url;
      return url;
    };

    let baseline = 0;
    let worst = 0;
    let worstLabel = '';
    const measure = async (label: string, path: string, sub: string, role: Role) => {
      for (let i = 0; i < 10; i++) await get(path, sub, role);
      const times: number[] = [];
      let bytes = 0;
      let total = '';
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const r = await get(path, sub, role);
        times.push(performance.now() - t);
        bytes = r.bytes;
        total = r.res.headers.get('X-Total-Count') ?? '';
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.min(times.length - 1, Math.floor(0.95 * times.length))];
      const p50 = times[Math.floor(times.length / 2)];
      if (!baseline) baseline = p95;
      const ratio = p95 / baseline;
      if (path !== '/api/auth/validate' && ratio > worst) [worst, worstLabel] = [ratio, label];
      console.log(
        `   ${label.padEnd(52)} p50 ${p50.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  p95 x${ratio.toFixed(2)}  ${total ? `of ${Number(total).toLocaleString()}` : ''} (${bytes.toLocaleString()} B)`,
      );
    };

    await measure('baseline GET /api/auth/validate', '/api/auth/validate', 'student1', 'student');
    await measure('centre GET /api/my-students', '/api/my-students', 'centre0', 'training_centre');
    await measure(
      'centre GET /api/my-students, 6th page',
      await deep('/api/my-students', 'centre0', 'training_centre'),
      'centre0',
      'training_centre',
    );
    await measure(
      'centre GET /api/my-students?q=student40',
      '/api/my-students?q=student40',
      'centre0',
      'training_centre',
    );
    await measure('centre GET /api/my-students?sort=name', '/api/my-students?sort=name', 'centre0', 'training_centre');
    await measure('centre GET /api/jobs', '/api/jobs', 'centre0', 'training_centre');
    await measure('mentor GET /api/my-matches', '/api/my-matches', 'mentor0', 'mentor');
    await measure('mentor GET /api/jobs', '/api/jobs', 'mentor0', 'mentor');
    await measure('mentor GET /api/placement-requests', '/api/placement-requests', 'mentor0', 'mentor');
    await measure('mentor GET /api/notifications', '/api/notifications', 'mentor0', 'mentor');
    await measure('centre GET /api/support', '/api/support', 'centre0', 'training_centre');
    await measure('admin GET /api/admin/users/students', '/api/admin/users/students', adminId, 'admin');
    await measure(
      'admin students, 6th page',
      await deep('/api/admin/users/students', adminId, 'admin'),
      adminId,
      'admin',
    );
    await measure('admin students ?sort=-name', '/api/admin/users/students?sort=-name', adminId, 'admin');
    await measure('admin students ?placed=false', '/api/admin/users/students?placed=false', adminId, 'admin');
    await measure('admin students ?locked=true', '/api/admin/users/students?locked=true', adminId, 'admin');
    await measure('admin students ?q=student4 (search)', '/api/admin/users/students?q=student4', adminId, 'admin');
    await measure('admin GET /api/admin/users/mentors', '/api/admin/users/mentors', adminId, 'admin');
    await measure(
      'admin mentors ?vetted=false&sort=email',
      '/api/admin/users/mentors?vetted=false&sort=email',
      adminId,
      'admin',
    );
    await measure('admin GET /api/admin/users/training-centres', '/api/admin/users/training-centres', adminId, 'admin');
    await measure('admin GET /api/admin/placements', '/api/admin/placements', adminId, 'admin');
    await measure('admin placements ?status=pending', '/api/admin/placements?status=pending', adminId, 'admin');
    await measure('admin GET …/mentor/mentor0/history', '/api/admin/users/mentor/mentor0/history', adminId, 'admin');
    await measure('admin GET /api/admin/signin-attempts', '/api/admin/signin-attempts', adminId, 'admin');
    await measure('admin GET /api/admin/support', '/api/admin/support', adminId, 'admin');
    console.log(`   worst list p95: x${worst.toFixed(2)} of /api/auth/validate (goal <= 2)\n`);
    return { worst, worstLabel, baseline };
  } finally {
    await platform.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('List pages at 10,000 students (ruling 24; p95 as a ratio to GET /api/auth/validate in the same run)');
  await listsBench();
}
