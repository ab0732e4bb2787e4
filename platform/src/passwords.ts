import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/** argon2id with the library's defaults (19 MiB, 2 passes); the hash string carries its own salt and parameters. */
export const hashPassword = (plain: string): Promise<string> => hash(plain, { algorithm: 2 });

export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A readable temporary password: 12 characters without look-alikes (0/O, 1/l/I). */
export function temporaryPassword(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}
