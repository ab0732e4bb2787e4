/**
 * Counts failures per key (for example source address + email) in a sliding window and refuses
 * further attempts for a while once too many failed. In memory: one process's view.
 */
export class Throttle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds to wait before trying again, 0 when an attempt is allowed now. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.maxFailures] + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
