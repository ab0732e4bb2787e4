/** An error with an HTTP status and a `detail` the client shows as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | { field: string; message: string }[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((d) => `${d.field}: ${d.message}`).join(', '));
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: HttpError['detail']) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail = 'You are not allowed to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
/** The read models have not reached what the call waits for in time: nothing was done, ask again (docs/api-conventions.md#requests). */
export const readModelsBehind = () =>
  new HttpError(503, 'The read models are still catching up; please retry shortly', { 'Retry-After': '1' });
