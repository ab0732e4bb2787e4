import { Router } from 'express';
import { provisionAuditorRequest } from '@panda/contracts/audit';
import { authenticate, requireRole, validate } from '@panda/platform/http';
import { hashPassword, temporaryPassword } from '@panda/platform/passwords';
import { createAccount, loadAccount, normaliseEmail, runAccountCommand } from '../accounts/service';
import { notFound } from '@panda/platform/errors';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';

/**
 * Auditor accounts (docs/rules.md#auditor-accounts). `POST /api/admin/auditors` {email, first_name, last_name} (admins only) -> 201
 * {auditor, temporary_password, message, position}. The temporary password is answered once (a
 * retried request answers null) and stored only as a hash; the auditor must replace it on first
 * sign-in at the admin portal.
 */
export function auditCommandRoutes(deps: CommandDeps): Router {
  const r = Router();
  r.post('/api/admin/auditors', authenticate(deps.authenticator), requireRole('admin'), async (req, res) => {
    const body = validate(provisionAuditorRequest, req.body);
    const email = normaliseEmail(body.email);
    const temporary = temporaryPassword();
    const temporaryPasswordHash = await hashPassword(temporary);
    const { accountId, position, duplicate } = await createAccount(deps, email, metaFor(req, deps), (id) => ({
      type: 'ProvisionAuditor',
      accountId: id,
      firstName: body.first_name,
      lastName: body.last_name,
      email,
      temporaryPasswordHash,
    }));
    sendResult(res, 201, position, {
      message: 'Auditor provisioned. Give them the temporary password: it is shown only once.',
      auditor: { id: accountId, email, first_name: body.first_name, last_name: body.last_name, role: 'auditor' },
      temporary_password: duplicate ? null : temporary,
    });
  });
  /** The auditor named by the path; 404 for any other id (docs/rules.md#auditor-accounts). */
  const auditorOf = async (id: string) => {
    const account = await loadAccount(deps, id);
    if (!account.exists || account.role !== 'auditor') throw notFound(`No auditor account with id ${id}`);
    return account;
  };

  // A new temporary password, answered once: the auditor's password (temporary or chosen) and their sessions end.
  r.post(
    '/api/admin/auditors/:id/reissue',
    authenticate(deps.authenticator),
    requireRole('admin'),
    async (req, res) => {
      const id = String(req.params.id);
      await auditorOf(id);
      const temporary = temporaryPassword();
      const result = await runAccountCommand(
        deps,
        id,
        {
          type: 'ReissueAuditorPassword',
          temporaryPasswordHash: await hashPassword(temporary),
          now: deps.clock().toISOString(),
        },
        metaFor(req, deps),
      );
      sendResult(res, 200, result.position, {
        message: 'New temporary password issued. Give it to the auditor: it is shown only once.',
        id,
        // A retried request (same Idempotency-Key) appends nothing: the password it would answer was never stored.
        temporary_password: result.events.length > 0 ? temporary : null,
      });
    },
  );

  // Revoked: the auditor's sessions end and sign-ins are refused; the record of what they read stays.
  r.post('/api/admin/auditors/:id/revoke', authenticate(deps.authenticator), requireRole('admin'), async (req, res) => {
    const id = String(req.params.id);
    await auditorOf(id);
    const result = await runAccountCommand(deps, id, { type: 'RevokeAuditor' }, metaFor(req, deps));
    sendResult(res, 200, result.position, {
      message: 'Auditor access revoked',
      id,
      active: false,
      changed: result.events.length > 0,
    });
  });

  return r;
}
