import { readHeaders } from './api';

/** Downloads a file from an authenticated GET (evidence packs, portfolios): fetch with the token, then save it under the server's file name. */
export async function downloadWithToken(url: string, token: string | null, fallbackName: string): Promise<void> {
  const res = await fetch(url, { headers: readHeaders(token) });
  if (!res.ok) {
    let detail = `Download failed (${res.status})`;
    try {
      const body = (await res.json()) as { detail?: unknown };
      if (typeof body.detail === 'string') detail = body.detail;
    } catch {
      /* not JSON */
    }
    throw new Error(detail);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
}

/** Saves a file the app already holds (a payout run's bank CSV) under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
