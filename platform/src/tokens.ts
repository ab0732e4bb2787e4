import { SignJWT, jwtVerify } from 'jose';

export type Role = 'student' | 'mentor' | 'training_centre' | 'admin' | 'auditor';
export const ROLES: readonly Role[] = ['student', 'mentor', 'training_centre', 'admin', 'auditor'];

export interface TokenClaims {
  sub: string;
  role: Role;
  /** Signed in with a temporary password: a new one must be chosen. */
  mcp?: boolean;
  /** Expiry, seconds since the epoch (set by verifyToken). */
  exp?: number;
}

const ISSUER = 'panda';

export async function signToken(secret: Uint8Array, claims: TokenClaims, now: Date = new Date(), ttlSeconds = 12 * 3600): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, ...(claims.mcp ? { mcp: true } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** The claims of a valid token, or null for a missing, forged, malformed or expired one. */
export async function verifyToken(secret: Uint8Array, token: string | undefined | null): Promise<TokenClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || !ROLES.includes(payload.role as Role)) return null;
    return { sub: payload.sub, role: payload.role as Role, mcp: payload.mcp === true, exp: payload.exp };
  } catch {
    return null;
  }
}
