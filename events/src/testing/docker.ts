/**
 * Test support: is a container engine reachable, for integration suites that start their server with
 * testcontainers? Answers in a few milliseconds when there is obviously no engine (no socket, no
 * DOCKER_HOST, no ~/.testcontainers.properties), so that suites skip fast on such machines; only
 * when something looks like an engine is testcontainers loaded and asked (with a time cap).
 */
import { existsSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';

const candidates = (): string[] => {
  const home = homedir();
  const list = [
    '/var/run/docker.sock',
    join(home, '.docker', 'run', 'docker.sock'),
    join(home, '.docker', 'desktop', 'docker.sock'),
    join(home, '.testcontainers.properties'),
  ];
  if (process.env.XDG_RUNTIME_DIR) list.push(join(process.env.XDG_RUNTIME_DIR, 'docker.sock'));
  try {
    list.push(`/run/user/${userInfo().uid}/docker.sock`);
  } catch {
    // no user info (unusual containers): ignore
  }
  return list;
};

let cached: Promise<string | null> | undefined;

/** null when a container engine answers; otherwise why not (for the skip reason). */
export function dockerUnavailable(timeoutMs = 5000): Promise<string | null> {
  cached ??= (async () => {
    const looksPresent =
      process.platform === 'win32' || Boolean(process.env.DOCKER_HOST) || candidates().some((p) => existsSync(p));
    if (!looksPresent) return 'no Docker engine found';
    let timer: NodeJS.Timeout | undefined;
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      await Promise.race([
        getContainerRuntimeClient(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return null;
    } catch (err) {
      return `Docker engine not reachable (${(err as Error).message})`;
    } finally {
      clearTimeout(timer);
    }
  })();
  return cached;
}
