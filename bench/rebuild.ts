/**
 * `npx tsx bench/rebuild.ts`: rebuild of every read model over a generated store of BENCH_REBUILD_EVENTS
 * (default 1,000,000) realistic events (bench/generate.ts: 10,000 students of 100 events, their centres
 * and mentors), timed against the raw read of the same log in the same run. Goal: under 60 s. CPU time is
 * the whole process's, the rebuild's worker threads included.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from '@panda/server/projections';
import { progressReporter, rebuildInWorkers, type RebuildThreadTime } from '@panda/server/rebuild';
import { studentEvents } from './generate';

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

/** Writes the log straight into SQLite (no fsync); the store chains it when it opens (as for an old log). */
function generate(file: string, students: number, perStudent: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, time TEXT NOT NULL, actor_id TEXT, correlation_id TEXT NOT NULL, command_id TEXT, UNIQUE (stream, version))`);
  const ins = db.prepare(
    'INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let n = 0;
  const row = (stream: string, version: number, type: string, data: unknown) => {
    const id = String(++n).padStart(12, '0');
    ins.run(
      `e-${id}`,
      stream,
      version,
      type,
      JSON.stringify(data),
      new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
      null,
      `c-${id}`,
      `k-${id}`,
    );
  };
  db.transaction(() => {
    for (let c = 0; c < 10; c++)
      row(`account-centre${c}`, 0, 'AccountSignedUp', {
        accountId: `centre${c}`,
        role: 'training_centre',
        firstName: 'Bench',
        lastName: `${c}`,
        email: `centre${c}@bench.panda`,
        centreName: `Centre ${c}`,
        passwordHash: 'x',
      });
    for (let m = 0; m < 100; m++)
      row(`account-mentor${m}`, 0, 'AccountSignedUp', {
        accountId: `mentor${m}`,
        role: 'mentor',
        firstName: 'Bench',
        lastName: `${m}`,
        email: `mentor${m}@bench.panda`,
        centreName: null,
        passwordHash: 'x',
      });
  })();
  // Students interleaved, as they would be in a real log: a slice of each student's stream per round.
  const streams = Array.from({ length: students }, (_, s) => studentEvents(s, perStudent));
  const round = 10;
  for (let from = 0; from < perStudent; from += round) {
    db.transaction(() => {
      streams.forEach((events, s) =>
        events.slice(from, from + round).forEach((e, i) => row(`account-student${s}`, from + i, e.type, e.data)),
      );
    })();
  }
  db.close();
  return n;
}

export async function rebuildBench(total = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000)) {
  const dir = mkdtempSync(join(tmpdir(), 'panda-bench-rebuild-'));
  const file = join(dir, 'events.db');
  const perStudent = 100;
  let t = performance.now();
  const n = generate(file, Math.max(1, Math.round(total / perStudent)), perStudent);
  const generated = performance.now() - t;
  t = performance.now();
  const store = new SqliteEventStore(file);
  const chained = performance.now() - t;

  const load = loadavg()[0];
  t = performance.now();
  let cpu = process.cpuUsage();
  for (let after = 0; ;) {
    const page = await store.readAll(after, 5000, { chain: false }); // as the rebuild reads it
    if (!page.length) break;
    after = page[page.length - 1].position;
  }
  const readMs = performance.now() - t;
  const readCpu = cpuSeconds(cpu);

  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const runner = new ProjectionRunner(store, readStore, allProjections);
  await runner.init();
  t = performance.now();
  cpu = process.cpuUsage();
  const progress = process.env.BENCH_PROGRESS ? progressReporter(process.stderr, undefined, 30_000) : undefined;
  // As `npm run projections:rebuild` runs it: the projections split over worker threads.
  const threads: RebuildThreadTime[] = [];
  const events = await rebuildInWorkers(
    allProjections.map((p) => p.name),
    { eventsFile: file, readFile: join(dir, 'read.db') },
    progress?.update,
    (thread) => threads.push(thread),
  );
  const rebuildMs = performance.now() - t;
  const rebuildCpu = cpuSeconds(cpu);
  await readStore.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `8. Rebuild of all ${allProjections.length} read models over ${fmt(n)} generated events (generated in ${fmt(generated / 1000)} s, chained at open in ${fmt(chained / 1000)} s)`,
  );
  console.log(
    `   raw log read: ${fmt(readMs / 1000)} s (${fmt((n / readMs) * 1000)} events/s)   rebuild: ${(rebuildMs / 1000).toFixed(1)} s (${fmt((events / rebuildMs) * 1000)} events/s)   ratio to raw read: ${(readMs / rebuildMs).toFixed(2)}   goal: 1,000,000 events < 60 s`,
  );
  // Other processes share the cores: CPU time (this process, user + system) says what the wall clock may not.
  console.log(
    `   CPU time: raw read ${readCpu.toFixed(1)} s, rebuild ${rebuildCpu.toFixed(1)} s (ratio ${(readCpu / rebuildCpu).toFixed(2)})   load average ${load.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${availableParallelism()} cores`,
  );
  // Each thread's own time: the rebuild lasts as long as the slower one.
  console.log(
    `   threads: ${threads.map((t) => `${t.names.length > 3 ? `${t.names.length} read models` : t.names.join(', ')} ${(t.ms / 1000).toFixed(1)} s`).join('; ')}\n`,
  );
  return { rebuildMs, readMs, events };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rebuildBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
