import { Router } from 'express';
import { changePasswordRequest, forgotPasswordRequest, signInRequest, signUpRequest } from '@panda/contracts/accounts';
import { hashPassword } from '@panda/platform/passwords';
import { HttpError, unauthorized } from '@panda/platform/errors';
import { authOf, authenticate, validate } from '@panda/platform/http';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import {
  accountByEmail,
  checkCredentials,
  createAccount,
  loadAccount,
  lockedError,
  normaliseEmail,
  resetPassword,
  runAccountCommand,
  session,
  signIn,
} from './service';

/**
 * A wrong e-mail or password, with how many tries are left before the sign-in throttle refuses this
 * client for `seconds` (docs/rules.md#locked-accounts).
 */
export function invalidCredentials(remaining: number, seconds: number): string {
  const pause = `sign-in is paused for ${Math.ceil(seconds / 60)} minutes`;
  if (remaining <= 0) return `Invalid credentials. That was the last try: ${pause}.`;
  return `Invalid credentials. ${remaining} ${remaining === 1 ? 'try' : 'tries'} left before ${pause}.`;
}

export function accountRoutes(deps: CommandDeps): Router {
  const r = Router();
  const { signInAccount, signInAddress, forgotPassword, forgotPasswordEmail } = deps.throttles;
  const tooMany = (seconds: number) =>
    new HttpError(429, `Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`, {
      'Retry-After': String(seconds),
    });

  r.post('/api/auth/signup', async (req, res) => {
    const body = validate(signUpRequest, req.body);
    const email = normaliseEmail(body.Email);
    const passwordHash = await hashPassword(body.Password);
    const meta = metaFor(req, deps);
    const { accountId, position } = await createAccount(deps, email, meta, (accountId) => ({
      type: 'SignUp',
      accountId,
      role: body.Role,
      firstName: body.First_Name,
      lastName: body.Last_Name,
      email,
      centreName: body.Role === 'training_centre' ? body.Training_Centre_Name! : null,
      passwordHash,
    }));
    sendResult(res, 201, position, await session(deps, await loadAccount(deps, accountId)));
  });

  r.post('/api/auth/signin', async (req, res) => {
    const body = validate(signInRequest, req.body);
    // Every attempt is counted before the password is checked (so parallel guesses are counted
    // too) and a successful one is given back: the counters count failures per address + e-mail
    // and per address alone (someone trying many e-mails).
    const address = req.ip ?? 'unknown';
    const key = `${address}|${normaliseEmail(body.Email)}`;
    const perAddress = await signInAddress.use(address);
    if (perAddress.wait) throw tooMany(perAddress.wait);
    const perAccount = await signInAccount.use(key);
    if (perAccount.wait) throw tooMany(perAccount.wait);
    const account = await accountByEmail(deps, body.Email);
    const matched = await checkCredentials(account, body.Password);
    // Admins and auditors sign in through the admin portal only.
    if (!account || !matched || account.role === 'admin' || account.role === 'auditor')
      throw unauthorized(
        invalidCredentials(
          Math.min(perAddress.remaining, perAccount.remaining),
          Math.max(signInAddress.limit.seconds, signInAccount.limit.seconds),
        ),
      );
    await Promise.all([signInAddress.giveBack(address), signInAccount.reset(key)]);
    if (account.locked) throw lockedError(account);
    res.json(await signIn(deps, account, matched, metaFor(req, deps)));
  });

  r.post('/api/auth/forgot-password', async (req, res) => {
    const body = validate(forgotPasswordRequest, req.body);
    const meta = metaFor(req, deps);
    // docs/rules.md#password-mail: the same answer, at the same speed, whether or not the address has an account:
    // the reset and its mail happen after answering.
    res.json({ message: 'If an account exists for this email, a temporary password has been sent.' });
    // At most a few mails per client address and per e-mail address: past that the answer stays
    // the same and nothing is sent (docs/rules.md#forgot-password).
    const address = req.ip ?? 'unknown';
    const email = normaliseEmail(body.email);
    const reset = async () => {
      if ((await forgotPassword.take(address)) || (await forgotPasswordEmail.take(email)))
        deps.logger.warn({ address }, 'forgot-password: throttled, no mail sent');
      else await resetPassword(deps, email, meta);
    };
    reset().catch((err) => deps.logger.error({ err }, 'forgot-password: reset or mail failed'));
  });

  // Sign out: this token ends (other devices stay signed in); its next call waits for that (accountChanged).
  r.post('/api/auth/logout', authenticate(deps.authenticator, { allowTemporaryPassword: true }), async (req, res) => {
    const { id, tokenId, expiresAt } = authOf(req);
    if (!tokenId || !expiresAt) throw unauthorized('Not authenticated');
    const result = await runAccountCommand(
      deps,
      id,
      { type: 'EndSession', tokenId, expiresAt: new Date(expiresAt).toISOString() },
      metaFor(req, deps),
    );
    sendResult(res, 200, result.position, { message: 'Logged out successfully' });
  });

  // Every earlier token of the account ends; the answer carries a fresh one so this device stays signed in.
  r.put(
    '/api/change-password',
    authenticate(deps.authenticator, { allowTemporaryPassword: true }),
    async (req, res) => {
      const { id } = authOf(req);
      const body = validate(changePasswordRequest, req.body);
      const account = await loadAccount(deps, id);
      if (!(await checkCredentials(account, body.currentPassword))) {
        throw new HttpError(400, [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
      }
      const result = await runAccountCommand(
        deps,
        id,
        { type: 'ChangePassword', passwordHash: await hashPassword(body.newPassword) },
        metaFor(req, deps),
      );
      const { token, user } = await session(deps, result.state);
      sendResult(res, 200, result.position, { message: 'Password changed successfully!', token, user });
    },
  );

  return r;
}
