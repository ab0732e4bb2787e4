/** Date helpers for the mentor screens (UK formats). */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in local time (the signature dialog's default date). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Now as HH:MM in local time (the signature dialog's default time). */
export function nowTime(now = new Date()): string {
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** Dates read as everywhere else: '26 Nov 2026' and '26 Nov 2026, 14:05' (src/lib/dates.ts). */
export { formatDate, formatDateTime } from '../../../lib/dates';
