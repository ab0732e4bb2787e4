/**
 * Which routes the integration tests exercise, and so have their answers parsed by their contracts:
 *
 *   PANDA_CONTRACT_HITS=/tmp/hits npx vitest run --project int && npx tsx scripts/contract-coverage.ts /tmp/hits
 *
 * Prints each contracted route with how many successful and error answers were checked, then the
 * routes no test called successfully. Exits 1 when there are such routes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeContracts } from '@panda/contracts/routes';

const dir = process.argv[2] ?? process.env.PANDA_CONTRACT_HITS;
if (!dir) {
  console.error('usage: tsx scripts/contract-coverage.ts <folder written with PANDA_CONTRACT_HITS>');
  process.exit(2);
}
const ok = new Map<string, number>();
const failed = new Map<string, number>();
for (const file of readdirSync(dir)) {
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    const m = /^(\S+) (\S+) (\d+)$/.exec(line);
    if (!m) continue;
    const key = `${m[1]} ${m[2]}`;
    const into = Number(m[3]) < 300 ? ok : failed;
    into.set(key, (into.get(key) ?? 0) + 1);
  }
}
const rows = routeContracts.map((c) => `${c.method} ${c.path}`);
for (const r of rows)
  console.log(`${String(ok.get(r) ?? 0).padStart(6)} ok ${String(failed.get(r) ?? 0).padStart(5)} error  ${r}`);
const never = rows.filter((r) => !ok.get(r));
console.log(`\n${rows.length - never.length} of ${rows.length} contracted routes answered successfully in a test.`);
if (never.length) {
  console.log(`Never answered successfully:\n  ${never.join('\n  ')}`);
  process.exit(1);
}
