import { useEffect, useState } from 'react';
import type { FetchBaseQueryMeta, InfiniteData } from '@reduxjs/toolkit/query/react';
import { pageInfo, pageSearch, type Page, type PageArgs } from '@panda/contracts/paging';
import { listTags } from './api';

/**
 * Server-side paging in the web app (docs/rules.md#list-paging): list endpoints take `PageArgs` (plus their own
 * filters), answer a `Page` built from the body and the `X-Total-Count` / `Link` headers, and the
 * views keep a stack of cursors (`useCursorPager`) so Previous and Next walk the pages. Search boxes
 * send `q` after the user pauses typing (`useDebouncedValue`).
 *
 * Lists that grow as the user reads (notifications, tickets, a mentor's jobs) load more instead: an
 * RTK Query `infiniteQuery` with `infiniteQueryOptions: loadMorePages`, shown with `loadedItems` and
 * `<LoadMore>`. A push refetches every loaded page in turn from the first, each with the cursor of
 * the page fetched just before it, so a new item at the top moves the rest down and nothing already
 * shown is lost or doubled.
 */

export type { Page, PageArgs };
export { pageSearch };

/** The rows a view shows per page. */
export const PAGE_SIZE = 50;

/** A Page from a list answer and its headers. */
export function toPage<T>(items: T[], meta: FetchBaseQueryMeta | undefined): Page<T> {
  const headers = meta?.response?.headers;
  if (!headers) return { items, total: items.length, next: null };
  return { items, ...pageInfo(headers) };
}

/** `value`, once it has stopped changing for `delay` ms (search boxes ask the server after a pause). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}

/**
 * The cursor of the page on show, with Next (the page's `next` cursor) and Previous (back along the
 * cursors already walked). Back to the first page whenever `resetKey` changes (new search, sort or filter).
 */
export function useCursorPager(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key: resetKey, cursors: [null] });
  const cursors = state.key === resetKey ? state.cursors : [null];
  if (state.key !== resetKey) setState({ key: resetKey, cursors: [null] });
  return {
    cursor: cursors[cursors.length - 1],
    pageIndex: cursors.length - 1,
    next: (cursor: string | null) => {
      if (cursor) setState({ key: resetKey, cursors: [...cursors, cursor] });
    },
    previous: () => setState({ key: resetKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}

/** A table's sort (`-name` for descending) and filters, as query parameters; '' or missing is "All". */
export type ListView = Record<string, string | undefined>;

/**
 * The state of server-side tables (docs/rules.md#list-paging): a search box shared by the tables of a view,
 * each table's sort and filters (kept per `table` while the user switches between them), and the
 * cursor of the page on show. `args` is what the table's query sends: `limit`, `cursor`, `q` (after
 * a pause in typing) and `sort`; a new search, sort or filter goes back to the first page.
 */
export function useServerList(table: string) {
  const [search, setSearch] = useState('');
  const [views, setViews] = useState<Record<string, ListView>>({});
  const view = views[table] ?? {};
  const setView = (key: string, value: string) => setViews((v) => ({ ...v, [table]: { ...v[table], [key]: value } }));
  const q = useDebouncedValue(search.trim());
  const pager = useCursorPager(`${table}|${q}|${JSON.stringify(view)}`);
  const args = { limit: PAGE_SIZE, cursor: pager.cursor, q: q || undefined, sort: view.sort || undefined };
  return { search, setSearch, view, setView, pager, args };
}

/** The loaded pages of a "Load more" list, as RTK Query keeps them (cursors: null for the first). */
export type LoadedPages<T> = InfiniteData<Page<T>, string | null>;

/** `infiniteQueryOptions` of a "Load more" list: the first page without a cursor, then each answer's next. */
export const loadMorePages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: Page<unknown>) => last.next,
};

/** Cache tags of a "Load more" list: its LIST tag and one per loaded item. */
export const loadedTags = <K extends string>(type: K, data: LoadedPages<{ id: string }> | undefined) =>
  listTags(
    type,
    data?.pages.flatMap((p) => p.items),
  );

/**
 * The items of every loaded page in order, and how many match in all (from the newest answer). An
 * item that changed place between two page loads (newer activity) shows once; items are told apart
 * by `id` unless `key` says otherwise.
 */
export function loadedItems<T extends { id: string }>(data: LoadedPages<T> | undefined): { items: T[]; total: number };
export function loadedItems<T>(
  data: LoadedPages<T> | undefined,
  key: (item: T) => string,
): { items: T[]; total: number };
export function loadedItems<T>(
  data: LoadedPages<T> | undefined,
  key = (item: T) => (item as unknown as { id: string }).id,
): { items: T[]; total: number } {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.items)
      if (!seen.has(key(item))) {
        seen.add(key(item));
        items.push(item);
      }
  return { items, total: data?.pages.at(-1)?.total ?? 0 };
}
