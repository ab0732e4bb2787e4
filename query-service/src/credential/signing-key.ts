import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An Ed25519 public key as a JWK Set publishes it. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface CredentialKey {
  privateKey: KeyObject;
  kid: string;
  /** The JWK Set of `/.well-known/jwks.json`: the current key first, then retired ones still verifying earlier credentials. */
  jwks: { keys: PublicJwk[] };
}

/** RFC 7638 thumbprint of an Ed25519 JWK (its required members in lexical order), base64url: the key's `kid`. */
export const jwkThumbprint = (x: string) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');

const publicJwk = (x: string): PublicJwk => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x,
  kid: jwkThumbprint(x),
  alg: 'EdDSA',
  use: 'sig',
});

function parsePrivateJwk(text: string, where: string): KeyObject {
  let jwk: { kty?: string; crv?: string; x?: string; d?: string };
  try {
    jwk = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not a JSON Web Key`);
  }
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d)
    throw new Error(`${where} is not a private Ed25519 JSON Web Key (kty OKP, crv Ed25519, x and d)`);
  return createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d }, format: 'jwk' });
}

function parseRetired(text: string | null): PublicJwk[] {
  if (!text) return [];
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    throw new Error('CREDENTIAL_RETIRED_KEYS is not JSON (an array of public Ed25519 JWKs)');
  }
  if (!Array.isArray(keys)) throw new Error('CREDENTIAL_RETIRED_KEYS is not an array of public Ed25519 JWKs');
  return keys.map((k: { kty?: string; crv?: string; x?: string; d?: string }) => {
    if (k?.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string' || 'd' in k)
      throw new Error('CREDENTIAL_RETIRED_KEYS holds a key that is not a public Ed25519 JWK');
    return publicJwk(k.x);
  });
}

/** The key that signs portable credentials, and the retired ones still published (docs/rules.md#portable-credential). */
export function loadCredentialKey(dataDir: string, envKey: string | null, retired: string | null): CredentialKey {
  let privateKey: KeyObject;
  if (envKey) privateKey = parsePrivateJwk(envKey, 'CREDENTIAL_SIGNING_KEY');
  else {
    const file = join(dataDir, 'credential-signing-key.jwk');
    try {
      // 'wx': made once; when another thread made it first, that one is read.
      const made = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
      writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    chmodSync(file, 0o600);
    privateKey = parsePrivateJwk(readFileSync(file, 'utf8'), file);
  }
  const { x } = privateKey.export({ format: 'jwk' }) as { x: string };
  const current = publicJwk(x);
  return {
    privateKey,
    kid: current.kid,
    jwks: { keys: [current, ...parseRetired(retired).filter((k) => k.kid !== current.kid)] },
  };
}
