/**
 * The verifiable log's costs (docs/rules.md#log-checkpoints, docs/benchmarks.md#verifiable-log), each as a
 * ratio to a baseline measured in the same run:
 * - appends per second with the checkpointer at work vs without it (median of five alternated runs, target
 *   >= x0.9). "At work" is a tick every second (300 times as often as in `npm start`), in the appending
 *   thread (in `npm start` it has a thread of its own);
 * - on a log of LOG_EVENTS events (1,000,000 with `--full`, the size the goals name; else 100,000, as
 *   seeding and reading 1,000,000 take over ten minutes on a loaded machine): an inclusion proof's p95 vs
 *   `GET /api/auth/validate` (target <= x2); the quick checks at start vs the whole start-up, `node
 *   server/src/main.ts` to its first answer (target <= x0.10); the background re-hash (chain and Merkle
 *   roots at the checkpoints) vs the raw read rate of the same log (target >= x0.8).
 * Run alone: `npx tsx bench/log-audit.ts`; also sections 14 and 15 of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadLogSigner } from '@panda/events/log-signing-key';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { signToken } from '@panda/platform/tokens';
import { ProjectionRunner } from '@panda/projections/runner';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { LogCheckpointer } from '@panda/reactors/audit/log-checkpoints';
import { allProjections } from '@panda/server/projections';
import { startPlatform } from '@panda/server/platform';
import { logIndexOf } from '@panda/command-service/shared/log-index';
import { generateChained, readAndVerifyRates } from './verify';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const silent = createLogger('silent');
const ORIGIN = 'localhost/log';
/** How often the checkpointer ticks while the appends run: 300 times as often as in `npm start`. */
const TICK_MS = 1000;
const ENV = {
  PORT: '0',
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
};

const signUp = (id: string) => ({
  type: 'AccountSignedUp',
  data: {
    accountId: id,
    role: 'mentor',
    firstName: 'Bench',
    lastName: id,
    email: `${id}@bench.panda`,
    centreName: null,
    passwordHash: 'x',
  },
});
const meta = (k: string) => ({ time: new Date().toISOString(), actorId: null, correlationId: k, commandId: k });

/** Appends per second (one event per append, fsync each) on a fresh log, the checkpointer ticking every second or not at all. */
async function appendRate(n: number, checkpoints: boolean): Promise<{ rate: number; ticks: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'panda-bench-cp-appends-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  let ticking = checkpoints;
  let ticks = 0;
  const ticker = (async () => {
    if (!checkpoints) return;
    const cp = new LogCheckpointer(store.tree, loadLogSigner(dir, null, ORIGIN), ORIGIN, () => new Date(), silent);
    for (;;) {
      await new Promise((r) => setTimeout(r, TICK_MS));
      if (!ticking) return;
      if (await cp.tick()) ticks++;
    }
  })();
  const t = performance.now();
  for (let i = 0; i < n; i++) await store.append(`account-${i}`, [signUp(`a${i}`)], 'no_stream', meta(`k${i}`));
  const rate = (n / (performance.now() - t)) * 1000;
  ticking = false;
  await ticker;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { rate, ticks };
}

export async function checkpointAppendsBench(n = Number(process.env.BENCH_EVENTS ?? 5000)) {
  const off: number[] = [];
  const on: number[] = [];
  let checkpointsMade = 0;
  for (let round = 0; round < 5; round++) {
    off.push((await appendRate(n, false)).rate);
    const withCheckpoints = await appendRate(n, true);
    on.push(withCheckpoints.rate);
    checkpointsMade += withCheckpoints.ticks;
  }
  const ratio = median(on) / median(off);
  console.log(`14. Appends with checkpoints on vs off (${fmt(n)} appends, fsync each, median of 5 alternated runs)`);
  console.log(
    `   off: ${fmt(median(off))}/s   on (a checkpoint every second, ${checkpointsMade} made in 5 runs): ${fmt(median(on))}/s   ratio: ${ratio.toFixed(2)} (target >= 0.9)\n`,
  );
  return { off: median(off), on: median(on), ratio };
}

