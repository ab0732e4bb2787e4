/**
 * `npm run bench`: speed as ratios to baselines measured in the same run (machines here are shared
 * and noisy, so absolute numbers are printed only for context). Every section runs even when one
 * before it failed; the run ends with one table (goal, baseline, measured, ratio, target, met / NOT
 * met), the wall time of each section, the machine load and this process's niceness, and exits 1
 * when a section failed. See docs/benchmarks.md.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { machine, table } from './report';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from '@panda/server/projections';
import { DIST, kb, measure as measureWeb, newerSource, type PageSize } from '../scripts/bundle-budget';
import { verifyBench } from './verify';
import { chatDeliveryBench } from './chat-delivery';
import { chatHistoryBench } from './chat-history';
import { catchUpBench, commandLatencyBench, commandThroughputBench } from './commands';
import { rebuildBench } from './rebuild';
import { listsBench } from './lists';
import { lighthouseBench } from './lighthouse';
import { LOG_EVENTS, checkpointAppendsBench, verifiableLogBench } from './log-audit';
import { bulkOnboardingBench, caseloadSortBench, signOffPhotosBench } from './evidence';
import { OUTBOX_PHOTOS, OUTBOX_SIGN_OFFS, outboxBench } from './outbox';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** This file's temporary folders, removed at the end of the run. */
const tmpDirs: string[] = [];
const tmpDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `panda-bench-${name}-`));
  tmpDirs.push(dir);
  return dir;
};
const tmp = (name: string) => join(tmpDir(name), `${name}.db`);
/** The log section 1 appended, which section 2 rebuilds from. */
let appendedLog: string | undefined;
const N = Number(process.env.BENCH_EVENTS ?? 5000);
const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Raw better-sqlite3: one row per transaction, same pragmas as the event store (WAL, fsync per commit). */
function rawInserts(n: number): number {
  const db = new Database(tmp('raw'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT, version INTEGER, data TEXT)');
  const ins = db.prepare('INSERT INTO t (stream, version, data) VALUES (?, ?, ?)');
  const tx = db.transaction((i: number) =>
    ins.run(`s${i}`, 0, JSON.stringify({ i, name: 'Some Name', email: `u${i}@x.co` })),
  );
  const t = performance.now();
  for (let i = 0; i < n; i++) tx(i);
  const ms = performance.now() - t;
  db.close();
  return (n / ms) * 1000;
}

async function storeAppends(n: number): Promise<{ rate: number; file: string }> {
  const file = tmp('events');
  const store = new SqliteEventStore(file);
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    await store.append(
      `account-${i}`,
      [
        {
          type: 'AccountSignedUp',
          data: {
            accountId: `${i}`,
            role: 'mentor',
            firstName: 'Some',
            lastName: 'Name',
            email: `u${i}@x.co`,
            centreName: null,
            passwordHash: 'h',
          },
        },
      ],
      'no_stream',
      {
        time: new Date().toISOString(),
        actorId: null,
        correlationId: `c${i}`,
        commandId: `k${i}`,
      },
    );
  }
  const ms = performance.now() - t;
  await store.close();
  return { rate: (n / ms) * 1000, file };
}

async function rebuild(file: string, n: number): Promise<{ rate: number; readRate: number }> {
  const store = new SqliteEventStore(file);
  let t = performance.now();
  for (let after = 0; ;) {
    const batch = await store.readAll(after, 500, { chain: false }); // as projections read it
    if (!batch.length) break;
    after = batch[batch.length - 1].position;
  }
  const readRate = (n / (performance.now() - t)) * 1000;
  const rs = new SqliteReadStore(tmp('read'));
  const runner = new ProjectionRunner(store, rs, allProjections);
  await runner.init();
  t = performance.now();
  await runner.catchUp();
  const rate = (n / (performance.now() - t)) * 1000;
  await rs.close();
  await store.close();
  return { rate, readRate };
}

