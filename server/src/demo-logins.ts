import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { narrowToOwner, writeSecretFile } from '@panda/platform/config';
import { hashPassword } from '@panda/platform/passwords';
import { accountByEmail, checkCredentials, runAccountCommand } from '@panda/command-service/accounts/service';
import type { CommandDeps } from '@panda/command-service/shared/deps';
import { ownCommand } from './provision';
import { demoPassword, type DemoLogin } from './seed';

/** Where `npm start` keeps the demo logins it made: in the data folder, readable only by the owner (0600). */
export const demoLoginsFile = (dataDir: string) => join(dataDir, 'demo-logins.json');

export function saveDemoLogins(dataDir: string, logins: DemoLogin[]): void {
  writeSecretFile(demoLoginsFile(dataDir), `${JSON.stringify(logins, null, 2)}\n`);
}

export function readDemoLogins(dataDir: string): DemoLogin[] | null {
  const file = demoLoginsFile(dataDir);
  if (!existsSync(file)) return null;
  narrowToOwner(file, 0o600);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoLogin[];
  } catch {
    return null;
  }
}

/** The fixed demo passwords of earlier versions (in the source, so known to anyone). */
const KNOWN_PASSWORDS = new Set(['panda-demo-2026', 'panda-admin-demo-2026']);

/** docs/rules.md#demo-passwords for an earlier version's data; answers the logins when one was replaced, else null. */
export async function replaceKnownDemoPasswords(deps: CommandDeps, dataDir: string): Promise<DemoLogin[] | null> {
  const logins = readDemoLogins(dataDir);
  if (!logins?.some((l) => KNOWN_PASSWORDS.has(l.password))) return null;
  const updated: DemoLogin[] = [];
  let replaced = false;
  for (const login of logins) {
    if (!KNOWN_PASSWORDS.has(login.password)) {
      updated.push(login);
      continue;
    }
    const account = await accountByEmail(deps, login.email);
    if (!account || (await checkCredentials(account, login.password)) !== 'password') continue;
    const password = demoPassword();
    const change = { type: 'ChangePassword', passwordHash: await hashPassword(password) } as const;
    const r = await runAccountCommand(deps, account.id!, change, ownCommand(deps, null, randomUUID()));
    await deps.waitForProjections(r.position);
    updated.push({ ...login, password });
    replaced = true;
  }
  saveDemoLogins(dataDir, updated);
  return replaced ? updated : null;
}
