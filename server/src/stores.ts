import { join } from 'node:path';
import type { EventStore } from '@panda/events/event-store';
import type { ReadStore } from '@panda/projections/read-store';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore, type SqliteReadStoreOptions } from '@panda/projections/sqlite-read-store';
import type { Config } from '@panda/platform/config';
import { FileBlobStore, type BlobStore } from '@panda/platform/blob-store';

/** KurrentDB when EVENTSTORE_CONNECTION_STRING is set, otherwise the embedded SQLite log in DATA_DIR. */
export async function openEventStore(config: Config): Promise<EventStore> {
  if (config.eventStoreConnectionString) {
    const { KurrentEventStore } = await import('@panda/events/kurrent-event-store');
    return new KurrentEventStore(config.eventStoreConnectionString);
  }
  return new SqliteEventStore(join(config.dataDir, 'events.db'));
}

/** MongoDB when MONGODB_URI is set, otherwise embedded SQLite read models in DATA_DIR (options: SqliteReadStore's). */
export async function openReadStore(config: Config, options: SqliteReadStoreOptions = {}): Promise<ReadStore> {
  if (config.mongoUri) {
    const { MongoReadStore } = await import('@panda/projections/mongo-read-store');
    return MongoReadStore.connect(config.mongoUri, config.mongoDb);
  }
  return new SqliteReadStore(join(config.dataDir, 'read-models.db'), options);
}

/** GridFS in MongoDB when MONGODB_URI is set (the distributed stack), otherwise files under DATA_DIR/blobs. */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.mongoUri) {
    const { GridFsBlobStore } = await import('@panda/platform/gridfs-blob-store');
    return GridFsBlobStore.connect(config.mongoUri, config.mongoDb);
  }
  return new FileBlobStore(join(config.dataDir, 'blobs'));
}
