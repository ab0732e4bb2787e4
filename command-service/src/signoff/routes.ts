import { Router, type Request } from 'express';
import { accountStream } from '@panda/events/catalogue/accounts';
import { TRAINEE_STATUS_LABELS, confirmRequest, disputeRequest, resolveDisputeRequest } from '@panda/contracts/signoff';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { handle } from '../shared/decider';
import { logIndexOf } from '../shared/log-index';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { SIGN_OFF_NOT_FOUND, trainingDecider, type TrainingCommand } from '../training/decider';

/**
 * Trainee countersign and dispute, and the admin's resolution (docs/rules.md#trainee-countersign). The write side's log
 * index says which student's stream holds a sign-off; the decision (only the card's student, once;
 * a reason) is the stream's, and so is the answer (the sign-off as its stream stands after the command).
 */
export function signOffRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  const run = async (req: Request, command: (studentId: string) => TrainingCommand, message: string) => {
    const signatureId = String(req.params.signatureId);
    const studentId = await logIndexOf(deps.store).studentOfSignOff(signatureId);
    if (!studentId) throw notFound(SIGN_OFF_NOT_FOUND);
    const result = await handle(
      deps.store,
      accountStream(studentId),
      trainingDecider,
      command(studentId),
      metaFor(req, deps),
    );
    const now = result.state.signOffs[signatureId];
    if (!now) throw notFound(SIGN_OFF_NOT_FOUND);
    return {
      position: result.position,
      body: {
        signature_id: now.signatureId,
        trainee_status: now.status,
        trainee_status_label: TRAINEE_STATUS_LABELS[now.status],
        // An upheld dispute revokes the sign-off (the decider records both).
        revoked: now.outcome === 'upheld',
        message,
      },
    };
  };

  r.post('/api/signatures/:signatureId/confirm', auth, requireRole('student'), async (req, res) => {
    const { id } = authOf(req);
    const { reflection } = validate(confirmRequest, req.body ?? {});
    const signatureId = String(req.params.signatureId);
    const { position, body } = await run(
      req,
      () => ({ type: 'ConfirmSignature', studentId: id, signatureId, reflection }),
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
      () => ({ type: 'DisputeSignature', studentId: id, signatureId, reason, at: deps.clock().toISOString() }),
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
