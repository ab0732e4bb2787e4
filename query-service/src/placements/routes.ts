import { Router } from 'express';
import { REQUIREMENT_KEYS, perJobType } from '@panda/contracts/training';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import { accounts } from '@panda/projections/read-models/accounts';
import { placementParties, studentPlacements, placements } from '@panda/projections/read-models/placements';
import type { QueryDeps } from '../shared/deps';
import { docsById } from '../shared/docs-by-id';

/** Pending placement requests (docs/rules.md#list-paging): newest first; search by student or centre. */
export const REQUEST_LIST: ListSpec = {
  sorts: { created: 'Created_At', student: 'student_name' },
  defaultSort: '-created',
  search: ['student_name', 'training_centre_name'],
};

/** The mentor's pending placement requests, newest first (docs/api-conventions.md, "Admin portal, vetting and placements"). */
export function placementQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get('/api/placement-requests', authenticate(deps.authenticator), requireRole('mentor'), async (req, res) => {
    const pending = { mentor_id: authOf(req).id, Status: 'pending' };
    const page = await findPage(deps.readStore, placements, pending, parsePaging(req.query, REQUEST_LIST));
    setPageHeaders(req, res, page);
    const ids = page.items.map((p) => p.student_id);
    const [students, parties, studentsPlacements] = await Promise.all([
      docsById(deps.readStore, accounts, ids),
      docsById(deps.readStore, placementParties, ids),
      docsById(deps.readStore, studentPlacements, ids),
    ]);
    const requests = page.items.map((p) => {
      const student = students.get(p.student_id);
      const party = parties.get(p.student_id);
      const sp = studentsPlacements.get(p.student_id);
      return {
        id: p.id,
        Status: p.Status,
        Proposed_At: p.Proposed_At,
        Notes: p.proposal_notes,
        student: {
          id: p.student_id,
          First_Name: student?.First_Name ?? '',
          Last_Name: student?.Last_Name ?? '',
          Name: p.student_name,
          Postcode: party?.Postcode ?? student?.Postcode ?? null,
        },
        training_centre: p.relationships.training_centre,
        account_type: p.training_centre_id ? 'Training Centre' : 'Independent',
        job_requirements: sp ? perJobType((t) => sp.required[t], REQUIREMENT_KEYS) : null,
      };
    });
    res.json({ requests });
  });
  return r;
}
