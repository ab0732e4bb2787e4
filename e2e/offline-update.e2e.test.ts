import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient } from '@panda/server/seed';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, signOffline, stored, type ApiJob } from './outbox';
import { axeFindings, BROWSER_ARGS, CHROMIUM, demoLogins, shot, signIn, startServer, type Server } from './support';

/**
 * A new version of the installed app (docs/rules.md#installable-app) deployed while a sign-off waits
 * in the outbox (docs/rules.md#outbox): the app offers "New version available — Reload", the reload
 * runs the new version (its service worker serves the new page with no network), and the waiting
 * sign-off still goes, once. The app's origin is a small proxy in front of the server, so that the
 * test can deploy a new build (a changed service worker and page) and cut the network where the
 * browser's offline switch does not reach (the service worker's own requests).
 */
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const MENTOR = 'mentor@panda.demo';
/** What the deployed new build's page carries, so the test can tell which build a page is. */
const NEW_BUILD = '<meta name="panda-e2e-build" content="2" />';

let server: Server;
let front: HttpServer;
let origin = '';
let profileDir = '';
let context: BrowserContext;
let page: Page;
/** The new build is deployed: the service worker and the pages are the changed ones. */
let deployed = false;
/** No network between the browser and the app: every connection is dropped, as with a stopped server. */
let cut = false;
const sockets = new Set<Socket>();

/** The new build's page: the server's, with its mark. */
const newPage = (html: string) => html.replace('</head>', `${NEW_BUILD}</head>`);
/** The new build's service worker: the server's, precaching the new page (its revision changed). */
const newWorker = (js: string) => {
  const changed = js.replace(
    /"revision":"[0-9a-f]+","url":"index.html"/,
    '"revision":"e2e-build-2","url":"index.html"',
  );
  if (changed === js) throw new Error('sw.js precaches no index.html: the deployment cannot be made');
  return changed;
};

/** The app's origin: passes everything to the server, as the deployed build once `deployed`. */
async function proxy(req: IncomingMessage, res: ServerResponse) {
  if (cut) return void req.socket.destroy();
  const html = (req.headers.accept ?? '').includes('text/html') || req.url!.startsWith('/index.html');
  if (deployed && (req.url === '/sw.js' || (req.method === 'GET' && html))) {
    const upstream = await fetch(server.url + req.url, { headers: { accept: req.headers.accept ?? '*/*' } });
    const type = upstream.headers.get('content-type') ?? '';
    const body = await upstream.text();
    res.writeHead(upstream.status, { 'content-type': type, 'cache-control': 'no-cache' });
    res.end(req.url === '/sw.js' ? newWorker(body) : type.startsWith('text/html') ? newPage(body) : body);
    return;
  }
  const forward = request(server.url + req.url, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode!, answer.headers);
    answer.pipe(res);
  });
  forward.on('error', () => req.socket.destroy());
  req.pipe(forward);
}

async function mentorJobs(): Promise<ApiJob[]> {
  const call = apiClient(server.url);
  const { token } = await call<{ token: string }>('POST', '/api/auth/signin', {
    Email: MENTOR,
    Password: demoLogins(server, 'email')[MENTOR]!.password,
  });
  return call<ApiJob[]>('GET', '/api/jobs?limit=200', undefined, token);
}

/** Whether the active service worker's precache holds the new build's page. */
const precachesNewBuild = (p: Page) =>
  p.evaluate(`(async () => {
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        if (new URL(request.url).pathname === '/index.html')
          return (await (await cache.match(request)).text()).includes('panda-e2e-build');
    }
    return false;
  })()`) as Promise<boolean>;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  const port = await freePort();
  front = createServer((req, res) => void proxy(req, res).catch(() => req.socket.destroy()));
  front.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Live updates (WebSocket) pass through as they are.
  front.on('upgrade', (req, socket: Socket, head) => {
    if (cut) return void socket.destroy();
    const upstream = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
  });
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${port}`;
  profileDir = mkdtempSync(join(tmpdir(), 'panda-profile-'));
  // Service workers need a normal (not incognito) profile.
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: BROWSER_ARGS,
    viewport: WIDE,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
    (globalThis as unknown as { __PANDA_NO_ANIMATIONS__: boolean }).__PANDA_NO_ANIMATIONS__ = true;
  });
  context.setDefaultTimeout(20_000);
  page = context.pages()[0] ?? (await context.newPage());
}, 120_000);

afterAll(async () => {
  await context?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => (front ? front.close(resolve) : resolve(undefined)));
  await server?.stop();
  rmSync(profileDir, { recursive: true, force: true });
});

describe('a new version while sign-offs wait in the outbox', () => {
  it('offers the new version, reloads into it, and the waiting sign-off still goes once, with its photo', async () => {
    await signIn(page, origin, MENTOR, demoLogins(server, 'email')[MENTOR]!.password);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
    expect(await precachesNewBuild(page)).toBe(false);

    const before = await mentorJobs();
    const job = before.find((j) => j.Completed_Count < j.Total_Count && j.Student_Name)!;
    expect(job, 'a job card left to sign').toBeDefined();
    await page.goto(`${origin}/dashboard?view=jobs`);
    await page
      .getByRole('button', { name: /^Mark Complete: / })
      .first()
      .waitFor();
    // No signal on site: the card, with a photo, waits in the outbox.
    await context.setOffline(true);
    await signOffline(page, job, 1);
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();

    // A new build is deployed; the next page load finds it (the browser checks the service worker
    // on each load, past the offline switch), and the app offers it.
    deployed = true;
    await page.reload();
    const prompt = page.getByRole('status', { name: 'New version' });
    await prompt.filter({ hasText: 'New version available' }).waitFor();
    const findings: string[] = [];
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      findings.push(...(await axeFindings(page, `update prompt (${size.width} px)`, '[data-testid="update-prompt"]')));
      await shot(page, `offline-update-prompt-${size.width}`);
    }
    await page.setViewportSize(WIDE);
    expect(findings).toEqual([]);
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();

    // Reload: the new version takes over and the page loads again under it.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();
    expect(await precachesNewBuild(page)).toBe(true);
    expect(await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => !r.waiting)')).toBe(true);
    await expect(prompt.count()).resolves.toBe(0);
    expect(await stored(page)).toBe(1);

    // With no network at all, the new version's own copy of the page opens, the sign-off still waiting.
    cut = true;
    for (const socket of sockets) socket.destroy();
    await page.goto(`${origin}/dashboard?view=jobs`);
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();
    expect(await page.locator('meta[name="panda-e2e-build"]').count()).toBe(1);

    // The signal returns: the sign-off lands once, with its photo, and a reload sends nothing again.
    cut = false;
    await context.setOffline(false);
    await expect.poll(() => stored(page), { timeout: 30_000 }).toBe(0);
    await page.reload();
    await page
      .getByRole('button', { name: /^Mark Complete: / })
      .first()
      .waitFor();
    const after = await mentorJobs();
    const signed = after.find((j) => j.id === job.id)!;
    expect(signed.Completed_Count).toBe(job.Completed_Count + 1);
    const known = new Set((job.signatures ?? []).map((c) => c.signature_id));
    const landed = (signed.signatures ?? []).filter((c) => !known.has(c.signature_id));
    expect(landed.map((c) => c.evidence?.photos.length)).toEqual([1]);
    expect(await stored(page)).toBe(0);
  });
});
