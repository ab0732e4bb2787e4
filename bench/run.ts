/**
 * `npm run bench`: speed as ratios to baselines measured in the same run (machines here are shared
 * and noisy, so absolute numbers are printed only for context).
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from '@panda/server/projections';
import { verifyBench } from './verify';
import { chatDeliveryBench } from './chat-delivery';
import { chatHistoryBench } from './chat-history';
import { catchUpBench, commandLatencyBench, commandThroughputBench } from './commands';
import { rebuildBench } from './rebuild';
import { listsBench } from './lists';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tmp = (name: string) => join(mkdtempSync(join(tmpdir(), `panda-bench-${name}-`)), `${name}.db`);
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
    const batch = await store.readAll(after, 500);
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

async function main() {
  void createServer;
  console.log(`Panda benchmarks (${N} events; ratios are to baselines measured in this same run)\n`);

  const raw = median([rawInserts(N), rawInserts(N), rawInserts(N)]);
  const appends = [await storeAppends(N), await storeAppends(N), await storeAppends(N)];
  const append = median(appends.map((a) => a.rate));
  console.log(`1. Embedded append throughput (one event per append, fsync per commit)`);
  console.log(
    `   raw better-sqlite3 inserts: ${fmt(raw)}/s   event store appends: ${fmt(append)}/s   ratio: ${(append / raw).toFixed(2)}\n`,
  );

  const rb = await rebuild(appends[0].file, N);
  console.log(`2. Projection rebuild rate (all ${allProjections.length} read models from the start)`);
  console.log(
    `   raw log read: ${fmt(rb.readRate)} events/s   rebuild: ${fmt(rb.rate)} events/s   ratio: ${(rb.rate / rb.readRate).toFixed(3)}\n`,
  );

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
        { PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'panda-bench-start-')), LOG_LEVEL: 'warn' },
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

  await verifyBench();
  await chatDeliveryBench();
  await chatHistoryBench();
  await commandThroughputBench();
  await commandLatencyBench();
  await catchUpBench();
  await rebuildBench();
  console.log('List pages at 10,000 students (ruling 24; p95 as a ratio to GET /api/auth/validate in the same run)');
  await listsBench();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
