import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a script in its own Node process; resolves with its exit code and output. */
function run(script: string): Promise<{ code: number | null; out: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'panda-process-')), 'script.ts');
  writeFileSync(file, script);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('keepServingOnUncaughtErrors', () => {
  it('logs an uncaught exception and an unhandled rejection, and the process keeps serving', async () => {
    const { code, out } = await run(`
      import { createServer } from 'node:http';
      import { createLogger } from ${JSON.stringify(join(ROOT, 'platform/src/logger.ts'))};
      import { keepServingOnUncaughtErrors } from ${JSON.stringify(join(ROOT, 'platform/src/process.ts'))};
      keepServingOnUncaughtErrors(createLogger('info'));
      const server = createServer((_req, res) => res.end('alive')).listen(0, '127.0.0.1', async () => {
        const url = 'http://127.0.0.1:' + (server.address() as { port: number }).port;
        setTimeout(() => { throw new Error('boom from a timer'); });
        void Promise.reject(new Error('rejected and never caught'));
        // Both escaped errors have been raised once two more turns of the event loop have passed.
        await new Promise((r) => setTimeout(r));
        await new Promise((r) => setTimeout(r));
        console.log('answer: ' + (await (await fetch(url)).text()));
        server.close();
      });
    `);
    expect(out).toContain('boom from a timer');
    expect(out).toContain('rejected and never caught');
    expect(out).toContain('answer: alive');
    expect(code).toBe(0);
  });
});
