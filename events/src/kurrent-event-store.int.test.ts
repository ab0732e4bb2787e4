/**
 * The EventStore contract against a real KurrentDB:
 * - EVENTSTORE_CONNECTION_STRING set (e.g. kurrentdb://localhost:2113?tls=false): that server;
 * - otherwise, with a reachable Docker engine: a throw-away KurrentDB container (testcontainers);
 * - otherwise the suite is skipped, with the reason in its name.
 * Each contract test uses its own stream prefix, so a shared server is fine.
 */
import { afterAll, beforeAll } from 'vitest';
import { BACKWARDS, END, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { StartedTestContainer } from 'testcontainers';
import { eventStoreContract } from './event-store.contract';
import { KurrentEventStore } from './kurrent-event-store';
import { dockerUnavailable } from './testing/docker';

/**
 * The same pinned server as docker-compose.yml: the store needs KurrentDB >= 25.1 (multi-stream
 * appends), so the older EventStoreDB images cannot stand in any more.
 */
const KURRENTDB_IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1.4';
const PORT = 2113;

const fromEnv = process.env.EVENTSTORE_CONNECTION_STRING;
const noDocker = fromEnv ? null : await dockerUnavailable();
const skipReason = noDocker ? `set EVENTSTORE_CONNECTION_STRING or run a Docker engine — ${noDocker}` : undefined;

let connectionString = fromEnv ?? '';
let container: StartedTestContainer | undefined;

async function startKurrent(): Promise<StartedTestContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  return new GenericContainer(KURRENTDB_IMAGE)
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
    .withExposedPorts(PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', PORT).forStatusCodeMatching((s) => s >= 200 && s < 300))
    .withStartupTimeout(180_000)
    .start();
}

/** /health/live can answer before the node accepts client reads: poll $all until it does. */
async function waitUntilServing(cs: string, timeoutMs = 60_000): Promise<void> {
  const client = KurrentDBClient.connectionString(cs);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        for await (const _ of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) break;
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await client.dispose();
  }
}

if (!skipReason) {
  beforeAll(async () => {
    if (!connectionString) {
      container = await startKurrent();
      connectionString = `kurrentdb://${container.getHost()}:${container.getMappedPort(PORT)}?tls=false`;
    }
    await waitUntilServing(connectionString);
  }, 300_000);

  afterAll(async () => {
    await container?.stop();
  }, 60_000);
}

eventStoreContract('KurrentDB', async () => KurrentEventStore.connect(connectionString, { pollMs: 20 }), skipReason);