/** Milliseconds from spawning the server entry to its first 200 on /api/health. */
function startUp(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...ENV, LOG_LEVEL: 'warn', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let url: string | null = null;
    child.stdout.on('data', (d) => {
      out += d;
      url ??= /(http:\/\/(?:localhost|127\.0\.0\.1):\d+)/.exec(out)?.[1] ?? null;
    });
    const finish = (ms: number | Error) => {
      child.kill('SIGKILL');
      child.once('exit', () => (ms instanceof Error ? reject(ms) : resolve(ms)));
    };
    const poll = async () => {
      if (url) {
        try {
          const r = await fetch(`${url}/api/health`);
          if (r.ok) return finish(performance.now() - t);
        } catch {
          /* not yet */
        }
      }
      if (performance.now() - t > 120_000) return finish(new Error(`no response: ${out}`));
      setTimeout(poll, 5);
    };
    child.once('exit', (code) => code && !url && reject(new Error(`exited ${code}: ${out}`)));
    void poll();
  });
}

/** Section 15's size: `BENCH_LOG_EVENTS`, or 1,000,000 with `--full` (`npm run bench -- --full`), else 100,000. */
export const LOG_EVENTS = Number(
  process.env.BENCH_LOG_EVENTS ?? (process.argv.includes('--full') ? 1_000_000 : 100_000),
);

