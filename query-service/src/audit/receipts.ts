import { Router } from 'express';
import type { Receipt } from '@panda/contracts/receipt';
import { accountStream } from '@panda/events/catalogue/accounts';
import { signatureIdOf } from '@panda/events/catalogue/training';
import { parseVerifierKey } from '@panda/events/signed-note';
import { conflict, notFound } from '@panda/platform/errors';
import { authOf, authenticate } from '@panda/platform/http';
import { signOffs } from '@panda/projections/read-models/sign-offs';
import type { QueryDeps } from '../shared/deps';
import { NO_LOG_TREE, inclusionAt, type VerifiableLog } from './log-proof-routes';

export const NO_CHECKPOINT_YET =
  'No signed checkpoint covers this sign-off yet: the log is checkpointed at least every 5 minutes. Try again then.';

/**
 * The receipt of the sign-off recorded at log `position` (docs/rules.md#sign-off-receipts): the latest
 * signed checkpoint and the inclusion proof of its event in that tree. Null when no checkpoint covers
 * the position yet. The event must still be as the tree holds it, or the log was altered (503).
 */
export function receiptAt(log: VerifiableLog, signatureId: string, position: number): Receipt | null {
  const checkpoint = log.tree.latestCheckpoint();
  if (!checkpoint || checkpoint.tree_size < position) return null;
  const { content, proof } = inclusionAt(log.tree, position, checkpoint.tree_size);
  return {
    signature_id: signatureId,
    content_hash: content,
    ...proof,
    checkpoint: checkpoint.note,
    log_key_name: parseVerifierKey(log.verifierKey).name,
  };
}

/** `GET /api/audit/sign-offs/{signatureId}/receipt` (docs/api-audit.md, "Sign-off receipts and the `/verify` page"). */
export function receiptRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  r.get('/api/audit/sign-offs/:signatureId/receipt', auth, async (req, res) => {
    const who = authOf(req);
    const id = String(req.params.signatureId);
    const d = await deps.readStore.get(signOffs, id);
    const maySee =
      d &&
      (who.role === 'admin' || who.role === 'auditor' || [d.student_id, d.mentor_id, d.centre_id].includes(who.id));
    if (!d || !maySee) throw notFound('Sign-off not found');
    const log = deps.verifiableLog;
    if (!log) throw notFound(NO_LOG_TREE);
    // Where the sign-off is in the log comes from the log itself, not from a read model.
    const signed = (await deps.store.readStream(accountStream(d.student_id))).findLast(
      (e) => e.type === 'JobCardSigned' && signatureIdOf(e.data as Parameters<typeof signatureIdOf>[0]) === id,
    );
    if (!signed) throw notFound('Sign-off not found');
    const receipt = receiptAt(log, id, signed.position);
    if (!receipt) throw conflict(NO_CHECKPOINT_YET);
    res.setHeader('Cache-Control', 'no-store');
    res.json(receipt);
  });
  return r;
}
