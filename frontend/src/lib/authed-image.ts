import { useEffect, useState } from 'react';
import { readHeaders } from './api';
import { useAppSelector } from './hooks';
import { selectToken } from './session';

export type AuthedImage = { status: 'loading' } | { status: 'loaded'; src: string } | { status: 'failed' };

/**
 * An image behind an authenticated API route (an <img> cannot send the bearer token): fetched with
 * the session's token and shown through a blob: URL that lives only as long as the component, so the
 * image never gets a URL another page could load. `url` null: nothing to load.
 */
export function useAuthedImage(url: string | null): AuthedImage | null {
  const token = useAppSelector(selectToken);
  // What the last fetch gave, for the url and token it was made with; anything else is still loading.
  const key = url && token ? `${token} ${url}` : null;
  const [result, setResult] = useState<{ key: string; image: AuthedImage } | null>(null);

  useEffect(() => {
    if (!url || !token) return;
    const key = `${token} ${url}`;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    const setImage = (image: AuthedImage) => setResult({ key, image });
    (async () => {
      try {
        // An image just sent (a chat image) is served once the read models have its message.
        const res = await fetch(url, { headers: readHeaders(token), signal: abort.signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = await res.blob();
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ status: 'loaded', src: objectUrl });
      } catch {
        if (!abort.signal.aborted) setImage({ status: 'failed' });
      }
    })();
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);

  if (!key) return null;
  return result?.key === key ? result.image : { status: 'loading' };
}
