import { Router } from 'express';
import { REQUIREMENT_KEYS, perJobType } from '@panda/contracts/training';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import { ACCOUNTS, type AccountDoc } from '@panda/projections/read-models/accounts';
import {
  PLACEMENTS,
  PLACEMENT_PARTIES,
  STUDENT_PLACEMENTS,
  type PartyDoc,
  type PlacementDoc,
  type StudentPlacementDoc,
} from '@panda/projections/read-models/placements';
import type { QueryDeps } from '../shared/deps';

/** Pending placement requests (ruling 24): newest first; search by student or centre. */
export const REQUEST_LIST: ListSpec = {
  sorts: { created: 'Created_At', student: 'student_name' },
  defaultSort: '-created',
  search: ['student_name', 'training_centre_name'],
};

/**
 * GET /api/placement-requests: the signed-in mentor's pending placement requests, newest first,
 * with what they need to decide (student, postcode, centre, job requirements, the admin's notes).
 */
export function placementQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get('/api/placement-requests', authenticate(deps.authenticator), requireRole('mentor'), async (req, res) => {
    const mentorId = authOf(req).id;
    const page = await findPage<PlacementDoc>(
      deps.readStore,
      PLACEMENTS,
      { mentor_id: mentorId, Status: 'pending' },
      parsePaging(req.query, REQUEST_LIST),
    );
    setPageHeaders(req, res, page);
    const requests = await Promise.all(
      page.items.map(async (p) => {
        const [student, party, sp] = await Promise.all([
          deps.readStore.get(ACCOUNTS, p.student_id) as Promise<AccountDoc | null>,
          deps.readStore.get(PLACEMENT_PARTIES, p.student_id) as Promise<PartyDoc | null>,
          deps.readStore.get(STUDENT_PLACEMENTS, p.student_id) as Promise<StudentPlacementDoc | null>,
        ]);
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
      }),
    );
    res.json({ requests });
  });
  return r;
}
