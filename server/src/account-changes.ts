import { readModelsBehind } from '@panda/platform/errors';
import type { Authenticator } from '@panda/platform/http';
import { verifyToken } from '@panda/platform/tokens';

/**
 * docs/rules.md#lock-takes-effect: `changed(accountId, position)` makes that account's next call wait for it.
 * A call whose wait runs out answers 503 with Retry-After, as a read's does (docs/api-conventions.md#requests):
 * the read models do not have the change yet, so what they say of the account is not an answer.
 */
export function accountChanges(
  authenticator: Authenticator,
  secret: Uint8Array,
  /** The server's clock, that tokens expire by (docs/rules.md#test-clock). */
  clock: () => Date,
  waitForProjections: (position: number) => Promise<boolean>,
  { queriesElsewhere = false } = {},
) {
  /** Account id -> the position its authentication waits for, until the read models have it. */
  const pending = new Map<string, number>();
  const forget = (accountId: string, position: number) =>
    pending.get(accountId) === position && pending.delete(accountId);
  return {
    async changed(accountId: string, position: number): Promise<void> {
      if (queriesElsewhere) {
        await waitForProjections(position);
        return;
      }
      if ((pending.get(accountId) ?? 0) >= position) return;
      pending.set(accountId, position);
      // Forgotten once applied. A wait that runs out keeps it: the account's next call waits again, and
      // forgets it once the read models have it. A wait that fails (the read store broke) forgets it.
      void waitForProjections(position).then(
        (applied) => applied && forget(accountId, position),
        () => forget(accountId, position),
      );
    },
    authenticator: (async (token) => {
      if (pending.size > 0) {
        // Only a token this server signed names an account whose change is waited for.
        const subject = (await verifyToken(secret, token, clock()))?.sub;
        const position = subject === undefined ? undefined : pending.get(subject);
        if (subject !== undefined && position !== undefined) {
          if (!(await waitForProjections(position))) throw readModelsBehind();
          forget(subject, position);
        }
      }
      return authenticator(token);
    }) satisfies Authenticator,
  };
}
