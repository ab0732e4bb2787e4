/**
 * The ReadStore contract against a real MongoDB replica set:
 * - MONGODB_URI set (e.g. mongodb://localhost:27017/?replicaSet=rs0): that server;
 * - otherwise, with a reachable Docker engine: a throw-away mongo:7 container started as a
 *   single-node replica set (`--replSet rs0` + `rs.initiate()`), reached with directConnection;
 * - otherwise the suite is skipped, with the reason in its name.
 * Every test gets a database of its own; they are dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { dockerUnavailable } from '@panda/events/testing/docker';
import { readStoreContract } from './read-store.contract';
import { MongoReadStore } from './mongo-read-store';

const IMAGE = 'mongo:7';
const PORT = 27017;

const fromEnv = process.env.MONGODB_URI;
const noDocker = fromEnv ? null : await dockerUnavailable();
const skipReason = noDocker ? `set MONGODB_URI (a replica set) or run a Docker engine — ${noDocker}` : undefined;

let uri = fromEnv ?? '';
let container: StartedTestContainer | undefined;
const databases: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startMongo(): Promise<StartedTestContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const started = await new GenericContainer(IMAGE)
    .withCommand(['mongod', '--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(PORT)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start();
  // The member's host name is what the server reports to clients; we connect with
  // directConnection=true, so the mapped port on the test host does not matter.
  const init =
    "try { rs.status().ok } catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }).ok }";
  for (let i = 0; ; i++) {
    const r = await started.exec(['mongosh', '--quiet', '--eval', init]);
    if (r.exitCode === 0) break;
    if (i >= 30) throw new Error(`rs.initiate failed: ${r.output}`);
    await sleep(500);
  }
  return started;
}

/** Transactions need a primary: wait until the node has been elected. */
async function waitForPrimary(target: string, timeoutMs = 60_000): Promise<void> {
  const client = new MongoClient(target, { serverSelectionTimeoutMS: 5000 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        const hello = await client.db('admin').command({ hello: 1 });
        if (hello.isWritablePrimary || hello.msg === 'isdbgrid') return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
      if (Date.now() > deadline) throw new Error(`MongoDB at ${target} has no primary`);
      await sleep(250);
    }
  } finally {
    await client.close();
  }
}

if (!skipReason) {
  beforeAll(async () => {
    if (!uri) {
      container = await startMongo();
      uri = `mongodb://${container.getHost()}:${container.getMappedPort(PORT)}/?directConnection=true`;
    }
    await waitForPrimary(uri);
  }, 300_000);

  afterAll(async () => {
    if (uri && databases.length) {
      const admin = new MongoClient(uri);
      try {
        for (const name of databases) await admin.db(name).dropDatabase();
      } finally {
        await admin.close();
      }
    }
    await container?.stop();
  }, 60_000);
}

const fresh = async () => {
  const name = `panda_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  databases.push(name);
  return MongoReadStore.connect(uri, name);
};

readStoreContract('MongoDB', fresh, skipReason);

describe.skipIf(Boolean(skipReason))(
  `MongoReadStore on a real server${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('creates the collections and their indexes at start-up, before any write', async () => {
      const store = await fresh();
      try {
        await store.ensureIndexes('people', ['age']);
        const names = (await store.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
        expect(names).toEqual(expect.arrayContaining(['checkpoints', 'rm_people']));
        const indexes = (await store.db.collection('rm_people').indexes()).map((i) => Object.keys(i.key).join(','));
        expect(indexes).toEqual(expect.arrayContaining(['_id', '_seq', 'age,_id']));
      } finally {
        await store.close();
      }
    });
  },
);
