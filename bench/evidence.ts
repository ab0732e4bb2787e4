/**
 * Evidence, caseload and onboarding speed (docs/benchmarks.md#evidence), sections 16 to 18 of `npm run bench`,
 * each as a ratio to a baseline timed in the same run, alternated with it request for request:
 * - 16. A sign-off with 6 photos of 3 MB each (six `POST /api/job-photos`, then `PUT /api/jobs/{id}/complete`)
 *   vs the image work alone (decodeImage and dHash, the functions the upload runs, on the same bytes) plus
 *   a bare express upload of the same bytes. Goal: p95 within x1.5.
 * - 17. The centre caseload at 1,000 students sorted by forecast vs the unsorted first page. Goal: p95 within x1.5.
 * - 18. Bulk onboarding of 500 CSV rows vs 500 single registrations sent back to back. Goal: within x2.
 * The app runs in this process (the test harness, as the int tests start it); requests are sent one at a time.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { BULK_REGISTRATION_HEADER } from '@panda/contracts/training';
import { accountStream } from '@panda/events/catalogue/accounts';
import { decodeImage } from '@panda/platform/images';
import { dHash } from '@panda/platform/perceptual-hash';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { uniqueEmail } from '@panda/command-service/admin/test-fixtures';
import {
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
} from '@panda/command-service/training/test-fixtures';
import { stats } from './lists';

const PHOTOS = 6;
const PHOTO_BYTES = 3 * 1024 * 1024;

async function withApp<T>(work: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp({ env: { SEED_DEMO: '0', LOG_LEVEL: 'silent' } });
  try {
    return await work(app);
  } finally {
    await app.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
}

/** A JPEG of a camera photo's size: a gradient with noise, grown until it is at least `bytes` long. */
async function photo(seed: number, bytes = PHOTO_BYTES): Promise<Buffer> {
  for (let side = 1600; ; side += 200) {
    const [w, h] = [side, Math.round((side * 3) / 4)];
    const noise = await sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: { r: (seed * 40) % 255, g: 120, b: 200 - ((seed * 30) % 200) },
        noise: { type: 'gaussian', mean: 128, sigma: 40 + seed },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (noise.length >= bytes) return noise;
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** A bare express server that takes a raw body up to 10 MB and answers 201, as the upload route's floor. */
async function bareUploadServer(): Promise<{ url: string; server: Server }> {
  const app = express();
  app.post('/upload', express.raw({ type: () => true, limit: 10 * 1024 * 1024 }), (req, res) => {
    res.status(201).json({ size: (req.body as Buffer).length });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** 16. A sign-off with six 3 MB photos, end to end, vs the image work plus a bare upload of the same bytes. */
export async function signOffPhotosBench(runs = Number(process.env.BENCH_EVIDENCE_RUNS ?? 12), warmup = 2) {
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i)));
  const bare = await bareUploadServer();
  try {
    return await withApp(async (app) => {
      const centre = await vettedCentre(app, 'Bench Centre');
      const mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
      const student = await registeredStudent(app, centre, {
        Boiler_Installs: 50,
        Boiler_Service: 0,
        Pipework: 0,
        Repair: 0,
      });
      await place(app, student, mentor);
      const job = await jobOfType(app, mentor.token, 'Boiler Installs');
      const auth = { authorization: `Bearer ${mentor.token}` };
      let card = 0;
      const signOff = async () => {
        const ids: string[] = [];
        for (const bytes of photos) {
          const res = await fetch(`${app.url}/api/job-photos`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'image/jpeg' },
            body: bytes,
          });
          ids.push(((await (await expectStatus(res, 201, 'photo upload')).json()) as { photo_id: string }).photo_id);
        }
        const res = await fetch(`${app.url}/api/jobs/${job.id}/complete`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(signature((card++ % 50) + 1, { photo_ids: ids })),
        });
        await expectStatus(res, 200, 'sign-off');
      };
      const baseline = async () => {
        for (const bytes of photos) {
          const decoded = await decodeImage(bytes);
          if (!decoded.ok) throw new Error(`the bench photo was refused: ${decoded.reason}`);
          await dHash(decoded.image.bytes);
          const res = await fetch(`${bare.url}/upload`, {
            method: 'POST',
            headers: { 'content-type': 'image/jpeg' },
            body: bytes,
          });
          await expectStatus(res, 201, 'bare upload');
          await res.arrayBuffer();
        }
      };
      const base: number[] = [];
      const full: number[] = [];
      for (let i = 0; i < warmup + runs; i++) {
        const b = await timed(baseline);
        const f = await timed(signOff);
        if (i >= warmup) {
          base.push(b);
          full.push(f);
        }
      }
      const [b, f] = [stats(base), stats(full)];
      const size = photos.reduce((n, p) => n + p.length, 0);
      console.log(
        `16. Sign-off with ${PHOTOS} photos (${(size / PHOTOS / 1024 / 1024).toFixed(1)} MB each), ${runs} runs after ${warmup} warm-up`,
      );
      console.log(
        `   image work + bare upload p95: ${b.p95.toFixed(0)} ms (p50 ${b.p50.toFixed(0)})   sign-off end to end p95: ${f.p95.toFixed(0)} ms (p50 ${f.p50.toFixed(0)})   ratio: ${(f.p95 / b.p95).toFixed(2)}\n`,
      );
      return { base: b.p95, full: f.p95, ratio: f.p95 / b.p95 };
    });
  } finally {
    bare.server.close();
  }
}

