import { newIdempotencyKey, notePosition } from './api';

/** A refused or failed upload: the server's message (its field message or detail) or why no answer came. */
export class UploadError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface RawUpload {
  /** Relative to /api, e.g. `/job-photos`. */
  path: string;
  body: Blob;
  token: string | null;
  /** Kept by the caller so a retry of the same file names the same upload. */
  idempotencyKey?: string;
  /** Called with the share of the body sent so far (0 to 1) while it is sent. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

const messageOf = (body: unknown, fallback: string): string => {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const first = detail.find(
      (d): d is { message: string } => typeof (d as { message?: unknown })?.message === 'string',
    );
    if (first) return first.message;
  }
  return fallback;
};

/**
 * POSTs a file as the raw body with its own Content-Type (`POST /api/job-photos`), reporting how
 * much of it has been sent: fetch cannot report upload progress, XMLHttpRequest can. Answers the
 * JSON body of a 2xx; anything else is an UploadError with the server's message.
 */
export function uploadRaw<T>({ path, body, token, idempotencyKey, onProgress, signal }: RawUpload): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey ?? newIdempotencyKey());
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        notePosition((json as { position?: unknown } | null)?.position);
        resolve(json as T);
      } else reject(new UploadError(messageOf(json, `The upload failed (HTTP ${xhr.status})`), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('No answer from the server: check your signal and retry', 0));
    xhr.onabort = () => reject(new UploadError('The upload was stopped', 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
