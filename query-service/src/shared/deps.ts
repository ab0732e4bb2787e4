import type { RequestHandler } from 'express';
import type { ReadStore } from '@panda/projections/read-store';
import type { EventStore } from '@panda/events/event-store';
import type { Config } from '@panda/platform/config';
import type { Logger } from '@panda/platform/logger';
import { bearerToken, type Authenticator } from '@panda/platform/http';
import type { BlobStore } from '@panda/platform/blob-store';
import { verifyToken } from '@panda/platform/tokens';
import { HttpError, readModelsBehind } from '@panda/platform/errors';
import type { VerifiableLog } from '../audit/log-proof-routes';

export interface QueryDeps {
  readStore: ReadStore;
  config: Config;
  logger: Logger;
  authenticator: Authenticator;
  /** Resolves once every read model reflects the log up to `position` (false on timeout). */
  waitForProjections: (position: number, timeoutMs?: number) => Promise<boolean>;
  /** Lowest checkpoint over the projections, and each one's. */
  projectionStatus: () => Promise<{ position: number; projections: Record<string, number> }>;
  /** Where the background re-hash of the log stands (docs/rules.md#never-rechain), for `/api/health`. */
  logVerification: () => { state: 'running' | 'passed' | 'failed'; failed_at: number | null };
  /** The log's tree and verifier key for the public log calls; null where the log is KurrentDB (docs/rules.md#log-checkpoints). */
  verifiableLog: VerifiableLog | null;
  /** The event log, for the audit calls (as-of replay folds the log itself; verify; audit reads are recorded). */
  store: EventStore;
  clock: () => Date;
  /** Images and other binary content that events refer to by hash. */
  blobs: BlobStore;
  /** Who has a live WebSocket connection: set once this process runs the hub. */
  live?: { isOnline(userId: string): boolean };
}

export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/** Read-your-writes, `X-Min-Position` (docs/api-conventions.md#requests). */
export function minPosition(deps: Pick<QueryDeps, 'waitForProjections' | 'config' | 'clock'>): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET') return next();
    const raw =
      req.header('X-Min-Position') ?? (typeof req.query.min_position === 'string' ? req.query.min_position : undefined);
    if (raw === undefined || raw === '') return next();
    if (!(await verifyToken(deps.config.jwtSecret, bearerToken(req), deps.clock()))) return next();
    const position = Number(raw);
    if (!Number.isSafeInteger(position) || position < 0)
      throw new HttpError(400, 'X-Min-Position must be a non-negative integer');
    if (!(await deps.waitForProjections(position, READ_YOUR_WRITES_TIMEOUT_MS))) {
      throw readModelsBehind();
    }
    next();
  };
}
