import { Router } from 'express';
import {
  consistencyProofQuery,
  inclusionProofQuery,
  type ConsistencyProof,
  type InclusionProof,
} from '@panda/contracts/audit';
import { leafHash } from '@panda/events/merkle';
import type { SqliteLogTree } from '@panda/events/sqlite-log-tree';
import { HttpError, badRequest, notFound } from '@panda/platform/errors';
import { validate } from '@panda/platform/http';

/** What the public log calls need: the log's tree and the checkpoints' verifier key. */
export interface VerifiableLog {
  tree: SqliteLogTree;
  verifierKey: string;
}

/** Why a log kept in KurrentDB answers no checkpoint, receipt or proof. */
export const NO_LOG_TREE = 'This server keeps its log in KurrentDB, which publishes no checkpoints';

const b64 = (b: Buffer) => b.toString('base64');

/**
 * The inclusion proof of the event at log `position` in the tree of `size`, and the event's content hash.
 * The tree must still hold the event as it is: otherwise the log was altered since (503).
 */
export function inclusionAt(tree: SqliteLogTree, position: number, size: number) {
  const index = position - 1;
  const leaf = tree.leaf(index);
  const content = tree.contentHashAt(position);
  if (!content || !leafHash(Buffer.from(content, 'hex')).equals(leaf))
    throw new HttpError(503, `The event log failed verification at position ${position}`);
  const proof: InclusionProof = {
    leaf_index: index,
    tree_size: size,
    leaf_hash: b64(leaf),
    hashes: tree.inclusion(index, size).map(b64),
  };
  return { content, proof };
}

/** The log's public calls, no sign-in needed (docs/api-audit.md, "Verifiable from outside"). */
export function logProofRoutes(log: VerifiableLog | null): Router {
  const r = Router();
  const need = (): VerifiableLog => {
    if (!log) throw notFound(NO_LOG_TREE);
    return log;
  };
  const text = (body: string) => (res: import('express').Response) => res.type('text/plain; charset=utf-8').send(body);

  r.get('/api/audit/checkpoint', (_req, res) => {
    const latest = need().tree.latestCheckpoint();
    if (!latest) throw notFound('No checkpoint yet: the first is made within 5 minutes of the first event');
    text(latest.note)(res);
  });

  r.get('/api/audit/log-key', (_req, res) => {
    text(`${need().verifierKey}\n`)(res);
  });

  /** The tree takes the log in up to `size` events, or the request names a size the log does not have. */
  const treeOf = async (size: number, field: string) => {
    const { tree } = need();
    const events = tree.logSize();
    if (size > events)
      throw badRequest([{ field, message: `The log holds ${events} events: there is no tree of size ${size}` }]);
    if (tree.size() < size) await tree.extend(size);
    return tree;
  };

  r.get('/api/audit/proof/inclusion', async (req, res) => {
    const q = validate(inclusionProofQuery, req.query);
    const tree = await treeOf(q.tree_size, 'tree_size');
    if (q.position > q.tree_size)
      throw badRequest([
        { field: 'position', message: `Position ${q.position} is not in the tree of size ${q.tree_size}` },
      ]);
    res.json(inclusionAt(tree, q.position, q.tree_size).proof);
  });

  r.get('/api/audit/proof/consistency', async (req, res) => {
    const q = validate(consistencyProofQuery, req.query);
    const tree = await treeOf(q.to, 'to');
    if (q.from > q.to)
      throw badRequest([{ field: 'from', message: `A tree of size ${q.from} does not precede one of size ${q.to}` }]);
    const body: ConsistencyProof = { hashes: tree.consistency(q.from, q.to).map(b64) };
    res.json(body);
  });
  return r;
}
