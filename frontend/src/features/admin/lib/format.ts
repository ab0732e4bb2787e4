import { formatDate, formatDateTime } from '../../../lib/dates';
import type { AdminStudent } from '@panda/contracts/admin';
import type { Placement } from '../api/admin-api';

/** Display name of an admin list item: "First Last", a centre's Name, or the e-mail. */
export function itemName(
  item: Pick<AdminStudent, 'First_Name' | 'Last_Name' | 'Name' | 'Email'>,
  role: 'student' | 'mentor' | 'training_centre',
): string {
  if (role === 'training_centre' && item.Name) return item.Name;
  return `${item.First_Name} ${item.Last_Name}`.trim() || item.Name || item.Email;
}

/** "5 Mar 2026", or `fallback` (the shared en-GB formatter). */
export const shortDate = (value: unknown, fallback = 'N/A'): string => formatDate(value, fallback);

/** "5 Mar 2026, 14:05", or `fallback`. */
export const dateTime = (value: unknown, fallback = 'N/A'): string => formatDateTime(value, fallback);

export const placementCentre = (p: Placement) =>
  p.training_centre_name ?? p.relationships?.training_centre?.name ?? 'Independent';

/** Placement status colours (spec: active green, pending yellow, other grey). */
export function statusColor(status: string): 'success' | 'warning' | 'default' {
  if (status === 'active') return 'success';
  if (status === 'pending') return 'warning';
  return 'default';
}

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