const csvRow = (n: number, tag: string) =>
  [`Stu${n}`, 'Bench', `${tag}-${n}@bench.panda`, '07700900000', 'M1 1AA', '10', '0', '0', '0'].join(',');
const csvOf = (rows: string[]) => [BULK_REGISTRATION_HEADER.join(','), ...rows].join('\r\n');

/**
 * Until the app has dealt with everything setting up appended, as a server that has been up a while has: the
 * reactors and the read models, and the ticks that time drives (sign-offs unanswered for 7 days earn their
 * mentor a payout; reminders), again while what they append moves the log's head. Otherwise the timed
 * requests share the process with that backlog (a minute's payout tick earns for up to 1,000 sign-offs).
 */
async function settled(app: TestApp, timeoutMs = 120_000) {
  const p = app.platform;
  for (let head = -1, now = await p.store.headPosition(); now !== head;) {
    await p.reactors.catchUp(timeoutMs);
    if (!(await p.commandDeps.waitForProjections(now, timeoutMs)))
      throw new Error(`the read models did not reach position ${now}`);
    await p.payouts.tick();
    await p.reminders.tick();
    [head, now] = [now, await p.store.headPosition()];
  }
}

/** 17. The caseload of 1,000 students sorted by forecast vs its unsorted first page. */
export async function caseloadSortBench(
  students = 1000,
  runs = Number(process.env.BENCH_CASELOAD_RUNS ?? 300),
  warmup = 10,
) {
  return withApp(async (app) => {
    const centre = await vettedCentre(app, 'Bench Centre');
    const mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
    const auth = { authorization: `Bearer ${centre.token}` };
    const ids: string[] = [];
    for (let from = 0; from < students; from += 500) {
      const rows = Array.from({ length: Math.min(500, students - from) }, (_, i) => csvRow(from + i, 'caseload'));
      const res = await fetch(`${app.url}/api/register-students`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: csvOf(rows),
      });
      const body = (await (await expectStatus(res, 201, 'bulk registration')).json()) as {
        registered: { id: string }[];
      };
      ids.push(...body.registered.map((s) => s.id));
    }
    // Three in four placed with 1 to 5 cards over the last weeks, so forecasts differ (and some are null).
    const DAY = 86_400_000;
    const now = Date.now();
    let n = 0;
    for (const [i, studentId] of ids.entries()) {
      if (i % 4 === 0) continue;
      const placementId = `bench-placement-${i}`;
      const jobId = `bench-job-${i}`;
      const meta = (time: number) => ({
        time: new Date(time).toISOString(),
        actorId: mentor.user.id,
        correlationId: `bench-${i}`,
        commandId: `bench-caseload-${n++}`,
      });
      const placed = now - 70 * DAY;
      await app.platform.store.append(
        accountStream(studentId),
        [
          {
            type: 'PlacementProposed',
            data: {
              placementId,
              studentId,
              mentorId: mentor.user.id,
              centreId: centre.user.id,
              notes: null,
              reasons: [],
            },
          },
          { type: 'PlacementAccepted', data: { placementId, studentId, mentorId: mentor.user.id } },
          {
            type: 'JobOpened',
            data: {
              jobId,
              studentId,
              placementId,
              mentorId: mentor.user.id,
              jobType: 'Boiler Installs',
              totalCount: 10,
            },
          },
        ],
        'any',
        meta(placed),
      );
      for (let c = 1; c <= (i % 5) + 1; c++) {
        const at = new Date(now - ((i * 7 + c * 11) % 60) * DAY - c * 1000).toISOString();
        const sig = {
          signature: 'D C',
          mentorName: 'Dave Clarke',
          date: at.slice(0, 10),
          time: '10:00',
          timestamp: at,
        };
        await app.platform.store.append(
          accountStream(studentId),
          [
            {
              type: 'JobCardSigned',
              data: { jobId, studentId, mentorId: mentor.user.id, signature: sig, completedAt: at, completedCount: c },
            },
          ],
          'any',
          meta(Date.parse(at)),
        );
      }
    }
    await settled(app);
    const get = async (path: string) => {
      const res = await fetch(`${app.url}${path}`, { headers: auth });
      await expectStatus(res, 200, path);
      return (await res.json()) as { forecast_finish: string | null }[];
    };
    const sorted = await get('/api/my-students?sort=forecast');
    if (!sorted[0]?.forecast_finish) throw new Error('the sorted caseload has no forecast on top');
    const base: number[] = [];
    const measured: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const b = await timed(() => get('/api/my-students'));
      const m = await timed(() => get('/api/my-students?sort=forecast'));
      if (i >= warmup) {
        base.push(b);
        measured.push(m);
      }
    }
    const [b, m] = [stats(base), stats(measured)];
    console.log(`17. Centre caseload at ${ids.length} students, ${runs} runs after ${warmup} warm-up`);
    console.log(
      `   unsorted first page p50 ${b.p50.toFixed(2)} ms p95 ${b.p95.toFixed(2)} ms   sorted by forecast p50 ${m.p50.toFixed(2)} ms p95 ${m.p95.toFixed(2)} ms   ratio of p95: ${(m.p95 / b.p95).toFixed(2)}\n`,
    );
    return { base: b.p95, sorted: m.p95, ratio: m.p95 / b.p95 };
  });
}

