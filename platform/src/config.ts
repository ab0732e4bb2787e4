import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { limitsFromEnv, type Limits } from './throttle';

export interface Config {
  port: number;
  /** Address to listen on: loopback unless HOST says otherwise (the compose stack sets 0.0.0.0). */
  host: string;
  dataDir: string;
  jwtSecret: Uint8Array;
  smtpUrl: string | null;
  /** Seals temporary passwords into events for the mail reactor (MAIL_KEY, else generated into DATA_DIR/mail-key). */
  mailKey: string;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  adminPortalPath: string;
  seedDemo: boolean;
  logLevel: string;
  eventStoreConnectionString: string | null;
  mongoUri: string | null;
  mongoDb: string;
  publicUrl: string;
  /** The log's origin line in its checkpoints (LOG_ORIGIN; default the host of PUBLIC_URL and `/log`). */
  logOrigin: string;
  /** LOG_SIGNING_KEY: the checkpoints' signer key; null: DATA_DIR/log-signing-key (docs/rules.md#log-checkpoints). */
  logSigningKey: string | null;
  /** Signs portable credentials (docs/rules.md#portable-credential): a private Ed25519 JWK, else a key made in DATA_DIR. */
  credentialSigningKey: string | null;
  /** Public JWKs of earlier credential keys, still published (JSON array). */
  credentialRetiredKeys: string | null;
  /**
   * Which proxies' X-Forwarded-For to believe (express 'trust proxy'), for client addresses. Off
   * (false) unless TRUST_PROXY names them: the client address is then the socket's, so no caller can
   * name its own address to dodge a throttle (docs/rules.md#client-address).
   */
  trustProxy: string | false;
  /** Throttle limits (THROTTLE_* variables, see throttle.ts). */
  limits: Limits;
  /**
   * How many levels of niceness below the HTTP thread `npm start` runs its projections thread
   * (PROJECTIONS_NICE, 0 to 19; above 0 also under the idle scheduling policy on two cores or more): when
   * every core is busy, answering requests comes first (see server/src/thread-priority.ts).
   */
  projectionsNice: number;
  /**
   * Milliseconds the server's clock runs ahead of (or behind) the machine's: 0 unless PANDA_TEST_CLOCK
   * set where the clock starts, which only a server in test mode (NODE_ENV=test) accepts
   * (docs/rules.md#test-clock).
   */
  clockOffsetMs: number;
}

/**
 * PANDA_TEST_CLOCK: an ISO 8601 time the server's clock starts from (it then runs at the normal pace).
 * Refused outside test mode, so that no deployment can be made to sign, remind or invoice at another time.
 */
export function clockOffsetFrom(env: NodeJS.ProcessEnv, now = Date.now()): number {
  const value = env.PANDA_TEST_CLOCK?.trim();
  if (!value) return 0;
  if (env.NODE_ENV !== 'test') throw new Error('PANDA_TEST_CLOCK is accepted only when NODE_ENV=test');
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(value) ? Date.parse(value) : Number.NaN;
  // A time that does not exist (2026-02-30) is refused, never rolled over.
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 19) !== value.slice(0, 19))
    throw new Error(`PANDA_TEST_CLOCK must be a UTC time such as 2026-03-02T09:00:00Z, got ${value}`);
  return start - now;
}

/** The server's clock: the machine's, moved by PANDA_TEST_CLOCK in test mode. */
export function serverClock(config: Pick<Config, 'clockOffsetMs'>): () => Date {
  const offset = config.clockOffsetMs;
  return offset === 0 ? () => new Date() : () => new Date(Date.now() + offset);
}

/** TRUST_PROXY: unset, empty, `false`, `off` or `0` believe no proxy; anything else is express's 'trust proxy' value. */
export function trustProxyFrom(value: string | undefined): string | false {
  const v = value?.trim() ?? '';
  return v === '' || ['false', 'off', '0', 'no'].includes(v.toLowerCase()) ? false : v;
}

/** Writes a secret or credential file readable and writable by the owner only (0600, also when it existed). */
export function writeSecretFile(file: string, content: string): void {
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Narrows an existing file or folder (written by an earlier version) to the owner, when we may. */
export function narrowToOwner(path: string, mode: 0o600 | 0o700): void {
  try {
    chmodSync(path, mode);
  } catch {
    /* not ours to change (e.g. a mounted volume of another user): leave it */
  }
}

/** Everything in the data folder is the owner's (the stores hold password hashes): files 0600, folders 0700. */
export function narrowDataFolder(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile()) narrowToOwner(path, 0o600);
    else if (entry.isDirectory()) {
      narrowToOwner(path, 0o700);
      narrowDataFolder(path);
    }
  }
}

/** A folder only the owner may enter (0700), made when missing. */
export function ownerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  narrowToOwner(dir, 0o700);
}

/** A secret kept in the data folder, made once on first use, readable only by the owner. */
function keptSecret(dataDir: string, name: string, make: () => string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    narrowToOwner(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  const value = make();
  writeSecretFile(file, `${value}\n`);
  return value;
}

/** PROJECTIONS_NICE when unset (docs/benchmarks.md, "The projections thread yields to requests"). */
const DEFAULT_PROJECTIONS_NICE = 10;

const normalisePortalPath = (p: string) => `/${p.replace(/^\/+|\/+$/g, '')}`;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  ownerOnlyFolder(dataDir);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const jwt = env.JWT_SECRET ?? keptSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  if (jwt.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const projectionsNice = Number(env.PROJECTIONS_NICE?.trim() || DEFAULT_PROJECTIONS_NICE);
  if (!Number.isInteger(projectionsNice) || projectionsNice < 0 || projectionsNice > 19)
    throw new Error(`PROJECTIONS_NICE must be a whole number from 0 to 19, got ${env.PROJECTIONS_NICE}`);
  const portal =
    env.ADMIN_PORTAL_PATH ?? keptSecret(dataDir, 'admin-portal-path', () => `admin-${randomBytes(12).toString('hex')}`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    jwtSecret: new TextEncoder().encode(jwt),
    smtpUrl: env.SMTP_URL || null,
    mailKey: env.MAIL_KEY ?? keptSecret(dataDir, 'mail-key', () => randomBytes(32).toString('base64url')),
    mailFrom: env.MAIL_FROM ?? 'Panda <no-reply@panda.local>',
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    adminPortalPath: normalisePortalPath(portal),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || null,
    mongoUri: env.MONGODB_URI || null,
    mongoDb: env.MONGODB_DB ?? 'panda',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logOrigin: env.LOG_ORIGIN?.trim() || `${new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).host}/log`,
    logSigningKey: env.LOG_SIGNING_KEY?.trim() || null,
    credentialSigningKey: env.CREDENTIAL_SIGNING_KEY?.trim() || null,
    credentialRetiredKeys: env.CREDENTIAL_RETIRED_KEYS?.trim() || null,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    limits: limitsFromEnv(env),
    projectionsNice,
    clockOffsetMs: clockOffsetFrom(env),
  };
}