/** Time from spawning a process to its first HTTP 200 on /api/health. */
function timeToFirstResponse(args: string[], env: Record<string, string>, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let url: string | null = null;
    child.stdout.on('data', (d) => {
      out += d;
      url ??= /(http:\/\/localhost:\d+)/.exec(out)?.[1] ?? null;
    });
    const poll = async () => {
      if (url) {
        try {
          const r = await fetch(url + path);
          if (r.ok) {
            const ms = performance.now() - t;
            child.kill('SIGKILL');
            return resolve(ms);
          }
        } catch {
          /* not yet */
        }
      }
      if (performance.now() - t > 60_000) {
        child.kill('SIGKILL');
        return reject(new Error(`no response: ${out}`));
      }
      setTimeout(poll, 5);
    };
    child.once('exit', (code) => code && code !== 0 && !url && reject(new Error(`exited ${code}: ${out}`)));
    void poll();
  });
}

const baselineServer = `require('http').createServer((q,s)=>s.end('ok')).listen(0,function(){console.log('http://localhost:'+this.address().port)})`;

/** The sizes of docs/benchmarks.md (and the other benches' own); the env knobs shrink them for a quick try. */
const SIZES = {
  verifyEvents: Number(process.env.BENCH_VERIFY_EVENTS ?? 1_000_000),
  chatClients: Number(process.env.BENCH_CHAT_CLIENTS ?? 1000),
  chatHistory: Number(process.env.BENCH_CHAT_HISTORY ?? 1_000_000),
  rebuildEvents: Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000),
  logEvents: LOG_EVENTS,
  students: Number(process.env.BENCH_STUDENTS ?? 10_000),
};
/** A section that has not answered after this long is failed (its work may go on in the background). */
const SECTION_MINUTES = Number(process.env.BENCH_SECTION_MINUTES ?? 30);
/** `BENCH_ONLY=5,6,12`: only these sections (by number); all of them without it. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((k) => k.trim());

interface Goal {
  goal: string;
  target: string;
}
interface Measured {
  baseline: string;
  measured: string;
  ratio: string;
  verdict: string;
}
interface Section {
  title: string;
  /** The lines of the summary table this section fills, in the order `run` answers them. */
  goals: Goal[];
  run: () => Promise<Measured[]>;
}

const x = (ratio: number, digits = 2) => `x${ratio.toFixed(digits)}`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const NO_TARGET = 'figure';
/** met / NOT met, saying so when the size was below the one the goal names. */
const verdict = (ok: boolean, reduced?: string | false) => `${ok ? 'met' : 'NOT met'}${reduced ? ` (${reduced})` : ''}`;
const reducedTo = (n: number, full: number, unit: string) =>
  n < full && `reduced size: ${fmt(n)} of ${fmt(full)} ${unit}`;
const duration = (millis: number) =>
  millis < 60_000
    ? `${(millis / 1000).toFixed(1)} s`
    : `${Math.floor(millis / 60_000)} min ${Math.floor((millis % 60_000) / 1000)} s`;
/** The first line of an error, short and without the table's column bar. */
const oneLine = (e: unknown) =>
  (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 160).replaceAll('|', '/');

/** The goals for the landing page and a dashboard's first load (docs/rules.md#light-first-screens), gzip bytes (1 kB = 1,000 bytes, as Vite reports). */
const WEB_GOALS = [130_000, 250_000];

/** `npm run build:web` when the build is missing or older than the web app's sources. */
function currentWebBuild() {
  const stale = existsSync(join(DIST, '.vite', 'manifest.json')) ? newerSource() : 'no build';
  if (!stale) return;
  console.log(
    `   frontend/dist ${stale === 'no build' ? 'is missing' : `is older than ${relative(ROOT, stale)}`}: building it (npm run build:web)`,
  );
  const built = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0)
    throw new Error(`npm run build:web failed (${built.error?.message ?? `exit ${built.status ?? built.signal}`})`);
}

