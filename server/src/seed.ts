import { accountByEmail, runAccountCommand } from '@panda/command-service/accounts/service';
import type { CommandDeps } from '@panda/command-service/shared/deps';
import type { ReadStore } from '@panda/projections/read-store';
import { temporaryPassword } from '@panda/platform/passwords';
import { ownCommand } from './provision';
import { seedTraining } from './seed-training';
import demo from './seed-data.json';

/** docs/rules.md#demo-passwords: no demo account has a known password; each gets a random one (12 readable characters) at first start. */
export const demoPassword = temporaryPassword;
export const DEMO_ADMIN_EMAIL = 'admin@panda.demo';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

const RETRY_MS = 60_000;

/** The product over HTTP, as the web app: every read carries `X-Min-Position` of this client's last command. */
export function apiClient(baseUrl: string) {
  let seen = 0;
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<T> {
    const reads = method === 'GET' && seen > 0;
    const send = () =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(reads ? { 'X-Min-Position': String(seen) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let res = await send();
    // A read the read models have not caught up with yet, or any call of an account whose own change they do
    // not have yet, is answered 503 with Retry-After (docs/api-conventions.md#requests): nothing was done, so
    // it is asked again as it says, for up to a minute.
    const giveUpAt = Date.now() + RETRY_MS;
    while (res.status === 503 && res.headers.has('retry-after') && Date.now() < giveUpAt) {
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000 || 1000));
      res = await send();
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
    const parsed = (text ? JSON.parse(text) : {}) as T;
    const position = (parsed as { position?: unknown } | null)?.position;
    if (method !== 'GET' && typeof position === 'number' && position > seen) seen = position;
    return parsed;
  };
}

/** The seed sends commands, and reads how far the reactors have come (a composition concern). */
export type SeedDeps = CommandDeps & { readStore: Pick<ReadStore, 'checkpoint'> };

/**
 * Seeds a small living demo on an empty store, through the same commands users send:
 * a vetted training centre and a vetted mentor, then students, a placement and signed job cards (seed-training.ts).
 */
export async function seedDemo(baseUrl: string, deps: SeedDeps, adminEmail: string): Promise<DemoLogin[]> {
  const call = apiClient(baseUrl);
  const centrePassword = demoPassword();
  const mentorPassword = demoPassword();
  type Login = { token: string; user: { id: string } };
  const centre = await call<Login>('POST', '/api/auth/signup', { ...demo.centre, Password: centrePassword });
  const mentor = await call<Login>('POST', '/api/auth/signup', { ...demo.mentor, Password: mentorPassword });
  const admin = await accountByEmail(deps, adminEmail);
  for (const id of [centre.user.id, mentor.user.id]) {
    const meta = ownCommand(deps, admin?.id ?? null, `seed-vet-${id}`);
    const r = await runAccountCommand(deps, id, { type: 'Vet', reason: 'Demo data: documents checked' }, meta);
    await deps.waitForProjections(r.position);
  }
  const training = await seedTraining(baseUrl, call, deps, adminEmail, centre, mentor);
  return [
    { role: 'training centre', email: demo.centre.Email, password: centrePassword },
    { role: 'mentor', email: demo.mentor.Email, password: mentorPassword },
    ...training,
  ];
}
