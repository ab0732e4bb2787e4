import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Content-addressed storage for binary content (Gas Safe card photos; later chat images), so that
 * events carry a reference (hash and metadata) and never the bytes. Implementations: FileBlobStore
 * (DATA_DIR/blobs, one machine) and GridFsBlobStore (MongoDB, the distributed stack); both pass
 * blob-store.contract.ts.
 */
export interface BlobInfo {
  /** sha256 of the bytes, lowercase hex: the blob's name. */
  hash: string;
  size: number;
  content_type: string;
  /** Pixel size for images, null for other content. */
  width: number | null;
  height: number | null;
}

export interface StoredBlob extends BlobInfo {
  bytes: Buffer;
}

export interface BlobStore {
  /** Stores the bytes under their sha256 (idempotent: the same bytes again change nothing). */
  put(bytes: Uint8Array, contentType: string): Promise<BlobInfo>;
  /** The blob, or null when there is none with that hash (or the hash is malformed). */
  get(hash: string): Promise<StoredBlob | null>;
  has(hash: string): Promise<boolean>;
  /** Removes the blob (nothing when there is none): only for bytes nothing refers to any more (docs/rules.md#unused-photos). */
  delete(hash: string): Promise<void>;
  close(): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;
export const isBlobHash = (hash: unknown): hash is string => typeof hash === 'string' && HASH.test(hash);

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The reference to new bytes: hash, size and, for an image, its pixel size read from its header. */
export async function describeBlob(bytes: Uint8Array, contentType: string): Promise<BlobInfo> {
  let width: number | null = null;
  let height: number | null = null;
  if (contentType.startsWith('image/')) {
    const { default: sharp } = await import('sharp');
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error(`Blob declared ${contentType} has no pixel size`);
    width = meta.width;
    height = meta.height;
  }
  return { hash: sha256(bytes), size: bytes.length, content_type: contentType, width, height };
}

/** Writes a file so that readers see all of it or nothing: a temporary file (0600), flushed, then renamed. */
async function writeAtomically(file: string, bytes: Uint8Array) {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(temp, file);
}

/**
 * Blobs as files under `dir` (DATA_DIR/blobs): `<hash[0..2]>/<hash>` holds the bytes and
 * `<hash>.json` the metadata, both mode 0600, written atomically (metadata first, then the bytes,
 * whose rename is the commit point). Reads check the bytes against their hash.
 */
export class FileBlobStore implements BlobStore {
  constructor(readonly dir: string) {}

  private path(hash: string) {
    return join(this.dir, hash.slice(0, 2), hash);
  }

  async put(bytes: Uint8Array, contentType: string): Promise<BlobInfo> {
    const info = await describeBlob(bytes, contentType);
    const file = this.path(info.hash);
    if (await this.has(info.hash)) return (await this.info(info.hash)) ?? info;
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeAtomically(`${file}.json`, Buffer.from(JSON.stringify(info)));
    await writeAtomically(file, bytes);
    return info;
  }

  private async info(hash: string): Promise<BlobInfo | null> {
    try {
      return JSON.parse(await readFile(`${this.path(hash)}.json`, 'utf8')) as BlobInfo;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(hash: string): Promise<StoredBlob | null> {
    if (!isBlobHash(hash) || !(await this.has(hash))) return null;
    const [info, bytes] = await Promise.all([this.info(hash), readFile(this.path(hash))]);
    if (!info) return null;
    if (sha256(bytes) !== hash) throw new Error(`Blob ${hash} is corrupt: its bytes do not match its hash`);
    return { ...info, bytes };
  }

  async has(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    try {
      return (await stat(this.path(hash))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async delete(hash: string): Promise<void> {
    if (!isBlobHash(hash)) return;
    // The bytes first: without them the blob is gone (has() looks at them); the metadata after.
    await rm(this.path(hash), { force: true });
    await rm(`${this.path(hash)}.json`, { force: true });
  }

  async close(): Promise<void> {}
}
