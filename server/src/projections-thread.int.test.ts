import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { startThreadedPlatform, type ThreadedPlatform } from './projections-thread';
import { SCHED_IDLE, niceness, policies, thisThreadId } from './testing/thread-stat';

/** `npm start`'s mode: HTTP on this thread, projections and reactors on a worker thread of the same process. */
describe('the projections on a worker thread (npm start)', () => {
  const running: ThreadedPlatform[] = [];
  afterAll(async () => {
    for (const p of running) await p.stop();
  });
  const start = async (dataDir: string, env: Record<string, string> = {}) => {
    const config = loadConfig({
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      SMTP_URL: '',
      JWT_SECRET: 'thread-secret-thread-secret-thread-secret',
    });
    const platform = await startThreadedPlatform(config, { logger: createLogger('silent') });
    platform.projectionsThread.setPublicUrl(platform.url);
    running.push(platform);
    return platform;
  };
  const stop = async (platform: ThreadedPlatform) => {
    await platform.stop();
    running.splice(running.indexOf(platform), 1);
  };
  const call = async (
    url: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  };
  const signUp = (url: string, email: string) =>
    call(url, 'POST', '/api/auth/signup', {
      First_Name: 'Theo',
      Last_Name: 'Thread',
      Email: email,
      Password: 'thread-pass-1',
      Role: 'training_centre',
      Training_Centre_Name: 'Thread College',
    });
  const bearer = (token: unknown, position?: unknown) => ({
    authorization: `Bearer ${String(token)}`,
    ...(position === undefined ? {} : { 'X-Min-Position': String(position) }),
  });

  it('reads its own writes, pushes changes over the WebSocket and mails from the worker', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-thread-'));
    const platform = await start(dataDir);
    const { url } = platform;

    const up = await signUp(url, 'theo@thread.test');
    expect(up.status).toBe(201);
    const { token, position } = up.body;
    const userId = (up.body.user as { id: string }).id;
    // The profile save answers before the read models have it: read-your-writes waits for the worker.
    const saved = await call(
      url,
      'PUT',
      '/api/profile',
      { Name: 'Thread Academy', Email: 'theo@thread.test' },
      bearer(token),
    );
    expect(saved.status).toBe(200);
    expect(Number(saved.body.position)).toBeGreaterThan(Number(position));
    const profile = await call(url, 'GET', '/api/profile', undefined, bearer(token, saved.body.position));
    expect(profile.status).toBe(200);
    expect(profile.body.Name).toBe('Thread Academy');
    expect(platform.projectionsThread.position()).toBeGreaterThanOrEqual(Number(saved.body.position));

    // A push for a change made on this thread and projected on the worker.
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws/${userId}?token=${String(token)}`);
    const messages: { type: string; collection?: string; id?: string }[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => messages.some((m) => m.type === 'pong')).toBe(true);
    const renamed = { Name: 'Thread Institute', Email: 'theo@thread.test' };
    expect((await call(url, 'PUT', '/api/profile', renamed, bearer(token))).status).toBe(200);
    await expect
      .poll(() => messages.some((m) => m.type === 'changed' && m.collection === 'accounts' && m.id === userId))
      .toBe(true);
    ws.close(1000);

    // The mail reactor runs on the worker, and links to the address the server listens on.
    expect((await call(url, 'POST', '/api/auth/forgot-password', { email: 'theo@thread.test' })).status).toBe(200);
    const outbox = () => {
      try {
        return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    await expect.poll(() => outbox().length, { timeout: 20_000 }).toBe(1);
    expect(readFileSync(join(dataDir, 'outbox', outbox()[0]), 'utf8')).toContain(`${url}/auth`);
  });

  it('starts a worker that stopped again, and the read models go on from their checkpoints', async () => {
    const platform = await start(mkdtempSync(join(tmpdir(), 'panda-thread-')));
    const thread = platform.projectionsThread;
    const first = thread.worker();
    expect(first).not.toBeNull();
    await first!.terminate();
    await expect.poll(() => thread.restarts(), { timeout: 20_000 }).toBe(1);
    expect(thread.worker()).not.toBe(first);

    const up = await signUp(platform.url, 'again@thread.test');
    expect(up.status).toBe(201);
    const validate = await call(
      platform.url,
      'GET',
      '/api/auth/validate',
      undefined,
      bearer(up.body.token, up.body.position),
    );
    expect(validate.status).toBe(200);
  });

  it.skipIf(process.platform !== 'linux')(
    'runs the projections thread, and only it, PROJECTIONS_NICE levels below the HTTP thread and under the idle policy (Linux)',
    async () => {
      const before = niceness();
      const policiesBefore = policies();
      const mine = getPriority(0);
      const platform = await start(mkdtempSync(join(tmpdir(), 'panda-nice-')), { PROJECTIONS_NICE: '7' });
      const after = niceness();
      // The HTTP thread and every thread that was there before (libuv's pool among them) keep theirs.
      expect(getPriority(0)).toBe(mine);
      for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid)).toBe(nice);
      const lowered = [...after].filter(([tid, nice]) => !before.has(tid) && nice === Math.min(19, mine + 7));
      expect(lowered).toHaveLength(1);
      // With two cores or more it also runs under SCHED_IDLE; every other thread keeps its policy.
      const now = policies();
      expect(now.get(lowered[0][0])).toBe(availableParallelism() >= 2 ? SCHED_IDLE : 0);
      for (const [tid, policy] of policiesBefore) if (now.has(tid)) expect(now.get(tid)).toBe(policy);
      expect(now.get(thisThreadId())).toBe(0);
      // The worker is that thread: stopped, it is gone. The kernel may list an ended thread for a moment after
      // it was joined (its id is cleared for the joiner before the task is released), so this waits for it.
      await stop(platform);
      await expect.poll(() => niceness().has(lowered[0][0]), { timeout: 5_000 }).toBe(false);
    },
  );

  it.skipIf(process.platform !== 'linux')(
    "leaves the projections thread at the HTTP thread's priority and policy with PROJECTIONS_NICE=0 (Linux)",
    async () => {
      const before = niceness();
      const mine = getPriority(0);
      const platform = await start(mkdtempSync(join(tmpdir(), 'panda-nice0-')), { PROJECTIONS_NICE: '0' });
      const now = policies();
      const added = [...niceness()].filter(([tid]) => !before.has(tid));
      expect(added.length).toBeGreaterThan(0);
      for (const [tid, nice] of added) {
        expect(nice).toBe(mine);
        expect(now.get(tid)).not.toBe(SCHED_IDLE);
      }
      await stop(platform);
    },
  );

  it('stops cleanly, and a restart keeps everything saved', async () => {
    const count = (resources: string[]) =>
      resources.reduce((m, r) => m.set(r, (m.get(r) ?? 0) + 1), new Map<string, number>());
    const baseline = count(process.getActiveResourcesInfo());
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-thread-'));
    const platform = await start(dataDir);
    const up = await signUp(platform.url, 'kept@thread.test');
    expect(up.status).toBe(201);
    const kept = { Name: 'Kept College', Email: 'kept@thread.test' };
    const saved = await call(platform.url, 'PUT', '/api/profile', kept, bearer(up.body.token));
    expect(saved.status).toBe(200);
    await stop(platform);
    // Nothing of the platform is left running: no worker, socket, server or timer more than before it started.
    const after = count(process.getActiveResourcesInfo());
    const leaked = [...after].filter(([kind, n]) => n > (baseline.get(kind) ?? 0));
    expect(leaked).toEqual([]);
    expect(platform.projectionsThread.worker()).toBeNull();

    const again = await start(dataDir);
    const signIn = await call(again.url, 'POST', '/api/auth/signin', {
      Email: 'kept@thread.test',
      Password: 'thread-pass-1',
    });
    expect(signIn.status).toBe(200);
    const profile = await call(again.url, 'GET', '/api/profile', undefined, bearer(signIn.body.token));
    expect(profile.status).toBe(200);
    expect(profile.body.Name).toBe('Kept College');
  });
});
