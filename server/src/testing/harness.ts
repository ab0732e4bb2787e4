import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import type { Mail, Mailer } from '@panda/platform/mailer';
import { ALL_PARTS, startPlatform, type Parts, type Platform, type PlatformOverrides } from '../platform';
import { provisionAdmin } from '../provision';
import { checkAnswer } from './contract-check';

export const TEST_ADMIN = { email: 'admin@test.panda', password: 'admin-password-123' };
export const TEST_PASSWORD = 'secret-pass-1';

/**
 * Every test request comes from one address (loopback), so the throttles per client address and
 * per account upload and chat allowances are loosened for test apps; a test of a throttle sets its own
 * THROTTLE_* in `env` (the per address+e-mail sign-in rules keep their real numbers).
 */
const LOOSE_LIMITS = {
  THROTTLE_SIGN_IN_ADDRESS: '1000/900',
  THROTTLE_ADMIN_SIGN_IN_ADDRESS: '1000/900',
  THROTTLE_FORGOT_PASSWORD: '1000/3600',
  THROTTLE_UPLOADS: '1000/3600',
  THROTTLE_CHAT_MESSAGES: '1000/60',
  THROTTLE_CHAT_IMAGES: '1000/3600',
};

export interface TestApp {
  platform: Platform;
  config: Config;
  url: string;
  dataDir: string;
  mails: Mail[];
  // The body is left untyped on purpose: over 300 test reads use it directly; a test that checks a
  // shape parses it with its contract (@panda/contracts).
  /** JSON call: returns status, body and headers; never throws on HTTP errors. */
  call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: tests read the body directly
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Signs up a mentor or training centre and returns its token and user. */
  signUp(
    role: 'mentor' | 'training_centre',
    email: string,
    extra?: Record<string, unknown>,
  ): Promise<{ token: string; user: { id: string; [k: string]: unknown } }>;
  signIn(email: string, password?: string): Promise<{ token: string; user: { id: string; [k: string]: unknown } }>;
  /** Token of the provisioned test admin (signs in through the admin endpoint when it exists). */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The whole product on embedded stores in a temporary folder, on a free port, mail captured
 * in memory. `env` overrides configuration (e.g. { SEED_DEMO: '0' }).
 */
export async function startTestApp(
  options: { parts?: Parts; env?: Record<string, string>; overrides?: PlatformOverrides; dataDir?: string } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'panda-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    NODE_ENV: 'test',
    ...LOOSE_LIMITS,
    ...options.env,
  });
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const platform = await startPlatform(config, options.parts ?? ALL_PARTS, {
    logger: createLogger('silent'),
    mailer,
    ...options.overrides,
  });
  await provisionAdmin(platform.commandDeps, TEST_ADMIN.email, TEST_ADMIN.password, 'Test', 'Admin');
  const url = platform.url;
  // Like the web app (frontend/src/lib/api.ts): every GET asks for the read models as of the last
  // command answered (read-your-writes), since a command answers once its events are in the log.
  let lastPosition = 0;
  const asksPosition = (path: string, headers: Record<string, string>) =>
    path.includes('min_position=') || Object.keys(headers).some((h) => h.toLowerCase() === 'x-min-position');
  const call: TestApp['call'] = async (method, path, body, token, headers = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'GET' && lastPosition && !asksPosition(path, headers)
          ? { 'X-Min-Position': String(lastPosition) }
          : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    lastPosition = Math.max(lastPosition, Number(res.headers.get('X-Log-Position') ?? 0) || 0);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    checkAnswer(method, path, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const signIn: TestApp['signIn'] = async (email, password = TEST_PASSWORD) => {
    const r = await call('POST', '/api/auth/signin', { Email: email, Password: password });
    if (r.status !== 200) throw new Error(`sign-in ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  let adminToken: string | null = null;
  return {
    platform,
    config,
    url,
    dataDir,
    mails,
    call,
    signIn,
    async signUp(role, email, extra = {}) {
      const r = await call('POST', '/api/auth/signup', {
        First_Name: 'Test',
        Last_Name: role === 'mentor' ? 'Mentor' : 'Contact',
        Email: email,
        Password: TEST_PASSWORD,
        Role: role,
        ...(role === 'training_centre' ? { Training_Centre_Name: `Centre ${email}` } : {}),
        ...extra,
      });
      if (r.status !== 201) throw new Error(`sign-up ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    async adminToken() {
      // Sessions end 12 hours on by the server's clock (docs/rules.md#test-clock): a test that moved it signs in again.
      if (adminToken && !expiredBy(adminToken, platform.commandDeps.clock())) return adminToken;
      const r = await call('POST', '/api/admin/auth/signin', {
        email: TEST_ADMIN.email,
        password: TEST_ADMIN.password,
      });
      if (r.status !== 200) throw new Error(`admin sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
      return (adminToken = r.body.token as string);
    },
    stop: () => platform.stop(),
  };
}

/** Whether a session token's expiry (its `exp` claim) has passed at `now`. */
function expiredBy(token: string, now: Date): boolean {
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
  return exp * 1000 <= now.getTime();
}
