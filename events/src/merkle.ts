import { createHash, hash } from 'node:crypto';

/**
 * The Merkle tree of RFC 9162 (section 2.1) over the log (docs/rules.md#log-tree), with SHA-256:
 * leaf hash SHA-256(0x00 || leaf), node hash SHA-256(0x01 || left || right), and MTH for any number of
 * leaves by splitting at the largest power of two smaller than it. Proofs are made from the hashes of
 * complete subtrees (`SubtreeSource`): a store that keeps them answers a proof in O(log² n) reads.
 */

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** MTH of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT = createHash('sha256').digest();

// One-shot hashes (crypto.hash): a third of the cost of a Hash object each, and the background re-hash
// takes one leaf hash and about one node hash per event (docs/benchmarks.md#verifiable-log).
const sha256 = (data: Uint8Array): Buffer => hash('sha256', data, 'buffer');

export const leafHash = (leaf: Uint8Array): Buffer => sha256(Buffer.concat([LEAF_PREFIX, leaf]));

/**
 * leafHash of the 32 bytes a content hash's 64 hex digits stand for (checked equal to one computed
 * now, so well formed), written into one buffer kept for it: the re-hash takes one per event.
 */
const leafInput = Buffer.alloc(33);
export function leafHashOfHex(contentHashHex: string): Buffer {
  if (leafInput.write(contentHashHex, 1, 'hex') !== 32) throw new RangeError(`not a SHA-256 in hex: ${contentHashHex}`);
  return sha256(leafInput);
}

/** Input of a node hash of two SHA-256 hashes (the common case), kept from one call to the next. */
const nodeInput = Buffer.alloc(65, NODE_PREFIX[0]);
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  if (left.length !== 32 || right.length !== 32) return sha256(Buffer.concat([NODE_PREFIX, left, right]));
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return sha256(nodeInput);
}

/** Hash of the complete subtree of 2^level leaves starting at leaf index × 2^level. */
export type SubtreeSource = (level: number, index: number) => Buffer;

const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** The largest power of two smaller than n (n ≥ 2): RFC 9162's k. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[start:end]) from the complete subtrees it is made of. */
export function rangeHash(node: SubtreeSource, start: number, end: number): Buffer {
  const n = end - start;
  if (n <= 0) throw new RangeError(`empty range ${start}..${end}`);
  if (isPowerOfTwo(n) && start % n === 0) return node(Math.round(Math.log2(n)), start / n);
  const k = splitPoint(n);
  return nodeHash(rangeHash(node, start, start + k), rangeHash(node, start + k, end));
}

/** MTH of the first `size` leaves. */
export const rootAt = (node: SubtreeSource, size: number): Buffer =>
  size === 0 ? EMPTY_ROOT : rangeHash(node, 0, size);

/** PATH(index, D[0:size]) of RFC 9162 section 2.1.3.1. */
export function inclusionProof(node: SubtreeSource, index: number, size: number): Buffer[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  const path = (m: number, start: number, end: number): Buffer[] => {
    const n = end - start;
    if (n === 1) return [];
    const k = splitPoint(n);
    return m < k
      ? [...path(m, start, start + k), rangeHash(node, start + k, end)]
      : [...path(m - k, start + k, end), rangeHash(node, start, start + k)];
  };
  return path(index, 0, size);
}

/** PROOF(first, D[0:second]) of RFC 9162 section 2.1.4.1 (empty when first is 0 or second). */
export function consistencyProof(node: SubtreeSource, first: number, second: number): Buffer[] {
  if (!(first >= 0 && first <= second)) throw new RangeError(`a tree of ${first} does not precede one of ${second}`);
  if (first === 0 || first === second) return [];
  const sub = (m: number, start: number, end: number, whole: boolean): Buffer[] => {
    const n = end - start;
    if (m === n) return whole ? [] : [rangeHash(node, start, end)];
    const k = splitPoint(n);
    return m <= k
      ? [...sub(m, start, start + k, whole), rangeHash(node, start + k, end)]
      : [...sub(m - k, start + k, end, false), rangeHash(node, start, start + k)];
  };
  return sub(first, 0, second, true);
}

const half = (n: number) => Math.floor(n / 2);
const odd = (n: number) => n % 2 === 1;
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

/** RFC 9162 section 2.1.3.2: does `proof` show the leaf hash at `index` in the tree of `size` with `root`? */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return false;
  if (leaf.length !== 32 || proof.some((p) => p.length !== 32)) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn))
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
    } else r = nodeHash(r, p);
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && same(r, root);
}

/** RFC 9162 section 2.1.4.2: does `proof` show that the tree of `second` with `secondRoot` extends the one of `first`? */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: Uint8Array[],
): boolean {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 0 && first <= second)) return false;
  if (proof.some((p) => p.length !== 32)) return false;
  if (first === second) return proof.length === 0 && same(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Uint8Array = path[0];
  let sr: Uint8Array = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn))
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
    } else sr = nodeHash(sr, c);
    fn = half(fn);
    sn = half(sn);
  }
  return same(fr, firstRoot) && same(sr, secondRoot) && sn === 0;
}

/**
 * The root of a growing tree kept as its complete subtrees on the right edge (a compact range): leaves
 * are pushed one by one and the root of the tree so far is known at any size, in O(log n) memory. For a
 * verifier that reads the whole log once (verify-log, the background re-hash).
 */
export class CompactRange {
  /** Complete subtrees, largest (leftmost) first, with their sizes. */
  private readonly stack: { size: number; hash: Buffer }[] = [];
  size = 0;

  /** Adds the leaf hash of the next leaf. */
  push(leafHashValue: Buffer): void {
    let top = { size: 1, hash: leafHashValue };
    while (this.stack.length && this.stack[this.stack.length - 1].size === top.size) {
      const left = this.stack.pop()!;
      top = { size: left.size * 2, hash: nodeHash(left.hash, top.hash) };
    }
    this.stack.push(top);
    this.size += 1;
  }

  /** MTH of every leaf pushed so far. */
  root(): Buffer {
    if (!this.stack.length) return EMPTY_ROOT;
    let r = this.stack[this.stack.length - 1].hash;
    for (let i = this.stack.length - 2; i >= 0; i--) r = nodeHash(this.stack[i].hash, r);
    return r;
  }
}

/** The complete subtrees of a tree of leaf hashes held in memory (tests, small trees). */
export function subtreesOf(leafHashes: Buffer[]): SubtreeSource {
  const levels: Buffer[][] = [leafHashes];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    const level: Buffer[] = [];
    for (let i = 0; i + 1 < below.length; i += 2) level.push(nodeHash(below[i], below[i + 1]));
    levels.push(level);
  }
  return (level, index) => {
    const h = levels[level]?.[index];
    if (!h) throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
    return h;
  };
}
