import type { Authenticator } from '@panda/platform/http';
import { verifyToken } from '@panda/platform/tokens';

/** docs/rules.md#lock-takes-effect: `changed(accountId, position)` makes that account's next call wait for it. */
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
  return {
    async changed(accountId: string, position: number): Promise<void> {
      if (queriesElsewhere) {
        await waitForProjections(position);
        return;
      }
      if ((pending.get(accountId) ?? 0) >= position) return;
      pending.set(accountId, position);
      // Forgotten once applied (or once the wait timed out, as a command's own wait did).
      void waitForProjections(position).then(
        () => pending.get(accountId) === position && pending.delete(accountId),
        () => pending.get(accountId) === position && pending.delete(accountId),
      );
    },
    authenticator: (async (token) => {
      if (pending.size > 0) {
        // Only a token this server signed names an account whose change is waited for.
        const subject = (await verifyToken(secret, token, clock()))?.sub;
        const position = subject === undefined ? undefined : pending.get(subject);
        if (position !== undefined) await waitForProjections(position);
      }
      return authenticator(token);
    }) satisfies Authenticator,
  };
}
