/**
 * Date display helpers shared by the dashboards.
 * `formatLongDate` is the details modal's "long US format" (e.g. "March 5, 2026") or 'Not available'.
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

/** "March 5, 2026", or `fallback` ('Not available') when missing or invalid. */
export function formatLongDate(value: unknown, fallback: string = NOT_AVAILABLE): string {
  const date = toDate(value);
  if (!date) return fallback;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** "14:05" (24-hour), or `fallback` when missing or invalid. */
export function formatTime24(value: unknown, fallback: string = NOT_AVAILABLE): string {
  const date = toDate(value);
  if (!date) return fallback;
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
}
