import { Router } from 'express';
import { declinePlacementRequest, endPlacementRequest, proposePlacementRequest } from '@panda/contracts/placements';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { logIndexOf } from '../shared/log-index';
import { acceptPlacement, declinePlacement, endPlacement, proposePlacement } from './service';

/**
 * Placements (docs/rules.md#admin-matching, docs/rules.md#placement-status, docs/rules.md#jobs-per-requirement): admins propose and end them; the mentor accepts or declines.
 * - POST  /api/admin/placements                 {student_id, mentor_id, notes?} -> 201 {placement_id}
 * - PATCH /api/admin/placements/:id             {status: completed|cancelled, notes?}
 * - POST  /api/placement-requests/:id/accept    (the mentor it was proposed to)
 * - POST  /api/placement-requests/:id/decline   {reason}
 */
export function placementRoutes(deps: CommandDeps): Router {
  const r = Router();
  // Read the log into the write side's index at start-up rather than on the first placement or job
  // command (about 5 s for 160,000 events); a failure here is caught up on first use instead.
  logIndexOf(deps.store)
    .catchUp()
    .catch((err) => deps.logger.warn({ err }, 'log index: warm-up failed; it catches up on first use'));
  const admin = [authenticate(deps.authenticator), requireRole('admin')];
  const mentor = [authenticate(deps.authenticator), requireRole('mentor')];

  r.post('/api/admin/placements', ...admin, async (req, res) => {
    const body = validate(proposePlacementRequest, req.body);
    const { placementId, position } = await proposePlacement(
      deps,
      { studentId: body.student_id, mentorId: body.mentor_id, notes: body.notes },
      metaFor(req, deps),
    );
    sendResult(res, 201, position, {
      message: 'Placement proposed: waiting for the mentor to accept',
      placement_id: placementId,
    });
  });

  r.patch('/api/admin/placements/:id', ...admin, async (req, res) => {
    const body = validate(endPlacementRequest, req.body);
    const { position } = await endPlacement(deps, String(req.params.id), body.status, body.notes, metaFor(req, deps));
    sendResult(res, 200, position, {
      message: body.status === 'completed' ? 'Placement completed' : 'Placement cancelled',
      id: req.params.id,
      status: body.status,
    });
  });

  r.post('/api/placement-requests/:id/accept', ...mentor, async (req, res) => {
    const { position } = await acceptPlacement(deps, String(req.params.id), authOf(req).id, metaFor(req, deps));
    sendResult(res, 200, position, { message: 'Placement accepted', id: req.params.id, status: 'active' });
  });

  r.post('/api/placement-requests/:id/decline', ...mentor, async (req, res) => {
    const body = validate(declinePlacementRequest, req.body);
    const { position } = await declinePlacement(
      deps,
      String(req.params.id),
      authOf(req).id,
      body.reason,
      metaFor(req, deps),
    );
    sendResult(res, 200, position, { message: 'Placement declined', id: req.params.id, status: 'cancelled' });
  });

  return r;
}
