import { Router } from 'express';
import { criteriaTemplateRequest } from '@panda/contracts/criteria';
import { criteriaStream } from '@panda/events/catalogue/criteria';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { criteriaDecider } from './decider';

/**
 * Criteria templates (docs/rules.md#qualification-criteria; contracts/src/criteria.ts):
 * - PUT /api/centre/criteria {criteria: [{code, title, job_types, appliance_kinds, required}]}
 *   -> {criteria, position}: training centres only, their own template, replaced whole.
 */
export function criteriaRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  r.put('/api/centre/criteria', auth, requireRole('training_centre'), async (req, res) => {
    const { id } = authOf(req);
    const body = validate(criteriaTemplateRequest, req.body);
    const criteria = body.criteria.map((c) => ({
      code: c.code,
      title: c.title,
      jobTypes: c.job_types,
      applianceKinds: c.appliance_kinds,
      required: c.required,
    }));
    const result = await handle(
      deps.store,
      criteriaStream(id),
      criteriaDecider,
      { type: 'ChangeTemplate', centreId: id, actorId: id, criteria },
      metaFor(req, deps),
    );
    sendResult(res, 200, result.position, { criteria: body.criteria });
  });

  return r;
}
