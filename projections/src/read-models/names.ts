import type { ProfileChanges } from '@panda/events/catalogue/profiles';
import type { Identified } from '../read-store';
import type { Writable } from '../typed-collection';
import type { DataOf } from '../typed-projection';

/** An account's Name ("First Last", a centre's own name) and e-mail, kept so a projection reads no other's collections. */
export interface KeptName {
  role: 'student' | 'mentor' | 'training_centre';
  First_Name: string;
  Last_Name: string;
  Name: string;
  Email: string;
}

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

export const signedUpName = (d: DataOf<'AccountSignedUp'>): KeptName => ({
  role: d.role,
  First_Name: d.firstName,
  Last_Name: d.lastName,
  Name: d.centreName || fullName(d.firstName, d.lastName),
  Email: d.email,
});

export const registeredName = (d: DataOf<'StudentRegistered'>): KeptName => ({
  role: 'student',
  First_Name: d.firstName,
  Last_Name: d.lastName,
  Name: fullName(d.firstName, d.lastName),
  Email: d.email,
});

/** A document that shows an account: its names and e-mail, and those of its phone and postcode it keeps. */
type ShownAccount = Omit<KeptName, 'role'> & { role?: string; Phone_Number?: string | null; Postcode?: string | null };
const CHANGEABLE = ['First_Name', 'Last_Name', 'Email', 'Phone_Number', 'Postcode'] as const;

/** Profile Settings' changes (only those that changed) to a document that shows the account, and its Name. */
export function takeChanges(doc: ShownAccount, c: ProfileChanges): void {
  for (const f of CHANGEABLE) if (c[f] !== undefined && f in doc) (doc as unknown as Record<string, unknown>)[f] = c[f];
  doc.Name = doc.role === 'training_centre' ? (c.Name ?? doc.Name) : fullName(doc.First_Name, doc.Last_Name);
}

/** takeChanges on kept name `id`, written back when its Name or e-mail changed; null when there is nothing to write. */
export async function rename<D extends KeptName & Identified>(names: Writable<D>, id: string, c: ProfileChanges) {
  const n = await names.get(id);
  if (!n) return null;
  const before = { Name: n.Name, Email: n.Email };
  takeChanges(n, c);
  if (before.Name === n.Name && before.Email === n.Email) return null;
  names.put(n);
  return { name: n, nameChanged: before.Name !== n.Name };
}
