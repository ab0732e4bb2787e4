/**
 * The BlobStore contract against a real MongoDB (GridFS needs no replica set):
 * - MONGODB_URI set: that server;
 * - otherwise, with a reachable Docker engine: a throw-away mongo:7 container (testcontainers);
 * - otherwise the suite is skipped, with the reason in its name.
 * Every test gets a database of its own; they are dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { dockerUnavailable } from '@panda/events/testing/docker';
import { blobStoreContract } from './blob-store.contract';
import { GridFsBlobStore } from './gridfs-blob-store';

const fromEnv = process.env.MONGODB_URI;
const noDocker = fromEnv ? null : await dockerUnavailable();
const skipReason = noDocker ? `set MONGODB_URI or run a Docker engine — ${noDocker}` : undefined;

let uri = fromEnv ?? '';
let container: StartedTestContainer | undefined;
const databases: string[] = [];

if (!skipReason) {
  beforeAll(async () => {
    if (!uri) {
      const { GenericContainer, Wait } = await import('testcontainers');
      container = await new GenericContainer('mongo:7')
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(120_000)
        .start();
      uri = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    }
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

blobStoreContract(
  'MongoDB GridFS',
  async () => {
    const name = `panda_blobs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    databases.push(name);
    return GridFsBlobStore.connect(uri, name);
  },
  skipReason,
);
