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

/** '2026-03-05' or an ISO time -> '5 March 2026'; anything unreadable is shown as given. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Not available';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** ISO time -> '5 March 2026, 14:05'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'Not available';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDate(value)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
