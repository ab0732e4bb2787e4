import { Router } from 'express';
import { provisionAuditorRequest } from '@panda/contracts/audit';
import { authenticate, requireRole, validate } from '@panda/platform/http';
import { hashPassword, temporaryPassword } from '@panda/platform/passwords';
import { createAccount, normaliseEmail } from '../accounts/service';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';

/**
 * Ruling 25: `POST /api/admin/auditors` {email, first_name, last_name} (admins only) -> 201
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
  return r;
}