const sections: Section[] = [
  {
    title: '1. append throughput',
    goals: [{ goal: `event store appends (${fmt(N)}, fsync each) vs raw inserts`, target: NO_TARGET }],
    run: async () => {
      const raw = median([rawInserts(N), rawInserts(N), rawInserts(N)]);
      const appends = [await storeAppends(N), await storeAppends(N), await storeAppends(N)];
      const append = median(appends.map((a) => a.rate));
      console.log(`1. Embedded append throughput (one event per append, fsync per commit)`);
      console.log(
        `   raw better-sqlite3 inserts: ${fmt(raw)}/s   event store appends: ${fmt(append)}/s   ratio: ${(append / raw).toFixed(2)}\n`,
      );
      appendedLog = appends[0].file;
      return [{ baseline: `${fmt(raw)}/s`, measured: `${fmt(append)}/s`, ratio: x(append / raw), verdict: NO_TARGET }];
    },
  },
  {
    title: '2. rebuild rate',
    goals: [{ goal: `rebuild rate vs raw read (${fmt(N)} events)`, target: NO_TARGET }],
    run: async () => {
      if (!appendedLog) throw new Error('no log to rebuild: section 1 did not run or failed');
      const rb = await rebuild(appendedLog, N);
      console.log(`2. Projection rebuild rate (all ${allProjections.length} read models from the start)`);
      console.log(
        `   raw log read: ${fmt(rb.readRate)} events/s   rebuild: ${fmt(rb.rate)} events/s   ratio: ${(rb.rate / rb.readRate).toFixed(3)}\n`,
      );
      return [
        {
          baseline: `${fmt(rb.readRate)}/s`,
          measured: `${fmt(rb.rate)}/s`,
          ratio: x(rb.rate / rb.readRate, 3),
          verdict: NO_TARGET,
        },
      ];
    },
  },
  {
    title: '3. start-up',
    goals: [{ goal: 'npm start to first response vs bare node http', target: NO_TARGET }],
    run: async () => {
      const base = median([
        await timeToFirstResponse(['-e', baselineServer], {}, '/'),
        await timeToFirstResponse(['-e', baselineServer], {}, '/'),
        await timeToFirstResponse(['-e', baselineServer], {}, '/'),
      ]);
      const starts: number[] = [];
      for (let i = 0; i < 3; i++) {
        starts.push(
          await timeToFirstResponse(
            ['--import', 'tsx', 'server/src/main.ts'],
            { PORT: '0', DATA_DIR: tmpDir('start'), LOG_LEVEL: 'warn' },
            '/api/health',
          ),
        );
      }
      const start = median(starts);
      console.log(
        `3. npm start (server entry, fresh data folder) to first HTTP response (demo seeding runs after the server listens)`,
      );
      console.log(
        `   bare node http server: ${fmt(base)} ms   Panda: ${fmt(start)} ms   ratio: ${(start / base).toFixed(1)}\n`,
      );
      return [{ baseline: ms(base), measured: ms(start), ratio: x(start / base, 1), verdict: NO_TARGET }];
    },
  },
  {
    title: '4. hash-chain verify',
    goals: [{ goal: `hash-chain verify vs raw read (${fmt(SIZES.verifyEvents)} events)`, target: '>= x0.5' }],
    run: async () => {
      const v = await verifyBench(SIZES.verifyEvents);
      const reduced = reducedTo(SIZES.verifyEvents, 1_000_000, 'events');
      return [
        {
          baseline: `${fmt(v.readRate)}/s`,
          measured: `${fmt(v.verifyRate)}/s`,
          ratio: x(v.ratio),
          verdict: verdict(v.ratio >= 0.5, reduced),
        },
      ];
    },
  },
  {
    title: '5. command round trip',
    goals: [
      { goal: 'command throughput, 16 connections, 1,000-event streams, vs bare express', target: '>= x0.4' },
      { goal: 'command p99, same load, vs bare express', target: '<= x3' },
    ],
    run: async () => {
      const r = await commandThroughputBench();
      return [
        {
          baseline: `${fmt(r.base.rps)} req/s`,
          measured: `${fmt(r.panda.rps)} req/s`,
          ratio: x(r.throughput, 3),
          verdict: verdict(r.throughput >= 0.4),
        },
        { baseline: ms(r.base.p99), measured: ms(r.panda.p99), ratio: x(r.p99, 1), verdict: verdict(r.p99 <= 3) },
      ];
    },
  },
  {
    title: '6. command latency',
    goals: [{ goal: 'command latency at 10,000 events vs at 10 events (median)', target: '<= x1.5' }],
    run: async () => {
      const r = await commandLatencyBench();
      return [{ baseline: ms(r.short), measured: ms(r.long), ratio: x(r.ratio), verdict: verdict(r.ratio <= 1.5) }];
    },
  },
  {
    title: '7. projection catch-up',
    goals: [{ goal: 'projection catch-up vs generator append rate', target: '>= x1' }],
    run: async () => {
      const r = await catchUpBench();
      return [
        {
          baseline: `${fmt(r.appendRate)} events/s`,
          measured: `${fmt(r.catchUpRate)} events/s`,
          ratio: x(r.ratio),
          verdict: verdict(r.ratio >= 1),
        },
      ];
    },
  },
  {
    title: '8. rebuild of 1M events',
    goals: [
      {
        goal: `rebuild of ${fmt(SIZES.rebuildEvents)} events (ratio: rate vs raw read)`,
        target: '< 60 s at 1,000,000 events',
      },
    ],
    run: async () => {
      const r = await rebuildBench(SIZES.rebuildEvents);
      return [
        {
          baseline: `raw read ${(r.readMs / 1000).toFixed(1)} s`,
          measured: `${(r.rebuildMs / 1000).toFixed(1)} s`,
          ratio: x(r.readMs / r.rebuildMs),
          verdict:
            r.events >= 1_000_000
              ? verdict(r.rebuildMs < 60_000)
              : `not judged (reduced size: ${fmt(r.events)} of 1,000,000 events)`,
        },
      ];
    },
  },
  {
    title: '9. chat delivery',
    goals: [
      {
        goal: `WebSocket push p99 with ${fmt(SIZES.chatClients)} clients, vs ping round trip`,
        target: 'figure; goal: p99 <= 50 ms',
      },
    ],
    run: async () => {
      const r = await chatDeliveryBench(SIZES.chatClients);
      return [
        {
          baseline: ms(r.pingP99),
          measured: ms(r.p99),
          ratio: x(r.p99 / r.pingP99, 1),
          verdict: verdict(r.p99 <= 50, reducedTo(SIZES.chatClients, 1000, 'clients')),
        },
      ];
    },
  },
  {
    title: '10. chat at scale',
    goals: [{ goal: `chat pages at ${fmt(SIZES.chatHistory)} messages: worst p95 vs validate`, target: '<= x2' }],
    run: async () => {
      const results = Object.entries(await chatHistoryBench(SIZES.chatHistory));
      const [, base] = results[0];
      const [label, worst] = results.slice(1).reduce((a, b) => (b[1].ratio > a[1].ratio ? b : a));
      return [
        {
          baseline: ms(base.p95),
          measured: `${ms(worst.p95)} (${label})`,
          ratio: x(worst.ratio),
          verdict: verdict(worst.ratio <= 2, reducedTo(SIZES.chatHistory, 1_000_000, 'messages')),
        },
      ];
    },
  },
  {
    title: '11. list pages',
    goals: [
      { goal: `every list call at ${fmt(SIZES.students)} students: worst p95 vs validate`, target: '<= x2' },
      { goal: 'floor: bare express, the biggest page vs a small answer, p95', target: NO_TARGET },
      { goal: 'floor: bare express answering after a flush (audit reads) vs not', target: NO_TARGET },
      { goal: "floor: bare express answering after appending an audit read's record vs validate", target: NO_TARGET },
    ],
    run: async () => {
      console.log(
        `11. List pages at ${fmt(SIZES.students)} students (p95 as a ratio to GET /api/auth/validate timed beside each call, request for request)`,
      );
      const r = await listsBench(SIZES.students);
      return [
        {
          baseline: ms(r.baseline),
          measured: `${ms(r.worstP95)} (${r.worstLabel})`,
          ratio: x(r.worst),
          verdict: verdict(r.worst <= 2, reducedTo(SIZES.students, 10_000, 'students')),
        },
        {
          baseline: ms(r.floors.page.small),
          measured: `${ms(r.floors.page.p95)} (${fmt(r.floors.page.bytes)} B)`,
          ratio: x(r.floors.page.ratio),
          verdict: NO_TARGET,
        },
        {
          baseline: ms(r.floors.flushed.small),
          measured: ms(r.floors.flushed.p95),
          ratio: x(r.floors.flushed.ratio),
          verdict: NO_TARGET,
        },
        {
          baseline: ms(r.floors.recorded.validate),
          measured: ms(r.floors.recorded.p95),
          ratio: x(r.floors.recorded.ratio),
          verdict: NO_TARGET,
        },
      ];
    },
  },
  {
    title: '12. front-end weight',
    goals: [
      { goal: 'landing page JavaScript (gzip), of the goal', target: `<= ${kb(WEB_GOALS[0])}` },
      { goal: 'dashboard first load (gzip, the heaviest role), of the goal', target: `<= ${kb(WEB_GOALS[1])}` },
    ],
    run: async () => {
      console.log('12. Front-end weight: JavaScript each first screen loads, gzip (scripts/bundle-budget.ts)');
      currentWebBuild();
      const sizes = measureWeb();
      for (const s of sizes)
        console.log(`   ${s.name.padEnd(32)} ${kb(s.jsGzipBytes).padStart(9)}   budget ${kb(s.budgetBytes ?? 0)}`);
      console.log('');
      const landing = sizes.find((s) => s.name.startsWith('landing'));
      const dashboard = sizes
        .filter((s) => s.name.endsWith('dashboard'))
        .reduce<PageSize | undefined>((a, b) => (!a || b.jsGzipBytes > a.jsGzipBytes ? b : a), undefined);
      if (!landing || !dashboard) throw new Error('scripts/bundle-budget.ts names no landing page or no dashboard');
      return [landing, dashboard].map((page, i) => ({
        baseline: '—',
        measured: `${kb(page.jsGzipBytes)}${i ? ` (${page.name})` : ''}`,
        ratio: x(page.jsGzipBytes / WEB_GOALS[i]),
        verdict: verdict(page.jsGzipBytes <= WEB_GOALS[i]),
      }));
    },
  },
  {
    title: '13. Lighthouse (mobile)',
    goals: [
      { goal: "Lighthouse mobile: student's Training Jobs, Total Blocking Time", target: '<= 300 ms' },
      { goal: "Lighthouse mobile: student's Training Jobs, Performance", target: '>= 90' },
      { goal: 'Lighthouse mobile: Accessibility, lowest of the 4 pages', target: '100' },
      { goal: 'Lighthouse mobile: Best Practices, lowest of the 4 pages', target: '100' },
      { goal: 'Lighthouse mobile: SEO, lowest of the public pages', target: '100' },
    ],
    run: async () => {
      console.log(
        "13. Lighthouse 12.2.3, mobile preset, /usr/bin/chromium: the student's Training Jobs and the public pages (bench/lighthouse.ts)",
      );
      currentWebBuild();
      const pages = await lighthouseBench();
      console.log('');
      const jobs = pages[0];
      const lowest = (list: typeof pages, category: 'accessibility' | 'best-practices' | 'seo') => {
        const worst = list.reduce((a, b) => (b.scores[category] < a.scores[category] ? b : a));
        return { score: worst.scores[category], name: worst.name };
      };
      const row = (got: { score: number; name: string }) => ({
        baseline: '—',
        measured: `${got.score} (${got.name})`,
        ratio: x(got.score / 100),
        verdict: verdict(got.score >= 100),
      });
      return [
        { baseline: '—', measured: ms(jobs.tbt), ratio: x(jobs.tbt / 300), verdict: verdict(jobs.tbt <= 300) },
        {
          baseline: '—',
          measured: String(jobs.scores.performance),
          ratio: x(jobs.scores.performance / 90),
          verdict: verdict(jobs.scores.performance >= 90),
        },
        row(lowest(pages, 'accessibility')),
        row(lowest(pages, 'best-practices')),
        row(
          lowest(
            pages.filter((p) => p !== jobs),
            'seo',
          ),
        ),
      ];
    },
  },
  {
    title: '14. checkpointed appends',
    goals: [{ goal: `appends with checkpoints on vs off (${fmt(N)}, median of 5 alternated)`, target: '>= x0.9' }],
    run: async () => {
      const r = await checkpointAppendsBench(N);
      return [
        {
          baseline: `${fmt(r.off)}/s`,
          measured: `${fmt(r.on)}/s`,
          ratio: x(r.ratio),
          verdict: verdict(r.ratio >= 0.9),
        },
      ];
    },
  },
  {
    title: '15. verifiable log',
    goals: [
      { goal: `inclusion proof p95 at ${fmt(SIZES.logEvents)} events vs validate`, target: '<= x2' },
      { goal: 'quick checks at start vs start-up to first answer', target: '<= x0.10' },
      { goal: 'background re-hash vs raw log read', target: '>= x0.8' },
    ],
    run: async () => {
      const r = await verifiableLogBench(SIZES.logEvents);
      const reduced = reducedTo(SIZES.logEvents, 1_000_000, 'events');
      return [
        {
          baseline: ms(r.validateP95),
          measured: ms(r.proofP95),
          ratio: x(r.proofRatio),
          verdict: verdict(r.proofRatio <= 2, reduced),
        },
        {
          baseline: ms(r.startMs),
          measured: ms(r.quickMs),
          ratio: x(r.quickShare, 3),
          verdict: verdict(r.quickShare <= 0.1, reduced),
        },
        {
          baseline: `${fmt(r.readRate)}/s`,
          measured: `${fmt(r.rehashRate)}/s`,
          ratio: x(r.rehashRatio),
          verdict: verdict(r.rehashRatio >= 0.8, reduced),
        },
      ];
    },
  },
  {
    title: '16. sign-off with photos',
    goals: [
      { goal: 'sign-off with 6 photos of 3 MB, p95, vs image work + bare upload of the same bytes', target: '<= x1.5' },
    ],
    run: async () => {
      const r = await signOffPhotosBench();
      return [{ baseline: ms(r.base), measured: ms(r.full), ratio: x(r.ratio), verdict: verdict(r.ratio <= 1.5) }];
    },
  },
  {
    title: '17. caseload sort',
    goals: [{ goal: 'caseload of 1,000 students sorted by forecast, p95, vs the unsorted page', target: '<= x1.5' }],
    run: async () => {
      const r = await caseloadSortBench();
      return [{ baseline: ms(r.base), measured: ms(r.sorted), ratio: x(r.ratio), verdict: verdict(r.ratio <= 1.5) }];
    },
  },
  {
    title: '18. bulk onboarding',
    goals: [{ goal: 'bulk onboarding of 500 CSV rows vs 500 single registrations back to back', target: '<= x2' }],
    run: async () => {
      const r = await bulkOnboardingBench();
      return [{ baseline: ms(r.singles), measured: ms(r.bulk), ratio: x(r.ratio), verdict: verdict(r.ratio <= 2) }];
    },
  },
  {
    title: '19. outbox drain',
    goals: [
      {
        goal: `draining ${OUTBOX_SIGN_OFFS} sign-offs with ${OUTBOX_PHOTOS} photos each vs sending them online in turn`,
        target: '<= x1.5',
      },
    ],
    run: async () => {
      const r = await outboxBench();
      console.log(
        `19. Outbox drain: ${OUTBOX_SIGN_OFFS} sign-offs with ${OUTBOX_PHOTOS} photos each (${r.photoKb.toFixed(0)} kB JPEGs), the outbox's drain vs the same requests sent online one after another (bench/outbox.ts)`,
      );
      r.rounds.forEach((round, i) =>
        console.log(
          `   round ${i + 1}: online ${ms(round.online)}, outbox ${ms(round.outbox)}, x${round.ratio.toFixed(3)}`,
        ),
      );
      console.log(`   median round: x${r.ratio.toFixed(3)} (goal <= x1.5)\n`);
      return [{ baseline: ms(r.online), measured: ms(r.outbox), ratio: x(r.ratio), verdict: verdict(r.ratio <= 1.5) }];
    },
  },
];

