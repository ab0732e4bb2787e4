import { z } from 'zod';

/**
 * A sign-off's receipt (docs/rules.md#sign-off-receipts): the signed checkpoint of the log, and the
 * RFC 9162 inclusion proof that the event recording the sign-off is in the tree that checkpoint
 * signs. Anyone holding it checks it with the log's public key alone (`verifyReceipt`, which runs in
 * the browser as in node: WebCrypto Ed25519 and SHA-256), without trusting Panda's database.
 */
const BASE64_HASH = /^[A-Za-z0-9+/]{43}=$/;
const HEX_HASH = /^[0-9a-f]{64}$/;

export const receiptSchema = z.strictObject({
  /** The sign-off's id (as `signature_id` everywhere). */
  signature_id: z.string().min(1),
  /** The content hash of the log event that records the sign-off (hex): the leaf's 32 bytes. */
  content_hash: z.string().regex(HEX_HASH, 'content_hash is 64 lower-case hex digits'),
  /** The event's place in the log: leaf `leaf_index` is log position `leaf_index + 1`. */
  leaf_index: z.number().int().min(0),
  tree_size: z.number().int().min(1),
  /** SHA-256(0x00 || content hash), base64. */
  leaf_hash: z.string().regex(BASE64_HASH, 'leaf_hash is a base64 SHA-256 hash'),
  /** The inclusion proof (RFC 9162 section 2.1.3), base64, leaf side first. */
  hashes: z.array(z.string().regex(BASE64_HASH, 'each proof hash is a base64 SHA-256 hash')),
  /** The C2SP tlog-checkpoint signed note of the tree of `tree_size`, as `GET /api/audit/checkpoint` served it. */
  checkpoint: z.string().min(1),
  /** The name of the key that signs the log's checkpoints (the first part of `GET /api/audit/log-key`). */
  log_key_name: z.string().min(1),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** Which check a receipt failed, in the order they are made. */
export const RECEIPT_CHECKS = [
  'malformed',
  'cut_short',
  'bad_key',
  'wrong_key',
  'bad_signature',
  'leaf_mismatch',
  'bad_proof',
] as const;
export type ReceiptCheck = (typeof RECEIPT_CHECKS)[number];

export const RECEIPT_CHECK_TITLES: Record<ReceiptCheck, string> = {
  malformed: 'The receipt is malformed',
  cut_short: 'The receipt is cut short',
  bad_key: 'The key is not a log verifier key',
  wrong_key: 'The receipt is signed by another key',
  bad_signature: "The checkpoint's signature does not verify",
  leaf_mismatch: 'The content hash does not match the leaf',
  bad_proof: 'The inclusion proof does not lead to the signed root',
};

/** What a receipt that passed every check shows. */
export interface ReceiptFacts {
  signature_id: string;
  content_hash: string;
  position: number;
  tree_size: number;
  origin: string;
  root_hash: string;
  key_name: string;
}

export type ReceiptResult = { ok: true; facts: ReceiptFacts } | { ok: false; check: ReceiptCheck; message: string };

const fail = (check: ReceiptCheck, message: string): ReceiptResult => ({ ok: false, check, message });

const ED25519 = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';

const subtle = () => globalThis.crypto.subtle;
const bytes = (...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const sha256 = async (data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await subtle().digest('SHA-256', data));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
};
const fromHex = (hex: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const toBase64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** RFC 9162's leaf and node hashes. */
const leafHashOf = (leaf: Uint8Array) => sha256(bytes([0x00], leaf));
const nodeHashOf = (left: Uint8Array, right: Uint8Array) => sha256(bytes([0x01], left, right));

/** How many hashes the inclusion proof of leaf `index` in a tree of `size` holds (RFC 9162 PATH). */
export function inclusionProofLength(index: number, size: number): number {
  let m = index;
  let n = size;
  let length = 0;
  while (n > 1) {
    let k = 1;
    while (k * 2 < n) k *= 2;
    if (m < k) n = k;
    else {
      m -= k;
      n -= k;
    }
    length += 1;
  }
  return length;
}

/** RFC 9162 section 2.1.3.2, with WebCrypto's SHA-256. */
async function rootFromInclusion(index: number, size: number, leaf: Uint8Array, proof: Uint8Array[]) {
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHashOf(p, r);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else r = await nodeHashOf(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

interface VerifierKey {
  name: string;
  keyId: Uint8Array<ArrayBuffer>;
  publicKey: Uint8Array<ArrayBuffer>;
}

/** A C2SP verifier key `name+hex key ID+base64(0x01 || Ed25519 public key)`, its ID checked; null when it is not one. */
async function parseVerifierKey(text: string): Promise<VerifierKey | null> {
  const [name, id, ...rest] = text.trim().split('+');
  const key = fromBase64(rest.join('+'));
  if (!name || /\s/.test(name) || !id || !/^[0-9a-f]{8}$/.test(id) || !key || key.length !== 33 || key[0] !== ED25519)
    return null;
  const publicKey = key.subarray(1);
  const keyId = (await sha256(bytes(utf8(`${name}\n`), [ED25519], publicKey))).subarray(0, 4);
  return toHex(keyId) === id ? { name, keyId, publicKey: new Uint8Array(publicKey) } : null;
}

/** Parses receipt text: cut short when the JSON ends before it is complete. */
function parseReceipt(text: string): { receipt: Receipt } | { failure: ReceiptResult } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') && (/end of (json )?(input|data)/i.test(String(err)) || !trimmed.endsWith('}')))
      return { failure: fail('cut_short', 'The receipt ends before it is complete: part of it was not copied.') };
    return { failure: fail('malformed', 'The receipt is not JSON.') };
  }
  const parsed = receiptSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return { failure: fail('malformed', `The receipt is not one Panda issues (${where}${issue.message}).`) };
  }
  return { receipt: parsed.data };
}

/**
 * Checks a receipt (its JSON text) against the log's verifier key (the text of `GET /api/audit/log-key`):
 * 1. it is a whole receipt (malformed, cut_short), and the key is a C2SP Ed25519 verifier key (bad_key);
 * 2. its checkpoint is signed by that key (wrong_key) and the signature verifies over its text (bad_signature);
 * 3. its leaf hash is SHA-256(0x00 || content hash) (leaf_mismatch);
 * 4. its inclusion proof leads from that leaf at `leaf_index` to the checkpoint's root for `tree_size` (bad_proof,
 *    or cut_short when hashes are missing).
 * Passing proves that this content hash was in the log at that size, as signed by the key's holder;
 * nothing more (docs/api-audit.md).
 */
export async function verifyReceipt(receiptText: string, verifierKeyText: string): Promise<ReceiptResult> {
  const parsed = parseReceipt(receiptText);
  if ('failure' in parsed) return parsed.failure;
  const r = parsed.receipt;
  const key = await parseVerifierKey(verifierKeyText);
  if (!key) return fail('bad_key', 'The key given is not a log verifier key (name+key ID+base64 key, Ed25519).');
  if (r.log_key_name !== key.name)
    return fail('wrong_key', `The receipt names the key "${r.log_key_name}", not the key given ("${key.name}").`);

  // The signed note: text, a blank line, signature lines (C2SP signed-note).
  const note = r.checkpoint;
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n'))
    return fail('cut_short', 'The checkpoint has no signature line: part of it was not copied.');
  const text = note.slice(0, split + 1);
  let signature: Uint8Array<ArrayBuffer> | null = null;
  const signers: string[] = [];
  for (const line of note.slice(split + 2, -1).split('\n')) {
    if (!line.startsWith(SIGNATURE_PREFIX)) return fail('malformed', 'A checkpoint signature line is malformed.');
    const [name, sig, ...more] = line.slice(SIGNATURE_PREFIX.length).split(' ');
    const sigBytes = sig ? fromBase64(sig) : null;
    if (more.length || !name || !sigBytes) return fail('malformed', 'A checkpoint signature line is malformed.');
    signers.push(name);
    if (name === key.name && same(sigBytes.subarray(0, 4), key.keyId)) {
      if (sigBytes.length !== 68) return fail('cut_short', 'The checkpoint signature is cut short.');
      signature = new Uint8Array(sigBytes.subarray(4));
    }
  }
  if (!signature)
    return fail(
      'wrong_key',
      `The checkpoint is signed by ${signers.map((s) => `"${s}"`).join(', ')} with another key than the one given.`,
    );
  const publicKey = await subtle().importKey('raw', key.publicKey, { name: 'Ed25519' }, false, ['verify']);
  if (!(await subtle().verify({ name: 'Ed25519' }, publicKey, signature, utf8(text))))
    return fail('bad_signature', "The checkpoint's signature does not verify: its text was changed after signing.");

  const [origin, sizeLine, rootLine] = text.split('\n');
  const root = fromBase64(rootLine ?? '');
  if (!origin || !/^(0|[1-9][0-9]*)$/.test(sizeLine ?? '') || !root || root.length !== 32)
    return fail('malformed', 'The checkpoint is not origin, tree size and root hash.');
  if (Number(sizeLine) !== r.tree_size)
    return fail('bad_proof', `The receipt is for a tree of ${r.tree_size}, its checkpoint for one of ${sizeLine}.`);
  if (r.leaf_index >= r.tree_size) return fail('bad_proof', `Leaf ${r.leaf_index} is not in a tree of ${r.tree_size}.`);

  const leaf = await leafHashOf(fromHex(r.content_hash));
  if (toBase64(leaf) !== r.leaf_hash)
    return fail('leaf_mismatch', 'The leaf hash is not the hash of the content hash: one of them was changed.');

  const expected = inclusionProofLength(r.leaf_index, r.tree_size);
  if (r.hashes.length < expected)
    return fail('cut_short', `The proof holds ${r.hashes.length} of its ${expected} hashes.`);
  const computed =
    r.hashes.length === expected
      ? await rootFromInclusion(
          r.leaf_index,
          r.tree_size,
          leaf,
          r.hashes.map((h) => fromBase64(h)!),
        )
      : null;
  if (!computed || !same(computed, root))
    return fail('bad_proof', 'The inclusion proof does not lead to the root the checkpoint signs.');

  return {
    ok: true,
    facts: {
      signature_id: r.signature_id,
      content_hash: r.content_hash,
      position: r.leaf_index + 1,
      tree_size: r.tree_size,
      origin,
      root_hash: rootLine,
      key_name: key.name,
    },
  };
}

/** The `/verify` page's address carrying a receipt in its fragment (never sent to a server): what the QR codes hold. */
export const RECEIPT_FRAGMENT = 'receipt=';

export function receiptLink(origin: string, receipt: Receipt): string {
  const raw = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(receipt)));
  const b64url = btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${origin.replace(/\/+$/, '')}/verify#${RECEIPT_FRAGMENT}${b64url}`;
}

/** The receipt text a `/verify` fragment carries (`#receipt=…`), or null when it carries none that decodes. */
export function receiptFromFragment(hash: string): string | null {
  const at = hash.indexOf(RECEIPT_FRAGMENT);
  if (at < 0) return null;
  const b64 = hash
    .slice(at + RECEIPT_FRAGMENT.length)
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  try {
    const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}
