import { Router } from 'express';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { unauthorized } from '@panda/platform/errors';
import { accounts } from '@panda/projections/read-models/accounts';
import type { QueryDeps } from '../shared/deps';

export const VETTING_MESSAGES = {
  training_centre: {
    vetted: 'Your training centre has been vetted. You can register students.',
    pending:
      'Your training centre is awaiting vetting by the Panda team. You can register students once it has been vetted.',
  },
  mentor: {
    vetted: 'Your account has been vetted. You can be matched with students.',
    pending:
      'Your account is awaiting vetting by the Panda team. You will be matched with students once it has been vetted.',
  },
} as const;

/** GET /api/vetting-status (mentors and training centres) -> {vetted, message}. */
export function vettingRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get(
    '/api/vetting-status',
    authenticate(deps.authenticator),
    requireRole('mentor', 'training_centre'),
    async (req, res) => {
      const doc = await deps.readStore.get(accounts, authOf(req).id);
      if (!doc) throw unauthorized();
      const messages = VETTING_MESSAGES[doc.role as 'mentor' | 'training_centre'];
      res.json({ vetted: doc.vetted, message: doc.vetted ? messages.vetted : messages.pending });
    },
  );
  return r;
}
