import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/**
 * Starts `npm start`'s entry point as its own process on a free port (no demo data); resolves with
 * its URL once it is ready. Started children are pushed to `children` so the test can kill them.
 */
export function startChildServer(
  dataDir: string,
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m && /Ready in/.test(out)) resolve({ child, url: m[1], exited });
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
}
