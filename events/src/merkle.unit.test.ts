import { describe, expect, it } from 'vitest';
import {
  CompactRange,
  EMPTY_ROOT,
  consistencyProof,
  inclusionProof,
  leafHash,
  rootAt,
  subtreesOf,
  verifyConsistency,
  verifyInclusion,
} from './merkle';

/*
 * Published vectors of the RFC 6962 / RFC 9162 tree (the same hashing in both RFCs), from the
 * transparency-dev/merkle repository (github.com/transparency-dev/merkle): leaf inputs, node hashes and
 * roots from testonly/constants.go; inclusion and consistency proofs from proof/verify_test.go (where
 * the inclusion vectors number leaves from 1; here they are the 0-based leaf index).
 */
const hex = (s: string) => Buffer.from(s, 'hex');
const LEAF_INPUTS = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(hex);
const LEAF_HASHES = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
  '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
  '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
  'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
  '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
];
/** Roots of the trees of 0 to 8 leaves. */
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION: { index: number; size: number; proof: string[] }[] = [
  { index: 0, size: 1, proof: [] },
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];
const CONSISTENCY: { first: number; second: number; proof: string[] }[] = [
  { first: 1, second: 1, proof: [] },
  {
    first: 1,
    second: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    first: 2,
    second: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    first: 6,
    second: 7,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

const hashes = LEAF_INPUTS.map(leafHash);
const tree = subtreesOf(hashes);
const toHex = (bs: Buffer[]) => bs.map((b) => b.toString('hex'));
const flip = (b: Uint8Array) => {
  const c = Buffer.from(b);
  c[0] ^= 8;
  return c;
};

describe('RFC 9162 Merkle tree against the published vectors', () => {
  it('hashes the leaves with the 0x00 prefix', () => {
    expect(toHex(hashes)).toEqual(LEAF_HASHES);
  });

  it('gives the root of every size from 0 to 8, from stored subtrees and from a compact range', () => {
    const range = new CompactRange();
    expect(rootAt(tree, 0).equals(EMPTY_ROOT)).toBe(true);
    for (let size = 0; size <= 8; size++) {
      expect(rootAt(tree, size).toString('hex')).toBe(ROOTS[size]);
      expect(range.root().toString('hex')).toBe(ROOTS[size]);
      if (size < 8) range.push(hashes[size]);
    }
  });

  it('makes and verifies the inclusion proofs, and refuses each one altered', () => {
    expect(INCLUSION.length).toBeGreaterThan(0);
    for (const v of INCLUSION) {
      const proof = inclusionProof(tree, v.index, v.size);
      expect(toHex(proof)).toEqual(v.proof);
      const root = hex(ROOTS[v.size]);
      expect(verifyInclusion(v.index, v.size, hashes[v.index], proof, root)).toBe(true);
      expect(verifyInclusion(v.index + 1, v.size, hashes[v.index], proof, root)).toBe(false);
      expect(verifyInclusion(v.index, v.size * 2, hashes[v.index], proof, root)).toBe(false);
      expect(verifyInclusion(v.index, v.size, flip(hashes[v.index]), proof, root)).toBe(false);
      expect(verifyInclusion(v.index, v.size, hashes[v.index], proof, EMPTY_ROOT)).toBe(false);
      expect(verifyInclusion(v.index, v.size, hashes[v.index], [...proof, root], root)).toBe(false);
      for (let i = 0; i < proof.length; i++) {
        const altered = proof.map((p, j) => (j === i ? flip(p) : p));
        expect(verifyInclusion(v.index, v.size, hashes[v.index], altered, root)).toBe(false);
      }
      if (proof.length) expect(verifyInclusion(v.index, v.size, hashes[v.index], proof.slice(1), root)).toBe(false);
    }
  });

  it('makes and verifies the consistency proofs, and refuses each one altered', () => {
    expect(CONSISTENCY.length).toBeGreaterThan(0);
    for (const v of CONSISTENCY) {
      const proof = consistencyProof(tree, v.first, v.second);
      expect(toHex(proof)).toEqual(v.proof);
      const [r1, r2] = [hex(ROOTS[v.first]), hex(ROOTS[v.second])];
      expect(verifyConsistency(v.first, v.second, r1, r2, proof)).toBe(true);
      if (!proof.length) continue;
      expect(verifyConsistency(v.first, v.second, r2, r1, proof)).toBe(false);
      expect(verifyConsistency(v.first + 1, v.second, r1, r2, proof)).toBe(false);
      expect(verifyConsistency(v.first, v.second, r1, r2, [])).toBe(false);
      expect(verifyConsistency(v.first, v.second, r1, r2, proof.slice(0, -1))).toBe(false);
      expect(verifyConsistency(v.first, v.second, r1, r2, [...proof, r2])).toBe(false);
      for (let i = 0; i < proof.length; i++) {
        const altered = proof.map((p, j) => (j === i ? flip(p) : p));
        expect(verifyConsistency(v.first, v.second, r1, r2, altered)).toBe(false);
      }
    }
  });

  it('proves every leaf of every size and every pair of sizes of a larger tree', () => {
    const many = Array.from({ length: 37 }, (_, i) => leafHash(Buffer.from([i])));
    const big = subtreesOf(many);
    for (let size = 1; size <= many.length; size++) {
      const root = rootAt(big, size);
      for (let i = 0; i < size; i++)
        expect(verifyInclusion(i, size, many[i], inclusionProof(big, i, size), root)).toBe(true);
      for (let first = 1; first <= size; first++)
        expect(verifyConsistency(first, size, rootAt(big, first), root, consistencyProof(big, first, size))).toBe(true);
    }
  });
});
