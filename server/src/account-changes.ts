import type { Authenticator } from '@panda/platform/http';
import { verifyToken } from '@panda/platform/tokens';

/**
 * Commands answer as soon as their events are in the log, but a call is authenticated by the
 * accounts read model. So that a change to an account takes effect at once for that account's next
 * call (a lock, a sign-out or a new password refuses the old token; a new account or a fresh token
 * is accepted), the command tells `changed(accountId, position)`, and the authentication of a token
 * of that account waits until the read models have applied the log up to that position. Calls of
 * every other account never wait. That holds for the calls this process serves; when another process
 * serves the queries (`elsewhere`), it cannot know, so there an account change is answered only once
 * the read models have it, as before commands answered for themselves.
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
