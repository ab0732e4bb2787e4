import { GridFSBucket, MongoClient, MongoServerError, type Db } from 'mongodb';
import { describeBlob, isBlobHash, sha256, type BlobInfo, type BlobStore, type StoredBlob } from './blob-store';

interface BlobMetadata {
  content_type: string;
  width: number | null;
  height: number | null;
}

/**
 * Blobs in MongoDB GridFS (bucket `blobs`), for the distributed stack (MONGODB_URI). A blob is the
 * GridFS file whose filename is its hash, unique by index. GridFS writes the chunks first and the
 * file document last, so readers never see a half-written blob; each upload has chunks of its own,
 * so an upload cut short leaves only unreferenced chunks (removed when it fails here), and of two
 * concurrent puts of the same bytes the second finds the first's copy.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;
  private indexed: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly client: MongoClient | null = null,
    private readonly bucketName = 'blobs',
  ) {
    this.bucket = new GridFSBucket(db, { bucketName });
  }

  static async connect(uri: string, dbName: string): Promise<GridFsBlobStore> {
    const client = await new MongoClient(uri).connect();
    return new GridFsBlobStore(client.db(dbName), client);
  }

  private async file(hash: string) {
    const [file] = await this.bucket.find({ filename: hash }).limit(1).toArray();
    return file ?? null;
  }

  async put(bytes: Uint8Array, contentType: string): Promise<BlobInfo> {
    const info = await describeBlob(bytes, contentType);
    this.indexed ??= this.db
      .collection(`${this.bucketName}.files`)
      .createIndex({ filename: 1 }, { unique: true, name: 'blob_hash' });
    await this.indexed;
    const existing = await this.file(info.hash);
    if (existing) return toInfo(existing);
    const metadata: BlobMetadata = { content_type: info.content_type, width: info.width, height: info.height };
    const upload = this.bucket.openUploadStream(info.hash, { metadata });
    try {
      await new Promise<void>((resolve, reject) => {
        upload.once('error', reject);
        upload.once('finish', () => resolve());
        upload.end(Buffer.from(bytes));
      });
    } catch (err) {
      await this.db.collection(`${this.bucketName}.chunks`).deleteMany({ files_id: upload.id });
      // Someone stored the same bytes at the same time: theirs is ours.
      const theirs = err instanceof MongoServerError && err.code === 11000 ? await this.file(info.hash) : null;
      if (!theirs) throw err;
      return toInfo(theirs);
    }
    return info;
  }

  async get(hash: string): Promise<StoredBlob | null> {
    if (!isBlobHash(hash)) return null;
    const file = await this.file(hash);
    if (!file) return null;
    const parts: Buffer[] = [];
    for await (const part of this.bucket.openDownloadStream(file._id)) parts.push(part as Buffer);
    const bytes = Buffer.concat(parts);
    if (sha256(bytes) !== hash) throw new Error(`Blob ${hash} is corrupt: its bytes do not match its hash`);
    return { ...toInfo(file), bytes };
  }

  async has(hash: string): Promise<boolean> {
    return isBlobHash(hash) && (await this.file(hash)) !== null;
  }

  async delete(hash: string): Promise<void> {
    if (!isBlobHash(hash)) return;
    const file = await this.file(hash);
    if (file) await this.bucket.delete(file._id);
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}

const toInfo = (file: { filename: string; length: number; metadata?: unknown }): BlobInfo => {
  const m = (file.metadata ?? {}) as Partial<BlobMetadata>;
  return {
    hash: file.filename,
    size: file.length,
    content_type: m.content_type ?? 'application/octet-stream',
    width: m.width ?? null,
    height: m.height ?? null,
  };
};
