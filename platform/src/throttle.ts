import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RateLimiterMongo, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** At most `points` uses in `seconds`; a key that goes over is refused for `seconds` from then. */
export interface Limit {
  points: number;
  seconds: number;
}

/**
 * The throttles (docs/rules.md#throttles). Sign-in counters count attempts and give back the successful
 * ones, so they end up counting failures; the others count every use.
 */
export const DEFAULT_LIMITS = {
  /** Failed user sign-ins per client address + e-mail. */
  signInAccount: { points: 5, seconds: 15 * 60 },
  /** Failed user sign-ins per client address, whatever the e-mail. */
  signInAddress: { points: 20, seconds: 15 * 60 },
  /** Failed admin-portal sign-ins per client address + e-mail. */
  adminSignInAccount: { points: 5, seconds: 15 * 60 },
  /** Failed admin-portal sign-ins per client address. */
  adminSignInAddress: { points: 20, seconds: 15 * 60 },
  /** Forgot-password requests (so mails) per client address. */
  forgotPassword: { points: 3, seconds: 60 * 60 },
  /** Forgot-password requests (so mails) per e-mail address, whoever asks. */
  forgotPasswordEmail: { points: 3, seconds: 60 * 60 },
  /** Image uploads per account. */
  uploads: { points: 20, seconds: 60 * 60 },
  /** Chat messages per account, over HTTP and the WebSocket alike (docs/rules.md#chat-limits). */
  chatMessages: { points: 60, seconds: 60 },
  /** Chat images per account. */
  chatImages: { points: 30, seconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Limits that refuse only until their window ends (the others refuse for a whole window from the use that went over). */
const WINDOW_ONLY: ReadonlySet<string> = new Set(['chatMessages', 'chatImages']);

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type Limits = Record<LimitName, Limit>;

/** The variable that overrides a limit: signInAddress -> THROTTLE_SIGN_IN_ADDRESS. */
export const limitEnvName = (name: string) => `THROTTLE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * The limits, each overridable as `THROTTLE_<NAME>=<points>/<seconds>` (for example
 * `THROTTLE_FORGOT_PASSWORD=3/3600`, `THROTTLE_SIGN_IN_ADDRESS=20/900`).
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Limits {
  const limits = { ...DEFAULT_LIMITS } as Limits;
  for (const name of Object.keys(DEFAULT_LIMITS) as LimitName[]) {
    const value = env[limitEnvName(name)];
    if (value === undefined || value === '') continue;
    const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
      throw new Error(`${limitEnvName(name)} must look like <points>/<seconds>, for example 5/900; got ${value}`);
    limits[name] = { points: Number(m[1]), seconds: Number(m[2]) };
  }
  return limits;
}

/** One throttle over a shared store. */
export class Throttle {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly limit: Limit,
  ) {}

  /** Counts one use of `key`: 0 when it is allowed, else the seconds to wait (the use is refused). */
  async take(key: string): Promise<number> {
    return (await this.use(key)).wait;
  }

  /** Counts one use of `key`: `wait` as `take` answers it, and how many more uses are allowed now. */
  async use(key: string): Promise<{ wait: number; remaining: number }> {
    try {
      const res = await this.limiter.consume(key);
      return { wait: 0, remaining: Math.max(0, res.remainingPoints) };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { wait: Math.max(1, Math.ceil(err.msBeforeNext / 1000)), remaining: 0 };
      throw err;
    }
  }

  /** Gives back a use that turned out fine (a successful sign-in is not a failure). */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key);
  }

  /** Forgets every use of `key`. */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

export type Throttles = Record<LimitName, Throttle> & { close(): Promise<void> };

/**
 * The throttles' counters live outside the process, so that every service process sees the same
 * counts: in MongoDB (collection `rate_limits`) when `mongoUri` is set, otherwise in the SQLite
 * file `limits.db` in the data folder.
 */
export async function openThrottles(options: {
  dataDir: string;
  mongoUri: string | null;
  mongoDb: string;
  limits: Limits;
}): Promise<Throttles> {
  const make = (store: (name: LimitName, limit: Limit) => RateLimiterAbstract) =>
    Object.fromEntries(
      (Object.entries(options.limits) as [LimitName, Limit][]).map(([name, limit]) => [
        name,
        new Throttle(store(name, limit), limit),
      ]),
    ) as Record<LimitName, Throttle>;
  const common = (name: LimitName, limit: Limit) => ({
    keyPrefix: name,
    points: limit.points,
    duration: limit.seconds,
    blockDuration: WINDOW_ONLY.has(name) ? 0 : limit.seconds,
  });

  if (options.mongoUri) {
    const { MongoClient } = await import('mongodb');
    const client = await new MongoClient(options.mongoUri).connect();
    const settings = {
      storeClient: client,
      dbName: options.mongoDb,
      tableName: 'rate_limits',
      disableIndexesCreation: true,
    };
    const throttles = make((name, limit) => new RateLimiterMongo({ ...settings, ...common(name, limit) }));
    // Created once here (the library would do it per limiter, in the background).
    await new RateLimiterMongo({ ...settings, points: 1, duration: 1 }).createIndexes();
    return { ...throttles, close: () => client.close() };
  }

  const db = new Database(join(options.dataDir, 'limits.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  // The library's own table layout, made here so that it exists before the first request.
  db.exec(
    'CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)',
  );
  const clear = () => db.prepare('DELETE FROM rate_limits WHERE expire < ?').run(Date.now());
  clear();
  const sweeper = setInterval(clear, 10 * 60_000).unref();
  const throttles = make(
    (name, limit) =>
      new RateLimiterSQLite({
        storeClient: db,
        storeType: 'better-sqlite3',
        tableName: 'rate_limits',
        tableCreated: true,
        ...common(name, limit),
      }),
  );
  return {
    ...throttles,
    close: async () => {
      clearInterval(sweeper);
      db.close();
    },
  };
}
