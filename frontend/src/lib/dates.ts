/**
 * Date display helpers shared by every screen: one en-GB style, "26 Nov 2026" and "26 Nov 2026, 14:05"
 * (docs/rules.md#date-style), or a fallback ('Not available') when missing or invalid.
 */

export const NOT_AVAILABLE = 'Not available';

function toDate(value: unknown): Date | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  // A bare calendar date (YYYY-MM-DD) is a day, not a UTC instant: read it in local time.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    const local = new Date(y, m - 1, d);
    return Number.isNaN(local.getTime()) ? null : local;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Fixed month names: browsers disagree on en-GB's short September ("Sep"/"Sept").
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Nov 2026" (local calendar day), or `fallback` when missing or invalid. */
export function formatDate(value: unknown, fallback: string = NOT_AVAILABLE): string {
  const date = toDate(value);
  if (!date) return fallback;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "26 Nov 2026, 14:05", or `fallback` when missing or invalid. */
export function formatDateTime(value: unknown, fallback: string = NOT_AVAILABLE): string {
  const date = toDate(value);
  if (!date) return fallback;
  return `${formatDate(date)}, ${formatTime24(date)}`;
}

/** "14:05" (24-hour), or `fallback` when missing or invalid. */
export function formatTime24(value: unknown, fallback: string = NOT_AVAILABLE): string {
  const date = toDate(value);
  if (!date) return fallback;
  // As en-GB's 24-hour clock writes it, without building a locale formatter on every call (a list of
  // sign-offs formats dozens of times while the screen first renders).
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
