import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

/**
 * C2SP signed notes (c2sp.org/signed-note) with Ed25519, and the tlog-checkpoint body
 * (c2sp.org/tlog-checkpoint) they carry for the log (docs/rules.md#log-checkpoints).
 *
 * - A note is a text ending in a newline, a blank line, then signature lines
 *   `— <key name> base64(key ID (4 bytes, big-endian) || Ed25519 signature of the text)`.
 * - key ID = SHA-256(key name || 0x0A || 0x01 || 32-byte public key)[:4].
 * - Verifier key (public, `GET /api/audit/log-key`): `<name>+<key ID hex>+base64(0x01 || public key)`.
 * - Signer key (secret, DATA_DIR/log-signing-key or LOG_SIGNING_KEY), as golang.org/x/mod/sumdb/note
 *   writes it: `PRIVATE+KEY+<name>+<key ID hex>+base64(0x01 || 32-byte seed)`.
 */
const ED25519 = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

export class NoteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoteError';
  }
}

export interface NoteVerifier {
  name: string;
  keyId: Buffer;
  publicKey: Buffer;
}

export interface NoteSigner extends NoteVerifier {
  privateKey: KeyObject;
}

const validName = (name: string) => name.length > 0 && !/[\s+]/u.test(name);

export const keyIdOf = (name: string, publicKey: Uint8Array): Buffer =>
  createHash('sha256')
    .update(Buffer.from(`${name}\n`, 'utf8'))
    .update(Buffer.from([ED25519]))
    .update(publicKey)
    .digest()
    .subarray(0, 4);

const publicKeyObject = (raw: Uint8Array) =>
  createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });

const base64Strict = (text: string, what: string): Buffer => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new NoteError(`${what} is not base64`);
  return Buffer.from(text, 'base64');
};

/** The name, key ID and key bytes of `name+hexid+base64`; the name may not hold a `+`. */
function splitKey(text: string, what: string): { name: string; keyId: Buffer; key: Buffer } {
  // The base64 key may itself hold '+'.
  const [name, id, ...rest] = text.trim().split('+');
  const key = rest.join('+');
  if (id === undefined || !key) throw new NoteError(`${what} is not name+keyid+key`);
  if (!validName(name)) throw new NoteError(`${what} has no valid key name`);
  if (!/^[0-9a-f]{8}$/.test(id)) throw new NoteError(`${what} has no valid key ID`);
  const bytes = base64Strict(key, what);
  if (bytes.length !== 33 || bytes[0] !== ED25519) throw new NoteError(`${what} is not an Ed25519 key`);
  return { name, keyId: Buffer.from(id, 'hex'), key: bytes.subarray(1) };
}

export function parseSignerKey(text: string): NoteSigner {
  const trimmed = text.trim();
  if (!trimmed.startsWith('PRIVATE+KEY+')) throw new NoteError('The signing key does not start with PRIVATE+KEY+');
  const { name, keyId, key } = splitKey(trimmed.slice('PRIVATE+KEY+'.length), 'The signing key');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, key]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  if (!keyIdOf(name, publicKey).equals(keyId)) throw new NoteError('The signing key ID does not match its key');
  return { name, keyId, publicKey, privateKey };
}

export function parseVerifierKey(text: string): NoteVerifier {
  const { name, keyId, key } = splitKey(text, 'The verifier key');
  if (!keyIdOf(name, key).equals(keyId)) throw new NoteError('The verifier key ID does not match its key');
  return { name, keyId, publicKey: key };
}

/** A new signer key for `name` (32 random bytes of seed). */
export function generateSignerKey(name: string): string {
  if (!validName(name)) throw new NoteError(`A key name may hold no spaces or '+': ${name}`);
  const seed = randomBytes(32);
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return `PRIVATE+KEY+${name}+${keyIdOf(name, publicKey).toString('hex')}+${Buffer.concat([Buffer.from([ED25519]), seed]).toString('base64')}`;
}

export const verifierKeyOf = (v: NoteVerifier): string =>
  `${v.name}+${v.keyId.toString('hex')}+${Buffer.concat([Buffer.from([ED25519]), v.publicKey]).toString('base64')}`;

/** The signed note of `text` (which must end in a newline). */
export function signNote(text: string, signer: NoteSigner): string {
  if (!text.endsWith('\n')) throw new NoteError('A note text ends in a newline');
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey);
  return `${text}\n${SIGNATURE_PREFIX}${signer.name} ${Buffer.concat([signer.keyId, signature]).toString('base64')}\n`;
}

/**
 * The text of `note` once a signature by `verifier` (same key name and key ID) verifies over it; throws
 * NoteError saying why not. Signatures by other keys are ignored, as the spec says.
 */
export function openNote(note: string, verifier: NoteVerifier): string {
  // eslint-disable-next-line no-control-regex -- the spec forbids every control character but the newline
  if (/[\u0000-\u0009\u000b-\u001f]/.test(note)) throw new NoteError('The note holds control characters');
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new NoteError('The note has no signature block');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  let known = 0;
  for (const line of lines) {
    if (!line.startsWith(SIGNATURE_PREFIX)) throw new NoteError('A signature line does not start with an em dash');
    const [name, sig, ...rest] = line.slice(SIGNATURE_PREFIX.length).split(' ');
    if (rest.length || !name || !sig) throw new NoteError('A signature line is malformed');
    const bytes = base64Strict(sig, 'A signature');
    if (bytes.length < 5) throw new NoteError('A signature is cut short');
    if (name !== verifier.name || !bytes.subarray(0, 4).equals(verifier.keyId)) continue;
    known += 1;
    if (!verify(null, Buffer.from(text, 'utf8'), publicKeyObject(verifier.publicKey), bytes.subarray(4)))
      throw new NoteError('The signature by the log key does not verify');
  }
  if (!known) throw new NoteError('The note is not signed by the log key');
  return text;
}

export interface Checkpoint {
  origin: string;
  treeSize: number;
  root: Buffer;
}

/** The tlog-checkpoint body: origin, tree size in decimal, base64 root hash, each on its own line. */
export function checkpointText(c: Checkpoint): string {
  return `${c.origin}\n${c.treeSize}\n${c.root.toString('base64')}\n`;
}

export function parseCheckpoint(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[lines.length - 1] !== '') throw new NoteError('A checkpoint has three lines at least');
  const [origin, size, root] = lines;
  if (!origin) throw new NoteError('A checkpoint names its origin');
  if (!/^(0|[1-9][0-9]*)$/.test(size) || !Number.isSafeInteger(Number(size)))
    throw new NoteError('A checkpoint tree size is a decimal number');
  const hash = base64Strict(root, 'The checkpoint root hash');
  if (hash.length !== 32) throw new NoteError('The checkpoint root hash is not 32 bytes');
  return { origin, treeSize: Number(size), root: hash };
}

/**
 * The signed notes in a text holding one or more of them one after another (as an auditor keeps them:
 * each answer of `GET /api/audit/checkpoint`, blank lines between them allowed).
 */
export function splitNotes(text: string): string[] {
  const notes: string[] = [];
  let current: string[] = [];
  let signed = false;
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.startsWith(SIGNATURE_PREFIX)) {
      current.push(line);
      signed = true;
    } else if (signed) {
      notes.push(current.join('\n') + '\n');
      current = [];
      signed = false;
      if (line !== '') current.push(line);
    } else if (line !== '' || current.length) current.push(line);
  }
  if (signed) notes.push(current.join('\n') + '\n');
  else if (current.some((l) => l !== '')) throw new NoteError('The file ends with a note that has no signature');
  return notes;
}
