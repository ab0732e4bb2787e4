import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  inclusionProofLength,
  receiptFromFragment,
  receiptLink,
  verifyReceipt,
  type Receipt,
} from '@panda/contracts/receipt';
import { inclusionProof, leafHash, rootAt, subtreesOf } from './merkle';
import { checkpointText, generateSignerKey, parseSignerKey, signNote, verifierKeyOf } from './signed-note';

/**
 * docs/rules.md#sign-off-receipts: the receipt check the /verify page runs (WebCrypto), against
 * receipts made with the log's own tree and note code (node:crypto).
 */
const contentHashes = Array.from({ length: 13 }, (_, i) => createHash('sha256').update(`event ${i}`).digest('hex'));
const tree = subtreesOf(contentHashes.map((h) => leafHash(Buffer.from(h, 'hex'))));
const signer = parseSignerKey(generateSignerKey('panda.example/log'));
const key = verifierKeyOf(signer);
const other = parseSignerKey(generateSignerKey('panda.example/log'));

function receiptOf(index: number, size: number, by = signer): Receipt {
  const note = signNote(checkpointText({ origin: 'panda.example/log', treeSize: size, root: rootAt(tree, size) }), by);
  return {
    signature_id: `sig-${index}`,
    content_hash: contentHashes[index],
    leaf_index: index,
    tree_size: size,
    leaf_hash: leafHash(Buffer.from(contentHashes[index], 'hex')).toString('base64'),
    hashes: inclusionProof(tree, index, size).map((h) => h.toString('base64')),
    checkpoint: note,
    log_key_name: by.name,
  };
}
const text = (r: unknown) => JSON.stringify(r);
/** One character of `s` at `at` replaced by another of the same alphabet. */
const changed = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('verifyReceipt', () => {
  it('accepts the receipt of every leaf in trees of several sizes, and says what it shows', async () => {
    for (const size of [1, 2, 5, 8, 13])
      for (let i = 0; i < size; i++) {
        const r = receiptOf(i, size);
        expect(r.hashes).toHaveLength(inclusionProofLength(i, size));
        const result = await verifyReceipt(text(r), key);
        expect(result).toEqual({
          ok: true,
          facts: {
            signature_id: `sig-${i}`,
            content_hash: contentHashes[i],
            position: i + 1,
            tree_size: size,
            origin: 'panda.example/log',
            root_hash: rootAt(tree, size).toString('base64'),
            key_name: 'panda.example/log',
          },
        });
      }
  });

  it('refuses a receipt signed by another key of the same name', async () => {
    const result = await verifyReceipt(text(receiptOf(3, 13, other)), key);
    expect(result).toMatchObject({ ok: false, check: 'wrong_key' });
  });

  it('refuses a receipt whose key name is not the key given', async () => {
    const r = { ...receiptOf(3, 13), log_key_name: 'elsewhere.example/log' };
    expect(await verifyReceipt(text(r), key)).toMatchObject({ ok: false, check: 'wrong_key' });
  });

  it('refuses one byte changed anywhere that matters, naming the check', async () => {
    const r = receiptOf(5, 13);
    const rootAtLine = r.checkpoint.indexOf('\n', r.checkpoint.indexOf('\n') + 1) + 3;
    const cases: [Receipt, string][] = [
      [{ ...r, checkpoint: changed(r.checkpoint, rootAtLine) }, 'bad_signature'],
      [{ ...r, checkpoint: r.checkpoint.replace('\n13\n', '\n12\n') }, 'bad_signature'],
      [{ ...r, content_hash: (r.content_hash[0] === 'a' ? 'b' : 'a') + r.content_hash.slice(1) }, 'leaf_mismatch'],
      [{ ...r, leaf_hash: changed(r.leaf_hash, 2) }, 'leaf_mismatch'],
      [{ ...r, hashes: [changed(r.hashes[0], 4), ...r.hashes.slice(1)] }, 'bad_proof'],
      [{ ...r, leaf_index: 4 }, 'bad_proof'],
      [{ ...r, tree_size: 12 }, 'bad_proof'],
    ];
    for (const [bad, check] of cases) expect(await verifyReceipt(text(bad), key)).toMatchObject({ ok: false, check });
  });

  it('says a receipt is cut short when its text or its proof ends early', async () => {
    const r = receiptOf(5, 13);
    const whole = text(r);
    expect(await verifyReceipt(whole.slice(0, whole.length - 40), key)).toMatchObject({
      ok: false,
      check: 'cut_short',
    });
    expect(await verifyReceipt(text({ ...r, hashes: r.hashes.slice(0, -1) }), key)).toMatchObject({
      ok: false,
      check: 'cut_short',
    });
    const unsigned = r.checkpoint.slice(0, r.checkpoint.indexOf('\n\n') + 1);
    expect(await verifyReceipt(text({ ...r, checkpoint: unsigned }), key)).toMatchObject({
      ok: false,
      check: 'cut_short',
    });
  });

  it('says a receipt or key is malformed when it is not one at all', async () => {
    expect(await verifyReceipt('hello', key)).toMatchObject({ ok: false, check: 'malformed' });
    expect(await verifyReceipt('{"signature_id": "x"}', key)).toMatchObject({ ok: false, check: 'malformed' });
    const extra = { ...receiptOf(1, 2), valid: true };
    expect(await verifyReceipt(text(extra), key)).toMatchObject({ ok: false, check: 'malformed' });
    const r = text(receiptOf(1, 2));
    expect(await verifyReceipt(r, 'not a key')).toMatchObject({ ok: false, check: 'bad_key' });
    // A key whose ID does not match its bytes.
    const [name, , k] = key.split('+');
    expect(await verifyReceipt(r, `${name}+00000000+${k}`)).toMatchObject({ ok: false, check: 'bad_key' });
  });
});

describe('receipt links', () => {
  it('carry the receipt in the /verify fragment, whole, em dash and all', async () => {
    const r = receiptOf(2, 5);
    const link = receiptLink('https://panda.example/', r);
    expect(link.startsWith('https://panda.example/verify#receipt=')).toBe(true);
    expect(link).toMatch(/^[\x21-\x7e]+$/);
    const back = receiptFromFragment(new URL(link).hash)!;
    expect(JSON.parse(back)).toEqual(r);
    expect(await verifyReceipt(back, key)).toMatchObject({ ok: true });
    expect(receiptFromFragment('#nothing')).toBeNull();
    expect(receiptFromFragment('#receipt=%%%')).toBeNull();
  });
});
