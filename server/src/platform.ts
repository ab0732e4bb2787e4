import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { narrowDataFolder, serverClock, type Config } from '@panda/platform/config';
import { createLogger, type Logger } from '@panda/platform/logger';
import { createMailer, pruneOutbox, type Mailer } from '@panda/platform/mailer';
import { TEMPORARY_PASSWORD_DAYS } from '@panda/command-service/accounts/decider';
import { openThrottles } from '@panda/platform/throttle';
import { ProjectionRunner } from '@panda/projections/runner';
import { pollingFeed, runnerFeed, type ChangeFeed } from '@panda/projections/change-feed';
import { accountsAuthenticator } from '@panda/projections/read-models/accounts';
import type { EventStore } from '@panda/events/event-store';
import type { ReadStore } from '@panda/projections/read-store';
import type { BlobStore } from '@panda/platform/blob-store';
import type { CommandDeps } from '@panda/command-service/shared/deps';
import type { QueryDeps } from '@panda/query-service/shared/deps';
import type { LiveHub } from '@panda/query-service/live/hub';
import { accountChanges } from './account-changes';
import { allProjections } from './projections';
import { openBlobStore, openEventStore, openReadStore } from './stores';
import { ReactorRunner } from '@panda/reactors/shared/reactor';
import { allReactors } from '@panda/reactors/index';
import { REMINDER_TICK_MS, ReminderTicker } from '@panda/reactors/training/reminders';
import { PHOTO_SWEEP_MS, PhotoSweeper } from '@panda/reactors/training/photo-sweeper';
import { PAYOUT_TICK_MS, PayoutTicker } from '@panda/reactors/payouts/payouts';
import { LogCheckpointer } from '@panda/reactors/audit/log-checkpoints';
import { LOG_WITNESS_TICK_MS, LogWitnessTicker } from '@panda/reactors/audit/log-witness';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { loadLogSigner } from '@panda/events/log-signing-key';
import { verifierKeyOf } from '@panda/events/signed-note';
import {
  checkLogAtStart,
  refuseCommandsOnAlteredLog,
  verifyInBackground,
  type BackgroundVerification,
} from './log-integrity';

/** How often a process without the projections reads their checkpoints while a request waits for them. */
const CHECKPOINT_POLL_MS = 25;

export const ALL_PARTS = { commands: true, queries: true, projections: true, web: true };
export type Parts = Record<keyof typeof ALL_PARTS, boolean>;

export interface PlatformOverrides {
  logger?: Logger;
  mailer?: Mailer;
  clock?: () => Date;
  newId?: () => string;
  store?: EventStore;
  readStore?: ReadStore;
  blobs?: BlobStore;
  /** Run by a worker thread (projections-thread.ts). */
  projections?: ProjectionsElsewhere;
}

/** What the HTTP parts need of projections run by another thread of this process. */
export interface ProjectionsElsewhere {
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  feed: ChangeFeed;
}

/** The modules only HTTP parts use, loaded on first ask: most of the code a start reads (docs/benchmarks.md#start-up). */
let httpModules: ReturnType<typeof loadHttpModules> | null = null;
export const httpParts = () => (httpModules ??= loadHttpModules());
async function loadHttpModules() {
  const [express, http, middlewares, gate, edge, queryDeps, hub, routes, guard, web] = await Promise.all([
    import('express'),
    import('node:http'),
    import('@panda/platform/http'),
    import('@panda/platform/auditor-gate'),
    import('@panda/command-service/shared/http-edge'),
    import('@panda/query-service/shared/deps'),
    import('@panda/query-service/live/hub'),
    import('./routes'),
    import('./route-guard'),
    import('./web'),
  ]);
  return {
    express: express.default,
    createServer: http.createServer,
    errorHandler: middlewares.errorHandler,
    jsonBody: middlewares.jsonBody,
    notFoundHandler: middlewares.notFoundHandler,
    requestLogging: middlewares.requestLogging,
    auditorGate: gate.auditorGate,
    domainErrorsToHttp: edge.domainErrorsToHttp,
    minPosition: queryDeps.minPosition,
    LiveHub: hub.LiveHub,
    ...routes,
    ...guard,
    securityHeaders: web.securityHeaders,
    webApp: web.webApp,
  };
}

