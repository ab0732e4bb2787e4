import type { Request, Response } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import type { EventStore } from '@panda/events/event-store';
import type { AppendMeta } from '@panda/events/envelope';
import { uuidv7 } from '@panda/events/ids';
import type { Config } from '@panda/platform/config';
import type { Logger } from '@panda/platform/logger';
import type { Authenticator } from '@panda/platform/http';
import type { BlobStore } from '@panda/platform/blob-store';
import type { Throttles } from '@panda/platform/throttle';

/** Everything a command route needs; time and ids are injected so that tests are deterministic. */
export interface CommandDeps {
  store: EventStore;
  config: Config;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  authenticator: Authenticator;
  /**
   * Told of every change to an account (its log position) before the command answers: the
   * authentication of that account's next calls waits for it, so a lock, sign-out or new password
   * takes effect at once while the command answers as soon as its events are durable. (Where another
   * process serves the queries it cannot know, and this resolves once the read models have the change.)
   */
  accountChanged: (accountId: string, position: number) => Promise<void>;
  /**
   * Resolves once every read model reflects the log up to `position` (false on timeout). For the
   * composition (seeding, provisioning) and tests: a command answers from its own events and never waits.
   */
  waitForProjections: (position: number, timeoutMs?: number) => Promise<boolean>;
  /** Images and other binary content, referenced from events by hash. */
  blobs: BlobStore;
  /** Rate limits whose counters every service process shares. */
  throttles: Throttles;
  /** Who has which chat conversation open: set where this process runs the WebSocket hub. */
  chatPresence?: { inConversation(userId: string, contactId: string): boolean };
}

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** Metadata recorded with the events of one command. */
export function metaFor(
  req: Request,
  deps: Pick<CommandDeps, 'clock'>,
  suffix = '',
  /** What the request's body is fingerprinted by, when not its parsed JSON (e.g. a raw image's SHA-256). */
  bodyFingerprint: unknown = req.body,
): AppendMeta {
  const key = req.header('Idempotency-Key');
  // A key names one request of one caller: the same key sent by another account, or with another
  // method, path or body, is another command (never answered with someone else's result).
  const fingerprint = () =>
    createHash('sha256')
      .update(
        `${req.auth?.id ?? 'anonymous'} ${req.method} ${req.baseUrl}${req.path} ${JSON.stringify(bodyFingerprint ?? null)}`,
      )
      .digest('base64url')
      .slice(0, 16);
  const commandId =
    key && IDEMPOTENCY_KEY.test(key)
      ? `${key}.${fingerprint()}`
      : ((req as { commandId?: string }).commandId ??= uuidv7());
  return {
    time: deps.clock().toISOString(),
    actorId: req.auth?.id ?? null,
    correlationId: String((req as { id?: unknown }).id ?? randomUUID()),
    commandId: `${commandId}${suffix}`,
  };
}

/** Every successful command answers with the global log position of its effect. */
export function sendResult(res: Response, status: number, position: number, body: Record<string, unknown> = {}) {
  res.setHeader('X-Log-Position', String(position));
  res.status(status).json({ ...body, position });
}
