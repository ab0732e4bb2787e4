import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { apiReachable, apiUnreachable, isUnreachableStatus } from './connectivity';
import { OFFLINE_COPY_HEADER } from './pwa/constants';
import {
  beginTokenRenewal,
  expireSession,
  lockedDetail,
  renewSession,
  tokenRenewal,
  type SessionState,
  type SessionUser,
} from './session';

/**
 * The ONE RTK Query api of the app. Features add endpoints with
 *
 *   export const jobsApi = api
 *     .enhanceEndpoints({ addTagTypes: ['jobs'] })          // tag types = read-model collections
 *     .injectEndpoints({ endpoints: (build) => ({ ... }) });
 *
 * Urls are relative to /api (`url: '/jobs'` calls /api/jobs). Lists provide
 * `{ type: '<collection>', id: 'LIST' }` plus one `{ type, id }` per item; the WebSocket client
 * (src/lib/live.ts) invalidates exactly those tags when the server pushes `changed`.
 *
 * The baseQuery:
 * - adds `Authorization: Bearer <token>` (except on the public auth calls),
 * - adds `Idempotency-Key` on commands (pass your own in `headers` to make retries safe),
 * - remembers the highest log `position` answered by any command (body `position` or header
 *   `X-Log-Position`) and sends it as `X-Min-Position` on every GET (read-your-writes),
 * - logs out on any 401 while a token is held (unless a password change in flight brings a new
 *   token: the call is then repeated with it),
 * - takes up the fresh token a password change answers (PUT /change-password ends every earlier token).
 */

/** Read-model collections known so far; features add theirs with enhanceEndpoints({ addTagTypes }). */
export const BASE_TAG_TYPES = ['accounts'] as const;

/** Calls that never carry the bearer token and whose 401 means "wrong credentials", not "expired". */
const PUBLIC_PATHS = ['/auth/signin', '/auth/signup', '/auth/forgot-password', '/admin/auth/signin'];

let highestPosition = 0;

/** Remember a log position (from a command answer or a push message). */
export function notePosition(value: unknown): void {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (Number.isFinite(n) && n > highestPosition) highestPosition = n;
}

/** The highest log position this client has seen (0 = none). */
export function getMinPosition(): number {
  return highestPosition;
}

/** Headers of a GET made outside RTK Query (images, downloads): the token and read-your-writes. */
export function readHeaders(token: string | null): Record<string, string> {
  return {
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(highestPosition > 0 ? { 'X-Min-Position': String(highestPosition) } : {}),
  };
}

/** A fresh Idempotency-Key (a UUID v4). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toHeaders(init: FetchArgs['headers']): Headers {
  const headers = new Headers();
  if (!init) return headers;
  if (init instanceof Headers) {
    init.forEach((v, k) => headers.set(k, v));
  } else if (Array.isArray(init)) {
    for (const [k, v] of init) headers.set(k, v);
  } else {
    for (const [k, v] of Object.entries(init)) if (v !== undefined) headers.set(k, String(v));
  }
  return headers;
}

function normalizePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return `/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api' });
const RETRIES = 4;

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

export const baseQuery: ApiBaseQuery = async (args, apiCtx, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = toHeaders(request.headers);
  const isPublic = PUBLIC_PATHS.includes(normalizePath(request.url));

  const token = (apiCtx.getState() as { session: SessionState }).session.token;
  const sentToken = !isPublic && !!token && !headers.has('Authorization');
  if (sentToken) headers.set('Authorization', `Bearer ${token}`);

  if (method === 'GET' || method === 'HEAD') {
    if (highestPosition > 0 && !headers.has('X-Min-Position')) headers.set('X-Min-Position', String(highestPosition));
  } else if (!headers.has('Idempotency-Key')) {
    headers.set('Idempotency-Key', newIdempotencyKey());
  }

  request.headers = headers;
  const finishRenewal =
    sentToken && method === 'PUT' && normalizePath(request.url) === '/change-password' ? beginTokenRenewal() : null;
  let result = await rawBaseQuery(request, apiCtx, extraOptions);
  // A read the read models have not caught up with yet, or a call of an account whose own change they do not
  // have yet, is answered 503 with Retry-After (docs/api-conventions.md#requests): nothing was done, so it is
  // asked again after that many seconds, a few times (a command with its Idempotency-Key, which makes that safe).
  for (let tries = 0; result.error?.status === 503 && tries < RETRIES; tries++) {
    const after = result.meta?.response?.headers.get('Retry-After');
    if (after == null) break;
    await new Promise((resolve) => setTimeout(resolve, (Number(after) || 0) * 1000));
    result = await rawBaseQuery(request, apiCtx, extraOptions);
  }
  if (finishRenewal) {
    const answer = (result.error ? null : result.data) as { token?: unknown; user?: SessionUser } | null;
    const fresh = typeof answer?.token === 'string' ? answer.token : null;
    if (fresh) apiCtx.dispatch(renewSession(fresh, answer?.user));
    finishRenewal(fresh);
  }
  // The offline banner follows every call: no answer marks the API unreachable, any answer reachable;
  // a copy the service worker kept (docs/rules.md#installable-app) is no answer from the API.
  const offlineCopy = result.meta?.response?.headers.get(OFFLINE_COPY_HEADER) === '1';
  const reachable = !offlineCopy && !(result.error && isUnreachableStatus(result.error.status));
  if ((apiCtx.getState() as { connectivity?: { reachable: boolean } }).connectivity?.reachable !== reachable)
    apiCtx.dispatch(reachable ? apiReachable() : apiUnreachable());

  if (result.error) {
    if (result.error.status === 401 && sentToken && !finishRenewal) {
      // Sent with a token that a password change in flight has just ended: repeat with the new one.
      const renewed = await tokenRenewal();
      if (renewed && renewed !== token) return baseQuery(args, apiCtx, extraOptions);
      const current = (apiCtx.getState() as { session: SessionState }).session.token;
      if (current === token) apiCtx.dispatch(expireSession(lockedDetail(result.error.data)));
    }
    return result;
  }

  if (method !== 'GET' && method !== 'HEAD') {
    notePosition(result.meta?.response?.headers.get('X-Log-Position'));
    const data = result.data as { position?: unknown } | null | undefined;
    if (data && typeof data === 'object') notePosition(data.position);
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: BASE_TAG_TYPES,
  // The offline banner announces the API is back with an 'online' event: lists refetch then.
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** The LIST tag of each of these collections: every list of them refetches (a change anywhere in them). */
export const wholeLists = <T extends string>(...types: T[]) => types.map((type) => ({ type, id: 'LIST' as const }));

/** Tags for a list answer: the LIST tag plus one per item id. */
export function listTags<T extends string>(
  type: T,
  items: ReadonlyArray<{ id?: string | number | null }> | undefined | null,
): Array<{ type: T; id: string | number }> {
  const tags: Array<{ type: T; id: string | number }> = [{ type, id: 'LIST' }];
  for (const item of items ?? []) if (item && item.id != null) tags.push({ type, id: item.id });
  return tags;
}
