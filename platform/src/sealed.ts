import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Sealing a short secret (a temporary password) into an event for the mail reactor alone:
 * AES-256-GCM with a key derived from MAIL_KEY (or the generated `DATA_DIR/mail-key`), which no
 * read model, route or log ever sees. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * The associated data binds the sealed value to what it is for (e.g. the account id), so a sealed
 * password copied into another event does not open.
 */
const keyOf = (secret: string) => createHash('sha256').update(`panda-mail-key:${secret}`).digest();

export function seal(secret: string, plain: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

/** The plain value, or null when it was sealed with another key or for something else. */
export function unseal(secret: string, sealed: string, boundTo: string): string | null {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
