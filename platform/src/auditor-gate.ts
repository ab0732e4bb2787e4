import type { RequestHandler } from 'express';
import { decodeJwt } from 'jose';
import { forbidden } from './errors';
import { bearerToken, type Authenticator } from './http';

/** What an auditor may call besides reading the audit calls: their own session and password. */
const AUDITOR_ALLOWED: readonly { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/api\/audit\// },
  // A student's progress per criterion (docs/rules.md#qualification-criteria), recorded as an audit read.
  { method: 'GET', path: /^\/api\/students\/[^/]+\/criteria$/ },
  { method: 'GET', path: /^\/api\/auth\/validate$/ },
  { method: 'GET', path: /^\/api\/health$/ },
  // The one-time temporary password must be replaced; signing out ends the session.
  { method: 'PUT', path: /^\/api\/change-password$/ },
  { method: 'POST', path: /^\/api\/auth\/logout$/ },
];

const CLAIMS_KEPT = 10_000;

export const AUDITOR_READ_ONLY = 'Auditors can change nothing: this account has read-only access to the Audit view';
export const AUDITOR_AUDIT_ONLY = 'Auditors can only use the Audit view';

/**
 * docs/rules.md#auditors, enforced centrally in front of every route: a request made with an auditor's token is
 * refused with 403 unless it is an audit read (or the auditor's own password/session), so no write
 * route can forget the check. Tokens that do not claim the auditor role pass straight on to the
 * routes' own authentication; a claimed auditor role is checked for real (signature, account).
 */
export function auditorGate(authenticator: Authenticator): RequestHandler {
  // The role recently seen tokens claim (null: not a JWT), least recently seen first out: a client
  // sends the same token with every call, and decoding it each time cost more than the lookup.
  const claims = new Map<string, unknown>();
  const claimedRole = (token: string): unknown => {
    let role = claims.get(token);
    if (role !== undefined) return role;
    try {
      role = decodeJwt(token).role ?? null;
    } catch {
      role = null;
    }
    claims.set(token, role);
    if (claims.size > CLAIMS_KEPT) claims.delete(claims.keys().next().value as string);
    return role;
  };
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) return next();
    if (claimedRole(token) !== 'auditor') return next();
    const auth = await authenticator(token);
    if (!auth || auth.role !== 'auditor') return next();
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.baseUrl + req.path;
    if (AUDITOR_ALLOWED.some((a) => a.method === method && a.path.test(path))) return next();
    throw forbidden(method === 'GET' ? AUDITOR_AUDIT_ONLY : AUDITOR_READ_ONLY);
  };
}
