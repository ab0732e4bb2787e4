import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { apiClient } from '@panda/server/seed';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Server {
  url: string;
  portalPath: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs the product as `npm start` does (server entry, built web app) as its own process, on a free
 * port with a temporary data folder. `env` adds configuration (e.g. ADMIN_EMAIL). Its projections thread
 * runs at the HTTP thread's priority (PROJECTIONS_NICE=0): the tests share the cores with other test
 * files, their browsers and servers, and under the idle policy of the default the read models would wait
 * for a free core (docs/benchmarks.md#test-suite).
 */
export function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'panda-e2e-')),
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        PROJECTIONS_NICE: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.stdout!.on('data', (d) => {
      out += d;
      const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
      const portal = /Admin portal: http:\/\/[^/\s]+(\/\S+)/.exec(out)?.[1];
      if (url && portal && /Ready in/.test(out)) {
        resolve({
          url,
          portalPath: portal,
          dataDir,
          output: () => out,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
}

/** Debian's Chromium: the installed-app journeys (e2e/offline*.e2e.test.ts) and Lighthouse use it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless build of the same Chromium (package chromium-headless-shell), which the other
 * browser tests share: the same Blink without the full browser's windowing, about a quarter less
 * CPU for the same files (docs/benchmarks.md#test-suite).
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Chromium's flags for the browser tests (e2e/global-setup.ts starts the one browser they share). */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Every Content-Security-Policy violation any page of any context reported (should stay empty). */
export const cspViolations: string[] = [];

/**
 * A fresh browser profile (its own localStorage) with animations off for stable screenshots. Service
 * workers are blocked: these journeys check the app as it works without one (e2e/offline.e2e.test.ts
 * checks the installed app).
 */
export async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', serviceWorkers: 'block' });
  await context.addInitScript(() => {
    (globalThis as unknown as { __PANDA_NO_ANIMATIONS__: boolean }).__PANDA_NO_ANIMATIONS__ = true;
  });
  await context.addInitScript({
    content:
      "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));",
  });
  context.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) cspViolations.push(`${m.location().url}: ${m.text()}`);
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Saves a screenshot under E2E_SCREENSHOTS (when set) for a person to look at. */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** A toast (MUI Alert) showing `text`. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text }).first();

/** Signs in on /auth (centre, mentor, student) and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.locator('input[name="Password"]').fill(password);
  await form.getByRole('button', { name: /sign in/i }).click();
  await toast(page, 'Welcome back!').waitFor();
  await page.waitForURL(/\/dashboard/);
}

export interface Login {
  email: string;
  password: string;
}

/**
 * The demo accounts the seed kept in `DATA_DIR/demo-logins.json`, by role ('admin (portal)',
 * 'training centre', 'mentor', 'student'), or by e-mail.
 */
export function demoLogins(server: Server, by: 'role' | 'email' = 'role'): Record<string, Login & { role: string }> {
  const list = JSON.parse(readFileSync(join(server.dataDir, 'demo-logins.json'), 'utf8')) as (Login & {
    role: string;
  })[];
  return Object.fromEntries(list.map((l) => [l[by], l]));
}

/** Signs an admin or an auditor in at the secret portal path and waits for the portal dashboard. */
export async function signInAtPortal(page: Page, server: Server, email: string, password: string) {
  await page.goto(`${server.url}${server.portalPath}`);
  const form = page.getByRole('form', { name: 'Admin sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${server.url}/panda-admin-dashboard`);
}

/**
 * Proposes the demo trainee who waits for a mentor (no placement yet) to the first mentor, through
 * the API as `admin`, so the demo mentor has a placement request to act on.
 */
export async function proposeWaitingTrainee(server: Server, admin: Login) {
  const call = apiClient(server.url);
  const { token } = await call<{ token: string }>('POST', '/api/admin/auth/signin', admin);
  const { students } = await call<{ students: { id: string; Matched: boolean; placement_status: string | null }[] }>(
    'GET',
    '/api/admin/users/students',
    undefined,
    token,
  );
  const { mentors } = await call<{ mentors: { id: string }[] }>('GET', '/api/admin/users/mentors', undefined, token);
  const waiting = students.find((s) => !s.Matched && !s.placement_status);
  if (!waiting) throw new Error('the demo data has no trainee waiting for a mentor');
  await call('POST', '/api/admin/placements', { student_id: waiting.id, mentor_id: mentors[0].id }, token);
}

/**
 * axe-core on `page`, run inside the page itself (axe.run). The default (runPartial per frame, then finishRun in a
 * blank page it opens for that) loads axe-core's half a megabyte twice and opens and closes a page on every
 * analyze; that mode exists for cross-origin frames, and the app has no frames at all.
 *
 * Only the violations come back with every element they found (axe-core's own `resultTypes` option); the rules
 * that pass, are incomplete or do not apply keep one element each. Without it axe-core builds a CSS selector and
 * an HTML snippet for every element that passes any rule (every text, for colour contrast), most of an analyze of
 * a full screen (docs/benchmarks.md#test-suite). The tests read the violations only. `options()` replaces the
 * options: add `violationsOnly()` to any given there.
 */
export const violationsOnly = () => ({ resultTypes: ['violations' as const] });

/**
 * An AxeBuilder for `page`, as above. It sends axe-core's source (half a megabyte) only to a page that does not
 * have it yet: AxeBuilder's own analyze sends and evaluates it twice on every call, which made an analyze of a
 * full screen about 450 ms against 260 ms for axe-core's own run (docs/benchmarks.md#test-suite). A page keeps it
 * until it loads another document.
 */
export async function axeOn(page: Page): Promise<AxeBuilder> {
  const present = await page.evaluate('typeof window.axe === "object"');
  return new AxeBuilder({ page, ...(present ? { axeSource: AXE_PRESENT } : {}) })
    .setLegacyMode()
    .options(violationsOnly());
}
/** The script AxeBuilder evaluates where axe-core is already in the page: nothing. */
const AXE_PRESENT = ';';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** axe-core's best-practice rules for the page's structure: every part inside a landmark, no heading level skipped. */
const STRUCTURE_RULES = ['region', 'heading-order'];

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) over the page, or only over `include` (e.g. an open
 * dialog), and answers every serious or critical violation, with the elements it found, as text.
 */
export async function axeFindings(page: Page, where: string, include?: string): Promise<string[]> {
  let builder = (await axeOn(page)).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return asFindings(
    where,
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  );
}

/**
 * axeFindings over the whole page, and in the same axe-core run the page's structure as axe-core's best-practice
 * rules see it, whatever their impact (`structure`): every part of the page inside a landmark (`region`) and no
 * heading level skipped (`heading-order`).
 */
export async function pageFindings(page: Page, where: string): Promise<{ findings: string[]; structure: string[] }> {
  const axe = await axeOn(page);
  const { violations } = await axe
    .options({ ...violationsOnly(), rules: Object.fromEntries(STRUCTURE_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  const structural = (v: { id: string }) => STRUCTURE_RULES.includes(v.id);
  return {
    findings: asFindings(
      where,
      violations.filter((v) => !structural(v) && (v.impact === 'serious' || v.impact === 'critical')),
    ),
    structure: asFindings(where, violations.filter(structural)),
  };
}

/** Each violation as text: where, the rule, its impact and help, then every element it found and why. */
const asFindings = (where: string, violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`).join('\n')}`,
  );

/** Fails when axe-core finds a serious or critical violation on the page (or inside `include`). */
export async function expectAccessible(page: Page, where: string, include?: string) {
  const findings = await axeFindings(page, where, include);
  if (findings.length)
    throw new Error(`axe-core: ${findings.length} serious/critical violation(s)\n${findings.join('\n')}`);
}
