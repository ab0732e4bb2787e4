import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileBlobStore, sha256 } from './blob-store';
import { blobStoreContract } from './blob-store.contract';
import { tinyPng } from './testing/images';

const tempDir = () => join(mkdtempSync(join(tmpdir(), 'panda-blobs-')), 'blobs');

blobStoreContract('files (embedded)', async () => new FileBlobStore(tempDir()));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

describe('FileBlobStore specifics', () => {
  it('writes the bytes and their metadata as files of mode 0600, and no temporary file stays', async () => {
    const dir = tempDir();
    const store = new FileBlobStore(dir);
    const png = await tinyPng();
    const { hash } = await store.put(png, 'image/png');
    await store.put(png, 'image/png');
    const files = filesUnder(dir);
    expect(files.sort()).toEqual([join(dir, hash.slice(0, 2), hash), join(dir, hash.slice(0, 2), `${hash}.json`)]);
    for (const f of files) expect(statSync(f).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, hash.slice(0, 2))).mode & 0o777).toBe(0o700);
  });

  it('does not count a half-written temporary file left by a crash as the blob', async () => {
    const dir = tempDir();
    const store = new FileBlobStore(dir);
    const png = await tinyPng();
    const hash = sha256(png);
    await store.put(Buffer.from('warm-up'), 'application/octet-stream');
    const shard = join(dir, hash.slice(0, 2));
    mkdirSync(shard, { recursive: true });
    writeFileSync(join(shard, `${hash}.abc123.tmp`), png.subarray(0, 10));
    expect(await store.has(hash)).toBe(false);
    expect(await store.get(hash)).toBeNull();
    await store.put(png, 'image/png');
    expect(Buffer.compare((await store.get(hash))!.bytes, png)).toBe(0);
  });

  it('refuses to hand out bytes that no longer match their hash', async () => {
    const dir = tempDir();
    const store = new FileBlobStore(dir);
    const { hash } = await store.put(Buffer.from('original'), 'application/octet-stream');
    writeFileSync(join(dir, hash.slice(0, 2), hash), 'tampered');
    await expect(store.get(hash)).rejects.toThrow(/corrupt/);
  });
});
