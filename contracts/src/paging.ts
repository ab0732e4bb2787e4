import { z } from 'zod';

/**
 * Paging of every list call: `?limit=` (default 50; above 200 answers 200), `?cursor=` (opaque,
 * taken from the previous answer's `Link: <...>; rel="next"`), `?q=` (server-side search) and
 * `?sort=` (a sort name of the route, `-name` for descending). The page itself is the route's usual
 * JSON body; `X-Total-Count` holds how many items match (all pages), and `Link` the next page while
 * there is more. Routes validate their query with `pageQuerySchema` (plus their own filters), the
 * web app builds its paging arguments from `PageArgs` and reads the headers with `pageInfo`.
 */

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
export const PAGE_Q_MAX = 100;

export const PAGING_TEXTS = {
  limit: `limit must be a whole number of at least 1 (at most ${PAGE_LIMIT_MAX} are answered)`,
  cursor: 'cursor must be a value from a Link header',
  cursorSort: 'cursor belongs to another sort: start again without a cursor',
  q: `q must be at most ${PAGE_Q_MAX} characters`,
  sort: (allowed: readonly string[]) => `sort must be one of ${allowed.flatMap((s) => [s, `-${s}`]).join(', ')}`,
} as const;

export const pageQuerySchema = z.object({
  // A limit above the most is answered with the most (a page of 200), not refused.
  limit: z.coerce
    .number({ error: PAGING_TEXTS.limit })
    .int(PAGING_TEXTS.limit)
    .min(1, PAGING_TEXTS.limit)
    .default(PAGE_LIMIT_DEFAULT)
    .transform((n) => Math.min(n, PAGE_LIMIT_MAX)),
  cursor: z.string({ error: PAGING_TEXTS.cursor }).max(1000, PAGING_TEXTS.cursor).optional(),
  q: z.string({ error: PAGING_TEXTS.q }).trim().max(PAGE_Q_MAX, PAGING_TEXTS.q).optional(),
  sort: z.string({ error: 'sort must be a single value' }).max(64).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** What the web app passes to a paged endpoint (every field optional; empty ones are left out of the URL). */
export interface PageArgs {
  limit?: number;
  cursor?: string | null;
  q?: string;
  sort?: string;
}

/** A page as the web app keeps it: the items plus the two paging headers. */
export interface Page<T> {
  items: T[];
  total: number;
  /** The cursor of the next page, null on the last page. */
  next: string | null;
}

/** The `rel="next"` target of an RFC 8288 Link header, or null. */
export function nextLink(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*(.*)$/.exec(part);
    if (m && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(m[2])) return m[1];
  }
  return null;
}

/** Total and next cursor from an answer's headers (`X-Total-Count`, `Link`). */
export function pageInfo(headers: { get(name: string): string | null }): { total: number; next: string | null } {
  const total = Number(headers.get('X-Total-Count'));
  const target = nextLink(headers.get('Link'));
  const next = target ? new URLSearchParams(target.split('?')[1] ?? '').get('cursor') : null;
  return { total: Number.isFinite(total) ? total : 0, next };
}

/** The query string of a paged call: only the arguments that are set. */
export function pageSearch(args: PageArgs & Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
