// Runs npm scripts at the same time and fails when any of them fails: `node scripts/parallel.mjs lint typecheck`.
// Each script's output is held and printed whole when it ends, so the logs of two scripts never interleave.
// On 2 cores this saves the wall time of single-threaded checks (eslint, prettier, tsc) run one after another.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script, '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n> ${script}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(chunks));
      resolve(ok);
    });
  });

const results = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, i) => !results[i]);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
