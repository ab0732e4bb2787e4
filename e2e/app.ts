import { apiClient } from '@panda/server/seed';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { axeOn, demoLogins, newContext, signIn, signInAtPortal, startServer, type Login, type Server } from './support';

/**
 * The start-up every browser test file shares. In a file:
 *
 *   const app = useApp({ demo: true, admin: ADMIN });
 *   it('...', async () => {
 *     const page = await app.signedIn('student');        // a new context, signed in on /auth
 *     await page.goto(`${app.url}/dashboard?view=jobs`);
 *   });
 *
 * `useApp` registers the file's beforeAll/afterAll: it starts the product (built web app, free port,
 * temporary DATA_DIR) and connects to the one Chromium of the e2e project (e2e/global-setup.ts).
 * Every context it opens has animations off and is closed after the file, with the server.
 * `setup` runs once the app is up (e.g. data through `app.api`). Read `app.*` inside hooks and
 * tests only, not while the file is collected.
 */
export interface AppOptions {
  /** Seeds the demo data (SEED_DEMO=1); its logins are then `app.logins`. */
  demo?: boolean;
  /** Provisions this admin (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: Login;
  /** More configuration for the server. */
  env?: Record<string, string>;
  /** Runs once the app is up, before the file's tests. */
  setup?: (app: App) => Promise<void>;
}

type Viewport = { width: number; height: number };
const WIDE: Viewport = { width: 1366, height: 900 };

export interface App {
  readonly server: Server;
  readonly url: string;
  readonly browser: Browser;
  /** JSON calls to the running product (throws on an error answer). */
  readonly api: ReturnType<typeof apiClient>;
  /** The demo logins by role ('admin (portal)', 'training centre', 'mentor', 'student'). */
  readonly logins: Record<string, Login & { role: string }>;
  /** The demo logins by e-mail. */
  readonly loginsByEmail: Record<string, Login & { role: string }>;
  /** The demo password of `email`. */
  password(email: string): string;
  /** A new browser profile (newContext's 1280×800 unless told), closed after the file. */
  context(viewport?: Viewport): Promise<BrowserContext>;
  /** A page in a new browser profile, 1366×900 unless told. */
  page(viewport?: Viewport): Promise<Page>;
  /** A page in a new profile, signed in on /auth (as a demo role, a demo e-mail or a login), on its dashboard. */
  signedIn(who: string | Login, viewport?: Viewport): Promise<Page>;
  /** A page in a new profile, signed in at the admin portal as `who` (the file's admin by default). */
  atPortal(who?: Login, viewport?: Viewport): Promise<Page>;
  /**
   * Stops the product and starts it again on the same data folder with `env` added, e.g. a later
   * PANDA_TEST_CLOCK to let time pass (docs/rules.md#test-clock). Its address changes: read `app.url` after.
   */
  restart(env: Record<string, string>): Promise<void>;
}

/** The one Chromium the e2e project shares (e2e/global-setup.ts), connected for this file. */
export function connectBrowser(): Promise<Browser> {
  const endpoint = inject('browserWsEndpoint');
  if (!endpoint) throw new Error('no shared browser: run browser tests in the e2e project (e2e/global-setup.ts)');
  return chromium.connect(endpoint);
}

export function useApp(options: AppOptions = {}): App {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let api: ReturnType<typeof apiClient> | undefined;
  const contexts: BrowserContext[] = [];
  let startEnv: Record<string, string> = {};
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`app.${what} is there only once the file's beforeAll has run`);
    return value;
  };

  const app: App = {
    get server() {
      return started(server, 'server');
    },
    get url() {
      return started(server, 'url').url;
    },
    get browser() {
      return started(browser, 'browser');
    },
    get api() {
      return started(api, 'api');
    },
    get logins() {
      return demoLogins(started(server, 'logins'));
    },
    get loginsByEmail() {
      return demoLogins(started(server, 'loginsByEmail'), 'email');
    },
    password(email) {
      const login = app.loginsByEmail[email];
      if (!login) throw new Error(`no demo login for ${email}`);
      return login.password;
    },
    async context(viewport) {
      const c = await newContext(app.browser, viewport);
      contexts.push(c);
      return c;
    },
    async page(viewport = WIDE) {
      return (await app.context(viewport)).newPage();
    },
    async signedIn(who, viewport = WIDE) {
      const login = typeof who === 'string' ? (app.logins[who] ?? app.loginsByEmail[who]) : who;
      if (!login) throw new Error(`no demo login for ${String(who)}`);
      const page = await app.page(viewport);
      await signIn(page, app.url, login.email, login.password);
      return page;
    },
    async atPortal(who = options.admin, viewport = WIDE) {
      if (!who) throw new Error('atPortal: no admin given to useApp and none passed');
      const page = await app.page(viewport);
      await signInAtPortal(page, app.server, who.email, who.password);
      return page;
    },
    async restart(env) {
      const dataDir = app.server.dataDir;
      await app.server.stop();
      server = undefined;
      server = await startServer({ ...startEnv, ...env }, dataDir);
      api = apiClient(server.url);
    },
  };

  beforeAll(async () => {
    const env: Record<string, string> = { ...options.env };
    if (options.demo) env.SEED_DEMO = '1';
    if (options.admin) Object.assign(env, { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password });
    startEnv = env;
    [server, browser] = await Promise.all([startServer(env), connectBrowser()]);
    api = apiClient(server.url);
    await options.setup?.(app);
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  return app;
}

/**
 * Expects no serious or critical axe-core violation (WCAG 2.0/2.1 A and AA) on what the page shows now,
 * or only inside `only`. The app-wide toasts are left out: their filled colours are the shared toaster's.
 */
export async function accessible(p: Page, what: string, only?: string) {
  const axe = await axeOn(p);
  if (only) axe.include(only);
  const results = await axe
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="toast"]')
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    what,
  ).toEqual([]);
}
