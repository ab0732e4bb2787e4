import type { RecordedEvent } from '@panda/events/envelope';
import type { ProfileChanges } from '@panda/events/catalogue/profiles';
import type { Projection } from '../projection';
import type { Doc, ReadStore } from '../read-store';
import type { Authenticator } from '@panda/platform/http';
import { verifyToken } from '@panda/platform/tokens';

/**
 * `accounts`: one document per account of every role, as the product shows it (no password hashes).
 * Fields use the spec's names. `_audience`: the account itself (admins see everything).
 */
export const ACCOUNTS = 'accounts';

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

type Data = Record<string, unknown> & { accountId: string };

const base = (e: RecordedEvent, d: Data, role: AccountDoc['role'], first: string, last: string, email: string): AccountDoc => ({
  id: d.accountId,
  role,
  First_Name: first,
  Last_Name: last,
  Name: `${first} ${last}`.trim(),
  Email: email,
  email_lower: email.toLowerCase(),
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
  _audience: [d.accountId],
});

export const accountsProjection: Projection = {
  name: 'accounts',
  collections: { [ACCOUNTS]: ['role', 'email_lower', 'centre_id', 'Created_At', 'role+Created_At', 'role+Name', 'role+Email'] },
  handles: ['AccountSignedUp', 'AdminProvisioned', 'AuditorProvisioned', 'StudentRegistered', 'PasswordChanged', 'PasswordReset', 'AccountLocked', 'AccountUnlocked', 'AccountVetted', 'AccountUnvetted', 'ProfileChanged', 'SessionsRevoked', 'SessionEnded'],
  async apply(e, ctx) {
    const d = e.data as Data;
    switch (e.type) {
      case 'AccountSignedUp': {
        const doc = base(e, d, d.role as AccountDoc['role'], d.firstName as string, d.lastName as string, d.email as string);
        if (d.centreName) doc.Name = d.centreName as string;
        ctx.put(ACCOUNTS, doc);
        return;
      }
      case 'AdminProvisioned':
        ctx.put(ACCOUNTS, base(e, d, 'admin', d.firstName as string, d.lastName as string, d.email as string));
        return;
      case 'AuditorProvisioned':
        ctx.put(ACCOUNTS, { ...base(e, d, 'auditor', d.firstName as string, d.lastName as string, d.email as string), must_change_password: true, temporary_password_unused: true });
        return;
      case 'StudentRegistered': {
        const doc = base(e, d, 'student', d.firstName as string, d.lastName as string, d.email as string);
        Object.assign(doc, {
          centre_id: d.centreId,
          Phone_Number: d.phone,
          Postcode: d.postcode,
          Date_Of_Birth: d.dateOfBirth,
          must_change_password: true,
          temporary_password_unused: true,
        });
        if (d.centreId) doc._audience.push(d.centreId as string);
        ctx.put(ACCOUNTS, doc);
        return;
      }
    }
    const doc = (await ctx.get(ACCOUNTS, d.accountId)) as AccountDoc | null;
    if (!doc) return;
    if (e.type === 'SessionsRevoked') {
      // Every earlier token is refused by its version now, signed-out ones included.
      Object.assign(doc, { token_version: d.tokenVersion as number, ended_tokens: {} });
      return void ctx.put(ACCOUNTS, doc);
    }
    if (e.type === 'SessionEnded') {
      const now = Date.parse(e.time);
      const ended = Object.fromEntries(Object.entries(doc.ended_tokens ?? {}).filter(([, expires]) => expires > now));
      ended[d.tokenId as string] = Date.parse(d.expiresAt as string);
      doc.ended_tokens = ended;
      return void ctx.put(ACCOUNTS, doc);
    }
    doc.updated_at = e.time;
    switch (e.type) {
      case 'PasswordChanged':
        doc.must_change_password = false;
        doc.temporary_password_unused = false;
        doc.reset_pending = false;
        break;
      case 'PasswordReset':
        doc.reset_pending = true;
        break;
      case 'AccountLocked':
        doc.locked = true;
        break;
      case 'AccountUnlocked':
        doc.locked = false;
        break;
      case 'AccountVetted':
        doc.vetted = true;
        break;
      case 'AccountUnvetted':
        doc.vetted = false;
        break;
      case 'ProfileChanged': {
        const c = d.changes as ProfileChanges;
        if (c.First_Name !== undefined) doc.First_Name = c.First_Name;
        if (c.Last_Name !== undefined) doc.Last_Name = c.Last_Name;
        if (c.Email !== undefined) Object.assign(doc, { Email: c.Email, email_lower: c.Email.toLowerCase() });
        if (c.Phone_Number !== undefined) doc.Phone_Number = c.Phone_Number;
        if (c.Postcode !== undefined) doc.Postcode = c.Postcode;
        // Name: the centre's name for training centres, "First Last" for everyone else.
        doc.Name = doc.role === 'training_centre' ? (c.Name ?? doc.Name) : `${doc.First_Name} ${doc.Last_Name}`.trim();
        break;
      }
    }
    ctx.put(ACCOUNTS, doc);
  },
};

/**
 * Token check shared by every service: valid signature and expiry, the account exists with that
 * role and is not locked, the token is not older than the account's last revocation and was not
 * signed out. `mustChangePassword`: a registered student's first password, or a sign-in with a
 * forgot-password temporary password that has not been replaced yet.
 */
export function accountsAuthenticator(readStore: ReadStore, secret: Uint8Array): Authenticator {
  return async (token) => {
    const claims = await verifyToken(secret, token);
    if (!claims) return null;
    const doc = (await readStore.get(ACCOUNTS, claims.sub)) as AccountDoc | null;
    if (!doc || doc.locked || doc.role !== claims.role) return null;
    if ((claims.tv ?? 0) < (doc.token_version ?? 0) || (claims.jti && doc.ended_tokens?.[claims.jti] !== undefined)) return null;
    return {
      id: doc.id,
      role: doc.role,
      mustChangePassword: doc.must_change_password || Boolean(claims.mcp && doc.reset_pending),
      expiresAt: claims.exp ? claims.exp * 1000 : undefined,
      tokenId: claims.jti,
    };
  };
}