/** 18. Bulk onboarding of 500 rows vs 500 single registrations sent back to back (each on a fresh centre). */
export async function bulkOnboardingBench(rows = 500) {
  return withApp(async (app) => {
    const single = await vettedCentre(app, 'Single Centre');
    const bulk = await vettedCentre(app, 'Bulk Centre');
    const singles = await timed(async () => {
      for (let i = 0; i < rows; i++) {
        const res = await fetch(`${app.url}/api/register-student`, {
          method: 'POST',
          headers: { authorization: `Bearer ${single.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            First_Name: `Stu${i}`,
            Last_Name: 'Bench',
            Email: uniqueEmail(`single${i}`),
            Phone_Number: '07700900000',
            Postcode: 'M1 1AA',
            Boiler_Installs: 10,
          }),
        });
        await expectStatus(res, 201, 'single registration');
        await res.arrayBuffer();
      }
    });
    const csv = csvOf(Array.from({ length: rows }, (_, i) => csvRow(i, 'bulk')));
    const bulkMs = await timed(async () => {
      const res = await fetch(`${app.url}/api/register-students`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bulk.token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      const body = (await (await expectStatus(res, 201, 'bulk registration')).json()) as { registered: unknown[] };
      if (body.registered.length !== rows) throw new Error(`bulk registered ${body.registered.length} of ${rows}`);
    });
    console.log(`18. Onboarding ${rows} students`);
    console.log(
      `   ${rows} single registrations back to back: ${(singles / 1000).toFixed(2)} s   one CSV of ${rows} rows: ${(bulkMs / 1000).toFixed(2)} s   ratio: ${(bulkMs / singles).toFixed(2)}\n`,
    );
    return { singles, bulk: bulkMs, ratio: bulkMs / singles };
  });
}
