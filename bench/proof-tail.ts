/**
 * Probe: where an inclusion proof's p95 tail comes from (section 15, docs/benchmarks.md#verifiable-log).
 * Seeds the log once into PROBE_DIR (kept for the next run; /var/tmp/h65proof-log, PROBE_EVENTS events,
 * 1,000,000), starts the platform on it as section 15 does, waits for the start's reads of the log, then
 * times the route's own work called directly and PROBE_REQS (1,000) proofs and validates alternated
 * (PROBE_ORDER=seq: all validates first, as section 15), each with the process's CPU, context switches
 * and block reads, and the GC's pauses that overlap it. PROBE_PROFILE=1: a CPU profile of each kind to
 * /tmp/h65p/; PROBE_HEAP=validate|proof: a sampled profile of the allocations that outlive a scavenge;
 * PROBE_CACHE_KIB: SQLite's cache_size for the store. `nice -n -20 npx tsx bench/proof-tail.ts`
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
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
import { inclusionAt } from '@panda/query-service/audit/log-proof-routes';
import { generateChained } from './verify';

const DIR = process.env.PROBE_DIR ?? '/var/tmp/h65proof-log';
/** Where the profiles go. */
const OUT = '/tmp/h65p';
const N = Number(process.env.PROBE_EVENTS ?? 1_000_000);
const REQS = Number(process.env.PROBE_REQS ?? 1000);
const silent = createLogger('silent');
const ORIGIN = 'localhost/log';
const ENV = { PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12' };
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
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)];
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

