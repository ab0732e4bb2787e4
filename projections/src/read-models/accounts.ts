import type { ProjectionContext } from '../projection';
import { searchIndex, type Doc, type ReadStore } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection, type DataOf, type EventWith, type Recorded } from '../typed-projection';
import type { Authenticator } from '@panda/platform/http';
import { verifyToken } from '@panda/platform/tokens';
import { HttpError } from '@panda/platform/errors';
import { AUDITOR_REVOKED, lockedMessage, type LockCategory } from '@panda/contracts/accounts';
import type { ChangeFeed } from '../change-feed';
import { takeChanges } from './names';
import { LruMap } from '../lru-map';

/** docs/read-models.md#accounts */

export interface AccountDoc extends Doc {
  id: string;
  role: 'student' | 'mentor' | 'training_centre' | 'admin' | 'auditor';
  First_Name: string;
  Last_Name: string;
  Name: string;
  Email: string;
  email_lower: string;
  centre_id: string | null;
  Phone_Number: string | null;
  Postcode: string | null;
  Date_Of_Birth: string | null;
  locked: boolean;
  /** What the holder of a locked account is told (docs/rules.md#locked-accounts); absent when unlocked. */
  lock_category?: LockCategory | null;
  vetted: boolean;
  must_change_password: boolean;
  temporary_password_unused: boolean;
  /** A forgot-password reset issued a temporary password that has not been replaced yet. */
  reset_pending?: boolean;
  /** Tokens signed with an older version are refused (SessionsRevoked); absent = 0. */
  token_version?: number;
  /** Signed-out token ids, each with when it would expire anyway (ms); dropped once past that. */
  ended_tokens?: Record<string, number>;
  Created_At: string;
  updated_at: string;
  _audience: string[];
}

export const accounts = collection<AccountDoc>('accounts');

const newAccount = (
  e: { time: string },
  id: string,
  role: AccountDoc['role'],
  d: { firstName: string; lastName: string; email: string },
): AccountDoc => ({
  id,
  role,
  First_Name: d.firstName,
  Last_Name: d.lastName,
  Name: `${d.firstName} ${d.lastName}`.trim(),
  Email: d.email,
  email_lower: d.email.toLowerCase(),
  centre_id: null,
  Phone_Number: null,
  Postcode: null,
  Date_Of_Birth: null,
  locked: false,
  vetted: false,
  must_change_password: false,
  temporary_password_unused: false,
  Created_At: e.time,
  updated_at: e.time,
  _audience: [id],
});

const change =
  <T extends EventWith<{ accountId: string }>>(evolve: (doc: AccountDoc, data: DataOf<T>) => void) =>
  (e: Recorded<T>, ctx: ProjectionContext) =>
    accounts.in(ctx).update(e.data.accountId, (doc) => {
      doc.updated_at = e.time;
      evolve(doc, e.data);
    });

