/**
 * Lighthouse (pinned 12.2.3, its default mobile preset: a mid-range phone, simulated slow 4G and a
 * 4x slower CPU) over the built web app as `npm start` serves it, driving /usr/bin/chromium:
 * - the student's Training Jobs screen (/dashboard?view=jobs), signed in as the demo student;
 * - the public pages a search engine sees: landing (/), sign-in (/auth), terms (/terms-and-conditions).
 * The app keeps its session in localStorage (frontend/src/lib/session.ts), so before the audit the
 * session is written there through playwright-core connected to the same browser over its CDP port,
 * and Lighthouse is told not to clear the origin's storage.
 *
 * A measurement for `npm run bench` (section 13 of bench/run.ts), not a test: the figures depend on
 * the machine. `npx tsx bench/lighthouse.ts` runs it alone and prints every audit that lost points;
 * LIGHTHOUSE_RUNS sets the runs per page (3), LIGHTHOUSE_REPORTS=<dir> keeps each run's full report.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { apiClient } from '@panda/server/seed';
import { CHROMIUM, demoLogins, startServer } from '../e2e/support';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageReport {
  name: string;
  path: string;
  /** 0-100 per category. */
  scores: Record<Category, number>;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Audits that lost points, as `category: audit id (score)`. */
  losses: string[];
}

/** The student's main screen first, then the public pages. */
export const LIGHTHOUSE_PAGES = [
  { name: 'student Training Jobs', path: '/dashboard?view=jobs', signedIn: true },
  { name: 'landing', path: '/', signedIn: false },
  { name: 'sign-in', path: '/auth', signedIn: false },
  { name: 'terms', path: '/terms-and-conditions', signedIn: false },
] as const;

/** Runs per page (LIGHTHOUSE_RUNS); each figure is reported as its median over them, as the machine is shared and noisy. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function lighthouseBench(log: (line: string) => void = console.log): Promise<PageReport[]> {
  const server = await startServer({ SEED_DEMO: '1' });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const student = demoLogins(server).student;
    const session = await apiClient(server.url)<{ token: string; user: unknown }>('POST', '/api/auth/signin', {
      Email: student.email,
      Password: student.password,
    });
    const reports: PageReport[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: PageReport[] = [];
      for (let run = 0; run < RUNS; run++) {
        await setSession(chrome.port, server.url, page.signedIn ? session : null);
        runs.push(await withRetry(() => audit(chrome.port, server.url, page)));
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<
        Category,
        number
      >;
      const tbt = median(runs.map((r) => r.tbt));
      const losses = [...new Set(runs.flatMap((r) => r.losses))];
      reports.push({ name: page.name, path: page.path, scores, tbt, losses });
      log(
        `   ${page.name.padEnd(22)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}  TBT ${Math.round(tbt)} ms` +
          `  (median of ${RUNS}; TBT ${runs.map((r) => Math.round(r.tbt)).join(', ')} ms)`,
      );
      for (const loss of losses) log(`      ${loss}`);
    }
    return reports;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/**
 * On a loaded machine Lighthouse now and then fails to record the page load's trace (`NO_NAVSTART`,
 * "run Lighthouse again"): such a run is made again, twice at most.
 */
export async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= attempts || !(e instanceof LighthouseRunError)) throw e;
      console.log(`      (${e.message}; running it again)`);
    }
  }
}

class LighthouseRunError extends Error {}

export async function audit(
  port: number,
  origin: string,
  page: (typeof LIGHTHOUSE_PAGES)[number],
): Promise<PageReport> {
  const result = await lighthouse(
    origin + page.path,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The session written above must survive: Lighthouse clears the origin's storage otherwise.
      disableStorageReset: true,
    },
    undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no report for ${page.path}`);
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
  if (page.signedIn) {
    // The audit must have measured the signed-in screen itself: its URL kept, and the student's jobs fetched.
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items;
    if (!lhr.finalDisplayedUrl.includes(page.path) || !requests?.some((r) => new URL(r.url).pathname === '/api/jobs'))
      throw new Error(`the signed-in audit did not show ${page.path} (ended on ${lhr.finalDisplayedUrl})`);
  }
  if (process.env.LIGHTHOUSE_REPORTS)
    writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${page.name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const losses = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${c}: ${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}`),
  );
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
  return { name: page.name, path: page.path, scores, tbt, losses };
}

/** Writes (or clears) the app's session in the browser's localStorage for `origin`, as a sign-in does. */
export async function setSession(port: number, origin: string, session: { token: string; user: unknown } | null) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // Any path of the origin shares its storage: the terms page loads no signed-in screen.
    await page.goto(`${origin}/terms-and-conditions`);
    // A string, as the bench is compiled without the DOM's types.
    await page.evaluate(
      `localStorage.clear();${session ? `localStorage.setItem('token', ${JSON.stringify(session.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});` : ''}`,
    );
    await page.close();
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  lighthouseBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
