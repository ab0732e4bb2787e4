import type { ProfileChanges } from '@panda/events/catalogue/profiles';
import type { Identified } from '../read-store';
import type { Writable } from '../typed-collection';
import type { DataOf } from '../typed-projection';

/**
 * An account's name as the product shows it ("First Last", or a training centre's own name) and its e-mail,
 * kept by a projection whose rows show them, so that it reads no other projection's collections. The same
 * rules as `accounts` (its Name and Email).
 */
export interface KeptName {
  role: 'student' | 'mentor' | 'training_centre';
  First_Name: string;
  Last_Name: string;
  Name: string;
  Email: string;
}

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** A mentor or a centre that signed up. */
export const signedUpName = (d: DataOf<'AccountSignedUp'>): KeptName => ({
  role: d.role,
  First_Name: d.firstName,
  Last_Name: d.lastName,
  Name: d.centreName || fullName(d.firstName, d.lastName),
  Email: d.email,
});

/** A student registered. */
export const registeredName = (d: DataOf<'StudentRegistered'>): KeptName => ({
  role: 'student',
  First_Name: d.firstName,
  Last_Name: d.lastName,
  Name: fullName(d.firstName, d.lastName),
  Email: d.email,
});

/** A document that shows an account: its names and e-mail, and those of its phone and postcode it keeps. */
interface ShownAccount {
  role?: string;
  First_Name: string;
  Last_Name: string;
  Name: string;
  Email: string;
  Phone_Number?: string | null;
  Postcode?: string | null;
}
const CHANGEABLE = ['First_Name', 'Last_Name', 'Email', 'Phone_Number', 'Postcode'] as const;

/**
 * Profile Settings' changes (only the fields that changed) to a document that shows the account: the fields of
 * them it keeps, and its Name (a training centre's own name, anyone else's "First Last").
 */
export function takeChanges(doc: ShownAccount, c: ProfileChanges): void {
  for (const f of CHANGEABLE) if (c[f] !== undefined && f in doc) (doc as unknown as Record<string, unknown>)[f] = c[f];
  doc.Name = doc.role === 'training_centre' ? (c.Name ?? doc.Name) : fullName(doc.First_Name, doc.Last_Name);
}

/**
 * takeChanges on the kept name `id` of `names`, written back when its Name or e-mail changed. Answers it and
 * whether its Name changed; null when there is no such name, or nothing it shows changed.
 */
export async function rename<D extends KeptName & Identified>(names: Writable<D>, id: string, c: ProfileChanges) {
  const n = await names.get(id);
  if (!n) return null;
  const before = { Name: n.Name, Email: n.Email };
  takeChanges(n, c);
  if (before.Name === n.Name && before.Email === n.Email) return null;
  names.put(n);
  return { name: n, nameChanged: before.Name !== n.Name };
}
