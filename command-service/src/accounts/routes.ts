import { Router } from 'express';
import { z } from 'zod';
import { emailField } from '@panda/contracts/fields';
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

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
export { emailField };
const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(6, `${label} must be at least 6 characters`)
    .max(200, `${label} is too long`);

export const signUpSchema = z
  .object({
    First_Name: required('First name is required').pipe(z.string().max(100)),
    Last_Name: required('Last name is required').pipe(z.string().max(100)),
    Email: emailField(),
    Password: password('Password'),
    Role: z.enum(['mentor', 'training_centre'], { error: 'Please select a role' }),
    Training_Centre_Name: z.string().trim().max(200).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.Role === 'training_centre' && !v.Training_Centre_Name) {
      ctx.addIssue({ code: 'custom', path: ['Training_Centre_Name'], message: 'Training centre name is required' });
    }
  });

const signInSchema = z.object({
  Email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  Password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

const forgotSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(254),
});

const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(6, 'New password must be at least 6 characters')
      .max(200, 'New password is too long'),
    confirmPassword: z.string({ error: 'Password confirmation does not match' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Password confirmation does not match',
  });

export function accountRoutes(deps: CommandDeps): Router {
  const r = Router();
  const { signInAccount, signInAddress, forgotPassword } = deps.throttles;
  const tooMany = (seconds: number) =>
    new HttpError(429, `Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`, {
      'Retry-After': String(seconds),
    });

  r.post('/api/auth/signup', async (req, res) => {
    const body = validate(signUpSchema, req.body);
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
    await deps.waitForProjections(position);
    sendResult(res, 201, position, await session(deps, await loadAccount(deps, accountId)));
  });

  r.post('/api/auth/signin', async (req, res) => {
    const body = validate(signInSchema, req.body);
    // Every attempt is counted before the password is checked (so parallel guesses are counted
    // too) and a successful one is given back: the counters count failures per address + e-mail
    // and per address alone (someone trying many e-mails).
    const address = req.ip ?? 'unknown';
    const key = `${address}|${normaliseEmail(body.Email)}`;
    const wait = (await signInAddress.take(address)) || (await signInAccount.take(key));
    if (wait) throw tooMany(wait);
    const account = await accountByEmail(deps, body.Email);
    const matched = await checkCredentials(account, body.Password);
    // Admins and auditors sign in through the admin portal only.
    if (!account || !matched || account.role === 'admin' || account.role === 'auditor')
      throw unauthorized('Invalid credentials');
    await Promise.all([signInAddress.giveBack(address), signInAccount.reset(key)]);
    if (account.locked) throw lockedError();
    res.json(await signIn(deps, account, matched));
  });

  r.post('/api/auth/forgot-password', async (req, res) => {
    const body = validate(forgotSchema, req.body);
    const meta = metaFor(req, deps);
    // Ruling 10: the same answer, at the same speed, whether or not the address has an account:
    // the reset and its mail happen after answering.
    res.json({ message: 'If an account exists for this email, a temporary password has been sent.' });
    // At most a few mails per client address: past that the answer stays the same and nothing is sent.
    const address = req.ip ?? 'unknown';
    const reset = async () => {
      if (await forgotPassword.take(address)) deps.logger.warn({ address }, 'forgot-password: throttled, no mail sent');
      else await resetPassword(deps, body.email, meta);
    };
    reset().catch((err) => deps.logger.error({ err }, 'forgot-password: reset or mail failed'));
  });

  // Sign out: this token ends (other devices stay signed in). Answers once the read models know.
  r.post('/api/auth/logout', authenticate(deps.authenticator, { allowTemporaryPassword: true }), async (req, res) => {
    const { id, tokenId, expiresAt } = authOf(req);
    if (!tokenId || !expiresAt) throw unauthorized('Not authenticated');
    const result = await runAccountCommand(
      deps,
      id,
      { type: 'EndSession', tokenId, expiresAt: new Date(expiresAt).toISOString() },
      metaFor(req, deps),
    );
    await deps.waitForProjections(result.position);
    sendResult(res, 200, result.position, { message: 'Logged out successfully' });
  });

  // Every earlier token of the account ends; the answer carries a fresh one so this device stays signed in.
  r.put(
    '/api/change-password',
    authenticate(deps.authenticator, { allowTemporaryPassword: true }),
    async (req, res) => {
      const { id } = authOf(req);
      const body = validate(changePasswordSchema, req.body);
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
      await deps.waitForProjections(result.position);
      const { token, user } = await session(deps, result.state);
      sendResult(res, 200, result.position, { message: 'Password changed successfully!', token, user });
    },
  );

  return r;
}
