import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * GET /api/job-photos/:id answering a tiny PNG for any photo (an image, not JSON: contractHttp does
 * JSON answers only). `requested` lists the ids asked for.
 */
export function jobPhotoHandler() {
  const requested: string[] = [];
  const handler = http.get('/api/job-photos/:id', ({ params }) => {
    requested.push(String(params.id));
    return new HttpResponse(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), {
      headers: { 'Content-Type': 'image/png' },
    });
  });
  return { handler, requested };
}

/**
 * jsdom makes no blob: URLs: within the calling describe, `URL.createObjectURL` answers
 * `blob:photo-1`, `blob:photo-2`, ... and `URL.revokeObjectURL` is a spy.
 */
export function useBlobUrls() {
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));
}
