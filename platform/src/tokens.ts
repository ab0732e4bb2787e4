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

/** Most verified tokens remembered per secret (least recently used first out). */
const VERIFIED_TOKENS_KEPT = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims>>();

/**
 * The claims of a valid token, or null for a missing, forged, malformed or expired one (or one without an id).
 * Expiry is checked against `now`, the server's clock (a test clock too, docs/rules.md#test-clock), not the
 * machine's. A token already verified with this secret is not verified again until it expires: its signature
 * cannot change, and whether its session still counts is the caller's check on every request.
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string | undefined | null,
  now: Date,
): Promise<TokenClaims | null> {
  if (!token) return null;
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    known.delete(token);
    if (hit.exp !== undefined && hit.exp * 1000 <= now.getTime()) return null;
    known.set(token, hit);
    return { ...hit };
  }
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || !ROLES.includes(payload.role as Role)) return null;
    if (typeof payload.jti !== 'string' || !Number.isInteger(payload.tv)) return null;
    const claims: TokenClaims = {
      sub: payload.sub,
      role: payload.role as Role,
      mcp: payload.mcp === true,
      tv: payload.tv as number,
      jti: payload.jti,
      exp: payload.exp,
    };
    known.set(token, claims);
    if (known.size > VERIFIED_TOKENS_KEPT) known.delete(known.keys().next().value as string);
    return { ...claims };
  } catch {
    return null;
  }
}
