import { lockedMessage, type SessionUser } from '@panda/contracts/accounts';
import type { AppendMeta } from '@panda/events/envelope';
import { accountStream, emailStream } from '@panda/events/catalogue/accounts';
import { hashPassword, temporaryPassword, verifyPassword } from '@panda/platform/passwords';
import { seal } from '@panda/platform/sealed';
import { HttpError } from '@panda/platform/errors';
import { signToken } from '@panda/platform/tokens';
import { WrongExpectedVersionError } from '@panda/events/event-store';
import { handle, load } from '../shared/decider';
import type { CommandDeps } from '../shared/deps';
import {
  accountDecider,
  decideSignIn,
  emailClaimDecider,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
} from './decider';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A claim whose account stream is missing is taken over only after this long (a crashed sign-up). */
const DANGLING_CLAIM_MS = 5 * 60_000;

/**
 * Claims `email` for `accountId`; 409 when another account holds it. Returns the account id that
 * holds the claim for this command. Whether the current holder is still live is judged afresh on
 * every attempt: after a lost race the winner's claim is new, so it must not be taken over.
 */
export async function claimEmail(
  deps: CommandDeps,
  email: string,
  accountId: string,
  meta: AppendMeta,
  attempts = 8,
): Promise<string> {
  const stream = emailStream(email);
  for (let attempt = 1; ; attempt++) {
    // One read: the holder, its claim time and this command's earlier claim all from the same snapshot.
    const events = await deps.store.readStream(stream);
    const state = events.reduce(
      (s, e) => emailClaimDecider.evolve(s, e as unknown as AccountEvent),
      emailClaimDecider.initialState(),
    );
    // A retried command keeps the account id it claimed with, as long as that claim still stands.
    const mine = events.filter((e) => e.type === 'EmailClaimed' && e.commandId === meta.commandId).at(-1);
    const mineId = (mine?.data as { accountId: string } | undefined)?.accountId;
    if (mineId && state.holder === mineId) return mineId;
    let takeOverFrom: string | null = null;
    if (state.holder) {
      const claimedAt = events.filter((e) => e.type === 'EmailClaimed').at(-1)?.time;
      const recent = claimedAt ? deps.clock().getTime() - Date.parse(claimedAt) < DANGLING_CLAIM_MS : false;
      const live = recent || (await deps.store.readStream(accountStream(state.holder))).length > 0;
      if (!live) takeOverFrom = state.holder;
    }
    try {
      // One attempt: the decider refuses any holder but the one judged dangling here; on a lost race, judge again.
      await handle(
        deps.store,
        stream,
        emailClaimDecider,
        { type: 'Claim', email, accountId: mineId ?? accountId, takeOverFrom },
        meta,
        1,
      );
      return mineId ?? accountId;
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) || attempt >= attempts) throw err;
    }
  }
}

export async function releaseEmail(
  deps: CommandDeps,
  email: string,
  accountId: string,
  meta: AppendMeta,
): Promise<void> {
  await handle(deps.store, emailStream(email), emailClaimDecider, { type: 'Release', email, accountId }, meta);
}

/** The account that holds `email`, if any. */
export async function accountByEmail(deps: Pick<CommandDeps, 'store'>, email: string): Promise<AccountState | null> {
  const { state: claim } = await load(deps.store, emailStream(normaliseEmail(email)), emailClaimDecider);
  if (!claim.holder) return null;
  const { state } = await load(deps.store, accountStream(claim.holder), accountDecider);
  return state.exists ? state : null;
}

export async function loadAccount(deps: Pick<CommandDeps, 'store'>, accountId: string): Promise<AccountState> {
  return (await load(deps.store, accountStream(accountId), accountDecider)).state;
}

/** Creates a new account whose email must be free: claim the address, then write the account stream. */
export async function createAccount(
  deps: CommandDeps,
  email: string,
  meta: AppendMeta,
  command: (accountId: string) => AccountCommand,
) {
  const accountId = await claimEmail(deps, email, deps.newId(), meta);
  const result = await handle(deps.store, accountStream(accountId), accountDecider, command(accountId), meta);
  await deps.accountChanged(accountId, result.position);
  return { accountId, ...result };
}

