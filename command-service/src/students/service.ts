import type { AppendMeta } from '@panda/events/envelope';
import { hashPassword, temporaryPassword } from '@panda/platform/passwords';
import type { CommandDeps } from '../shared/deps';
import { TEMPORARY_PASSWORD_DAYS, type StudentRegistration } from '../accounts/decider';
import { createAccount, normaliseEmail } from '../accounts/service';

/**
 * Registers a student account with a temporary password (ruling 9): shown once to whoever
 * registered them, e-mailed to the student, stored only as a hash. `centreId` null = independent
 * student registered by an admin (ruling 8). The caller checks who may register; a centre must be
 * vetted (`centreVetted`, checked again by the account decider).
 */
export async function registerStudent(
  deps: CommandDeps,
  input: StudentRegistration,
  centreId: string | null,
  centreName: string | null,
  meta: AppendMeta,
  centreVetted = false,
) {
  const email = normaliseEmail(input.email);
  const temporary = temporaryPassword();
  const temporaryPasswordHash = await hashPassword(temporary);
  const { accountId, position, duplicate, state } = await createAccount(deps, email, meta, (accountId) => ({
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
    now: deps.clock().toISOString(),
    centreVetted,
  }));
  if (!duplicate) {
    // The account exists now: a mail failure must not hide the temporary password, which is shown
    // once on the success screen, so it is logged and the registration still answers.
    await deps.mailer
      .send({
      to: email,
      subject: 'Welcome to Panda: your account is ready',
      // The mail holds the temporary password: the outbox drops it once the password has expired.
      expiresAt: state.passwordExpiresAt ? new Date(state.passwordExpiresAt) : undefined,
      text:
        `Hello ${input.firstName},\n\n` +
        `${centreName ? `${centreName} has registered you` : 'You have been registered'} on Panda, the placement platform for gas-engineering trainees.\n\n` +
        `Sign in at ${deps.config.publicUrl}/auth with:\n  Email: ${email}\n  Temporary password: ${temporary}\n\n` +
        `You will be asked to choose your own password when you first sign in. The temporary password works for ${TEMPORARY_PASSWORD_DAYS} days.\n`,
      })
      .catch((err) => deps.logger.error({ err, studentId: accountId }, 'registration mail failed'));
  }
  await deps.waitForProjections(position);
  // On a retried request the temporary password was already shown and mailed once: never again.
  return { studentId: accountId, position, temporaryPassword: duplicate ? null : temporary, email };
}
