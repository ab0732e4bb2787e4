/**
 * Probe: an inclusion proof's own work (no HTTP) on a seeded log (bench/proof-tail.ts seeds one), per
 * proof: wall time, CPU, block reads and voluntary context switches (waits for the disk).
 * `npx tsx bench/proof-direct.ts DIR/events.db`; KEEP=1 first reads the tree's kept levels into memory
 * (docs/rules.md#log-tree), COLD=1 then drops the file from the OS page cache (posix_fadvise, Linux).
 */
import Database from 'better-sqlite3';
import { SqliteLogTree } from '@panda/events/sqlite-log-tree';
import { inclusionAt } from '@panda/query-service/audit/log-proof-routes';
const db = new Database(process.argv[2], { readonly: true });
if (process.env.CACHE) db.pragma(`cache_size = -${process.env.CACHE}`);
const tree = new SqliteLogTree(db);
const size = tree.latestCheckpoint()!.tree_size;
if (process.env.KEEP) {
  const t = performance.now();
  await tree.keepInBackground();
  console.log(
    `kept in ${(performance.now() - t).toFixed(0)} ms, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
}
if (process.env.COLD) {
  const { execFileSync } = await import('node:child_process');
  execFileSync('python3', [
    '-c',
    `import os; fd=os.open('${process.argv[2]}', os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)`,
  ]);
}
const pos = (i: number) => 1 + ((i * 7919 * 127) % size);
const M = 3000;
for (let pass = 0; pass < 3; pass++) {
  const ws: number[] = [];
  const r0 = process.resourceUsage();
  for (let i = 0; i < M; i++) {
    const t = performance.now();
    inclusionAt(tree, pos(i + pass * 100_003), size);
    ws.push(performance.now() - t);
  }
  const r1 = process.resourceUsage();
  ws.sort((a, b) => a - b);
  console.log(
    `${process.env.CACHE ?? 'default'} pass ${pass}: p50 ${ws[M / 2].toFixed(3)} p95 ${ws[M * 0.95].toFixed(3)} ms; cpu ${((r1.userCPUTime + r1.systemCPUTime - r0.userCPUTime - r0.systemCPUTime) / 1000 / M).toFixed(3)} ms (sys ${((r1.systemCPUTime - r0.systemCPUTime) / 1000 / M).toFixed(3)}), reads ${(r1.fsRead - r0.fsRead) / M}, vol ${(r1.voluntaryContextSwitches - r0.voluntaryContextSwitches) / M}`,
  );
}