/** The account events that change which of its tokens are accepted, and as what (calls are authenticated by them). */
const SIGN_IN_EVENTS: ReadonlySet<string> = new Set([
  'AccountSignedUp',
  'AdminProvisioned',
  'AuditorProvisioned',
  'StudentRegistered',
  'PasswordChanged',
  'PasswordReset',
  'AccountLocked',
  'AccountUnlocked',
  'SessionsRevoked',
  'SessionEnded',
  'TemporaryPasswordUsed',
  'AuditorPasswordReissued',
  'AuditorRevoked',
]);

export async function runAccountCommand(
  deps: CommandDeps,
  accountId: string,
  command: AccountCommand,
  meta: AppendMeta,
) {
  const result = await handle(deps.store, accountStream(accountId), accountDecider, command, meta);
  // A lock, a sign-out or a new password takes effect at the account's next call; a profile change needs no wait.
  if (result.events.some((e) => SIGN_IN_EVENTS.has(e.type))) await deps.accountChanged(accountId, result.position);
  return result;
}

export const publicUser = (s: AccountState): SessionUser => ({
  id: s.id!,
  role: s.role!,
  First_Name: s.firstName,
  Last_Name: s.lastName,
  Name: s.centreName ?? `${s.firstName} ${s.lastName}`.trim(),
  Email: s.email!,
  must_change_password: s.mustChangePassword || false,
});

export async function session(deps: CommandDeps, state: AccountState, mustChange = state.mustChangePassword) {
  const user = { ...publicUser(state), must_change_password: mustChange };
  // mcp: this sign-in used a forgot-password temporary password (a registered student's first password is in the account itself).
  // tv: the token counts until the account's sessions are next revoked.
  const token = await signToken(
    deps.config.jwtSecret,
    { sub: user.id, role: user.role, mcp: mustChange && !state.mustChangePassword, tv: state.tokenVersion },
    deps.clock(),
  );
  return { token, user, role: user.role };
}

let dummyHash: Promise<string> | undefined;

/**
 * Sign-in (user or admin) with a password that matched: a token unless the temporary password has
 * expired (401, decideSignIn), with `must_change_password` when a new one must be chosen.
 */
export async function signIn(
  deps: CommandDeps,
  state: AccountState,
  matched: 'password' | 'temporary',
  meta: AppendMeta,
) {
  const { mustChangePassword } = decideSignIn(state, matched, deps.clock());
  if (matched === 'password') return session(deps, state, mustChangePassword);
  // The forgot-password temporary password, used: the old password and every earlier token end
  // now; the account's next call waits until the read models know (docs/rules.md#forgot-password).
  const result = await runAccountCommand(deps, state.id!, { type: 'UseTemporaryPassword' }, meta);
  return session(deps, result.state);
}

/** Checks a password against an account; which password matched tells whether a new one must be chosen. */
export async function checkCredentials(
  state: AccountState | null,
  password: string,
): Promise<'password' | 'temporary' | null> {
  if (!state) {
    // Same work whether or not the account exists, so timing does not reveal registered addresses.
    await verifyPassword(await (dummyHash ??= hashPassword('no account has this password')), password);
    return null;
  }
  if (await verifyPassword(state.passwordHash, password)) return 'password';
  if (state.temporaryPasswordHash && (await verifyPassword(state.temporaryPasswordHash, password))) return 'temporary';
  return null;
}

/**
 * Forgot password: a temporary password by e-mail; silent when there is no such (unlocked) account.
 * Not for admins: they sign in at the portal only, with the password they were provisioned with, so a
 * stranger who knows an admin's address can neither mail them a password nor end their sessions.
 */
export async function resetPassword(deps: CommandDeps, email: string, meta: AppendMeta): Promise<number | null> {
  const state = await accountByEmail(deps, email);
  if (!state || state.locked || state.role === 'admin') return null;
  const temporary = temporaryPassword();
  const result = await runAccountCommand(
    deps,
    state.id!,
    // The mail reactor mails it from the event (reactors/src/notifications/mail.ts); only it can open the sealed copy.
    {
      type: 'ResetPassword',
      temporaryPasswordHash: await hashPassword(temporary),
      temporaryPasswordSealed: seal(deps.config.mailKey, temporary, state.id!),
      now: deps.clock().toISOString(),
    },
    meta,
  );
  return result.position;
}

/** A locked account's sign-in, once the password was right: why, and how to reach support (docs/rules.md#locked-accounts). */
export const lockedError = (state: AccountState) => new HttpError(403, lockedMessage(state.lockCategory));
