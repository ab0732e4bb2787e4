import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';

export type Role = 'student' | 'mentor' | 'training_centre' | 'admin' | 'auditor';
export const ROLES: readonly Role[] = ['student', 'mentor', 'training_centre', 'admin', 'auditor'];

export interface TokenClaims {
  sub: string;
  role: Role;
  /** Signed in with a temporary password: a new one must be chosen. */
  mcp?: boolean;
  /** The account's token version when the token was signed: an older one no longer counts (SessionsRevoked). */
  tv?: number;
  /** Token id: signing out ends this token only (SessionEnded). Made by signToken when not given. */
  jti?: string;
  /** Expiry, seconds since the epoch (set by verifyToken). */
  exp?: number;
}

const ISSUER = 'panda';

export async function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  now: Date = new Date(),
  ttlSeconds = 12 * 3600,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, tv: claims.tv ?? 0, ...(claims.mcp ? { mcp: true } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setJti(claims.jti ?? randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** The claims of a valid token, or null for a missing, forged, malformed or expired one (or one without an id). */
export async function verifyToken(secret: Uint8Array, token: string | undefined | null): Promise<TokenClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || !ROLES.includes(payload.role as Role)) return null;
    if (typeof payload.jti !== 'string' || !Number.isInteger(payload.tv)) return null;
    return {
      sub: payload.sub,
      role: payload.role as Role,
      mcp: payload.mcp === true,
      tv: payload.tv as number,
      jti: payload.jti,
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}
