import type { ProfileChanges } from '@panda/events/catalogue/profiles';
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

/** Profile Settings' changes (only the fields that changed) applied to a kept name; answers what it was. */
export function rename(n: KeptName, c: ProfileChanges): { Name: string; Email: string } {
  const before = { Name: n.Name, Email: n.Email };
  if (c.First_Name !== undefined) n.First_Name = c.First_Name;
  if (c.Last_Name !== undefined) n.Last_Name = c.Last_Name;
  if (c.Email !== undefined) n.Email = c.Email;
  n.Name = n.role === 'training_centre' ? (c.Name ?? n.Name) : fullName(n.First_Name, n.Last_Name);
  return before;
}