export const accountsProjection = defineProjection({
  name: 'accounts',
  collections: {
    [accounts.name]: [
      'role+locked',
      'email_lower',
      'centre_id',
      'Created_At',
      'role+Created_At',
      'role+Name',
      'role+Email',
      // `?q=` of the admin mentor and centre tables and of the audit subjects.
      searchIndex('Name', 'First_Name', 'Last_Name', 'Email', 'id'),
    ],
  },
  on: {
    AccountSignedUp: (e, ctx) => {
      const doc = newAccount(e, e.data.accountId, e.data.role, e.data);
      if (e.data.centreName) doc.Name = e.data.centreName;
      accounts.in(ctx).put(doc);
    },
    AdminProvisioned: (e, ctx) => accounts.in(ctx).put(newAccount(e, e.data.accountId, 'admin', e.data)),
    AuditorProvisioned: (e, ctx) =>
      accounts.in(ctx).put({
        ...newAccount(e, e.data.accountId, 'auditor', e.data),
        must_change_password: true,
        temporary_password_unused: true,
      }),
    StudentRegistered: (e, ctx) => {
      const d = e.data;
      const doc = newAccount(e, d.accountId, 'student', d);
      Object.assign(doc, {
        centre_id: d.centreId,
        Phone_Number: d.phone,
        Postcode: d.postcode,
        Date_Of_Birth: d.dateOfBirth,
        must_change_password: true,
        temporary_password_unused: true,
      });
      if (d.centreId) doc._audience.push(d.centreId);
      accounts.in(ctx).put(doc);
    },
    PasswordChanged: change((doc) =>
      Object.assign(doc, { must_change_password: false, temporary_password_unused: false, reset_pending: false }),
    ),
    PasswordReset: change((doc) => void (doc.reset_pending = true)),
    TemporaryPasswordUsed: change((doc) => Object.assign(doc, { must_change_password: true, reset_pending: false })),
    AuditorPasswordReissued: change((doc) =>
      Object.assign(doc, { must_change_password: true, temporary_password_unused: true }),
    ),
    StudentInviteResent: change((doc) =>
      Object.assign(doc, { must_change_password: true, temporary_password_unused: true }),
    ),
    AuditorRevoked: change((doc) => void (doc.locked = true)),
    AccountLocked: change<'AccountLocked'>((doc, d) =>
      Object.assign(doc, { locked: true, lock_category: d.category ?? 'other' }),
    ),
    AccountUnlocked: change((doc) => Object.assign(doc, { locked: false, lock_category: null })),
    AccountVetted: change((doc) => void (doc.vetted = true)),
    AccountUnvetted: change((doc) => void (doc.vetted = false)),
    ProfileChanged: change<'ProfileChanged'>((doc, { changes: c }) => {
      takeChanges(doc, c);
      if (c.Email !== undefined) doc.email_lower = c.Email.toLowerCase();
    }),
    // Every earlier token is refused by its version now, signed-out ones included.
    SessionsRevoked: ({ data: d }, ctx) =>
      accounts
        .in(ctx)
        .update(d.accountId, (doc) => Object.assign(doc, { token_version: d.tokenVersion, ended_tokens: {} })),
    // The signed-out token is refused until it would have expired anyway; expired entries go.
    SessionEnded: ({ time, data: d }, ctx) =>
      accounts.in(ctx).update(d.accountId, (doc) => {
        const now = Date.parse(time);
        const ended = Object.fromEntries(Object.entries(doc.ended_tokens ?? {}).filter(([, expires]) => expires > now));
        ended[d.tokenId] = Date.parse(d.expiresAt);
        doc.ended_tokens = ended;
      }),
  },
});

/** Most account documents the authenticator keeps (least recently used first out). */
const ACCOUNTS_KEPT = 10_000;

/**
 * Accounts kept in memory, dropped when changed; only with a feed told of each commit before its waiters
 * wake, so no request after a lock or sign-out sees the document from before it.
 */
function cachedAccounts(readStore: ReadStore, changes: ChangeFeed): (id: string) => Promise<AccountDoc | null> {
  const kept = new LruMap<string, AccountDoc | null>(ACCOUNTS_KEPT);
  /** Counts the changes seen: a read that a change overtook is not kept (a store that answers asynchronously). */
  let generation = 0;
  changes.subscribe((batch) => {
    for (const c of batch.changes)
      if (c.collection === accounts.name) {
        kept.delete(c.id);
        generation += 1;
      }
  });
  return async (id) => {
    const hit = kept.get(id);
    if (hit !== undefined) return hit;
    const seen = generation;
    const doc = await accounts.from(readStore).get(id);
    if (seen === generation) kept.set(id, doc);
    return doc;
  };
}

/**
 * Signature and expiry, an unlocked account of that role, a token neither revoked nor signed out.
 * `mustChangePassword`: a temporary password (a student's first, or a forgot-password one) not yet replaced.
 */
export function accountsAuthenticator(
  readStore: ReadStore,
  secret: Uint8Array,
  clock: () => Date,
  changes?: ChangeFeed,
): Authenticator {
  const account = changes ? cachedAccounts(readStore, changes) : (id: string) => accounts.from(readStore).get(id);
  return async (token) => {
    const claims = await verifyToken(secret, token, clock());
    if (!claims) return null;
    const doc = await account(claims.sub);
    if (!doc || doc.role !== claims.role) return null;
    if ((claims.tv ?? 0) < (doc.token_version ?? 0) && !doc.locked) return null;
    if (claims.jti && doc.ended_tokens?.[claims.jti] !== undefined) return null;
    // docs/rules.md#locked-accounts, docs/rules.md#auditor-accounts: told why, once.
    if (doc.locked)
      throw new HttpError(401, doc.role === 'auditor' ? AUDITOR_REVOKED : lockedMessage(doc.lock_category));
    return {
      id: doc.id,
      role: doc.role,
      mustChangePassword: doc.must_change_password || Boolean(claims.mcp && doc.reset_pending),
      expiresAt: claims.exp ? claims.exp * 1000 : undefined,
      tokenId: claims.jti,
    };
  };
}