async function seed() {
  mkdirSync(DIR, { recursive: true });
  const t0 = performance.now();
  await generateChained(join(DIR, 'events.db'), N - 1);
  const small = new SqliteEventStore(join(DIR, 'account.db'));
  await small.append('account-benchmentor', [signUp('benchmentor')], 'no_stream', meta('bench'));
  const rs = new SqliteReadStore(join(DIR, 'read-models.db'));
  const smallRunner = new ProjectionRunner(small, rs, allProjections);
  await smallRunner.init();
  await smallRunner.catchUp();
  await small.close();
  const store = new SqliteEventStore(join(DIR, 'events.db'));
  await store.append('account-benchmentor', [signUp('benchmentor')], 'no_stream', meta('bench'));
  const cp = new LogCheckpointer(store.tree, loadLogSigner(DIR, null, ORIGIN), ORIGIN, () => new Date(), silent);
  await cp.tick();
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
  await store.close();
  console.log(`seeded ${N} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  if (!existsSync(join(DIR, 'read-models.db'))) await seed();
  const gcs: { start: number; end: number; kind: number }[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcs.push({
        start: e.startTime,
        end: e.startTime + e.duration,
        kind: (e as unknown as { detail: { kind: number } }).detail.kind,
      });
  }).observe({ entryTypes: ['gc'] });

  const config = loadConfig({ ...ENV, DATA_DIR: DIR });
  const platform = await startPlatform(config, undefined, { logger: silent });
  try {
    await platform.verification()?.done;
    const tIndex = performance.now();
    await logIndexOf(platform.store).catchUp();
    if (!process.env.PROBE_NO_KEEP) {
      const tk = performance.now();
      await (platform.store as SqliteEventStore).tree.keepInBackground();
      console.log(`tree kept in ${(performance.now() - tk).toFixed(0)} ms after the index`);
    }
    console.log(`log index caught up in ${((performance.now() - tIndex) / 1000).toFixed(1)} s`);
    const h = getHeapStatistics();
    console.log(`heap used ${mib(h.used_heap_size)} of ${mib(h.total_heap_size)}`);
    const tree = (platform.store as SqliteEventStore).tree;
    const size = tree.latestCheckpoint()!.tree_size;
    const token = await signToken(config.jwtSecret, { sub: 'benchmentor', role: 'mentor' });
    const pos = (i: number) => 1 + ((i * 7919 * 127) % size);

    if (process.env.PROBE_CACHE_KIB)
      (platform.store as unknown as { db: { pragma(s: string): unknown } }).db.pragma(
        `cache_size = -${process.env.PROBE_CACHE_KIB}`,
      );
    // Per call: wall ms, and the process's CPU ms, context switches and block reads in it.
    type Sample = { wall: number; cpu: number; invol: number; vol: number; reads: number; start: number; end: number };
    const measure = async (f: () => unknown): Promise<Sample> => {
      const r0 = process.resourceUsage();
      const start = performance.now();
      await f();
      const end = performance.now();
      const r1 = process.resourceUsage();
      return {
        wall: end - start,
        cpu: (r1.userCPUTime + r1.systemCPUTime - r0.userCPUTime - r0.systemCPUTime) / 1000,
        invol: r1.involuntaryContextSwitches - r0.involuntaryContextSwitches,
        vol: r1.voluntaryContextSwitches - r0.voluntaryContextSwitches,
        reads: r1.fsRead - r0.fsRead,
        start,
        end,
      };
    };
    const describe = (name: string, all: Sample[]) => {
      const ss = all.slice(20);
      const d = ss.map((s) => s.wall);
      const p95 = q(d, 0.95);
      const mean = (xs: Sample[], k: keyof Sample) => xs.reduce((a, s) => a + s[k], 0) / Math.max(1, xs.length);
      const slow = ss.filter((s) => s.wall >= p95);
      const rest = ss.filter((s) => s.wall < p95);
      const gcMs = (s: Sample) =>
        gcs
          .filter((g) => g.start < s.end && g.end > s.start)
          .reduce((a, g) => a + Math.min(g.end, s.end) - Math.max(g.start, s.start), 0);
      const line = (xs: Sample[]) =>
        `wall ${mean(xs, 'wall').toFixed(2)} cpu ${mean(xs, 'cpu').toFixed(2)} gc ${(xs.reduce((a, s) => a + gcMs(s), 0) / Math.max(1, xs.length)).toFixed(2)} ms, invol ${mean(xs, 'invol').toFixed(2)} vol ${mean(xs, 'vol').toFixed(2)} reads ${mean(xs, 'reads').toFixed(2)}`;
      console.log(
        `${name}: p50 ${q(d, 0.5).toFixed(3)} p90 ${q(d, 0.9).toFixed(3)} p95 ${p95.toFixed(3)} p99 ${q(d, 0.99).toFixed(3)} ms\n` +
          `   the ${slow.length} at or over p95: ${line(slow)}\n   the others:  ${line(rest)}`,
      );
      return p95;
    };

    // The route's own work, no HTTP.
    gcs.length = 0;
    const direct: Sample[] = [];
    for (let i = 0; i < REQS; i++) direct.push(await measure(() => inclusionAt(tree, pos(i + 100_000), size)));
    describe('direct inclusionAt', direct);

    gcs.length = 0;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const validate: Sample[] = [];
    const proof: Sample[] = [];
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${platform.url}${path}`, { headers });
      await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
    };
    const v = () => get('/api/auth/validate', { authorization: `Bearer ${token}` });
    const p = (i: number) => () => get(`/api/audit/proof/inclusion?position=${pos(i)}&tree_size=${size}`);
    if (process.env.PROBE_HEAP) {
      const session = new Session();
      session.connect();
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.collectGarbage');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: false,
      } as never);
      for (let i = 0; i < REQS; i++) await (process.env.PROBE_HEAP === 'proof' ? p(i)() : v());
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(`${OUT}/heap-${process.env.PROBE_HEAP}.json`, JSON.stringify(profile));
      return;
    }
    if (process.env.PROBE_PROFILE) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      for (const [name, f] of [
        ['validate', () => v()],
        ['proof', (i: number) => p(i)()],
      ] as const) {
        const cpu0 = process.cpuUsage();
        await session.post('Profiler.start');
        const t = performance.now();
        for (let i = 0; i < REQS; i++) await f(i);
        const wall = performance.now() - t;
        const { profile } = await session.post('Profiler.stop');
        const cpu = process.cpuUsage(cpu0);
        writeFileSync(`${OUT}/${name}.cpuprofile`, JSON.stringify(profile));
        console.log(
          `${name}: ${(wall / REQS).toFixed(3)} ms wall, ${((cpu.user + cpu.system) / 1000 / REQS).toFixed(3)} ms cpu per request`,
        );
      }
      return;
    }
    if (process.env.PROBE_ORDER === 'seq') {
      for (let i = 0; i < REQS; i++) validate.push(await measure(v));
      for (let i = 0; i < REQS; i++) proof.push(await measure(p(i)));
    } else
      for (let i = 0; i < REQS; i++) {
        validate.push(await measure(v));
        proof.push(await measure(p(i)));
      }
    loop.disable();
    const vp = describe('validate', validate);
    const pp = describe('proof', proof);
    const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
    const byKind = new Map<string, number[]>();
    for (const g of gcs)
      byKind.set(kinds[g.kind] ?? String(g.kind), [...(byKind.get(kinds[g.kind]) ?? []), g.end - g.start]);
    for (const [k, ds] of byKind)
      console.log(`gc ${k}: ${ds.length}, p50 ${q(ds, 0.5).toFixed(2)} max ${Math.max(...ds).toFixed(2)} ms`);
    console.log(
      `event loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(2)} p99 ${(loop.percentile(99) / 1e6).toFixed(2)} max ${(loop.max / 1e6).toFixed(2)} ms`,
    );
    console.log(`ratio proof/validate p95: x${(pp / vp).toFixed(2)}`);
  } finally {
    await platform.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
