/** Start-up work retried while a store is not ready yet (docs/operations.md#start-up-order-and-health). */

/** KurrentDB client error types (ErrorType) that mean "not ready yet". */
const KURRENT_TRANSIENT = new Set(['unavailable', 'not-leader', 'deadline-exceeded', 'timeout', 'cancelled']);
/** MongoDB driver errors that mean "not reachable / no primary yet". */
const MONGO_TRANSIENT = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
]);

export function isTransientStartupError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { type, name, errorLabels } = err as { type?: unknown; name?: unknown; errorLabels?: unknown };
  if (typeof type === 'string' && KURRENT_TRANSIENT.has(type)) return true;
  if (typeof name === 'string' && MONGO_TRANSIENT.has(name)) return true;
  return (
    Array.isArray(errorLabels) &&
    (errorLabels.includes('TransientTransactionError') || errorLabels.includes('RetryableWriteError'))
  );
}

export interface RetryOptions {
  timeoutMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function retryWhileStarting<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    timeoutMs = 120_000,
    firstDelayMs = 500,
    maxDelayMs = 5_000,
    onRetry,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
    now = Date.now,
  } = options;
  const deadline = now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
      if (!isTransientStartupError(err) || now() + delay > deadline) throw err;
      onRetry?.(err, attempt, delay);
      await sleep(delay);
    }
  }
}
