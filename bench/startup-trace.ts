/**
 * The main thread's work while the student's Training Jobs screen (/dashboard?view=jobs) loads, from
 * Chrome traces: a companion of section 13 (bench/lighthouse.ts) for comparing builds of the web app
 * on a shared machine, where Lighthouse's Total Blocking Time swings with the load.
 *
 * Each build directory given (default: frontend/dist) is served by the product's own web handler
 * (server/src/web.ts: the same headers and files as `npm start`) on a port of its own, its API calls
 * and live socket passed on to one `npm start`-like server with the demo data. Loads alternate
 * between the builds (A, B, A, B, ...), each in a fresh browser context (cold cache, no service
 * worker) with Lighthouse's mobile screen, signed in as the demo student, until the requirement
 * cards show and the network has been idle for 500 ms.
 *
 * Per load it reports, from the page's renderer main thread: the CPU time of all its tasks, the
 * longest task, and the blocking time Lighthouse's simulation would give with its 4x slower CPU,
 * Σ max(0, k·task − 50 ms) over the tasks after the first contentful paint, k = 4, or 2 for a task
 * that lays the page out (as Lighthouse's simulator scales them). With STARTUP_DETAIL=1 it lists the
 * tasks that would block at 4x and what ran in each; STARTUP_PROFILE=<dir> writes
 * each build's last load as a CPU profile (`<n>.cpuprofile`, for Chrome's DevTools). STARTUP_LIGHTHOUSE=1
 * runs Lighthouse itself instead (as section 13 does, on the Training Jobs screen only), alternating
 * the builds the same way, and reports each build's Performance and Total Blocking Time; with
 * LIGHTHOUSE_REPORTS=<dir> the last report of build n is kept in <dir>/<n>/.
 *
 *   npx tsx bench/startup-trace.ts [dist ...]     # STARTUP_RUNS loads per build (5)
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { apiClient } from '@panda/server/seed';
import { securityHeaders, webApp, WEB_DIST } from '@panda/server/web';
import { BROWSER_ARGS, CHROMIUM, demoLogins, startServer } from '../e2e/support';
import { audit, LIGHTHOUSE_PAGES, setSession, withRetry } from './lighthouse';
import { machine } from './report';

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const DETAIL = process.env.STARTUP_DETAIL === '1';
const PROFILE = process.env.STARTUP_PROFILE;
const PATH = '/dashboard?view=jobs';
/**
 * Lighthouse's mobile preset: its screen, and the CPU slowdown its simulation applies (half of it to a
 * task that lays the page out: Lantern's layoutTaskMultiplier).
 */
const SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const SLOWDOWN = 4;
const LAYOUT_SLOWDOWN = 2;
const LONG_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The time the thread ran (what the OS gave it), µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, Record<string, unknown> | undefined>;
}

export interface Load {
  /** Time of every task of the main thread, ms: as the clock ran, and as the thread ran. */
  mainThreadMs: number;
  mainThreadCpuMs: number;
  longestMs: number;
  /**
   * Σ max(0, k·task − 50) over the tasks after the first contentful paint, ms: with each task as the
   * clock measured it (as Lighthouse does), and as the thread ran, which the other work on a busy
   * machine does not lengthen.
   */
  simulatedTbtMs: number;
  simulatedTbtCpuMs: number;
  /** The tasks that block once slowed down, with what ran in them. */
  tasks: { ms: number; cpuMs: number; what: string }[];
}

