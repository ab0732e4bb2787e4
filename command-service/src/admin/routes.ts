import { Router, type Request, type Response } from 'express';
import {
  ADMIN_SIGN_IN_INCOMPLETE,
  AUDITOR_REVOKED,
  adminSignInRequest,
  lockRequest,
  studentRegistrationRequest,
  vetRequest,
} from '@panda/contracts/accounts';
import { HttpError, badRequest, notFound, unauthorized } from '@panda/platform/errors';
import { authenticate, requireRole, validate } from '@panda/platform/http';
import type { AccountCommand, AccountState } from '../accounts/decider';
import {
  accountByEmail,
  checkCredentials,
  loadAccount,
  normaliseEmail,
  runAccountCommand,
  signIn,
} from '../accounts/service';
import { sendStudentRegistration } from '../students/routes';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { recordAdminSignIn } from './service';

export { AUDITOR_REVOKED };

/** Path segment of the admin user routes -> account role. */
export const ADMIN_ROLES = { student: 'student', mentor: 'mentor', training_centre: 'training_centre' } as const;
type TargetRole = keyof typeof ADMIN_ROLES;
const LABEL: Record<TargetRole, string> = { student: 'student', mentor: 'mentor', training_centre: 'training centre' };

/** The target account of an admin action: 404 (with the reason) for an unknown role or id. */
async function target(deps: CommandDeps, req: Request) {
  const role = String(req.params.role);
  if (!Object.hasOwn(ADMIN_ROLES, role))
    throw notFound(`Unknown role '${role}': use student, mentor or training_centre`);
  const id = String(req.params.id);
  const account = await loadAccount(deps, id);
  if (!account.exists || account.role !== role) throw notFound(`No ${LABEL[role as TargetRole]} account with id ${id}`);
  return { role: role as TargetRole, id, account };
}

/**
 * Runs an admin's command on account `id` and answers 200 with `message`, the id, the `fields` of
 * the new state and whether anything changed. A lock takes effect at once: the account's next call
 * waits for the change to reach the read model it is authenticated by (`CommandDeps.accountChanged`).
 */
async function changeAccount(
  deps: CommandDeps,
  req: Request,
  res: Response,
  id: string,
  change: { command: AccountCommand; message: string; fields: (state: AccountState) => Record<string, unknown> },
) {
  const result = await runAccountCommand(deps, id, change.command, metaFor(req, deps));
  sendResult(res, 200, result.position, {
    message: change.message,
    id,
    ...change.fields(result.state),
    changed: result.events.length > 0,
  });
}

/**
 * Admin portal commands (spec section 7 "Admin"; docs/rules.md#admin-portal-path, docs/rules.md#first-admin, docs/rules.md#independent-students, docs/rules.md#lock-takes-effect):
 * - POST  /api/admin/auth/signin                {email, password} -> {token, user, role}
 * - PATCH /api/admin/users/:role/:id/lock       {is_locked, reason?}
 * - PATCH /api/admin/users/:role/:id/vet        {is_vetted, reason?} (mentor, training_centre)
 * - POST  /api/admin/students                   registration payload -> 201 independent student
 * Every attempt at the sign-in is recorded (AdminSignInAttempted) and failures are throttled.
 */
export function adminRoutes(deps: CommandDeps): Router {
  const r = Router();
  const admin = [authenticate(deps.authenticator), requireRole('admin')];
  // Per address and typed e-mail, and per address alone (someone trying many addresses).
  const { adminSignInAccount: perAccount, adminSignInAddress: perAddress } = deps.throttles;

  r.post('/api/admin/auth/signin', async (req, res) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const body = adminSignInRequest.safeParse(raw);
    // An incomplete attempt is recorded too, with whatever e-mail was typed.
    const typed = body.success ? body.data.email : typeof raw.email === 'string' ? raw.email : '';
    const email = normaliseEmail(typed).slice(0, 254);
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const attempt = { email, sourceAddress: address, userAgent: req.header('user-agent')?.slice(0, 300) ?? null };
    if (!body.success) {
      await recordAdminSignIn(deps, req, { ...attempt, accountId: null, outcome: 'incomplete' });
      throw badRequest([{ field: String(body.error.issues[0].path[0]), message: ADMIN_SIGN_IN_INCOMPLETE }]);
    }
    const { password } = body.data;
    const key = `${address}|${email}`;
    // Counted before the password is checked, given back when it was right (see the user sign-in).
    const wait = (await perAddress.take(address)) || (await perAccount.take(key));
    if (wait) {
      await recordAdminSignIn(deps, req, { ...attempt, accountId: null, outcome: 'throttled' });
      throw new HttpError(
        429,
        `Too many failed sign-in attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
        { 'Retry-After': String(wait) },
      );
    }
    const account = await accountByEmail(deps, email);
    const matched = await checkCredentials(account, password.slice(0, 200));
    // The portal is for admins and auditors (docs/rules.md#auditors); the answer's role tells the portal which views to show.
    const isAdmin = account?.role === 'admin' || account?.role === 'auditor';
    if (!account || !isAdmin || !matched) {
      await recordAdminSignIn(deps, req, {
        ...attempt,
        accountId: isAdmin ? account.id : null,
        outcome: 'invalid_credentials',
      });
      throw unauthorized('Invalid credentials');
    }
    await Promise.all([perAddress.giveBack(address), perAccount.reset(key)]);
    // A revoked auditor is told so once the password is right (docs/rules.md#auditor-accounts).
    if (account.locked) {
      await recordAdminSignIn(deps, req, { ...attempt, accountId: account.id, outcome: 'invalid_credentials' });
      throw new HttpError(403, AUDITOR_REVOKED);
    }
    // An expired temporary password is refused (and recorded as a failed attempt).
    const answer = await signIn(deps, account, matched, metaFor(req, deps)).catch(async (err) => {
      await recordAdminSignIn(deps, req, { ...attempt, accountId: account.id, outcome: 'invalid_credentials' });
      throw err;
    });
    await recordAdminSignIn(deps, req, { ...attempt, accountId: account.id, outcome: 'succeeded' });
    res.json(answer);
  });

  r.patch('/api/admin/users/:role/:id/lock', ...admin, async (req, res) => {
    const { id } = await target(deps, req);
    const body = validate(lockRequest, req.body);
    await changeAccount(deps, req, res, id, {
      command: body.is_locked
        ? { type: 'Lock', reason: body.reason, category: body.category }
        : { type: 'Unlock', reason: body.reason },
      message: body.is_locked ? 'Account locked successfully' : 'Account unlocked successfully',
      fields: (state) => ({ account_locked: state.locked }),
    });
  });

  r.patch('/api/admin/users/:role/:id/vet', ...admin, async (req, res) => {
    const { id, role } = await target(deps, req);
    if (role === 'student') throw badRequest('Only mentors and training centres are vetted');
    const body = validate(vetRequest, req.body);
    await changeAccount(deps, req, res, id, {
      command: { type: body.is_vetted ? 'Vet' : 'Unvet', reason: body.reason },
      message: body.is_vetted ? 'User vetted successfully' : 'User unvetted successfully',
      fields: (state) => ({ vetted: state.vetted }),
    });
  });

  r.post('/api/admin/students', ...admin, async (req, res) => {
    const body = validate(studentRegistrationRequest, req.body);
    await sendStudentRegistration(deps, req, res, body, null);
  });

  return r;
}
