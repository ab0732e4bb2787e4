import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient } from '@panda/server/seed';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { freePort, signOffline, stored, type ApiJob } from './outbox';
import {
  axeFindings,
  BROWSER_ARGS,
  CHROMIUM,
  demoLogins,
  newContext,
  shot,
  signIn,
  startServer,
  type Server,
} from './support';

/**
 * A new version of the installed app (docs/rules.md#installable-app) deployed while a sign-off waits
 * in the outbox (docs/rules.md#outbox): the app offers "New version available — Reload", the reload
 * runs the new version (it serves the app with no network), and the waiting sign-off still goes,
 * once. The app's origin is a small proxy in front of the server, so that the test can deploy a new
 * build (a changed service worker) and cut the network where the browser's offline switch does not
 * reach (the service worker's own requests).
 */
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const MENTOR = 'mentor@panda.demo';
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

/**
 * The new build's service worker: the server's, answering which build it is. Its precache list is
 * unchanged, so it installs with no network (the offline switch also reaches a new worker's own
 * requests, which would fail its install otherwise).
 */
const newWorker = (js: string) =>
  `${js}\nself.addEventListener('message', (e) => { if (e.data === 'e2e-build?') e.ports[0].postMessage('e2e-build-2'); });\n`;

/** The app's origin: passes everything to the server, as the deployed build once `deployed`. */
async function proxy(req: IncomingMessage, res: ServerResponse) {
  if (cut) return void req.socket.destroy();
  if (deployed && req.url === '/sw.js') {
    const upstream = await fetch(server.url + req.url);
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'text/javascript',
      'cache-control': 'no-cache',
    });
    res.end(newWorker(await upstream.text()));
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

/** Which build the service worker controlling the page says it is ('none' when it does not answer). */
const controllerBuild = (p: Page) =>
  p.evaluate(`new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data);
    navigator.serviceWorker.controller.postMessage('e2e-build?', [channel.port2]);
    setTimeout(() => resolve('none'), 3000);
  })`) as Promise<string>;

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
    // What the page said and which workers it had, to read when this fails.
    const said: string[] = [];
    page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => said.push(`page error: ${e.message}`));
    page.on('load', () => said.push(`load: ${page.url()}`));
    onTestFailed(async () => {
      // What the page said first: a page that hangs would not answer the question below.
      console.error(`offline-update: what the page said:\n${said.join('\n')}`);
      const workers = await Promise.race([
        page.evaluate(
          `navigator.serviceWorker.getRegistration().then((r) => JSON.stringify({ controller: !!navigator.serviceWorker.controller, installing: r?.installing?.state, waiting: r?.waiting?.state, active: r?.active?.state }))`,
        ),
        new Promise((resolve) => setTimeout(resolve, 10_000, 'no answer from the page in 10 s')),
      ]).catch((e: Error) => `unknown (${e.message})`);
      const running = context.serviceWorkers().map((w) => w.url());
      console.error(`offline-update: workers: ${String(workers)}; running: ${running.join(', ') || 'none'}`);
    });
    await signIn(page, origin, MENTOR, demoLogins(server, 'email')[MENTOR]!.password);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
    expect(await controllerBuild(page)).toBe('none');

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

    // A new build is deployed; the browser finds it on the next page load (asked here too, so as
    // not to wait on the browser's own timing), and the app offers it.
    deployed = true;
    await page.reload();
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
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
    // The new worker activates, takes the page and reloads it: on a busy machine (the whole suite at
    // once) that took over the 20 s a step is given, so it has a minute.
    said.push('Reload pressed');
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();
    await expect.poll(() => controllerBuild(page)).toBe('e2e-build-2');
    expect(await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => !r.waiting)')).toBe(true);
    await expect(prompt.count()).resolves.toBe(0);
    expect(await stored(page)).toBe(1);

    // With no network at all, the new version opens the app, the sign-off still waiting.
    cut = true;
    for (const socket of sockets) socket.destroy();
    await page.goto(`${origin}/dashboard?view=jobs`);
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();
    await expect.poll(() => controllerBuild(page)).toBe('e2e-build-2');

    // The signal returns: the sign-off lands once, with its photo, and a reload sends nothing again.
    cut = false;
    await context.setOffline(false);
    await expect.poll(() => stored(page), { timeout: 30_000 }).toBe(0);
    await page.reload();
    await page
      .getByRole('button', { name: /^Mark Complete: / })
      .first()
      .waitFor();
    // The read models have the sign-off a moment after the server took it (the outbox is empty then).
    let signed = job;
    await expect
      .poll(async () => (signed = (await mentorJobs()).find((j) => j.id === job.id)!).Completed_Count)
      .toBe(job.Completed_Count + 1);
    const known = new Set((job.signatures ?? []).map((c) => c.signature_id));
    const landed = (signed.signatures ?? []).filter((c) => !known.has(c.signature_id));
    expect(landed.map((c) => c.evidence?.photos.length)).toEqual([1]);
    expect(await stored(page)).toBe(0);
  });
});

describe('with service workers off (some private windows, old browsers)', () => {
  it('works online as before, and a sign-off made once the signal went still waits in the outbox and goes once', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
    try {
      const plain = await newContext(browser, WIDE);
      const tab = await plain.newPage();
      await signIn(tab, server.url, MENTOR, demoLogins(server, 'email')[MENTOR]!.password);
      expect(await tab.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)')).toBe(0);
      const job = (await mentorJobs()).find((j) => j.Completed_Count < j.Total_Count && j.Student_Name)!;
      expect(job, 'a job card left to sign').toBeDefined();
      await tab.goto(`${server.url}/dashboard?view=jobs`);
      // The sign-off dialog's code is loaded while online (no service worker keeps a copy of it).
      await tab
        .getByRole('button', { name: /^Mark Complete: / })
        .first()
        .click();
      const dialog = tab.getByRole('dialog', { name: 'Sign Off Job Card' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await plain.setOffline(true);
      await signOffline(tab, job);
      await tab.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();
      expect(await stored(tab)).toBe(1);
      await plain.setOffline(false);
      await expect.poll(() => stored(tab), { timeout: 30_000 }).toBe(0);
      // The read models have the sign-off a moment after the server took it (the outbox is empty then).
      await expect
        .poll(async () => (await mentorJobs()).find((j) => j.id === job.id)!.Completed_Count)
        .toBe(job.Completed_Count + 1);
    } finally {
      await browser.close();
    }
  });
});
