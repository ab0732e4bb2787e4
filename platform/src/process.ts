import type { Logger } from './logger';

/**
 * Last-resort handlers for a server process: an error that escaped every other handler is logged
 * and the process keeps serving, so that no request, frame or connection a stranger can send stops
 * the whole server.
 *
 * Why carrying on is safe here: durable state changes only inside store transactions (an event
 * append, a projection batch with its checkpoint), so an exception cannot leave half-written data
 * behind; what it can leave is a stuck request or a leaked connection, which is far better than
 * refusing every user. Exiting would also turn any throwing path into a one-request outage, and
 * `npm start` has nobody to restart it. Each error is logged at `fatal` with its stack so that it is
 * found and fixed at its root. Install it once start-up has succeeded: a failed start-up should
 * still end the process (the entry points' own catch).
 */
export function keepServingOnUncaughtErrors(logger: Logger, proc: NodeJS.Process = process) {
  let count = 0;
  const report = (kind: string) => (err: unknown) => {
    count++;
    logger.fatal({ err, count }, `${kind}: logged and ignored; the server keeps serving`);
  };
  proc.on('uncaughtException', report('uncaught exception'));
  proc.on('unhandledRejection', report('unhandled promise rejection'));
}
