import { randomUUID } from 'node:crypto';
import { hashPassword } from '@panda/platform/passwords';
import { accountByEmail, createAccount, normaliseEmail } from '@panda/command-service/accounts/service';
import type { CommandDeps } from '@panda/command-service/shared/deps';
import type { AppendMeta } from '@panda/events/envelope';

/** The metadata of a command the server sends itself (provisioning, the demo data), at `time` (now by its clock). */
export const ownCommand = (
  deps: Pick<CommandDeps, 'clock'>,
  actorId: string | null,
  commandId: string,
  time = deps.clock().toISOString(),
): AppendMeta => ({ time, actorId, correlationId: randomUUID(), commandId });

/** docs/rules.md#first-admin */
export async function provisionAdmin(
  deps: CommandDeps,
  email: string,
  password: string,
  firstName = 'Platform',
  lastName = 'Admin',
): Promise<'created' | 'exists'> {
  const normalised = normaliseEmail(email);
  const existing = await accountByEmail(deps, normalised);
  if (existing) {
    if (existing.role !== 'admin')
      throw new Error(`ADMIN_EMAIL ${normalised} belongs to a ${existing.role} account, not an admin`);
    return 'exists';
  }
  if (password.length < 12) throw new Error('ADMIN_PASSWORD must be at least 12 characters');
  const passwordHash = await hashPassword(password);
  const meta = ownCommand(deps, null, `provision-admin-${normalised}`);
  const { position } = await createAccount(deps, normalised, meta, (accountId) => ({
    type: 'ProvisionAdmin',
    accountId,
    firstName,
    lastName,
    email: normalised,
    passwordHash,
  }));
  await deps.waitForProjections(position);
  return 'created';
}