/** Errors thrown outside any awaited promise (a stray socket, a timer): they fail the run, not the process. */
const strays: string[] = [];
let running = 'start-up';
const stray = (e: unknown) => {
  strays.push(`${running}: ${oneLine(e)}`);
  console.error(`   stray error during ${running}:`, e);
};
process.on('unhandledRejection', stray);
process.on('uncaughtException', stray);

function withTimeout<T>(work: Promise<T>, minutes: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${minutes} min`)), minutes * 60_000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function main() {
  const t0 = performance.now();
  console.log(`Panda benchmarks (ratios are to baselines measured in this same run), ${new Date().toISOString()}`);
  console.log(`Start: ${machine()}`);
  console.log(
    `Sizes: ${fmt(N)} events (sections 1-2), ${fmt(SIZES.verifyEvents)} verified, ${fmt(SIZES.rebuildEvents)} rebuilt, ${fmt(SIZES.chatClients)} chat clients, ${fmt(SIZES.chatHistory)} messages, ${fmt(SIZES.students)} students, ${fmt(SIZES.logEvents)} in the verifiable log (--full: 1,000,000)\n`,
  );
  const rows: string[][] = [['goal', 'baseline', 'measured', 'ratio', 'target', 'met / NOT met']];
  const times: string[] = [];
  let failed = 0;
  for (const section of sections) {
    if (ONLY && !ONLY.includes(section.title.split('.')[0])) continue;
    running = section.title;
    const t = performance.now();
    let measured: Measured[];
    try {
      measured = await withTimeout(section.run(), SECTION_MINUTES);
      if (measured.length !== section.goals.length) throw new Error(`answered ${measured.length} lines`);
    } catch (e) {
      failed++;
      console.error(`   ${section.title} FAILED:`, e, '\n');
      const failure = `failed: ${oneLine(e)}`;
      measured = section.goals.map(() => ({ baseline: '—', measured: '—', ratio: '—', verdict: failure }));
    }
    const took = performance.now() - t;
    console.log(`   (${section.title}: ${duration(took)} wall time)\n`);
    times.push(`${section.title} ${duration(took)}`);
    section.goals.forEach((g, i) =>
      rows.push([g.goal, measured[i].baseline, measured[i].measured, measured[i].ratio, g.target, measured[i].verdict]),
    );
  }
  running = 'the summary';
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });

  console.log(
    `Summary (ratio: measured / baseline, or of the goal for the front-end weight; for the rebuild, its rate over the raw read rate)\n`,
  );
  console.log(table(rows));
  console.log(`\nWall time: ${duration(performance.now() - t0)} in all; ${times.join(', ')}`);
  console.log(`End: ${machine()}`);
  if (strays.length) console.log(`Stray errors (the run counts as failed): ${strays.join('; ')}`);
  if (failed) console.log(`${failed} section(s) failed: exit 1`);
  process.exit(failed || strays.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
