import { toast } from './toast';

export const COPY_SUCCESS_MESSAGE = 'Copied to clipboard!';
export const COPY_FAILURE_MESSAGE = 'Failed to copy';

/** Fallback for browsers without the async clipboard API (or without permission). */
function legacyCopy(text: string): boolean {
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  document.body.removeChild(area);
  return ok;
}

/**
 * Copies text and shows the spec's toast: 'Copied to clipboard!' or 'Failed to copy'.
 * Resolves to true when the text was copied.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  let ok: boolean;
  try {
    if (
      typeof navigator !== 'undefined' &&
      navigator.clipboard &&
      typeof navigator.clipboard.writeText === 'function'
    ) {
      await navigator.clipboard.writeText(text);
      ok = true;
    } else {
      ok = legacyCopy(text);
    }
  } catch {
    ok = legacyCopy(text);
  }
  if (ok) toast.success(COPY_SUCCESS_MESSAGE);
  else toast.error(COPY_FAILURE_MESSAGE);
  return ok;
}
