import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { checkEvent } from '@panda/events/catalogue';
import { ADMIN_SIGNINS_STREAM, type AdminSignInOutcome } from '@panda/events/catalogue/admin';
import { metaFor, type CommandDeps } from '../shared/deps';

export interface AdminSignInAttempt {
  email: string;
  accountId: string | null;
  outcome: AdminSignInOutcome;
  sourceAddress: string;
  userAgent: string | null;
}

/**
 * Records one attempt at the admin portal's sign-in (an append-only log: no decision reads it, so
 * no version check). When it cannot be recorded the attempt fails (no unaudited admin sessions).
 */
export async function recordAdminSignIn(deps: CommandDeps, req: Request, attempt: AdminSignInAttempt): Promise<void> {
  const data = checkEvent('AdminSignInAttempted', attempt);
  // Each attempt is its own record, even when a client repeats an Idempotency-Key.
  const meta = {
    ...metaFor(req, deps),
    actorId: attempt.outcome === 'succeeded' ? attempt.accountId : null,
    commandId: randomUUID(),
  };
  await deps.store.append(ADMIN_SIGNINS_STREAM, [{ type: 'AdminSignInAttempted', data }], 'any', meta);
  deps.logger.info(
    { outcome: attempt.outcome, email: attempt.email, sourceAddress: attempt.sourceAddress },
    'admin sign-in attempt',
  );
}
