import { Router, type Request } from 'express';
import { accountStream } from '@panda/events/catalogue/accounts';
import { disputeRequest, resolveDisputeRequest } from '@panda/contracts/signoff';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { signOffs } from '@panda/projections/read-models/sign-offs';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { SIGN_OFF_NOT_FOUND, trainingDecider, type TrainingCommand } from '../training/decider';

/**
 * Trainee countersign and dispute, and the admin's resolution (ruling 31). The `sign_offs` read
 * model only says which student's stream holds a sign-off; the decision (only the card's student,
 * once; a reason) is the stream's.
 */
export function signOffRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  const run = async (req: Request, command: (studentId: string) => TrainingCommand, message: string) => {
    const signOff = await deps.readStore.get(signOffs, String(req.params.signatureId));
    if (!signOff) throw notFound(SIGN_OFF_NOT_FOUND);
    const result = await handle(
      deps.store,
      accountStream(signOff.student_id),
      trainingDecider,
      command(signOff.student_id),
      metaFor(req, deps),
    );
    await deps.waitForProjections(result.position);
    const now = (await deps.readStore.get(signOffs, signOff.id)) ?? signOff;
    return {
      position: result.position,
      body: {
        signature_id: now.id,
        trainee_status: now.trainee_status,
        trainee_status_label: now.trainee_status_label,
        revoked: now.revoked,
        message,
      },
    };
  };

  r.post('/api/signatures/:signatureId/confirm', auth, requireRole('student'), async (req, res) => {
    const { id } = authOf(req);
    const signatureId = String(req.params.signatureId);
    const { position, body } = await run(
      req,
      () => ({ type: 'ConfirmSignature', studentId: id, signatureId }),
      'Thank you: you confirmed this sign-off.',
    );
    sendResult(res, 200, position, body);
  });

  r.post('/api/signatures/:signatureId/dispute', auth, requireRole('student'), async (req, res) => {
    const { id } = authOf(req);
    const { reason } = validate(disputeRequest, req.body ?? {});
    const signatureId = String(req.params.signatureId);
    const { position, body } = await run(
      req,
      () => ({ type: 'DisputeSignature', studentId: id, signatureId, reason }),
      'Your dispute was sent to your training centre and the Panda team.',
    );
    sendResult(res, 200, position, body);
  });

  r.post('/api/admin/disputes/:signatureId/resolve', auth, requireRole('admin'), async (req, res) => {
    const { id } = authOf(req);
    const { outcome, reason } = validate(resolveDisputeRequest, req.body ?? {});
    const signatureId = String(req.params.signatureId);
    const message =
      outcome === 'upheld'
        ? 'Dispute upheld: the sign-off is revoked and no longer counts.'
        : 'Dispute rejected: the sign-off stands.';
    const { position, body } = await run(
      req,
      () => ({ type: 'ResolveDispute', adminId: id, signatureId, outcome, reason }),
      message,
    );
    sendResult(res, 200, position, body);
  });

  return r;
}
