import type { AppendMeta } from '@panda/events/envelope';
import { hashPassword, temporaryPassword } from '@panda/platform/passwords';
import { seal } from '@panda/platform/sealed';
import type { CommandDeps } from '../shared/deps';
import { checkRegistration, type StudentRegistration } from '../accounts/decider';
import { createAccount, normaliseEmail } from '../accounts/service';

/**
 * Registers a student account with a temporary password (docs/rules.md#passwords-never-shown): shown once to whoever
 * registered them, e-mailed to the student by the mail reactor (sealed in the event for it), stored
 * only as a hash. `centreId` null = independent student registered by an admin (docs/rules.md#independent-students). The
 * caller checks who may register; a centre must be vetted (`centreVetted`, checked again by the
 * account decider).
 */
export async function registerStudent(
  deps: CommandDeps,
  input: StudentRegistration,
  centreId: string | null,
  meta: AppendMeta,
  centreVetted = false,
) {
  checkRegistration(input, meta.time);
  const email = normaliseEmail(input.email);
  const temporary = temporaryPassword();
  const temporaryPasswordHash = await hashPassword(temporary);
  const { accountId, position, duplicate } = await createAccount(deps, email, meta, (accountId) => ({
    type: 'RegisterStudent',
    accountId,
    centreId,
    firstName: input.firstName,
    lastName: input.lastName,
    email,
    phone: input.phone,
    postcode: input.postcode,
    dateOfBirth: input.dateOfBirth,
    requirements: input.requirements,
    temporaryPasswordHash,
    // Only the mail reactor can open it (reactors/src/notifications/mail.ts): the welcome mail comes from the event.
    temporaryPasswordSealed: seal(deps.config.mailKey, temporary, accountId),
    now: meta.time,
    centreVetted,
  }));
  // On a retried request the temporary password was already shown and mailed once: never again.
  return { studentId: accountId, position, temporaryPassword: duplicate ? null : temporary, email };
}