export async function verifiableLogBench(n = LOG_EVENTS) {
  const dataDir = mkdtempSync(join(tmpdir(), 'panda-bench-log-'));
  try {
    return await run(dataDir, n);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(dataDir: string, n: number) {
  const file = join(dataDir, 'events.db');
  const t0 = performance.now();
  // n - 1 sign-offs seeded as the store would have chained them, then one account (the caller of validate) appended.
  await generateChained(file, n - 1);
  const generated = performance.now() - t0;

  // The account's read models from a log of its own; every projection then starts at the big log's head.
  // init() records each read model's version, as a server's first start does: without it every projection
  // of a version above 1 was emptied at the next start and built again from the whole log, in the bench's
  // thread (a server runs them in a thread of their own), while validate was timed.
  const small = new SqliteEventStore(join(dataDir, 'account.db'));
  await small.append('account-benchmentor', [signUp('benchmentor')], 'no_stream', meta('bench'));
  const rs = new SqliteReadStore(join(dataDir, 'read-models.db'));
  const smallRunner = new ProjectionRunner(small, rs, allProjections);
  await smallRunner.init();
  await smallRunner.catchUp();
  await small.close();

  let t = performance.now();
  const store = new SqliteEventStore(file);
  const opened = performance.now() - t;
  if (store.migratedOnOpen) throw new Error('the seeded log was chained again at open');
  await store.append('account-benchmentor', [signUp('benchmentor')], 'no_stream', meta('bench'));
  t = performance.now();
  const cp = new LogCheckpointer(store.tree, loadLogSigner(dataDir, null, ORIGIN), ORIGIN, () => new Date(), silent);
  const checkpoint = (await cp.tick())!;
  const signed = performance.now() - t;
  // Appends since the last checkpoint, which the quick checks verify in full: 1,000 (5 minutes at 3 a second).
  for (let i = 0; i < 10; i++)
    await store.append(
      `account-late${i}`,
      Array.from({ length: 100 }, (_, k) => signUp(`late${i}-${k}`)),
      'no_stream',
      meta(`late${i}`),
    );
  const head = await store.headPosition();
  for (const p of allProjections) await rs.commit(p.name, await rs.checkpoint(p.name), head, []);
  await rs.close();
  console.log(
    `15. Verifiable log at ${fmt(head)} events (seeded with its chain and tree in ${(generated / 1000).toFixed(1)} s, opened in ${fmt(opened)} ms, checkpoint of ${fmt(checkpoint.tree_size)} leaves signed in ${fmt(signed)} ms)`,
  );

  // Background re-hash vs raw read, alternated, three rounds each.
  const { readRate, verifyRate: rehashRate, report } = await readAndVerifyRates(store);
  if (!report.ok || report.events !== head) throw new Error(`the re-hash did not pass: ${JSON.stringify(report)}`);
  const quick: number[] = [];
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const check = await store.checkAtStart();
    if (!check.ok) throw new Error(`the quick checks failed: ${JSON.stringify(check)}`);
    quick.push(performance.now() - t);
  }
  await store.close();
  const quickMs = median(quick);
  console.log(
    `   raw log read: ${fmt(readRate)} events/s   background re-hash (chain and tree roots): ${fmt(rehashRate)} events/s   ratio: ${(rehashRate / readRate).toFixed(2)} (target >= 0.8)`,
  );

  // Start-up of the server entry on this log; its first start already makes a checkpoint at the head.
  const startMs = median([await startUp(dataDir), await startUp(dataDir), await startUp(dataDir)]);
  console.log(
    `   quick checks at start (1,000 events since the last checkpoint): ${quickMs.toFixed(1)} ms   start-up to first answer: ${fmt(startMs)} ms   share: ${(quickMs / startMs).toFixed(3)} (target <= 0.10)`,
  );

  const config = loadConfig({ ...ENV, DATA_DIR: dataDir });
  const platform = await startPlatform(config, undefined, { logger: silent });
  try {
    // A restart's state: no read model is built again from the log (see the seeding above).
    for (const p of allProjections)
      if ((await platform.readStore.checkpoint(p.name)) < head)
        throw new Error(
          `${p.name} is built again from the log at this start: the bench would time that, not a restart`,
        );
    const size = checkpoint.tree_size;
    const token = await signToken(config.jwtSecret, { sub: 'benchmentor', role: 'mentor' });
    const p95 = async (path: (i: number) => string, headers: Record<string, string> = {}) => {
      const times: number[] = [];
      for (let i = 0; i < 320; i++) {
        let started = performance.now();
        // A kept-alive connection the loaded server closed is opened again once, and that timing is the one kept.
        const res = await fetch(`${platform.url}${path(i)}`, { headers }).catch(() => {
          started = performance.now();
          return fetch(`${platform.url}${path(i)}`, { headers });
        });
        const text = await res.text();
        if (i >= 20) times.push(performance.now() - started);
        if (!res.ok) throw new Error(`${path(i)}: ${res.status} ${text}`);
      }
      times.sort((a, b) => a - b);
      return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
    };
    // While the start's background reads of the whole log run (the re-hash, and the command side's log
    // index: docs/rules.md#log-index), when they are still running after the first answers: no target.
    const warming = platform.verification()?.status().state === 'running';
    const during = await p95(() => '/api/auth/validate', { authorization: `Bearer ${token}` });
    // The goal's figures: once the start's reads are over (and the tree's kept levels read in), as a server is for
    // all but its first seconds.
    await platform.verification()?.done;
    await logIndexOf(platform.store).catchUp();
    await (platform.store as SqliteEventStore).tree.keepInBackground();
    const validate = await p95(() => '/api/auth/validate', { authorization: `Bearer ${token}` });
    // Positions spread over the whole log (a fixed stride, so every run asks the same).
    const proof = await p95(
      (i) => `/api/audit/proof/inclusion?position=${1 + ((i * 7919 * 127) % size)}&tree_size=${size}`,
    );
    if (warming)
      console.log(
        `   GET /api/auth/validate while the start's reads of the log run: p50 ${during.p50.toFixed(2)} ms p95 ${during.p95.toFixed(2)} ms (no target)`,
      );
    console.log(
      `   GET /api/auth/validate p50 ${validate.p50.toFixed(2)} ms p95 ${validate.p95.toFixed(2)} ms   inclusion proof (tree of ${fmt(size)}) p50 ${proof.p50.toFixed(2)} ms p95 ${proof.p95.toFixed(2)} ms   ratio: ${(proof.p95 / validate.p95).toFixed(2)} (target <= 2)\n`,
    );
    return {
      events: head,
      readRate,
      rehashRate,
      rehashRatio: rehashRate / readRate,
      quickMs,
      startMs,
      quickShare: quickMs / startMs,
      validateP95: validate.p95,
      proofP95: proof.p95,
      proofRatio: proof.p95 / validate.p95,
    };
  } finally {
    await platform.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  (async () => {
    if (!process.env.BENCH_LOG_ONLY || process.env.BENCH_LOG_ONLY === 'appends') await checkpointAppendsBench();
    if (!process.env.BENCH_LOG_ONLY || process.env.BENCH_LOG_ONLY === 'log') await verifiableLogBench();
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