/** Serves `dist` as `npm start` does, passing /api and /ws on to `api`. */
async function serveBuild(dist: string, api: URL): Promise<{ url: string; close: () => Promise<void> }> {
  const forward = (req: IncomingMessage, res: express.Response) => {
    const upstream = request(
      { host: api.hostname, port: api.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use((req, res, next) => (req.path.startsWith('/api/') ? forward(req, res) : next()));
  app.use(webApp('/no-admin-portal-here', dist));
  const server = createServer(app);
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(Number(api.port), api.hostname, () => {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * A fresh context (cold cache, no service worker) with Lighthouse's mobile screen, whose pages start
 * with the student's session in localStorage, as the app keeps it (frontend/src/lib/session.ts).
 */
async function signedInContext(browser: Browser, session: { token: string; user: unknown }) {
  const context = await browser.newContext({ ...SCREEN, serviceWorkers: 'block' });
  // A string, as the bench is compiled without the DOM's types.
  await context.addInitScript({
    content: `localStorage.setItem('token', ${JSON.stringify(session.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
  });
  return context;
}

/** One cold load of the Training Jobs screen, traced; made again (twice at most) when its trace came back without the page. */
async function load(browser: Browser, origin: string, session: { token: string; user: unknown }): Promise<Load> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tracedLoad(browser, origin, session);
    } catch (e) {
      if (attempt >= 3 || !(e instanceof NoPageInTrace)) throw e;
      console.log(`   (${e.message}; loading it again)`);
    }
  }
}

class NoPageInTrace extends Error {}

async function tracedLoad(browser: Browser, origin: string, session: { token: string; user: unknown }): Promise<Load> {
  const context = await signedInContext(browser, session);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8.execute',
        'blink.user_timing',
        'loading',
      ],
    });
    await page.goto(origin + PATH);
    await page.locator('[data-testid="requirement-card"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return analyse(trace.traceEvents, origin);
  } finally {
    await context.close();
  }
}

/**
 * One load profiled with V8's sampling profiler. The page first opens a static file of the origin, so
 * that the profiler runs in the renderer the app then loads in.
 */
async function profile(browser: Browser, origin: string, session: { token: string; user: unknown }): Promise<unknown> {
  const context = await signedInContext(browser, session);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/favicon.svg`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(origin + PATH);
    await page.locator('[data-testid="requirement-card"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    return (await cdp.send('Profiler.stop')).profile;
  } finally {
    await context.close();
  }
}

/** The main thread's tasks of the renderer that loaded `origin`, summed up. */
export function analyse(events: TraceEvent[], origin: string): Load {
  const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  if (!parse) throw new NoPageInTrace(`the trace shows no page of ${origin}`);
  const { pid, tid } = parse;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? parse.ts;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const ms = (e: TraceEvent) => (e.dur ?? 0) / 1000;
  const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const within = (task: TraceEvent) => {
    const end = task.ts + (task.dur ?? 0);
    return onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  };
  const slowed = (task: TraceEvent, time = ms) =>
    time(task) * (within(task).some((e) => e.name === 'Layout') ? LAYOUT_SLOWDOWN : SLOWDOWN);
  const describe = (task: TraceEvent) => {
    const inside = within(task)
      .filter((e) => ms(e) >= 1)
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4);
    return inside
      .map((e) => {
        const data = e.args?.data ?? e.args?.beginData ?? {};
        const where = String(data.url ?? data.functionName ?? data.type ?? '').replace(origin, '');
        return `${e.name}${where ? ` ${where}` : ''} ${ms(e).toFixed(1)}`;
      })
      .join(', ');
  };
  // Only tasks of 10 ms and more can block once slowed down (50 / 4 = 12.5 ms).
  const blocking = tasks.filter((t) => ms(t) >= 10 && slowed(t) > LONG_MS);
  const blockingCpu = tasks.filter((t) => cpuMs(t) >= 10 && slowed(t, cpuMs) > LONG_MS);
  return {
    mainThreadMs: tasks.reduce((sum, t) => sum + ms(t), 0),
    mainThreadCpuMs: tasks.reduce((sum, t) => sum + cpuMs(t), 0),
    longestMs: Math.max(0, ...tasks.map(ms)),
    simulatedTbtMs: blocking.filter((t) => t.ts >= fcp).reduce((sum, t) => sum + slowed(t) - LONG_MS, 0),
    simulatedTbtCpuMs: blockingCpu.filter((t) => t.ts >= fcp).reduce((sum, t) => sum + slowed(t, cpuMs) - LONG_MS, 0),
    tasks: blocking.map((t) => ({ ms: ms(t), cpuMs: cpuMs(t), what: DETAIL ? describe(t) : '' })),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse on the Training Jobs screen of each build, alternated; the medians per build. */
async function lighthouseRuns(dists: string[], origins: string[], session: { token: string; user: unknown }) {
  const page = LIGHTHOUSE_PAGES.find((p) => p.path === PATH)!;
  const reports = process.env.LIGHTHOUSE_REPORTS;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const runs: { performance: number; tbt: number }[][] = dists.map(() => []);
    for (let run = 0; run < RUNS; run++)
      for (const [i, origin] of origins.entries()) {
        if (reports) {
          process.env.LIGHTHOUSE_REPORTS = join(reports, String(i + 1));
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        }
        await setSession(chrome.port, origin, session);
        const report = await withRetry(() => audit(chrome.port, origin, page));
        runs[i].push({ performance: report.scores.performance, tbt: report.tbt });
      }
    for (const [i, dist] of dists.entries()) {
      const rs = runs[i];
      console.log(dist);
      console.log(
        `   Lighthouse performance ${median(rs.map((r) => r.performance))} (${rs.map((r) => r.performance).join(', ')})`,
      );
      console.log(
        `   Lighthouse TBT         ${median(rs.map((r) => r.tbt)).toFixed(0)} ms (${rs.map((r) => r.tbt.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    chrome.kill();
    if (reports) process.env.LIGHTHOUSE_REPORTS = reports;
  }
}

async function main() {
  const dists = process.argv.slice(2).map((d) => resolve(d));
  if (!dists.length) dists.push(WEB_DIST);
  console.log(`Start: ${machine()}`);
  const server = await startServer({ SEED_DEMO: '1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  const builds = await Promise.all(dists.map((dist) => serveBuild(dist, new URL(server.url))));
  try {
    const student = demoLogins(server).student;
    const session = await apiClient(server.url)<{ token: string; user: unknown }>('POST', '/api/auth/signin', {
      Email: student.email,
      Password: student.password,
    });
    if (process.env.STARTUP_LIGHTHOUSE === '1') {
      await lighthouseRuns(
        dists,
        builds.map((b) => b.url),
        session,
      );
      console.log(`End: ${machine()}`);
      return;
    }
    const loads: Load[][] = dists.map(() => []);
    // A first load of each build, not counted: the server's and the browser's own first-use costs.
    for (const build of builds) await load(browser, build.url, session);
    for (let run = 0; run < RUNS; run++)
      for (const [i, build] of builds.entries()) {
        const l = await load(browser, build.url, session);
        loads[i].push(l);
        if (DETAIL) {
          console.log(`${dists[i]} run ${run + 1}: main thread ${l.mainThreadMs.toFixed(0)} ms`);
          for (const t of l.tasks)
            console.log(`   ${t.ms.toFixed(1).padStart(6)} ms (thread ${t.cpuMs.toFixed(1)})  ${t.what}`);
        }
      }
    if (PROFILE)
      for (const [i, build] of builds.entries())
        writeFileSync(join(PROFILE, `${i + 1}.cpuprofile`), JSON.stringify(await profile(browser, build.url, session)));
    for (const [i, dist] of dists.entries()) {
      const ls = loads[i];
      const fmt = (pick: (l: Load) => number) =>
        `${median(ls.map(pick)).toFixed(0)} ms (${ls.map((l) => pick(l).toFixed(0)).join(', ')})`;
      console.log(dist);
      console.log(`   main thread, clock        ${fmt((l) => l.mainThreadMs)}`);
      console.log(`   main thread, thread time  ${fmt((l) => l.mainThreadCpuMs)}`);
      console.log(`   longest task              ${fmt((l) => l.longestMs)}`);
      console.log(`   simulated TBT, clock      ${fmt((l) => l.simulatedTbtMs)}`);
      console.log(`   simulated TBT, thread     ${fmt((l) => l.simulatedTbtCpuMs)}`);
      console.log(`   blocking tasks (clock)    ${median(ls.map((l) => l.tasks.length))}`);
    }
    console.log(`End: ${machine()}`);
  } finally {
    await browser.close();
    await Promise.all(builds.map((b) => b.close()));
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
