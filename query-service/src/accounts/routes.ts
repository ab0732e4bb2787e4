import { Router } from 'express';
import { authOf, authenticate, type AuthContext } from '@panda/platform/http';
import { unauthorized } from '@panda/platform/errors';
import { type AccountDoc, accounts } from '@panda/projections/read-models/accounts';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';

/** The signed-in user as the client keeps it in its session. */
export const sessionUser = (doc: AccountDoc, auth?: AuthContext) => ({
  ...pick(doc, ['id', 'role', 'First_Name', 'Last_Name', 'Name', 'Email']),
  must_change_password: doc.must_change_password || Boolean(auth?.mustChangePassword),
});

export function accountQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get('/api/auth/validate', authenticate(deps.authenticator, { allowTemporaryPassword: true }), async (req, res) => {
    const doc = await deps.readStore.get(accounts, authOf(req).id);
    if (!doc) throw unauthorized();
    res.json({ valid: true, user: sessionUser(doc, authOf(req)) });
  });
  r.get('/api/health', async (_req, res) => {
    const status = await deps.projectionStatus();
    res.json({ status: 'ok', ...status, log_verification: deps.logVerification() });
  });
  return r;
}
