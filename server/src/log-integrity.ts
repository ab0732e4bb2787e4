import type { NextFunction, Request, Response } from 'express';
import type { EventStore } from '@panda/events/event-store';
import type { Logger } from '@panda/platform/logger';
import { HttpError } from '@panda/platform/errors';

/** The server refuses to start on a log that fails the checks made at start (docs/rules.md#never-rechain). */
export class LogAlteredError extends Error {
  constructor(
    readonly position: number,
    readonly fault: string,
  ) {
    super(
      `The event log failed verification at position ${position} (${fault}); the server will not start on it. ` +
        'Run `npm run verify-log` (with DATA_DIR set) to see the whole report, and restore the log from a backup.',
    );
    this.name = 'LogAlteredError';
  }
}

/**
 * The quick checks before the first answer (docs/rules.md#never-rechain): throws LogAlteredError, naming
 * the position, when they fail. A log chained afresh at open (it had no hashed event) is logged.
 */
export async function checkLogAtStart(store: EventStore, logger: Logger): Promise<void> {
  if (!store.checkAtStart) return;
  const check = await store.checkAtStart();
  if (!check.ok) throw new LogAlteredError(check.position, check.fault);
  if (check.chainedAfresh)
    logger.warn({ events: check.chainedAfresh }, 'event log: no event had a hash; the whole log was chained afresh');
}

export type LogVerification = { state: 'running' | 'passed'; failed_at: null } | { state: 'failed'; failed_at: number };

/** The full re-hash of every event, run in the background once the server answers. */
export interface BackgroundVerification {
  status(): LogVerification;
  /** Resolves once the re-hash has finished (whatever it found). */
  done: Promise<LogVerification>;
  /** The server stops: a read cut short by the log's closing is no finding. */
  stop(): void;
}

/**
 * Re-hashes every event in the background (docs/rules.md#never-rechain). An alteration found makes every
 * command answer 503 (see refuseCommandsOnAlteredLog) and alerts the admins through the error log; reads
 * go on.
 */
export function verifyInBackground(store: EventStore, logger: Logger): BackgroundVerification {
  let status: LogVerification = { state: 'running', failed_at: null };
  let stopped = false;
  const done = store.verifyChain().then(
    (report): LogVerification => {
      if (report.ok) status = { state: 'passed', failed_at: null };
      else {
        status = { state: 'failed', failed_at: report.first_bad_position! };
        logger.error(
          { position: report.first_bad_position, fault: report.fault, alert: 'admins' },
          `ALERT: The event log failed verification at position ${report.first_bad_position}; commands are refused. Run npm run verify-log.`,
        );
      }
      return status;
    },
    (err: unknown): LogVerification => {
      if (stopped) return status;
      // A re-hash that could not read the log has verified nothing: treated as not passed, at the start.
      logger.error({ err, alert: 'admins' }, 'ALERT: The event log could not be verified; commands are refused.');
      status = { state: 'failed', failed_at: 0 };
      return status;
    },
  );
  return { status: () => status, done, stop: () => void (stopped = true) };
}

/** Commands (any method but GET and HEAD) answer 503 once the background re-hash found an alteration. */
export function refuseCommandsOnAlteredLog(verification: BackgroundVerification) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const status = verification.status();
    if (status.state === 'failed' && req.method !== 'GET' && req.method !== 'HEAD')
      return next(new HttpError(503, `The event log failed verification at position ${status.failed_at}`));
    next();
  };
}
