import { isUnreachableStatus, OFFLINE_ACTION_MESSAGE } from './connectivity';

/**
 * Turns an RTK Query / fetch error into the text the spec asks for:
 * server `detail` (a validation array becomes 'Field: message' joined by ', '), else the
 * response `message`, else (optionally) the transport error text, else `fallback`.
 */

interface ValidationItem {
  field?: unknown;
  message?: unknown;
  loc?: unknown;
  msg?: unknown;
}

export function formatDetail(detail: unknown): string | null {
  if (typeof detail === 'string') return detail.trim() ? detail : null;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item: unknown) => {
        if (typeof item === 'string') return item;
        if (!item || typeof item !== 'object') return '';
        const v = item as ValidationItem;
        const field =
          typeof v.field === 'string'
            ? v.field
            : Array.isArray(v.loc) && v.loc.length
              ? String(v.loc[v.loc.length - 1])
              : '';
        const message = typeof v.message === 'string' ? v.message : typeof v.msg === 'string' ? v.msg : '';
        if (field && message) return `${field}: ${message}`;
        return message || field;
      })
      .filter(Boolean);
    return parts.length ? parts.join(', ') : null;
  }
  if (detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  return null;
}

export interface ErrorMessageOptions {
  /** Also use the transport error text (e.g. 'TypeError: Failed to fetch') before the fallback. */
  useErrorText?: boolean;
}

export function errorMessage(error: unknown, fallback: string, options: ErrorMessageOptions = {}): string {
  if (!error || typeof error !== 'object') return fallback;
  const e = error as { data?: unknown; error?: unknown; message?: unknown; status?: unknown };
  // No answer from the API: say so plainly (docs/rules.md#honest-offline-state) rather than a generic failure.
  if (isUnreachableStatus(e.status)) return OFFLINE_ACTION_MESSAGE;
  const data = e.data;
  if (data && typeof data === 'object') {
    const d = data as { detail?: unknown; message?: unknown };
    const detail = formatDetail(d.detail);
    if (detail) return detail;
    if (typeof d.message === 'string' && d.message.trim()) return d.message;
  }
  if (options.useErrorText) {
    if (typeof e.error === 'string' && e.error.trim()) return e.error;
    if (typeof e.message === 'string' && e.message.trim()) return e.message;
  }
  return fallback;
}

/**
 * The server's validation messages by field (`[{field, message}]` answers), so a form can show each
 * under its field (docs/rules.md#form-errors): `{ repair_required: 'Cannot be lower than the 3 job cards already signed' }`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const detail = (error as { data?: { detail?: unknown } } | null)?.data?.detail;
  if (!Array.isArray(detail)) return {};
  const out: Record<string, string> = {};
  for (const item of detail as ValidationItem[]) {
    if (item && typeof item.field === 'string' && typeof item.message === 'string' && !(item.field in out))
      out[item.field] = item.message;
  }
  return out;
}

/** The one summary toast of a form whose messages are shown under its fields. */
export const FIELDS_SUMMARY_MESSAGE = 'Please correct the highlighted fields';
