import { randomBytes } from 'node:crypto';

/** Random bytes drawn in blocks: one call to the system's generator for many ids. */
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let poolAt = 0;
/** The last id's timestamp and counter: ids made in one millisecond count up from a random start. */
let lastMs = -1;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then 12 bits of a counter
 * (random at each new millisecond, so that ids of one millisecond sort in the order they were made),
 * then 62 random bits. Ids made by this process sort, as text, in the order they were made (a clock
 * that steps back keeps the last time), so a b-tree index over them grows at its right edge: a
 * write touches one page of it where a random id (version 4) touches a page anywhere.
 */
export function uuidv7(now: number = Date.now()): string {
  if (poolAt + 10 > pool.length) {
    pool = randomBytes(10 * POOL_IDS);
    poolAt = 0;
  }
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    counter += 1;
    // 4,096 ids in one millisecond: borrow the next one (still after every earlier id).
    if (counter > 0xfff) {
      ms += 1;
      counter = pool.readUInt16BE(poolAt) & 0x7ff;
    }
  } else counter = pool.readUInt16BE(poolAt) & 0x7ff;
  lastMs = ms;
  const b = Buffer.allocUnsafe(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  pool.copy(b, 8, poolAt + 2, poolAt + 10);
  poolAt += 10;
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