/** The services of one process, as startPlatform composes them. */
export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** Composes the services of one process; with ALL_PARTS the whole product on one port. */
export async function startPlatform(config: Config, parts: Parts = ALL_PARTS, overrides: PlatformOverrides = {}) {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const store = overrides.store ?? (await openEventStore(config));
  // Before anything reads the log or answers (docs/rules.md#never-rechain): a failed check stops the start here.
  try {
    await checkLogAtStart(store, logger);
  } catch (err) {
    if (!overrides.store) await store.close();
    throw err;
  }
  const readStore = overrides.readStore ?? (await openReadStore(config));
  const blobs = overrides.blobs ?? (await openBlobStore(config));
  const runner = new ProjectionRunner(store, readStore, allProjections, { logger });
  const names = allProjections.map((p) => p.name);
  if (parts.projections) await runner.start();
  else await runner.init();

  const elsewhere = parts.projections ? undefined : overrides.projections;
  const checkpointsReached = async (position: number) =>
    Math.min(...(await Promise.all(names.map((n) => readStore.checkpoint(n))))) >= position;
  // Another process runs the projections (start:projections): its checkpoints in the read store are polled.
  const waitForCheckpoints = async (position: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await checkpointsReached(position))) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await sleep(Math.min(left, CHECKPOINT_POLL_MS));
    }
    return true;
  };
  const waitForProjections = (position: number, timeoutMs = 5000) =>
    (parts.projections ? runner : (elsewhere ?? { waitFor: waitForCheckpoints })).waitFor(position, timeoutMs);
  const projectionStatus = async () => {
    const projections = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await readStore.checkpoint(n)] as const)),
    );
    return { position: Math.min(...Object.values(projections)), head: await store.headPosition(), projections };
  };
  const feed = parts.projections
    ? runnerFeed(runner)
    : (elsewhere?.feed ??
      pollingFeed(readStore, names, 200, (err) => logger.error({ err }, 'change feed: read failed; retrying')));
  // Accounts are cached only with a feed never behind a wait for a position; tokens expire by the server's clock.
  const clock = overrides.clock ?? serverClock(config);
  const accounts = accountChanges(
    accountsAuthenticator(readStore, config.jwtSecret, clock, parts.projections || elsewhere ? feed : undefined),
    config.jwtSecret,
    clock,
    (position) => waitForProjections(position),
    { queriesElsewhere: parts.commands && !parts.queries },
  );
  const authenticator = accounts.authenticator;
  const mailer =
    overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const throttles = await openThrottles(config);
  // The SQLite files (and any written by an earlier version) are the owner's only.
  narrowDataFolder(config.dataDir);
  const commandDeps: CommandDeps = {
    store,
    config,
    logger,
    clock,
    newId: overrides.newId ?? randomUUID,
    authenticator,
    accountChanged: accounts.changed,
    waitForProjections,
    blobs,
    throttles,
  };
  // docs/rules.md#log-checkpoints: the embedded log keeps its tree and signed checkpoints; KurrentDB has none.
  const logTree = store instanceof SqliteEventStore ? store.tree : null;
  const signer = logTree ? loadLogSigner(config.dataDir, config.logSigningKey, config.logOrigin) : null;
  const checkpointer = logTree && signer ? new LogCheckpointer(logTree, signer, config.logOrigin, clock, logger) : null;
  // The full re-hash runs where requests are answered, once started (docs/rules.md#never-rechain).
  let verification: BackgroundVerification | null = null;
  const queryDeps: QueryDeps = {
    verifiableLog: logTree && signer ? { tree: logTree, verifierKey: verifierKeyOf(signer) } : null,
    logVerification: () => verification?.status() ?? { state: 'running', failed_at: null },
    readStore,
    config,
    logger,
    authenticator,
    waitForProjections,
    projectionStatus,
    blobs,
    store,
    clock,
  };
  // Reactors start with the projections, before any request is accepted: nothing appended is missed.
  const reactors = new ReactorRunner(
    store,
    readStore,
    allReactors({ store, readStore, mailer, config, logger, clock }),
    { logger },
  );
  const reminders = new ReminderTicker(store, readStore, clock, logger);
  const payouts = new PayoutTicker(store, readStore, clock, logger);
  const photoSweeper = new PhotoSweeper(store, readStore, blobs, clock, logger);
  const witness =
    logTree && signer
      ? new LogWitnessTicker(logTree, verifierKeyOf(signer), readStore, mailer, () => config.publicUrl, clock, logger)
      : null;
  const timers: NodeJS.Timeout[] = [];
  /** Runs `tick` every `ms` until stop(), a failure logged and left to the next tick; answers the tick. */
  const every = (ms: number, what: string, tick: () => Promise<unknown>) => {
    const run = () => void tick().catch((err) => logger.error({ err }, `${what}: tick failed; next tick retries`));
    timers.push(setInterval(run, ms).unref());
    return run;
  };
  if (parts.projections) {
    await reactors.start();
    checkpointer?.start();
    await reminders.installedAt();
    every(REMINDER_TICK_MS, 'reminders', () => reminders.tick());
    const payoutTick = every(PAYOUT_TICK_MS, 'payouts', () => payouts.tick());
    // Once the read models have caught up with the log (the sign-offs due to earn are read from them).
    void runner.waitFor(await store.headPosition(), 60_000).then(payoutTick, payoutTick);
    every(PHOTO_SWEEP_MS, 'photo sweep', () => photoSweeper.tick());
    if (witness) every(LOG_WITNESS_TICK_MS, 'log witness', () => witness.tick())();
  }

  // No temporary password is kept past its expiry: pruned at start and hourly, where the mail reactor runs.
  if (parts.projections && !config.smtpUrl) {
    const prune = () =>
      pruneOutbox(config.dataDir, clock(), TEMPORARY_PASSWORD_DAYS * 86_400_000)
        .then((removed) => removed && logger.info({ removed }, 'outbox: expired temporary-password mails deleted'))
        .catch((err) => logger.error({ err }, 'outbox: pruning failed'));
    await prune();
    timers.push(setInterval(() => void prune(), 3_600_000).unref());
  }

  let server: Server | null = null;
  let hub: LiveHub | null = null;
  if (parts.commands || parts.queries || parts.web) {
    const h = await httpParts();
    const app = h.express();
    app.disable('x-powered-by');
    // API answers are `no-store`: an ETag (a hash of every body) served nothing. The web pages set their own (web.ts).
    app.set('etag', false);
    app.set('trust proxy', config.trustProxy);
    // What every request goes through, as one layer (see inTurn).
    app.use(
      h.inTurn([
        h.securityHeaders(),
        h.requestLogging(logger),
        h.under(
          '/api',
          h.inTurn([
            h.jsonBody('15mb'),
            h.auditorGate(authenticator),
            ...(parts.queries ? [h.minPosition(queryDeps)] : []),
          ]),
        ),
      ]),
    );
    verification = verifyInBackground(store, logger);
    // The tree's nodes above the leaves, read into memory in the background for the proofs (docs/rules.md#log-tree).
    if (parts.queries) void logTree?.keepInBackground();
    if (parts.commands) app.use('/api', refuseCommandsOnAlteredLog(verification));
    app.use(
      h.routedTogether([
        ...(parts.commands ? h.commandRouters(commandDeps, queryDeps) : []),
        ...(parts.queries ? h.queryRouters(queryDeps) : []),
      ]),
    );
    if (parts.web) app.use(h.webApp(config.adminPortalPath));
    app.use('/api', h.notFoundHandler);
    app.use(h.domainErrorsToHttp);
    app.use(h.errorHandler(logger));
    server = h.createServer(app);
    server.requestTimeout = 60_000;
    if (parts.queries) {
      hub = new h.LiveHub(authenticator, feed, logger);
      h.liveHandlers(queryDeps, hub, commandDeps);
      hub.attach(server);
    }
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve());
    });
  }
  const port = server ? (server.address() as AddressInfo).port : config.port;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting, let in-flight requests (and their appends) finish, then close the stores.
      for (const timer of timers) clearInterval(timer);
      if (hub) await hub.close();
      if (server) {
        const closed = new Promise<void>((r) => server!.close(() => r()));
        server.closeIdleConnections();
        const timer = setTimeout(() => server!.closeAllConnections(), 10_000);
        await closed;
        clearTimeout(timer);
      }
      feed.close();
      verification?.stop();
      await checkpointer?.stop();
      await witness?.idle();
      await reactors.stop();
      await runner.stop();
      await throttles.close();
      await readStore.close();
      await blobs.close();
      await store.close();
    })());

  return {
    url: `http://${urlHost(config.host)}:${port}`,
    server,
    store,
    readStore,
    runner,
    /** Side effects from events (mail, notifications); running only in the process that runs the projections. */
    reactors,
    /** Reminders and escalation (docs/rules.md#reminders): ticks every minute in the process that runs the projections. */
    reminders,
    /** Earnings after 7 days and invoices at each period's end (docs/rules.md#payout-periods): ticks at start and every minute with the projections. */
    payouts,
    /** Removes job-card photos unused for a day (docs/rules.md#unused-photos): ticks every 10 minutes with the projections. */
    photoSweeper,
    /** The background re-hash of the log (docs/rules.md#never-rechain); null in a part that answers no request. */
    verification: () => verification,
    /** Signs the log's checkpoints (docs/rules.md#log-checkpoints); null where the log is KurrentDB. */
    checkpointer,
    /** Mails each active auditor the day's last checkpoint (docs/rules.md#log-witness); null where the log is KurrentDB. */
    witness,
    commandDeps,
    queryDeps,
    logger,
    stop,
  };
}

/** How this machine reaches the server: `localhost` for loopback and any-address binds, else the address itself. */
function urlHost(host: string): string {
  if (['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
