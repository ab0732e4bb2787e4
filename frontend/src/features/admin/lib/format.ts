import { formatDate, formatDateTime } from '../../../lib/dates';
import type { AdminListItem, Placement } from '../api/admin-api';

/** Display name of an admin list item: "First Last", a centre's Name, or the e-mail. */
export function itemName(item: AdminListItem, role: 'student' | 'mentor' | 'training_centre'): string {
  if (role === 'training_centre' && item.Name) return item.Name;
  const first = item.First_Name ?? item.first_name ?? '';
  const last = item.Last_Name ?? item.last_name ?? '';
  return `${first} ${last}`.trim() || item.Name || itemEmail(item);
}

export const itemEmail = (item: AdminListItem): string => item.Email ?? item.email ?? '';
export const itemCreated = (item: AdminListItem): string | undefined => item.Created_At ?? item.created_at;

/** "5 Mar 2026", or `fallback` (the shared en-GB formatter). */
export const shortDate = (value: unknown, fallback = 'N/A'): string => formatDate(value, fallback);

/** "5 Mar 2026, 14:05", or `fallback`. */
export const dateTime = (value: unknown, fallback = 'N/A'): string => formatDateTime(value, fallback);

export const matchesSearch = (needle: string, ...values: (string | null | undefined)[]) => {
  const q = needle.trim().toLowerCase();
  return !q || values.some((v) => (v ?? '').toLowerCase().includes(q));
};

export const placementCentre = (p: Placement) =>
  p.training_centre_name ?? p.relationships?.training_centre?.name ?? 'Independent';

/** Placement status colours (spec: active green, pending yellow, other grey). */
export function statusColor(status: string): 'success' | 'warning' | 'default' {
  if (status === 'active') return 'success';
  if (status === 'pending') return 'warning';
  return 'default';
}

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
