import type { Request, Response } from 'express';
import { PAGING_TEXTS, pageQuerySchema } from '@panda/contracts/paging';
import { badRequest } from './errors';
import { validate } from './http';

/**
 * Keyset paging for every list call (docs/rules.md#list-paging; docs/api-conventions.md "Paging").
 *
 * A list declares its sorts (`?sort=` names mapped to document fields) and the fields `?q=` searches;
 * `parsePaging(req.query, spec)` validates the query (400 with a clear message for a bad limit,
 * cursor or sort), `findPage(store, collection, filter, paging)` reads one page of a read-model
 * collection plus the total, and `setPageHeaders(req, res, page)` writes `X-Total-Count` and the
 * `Link: <...>; rel="next"` header (RFC 8288). Typical route:
 *
 *   const paging = parsePaging(req.query, STUDENT_LIST);
 *   const page = await findPage<StudentDoc>(rs, STUDENTS, { centre_id: me }, paging);
 *   setPageHeaders(req, res, page);
 *   res.json(page.items.map(view));
 *
 * The cursor is opaque to clients (base64url of the sort, the last item's sort value and its id),
 * and the next page is every document after that (sort value, id) pair in the sort order, so a page
 * never repeats or skips an item when others are inserted or deleted meanwhile (no offsets). Ties
 * on the sort value are broken by id in the sort's direction, as the read stores order them; a
 * compound index (filter fields, sort field, id) backs each list.
 */

export type SortValue = string | number | boolean | null;
export type PageFilter = Record<string, unknown>;

/** What a list offers: `?sort=` names -> document fields, the default sort, the fields `?q=` searches. */
export interface ListSpec {
  /** A sort is one field, or several (ties on the first go by the next, then by id). */
  sorts: Record<string, string | string[]>;
  /** A name of `sorts`, `-name` for descending. */
  defaultSort: string;
  /** Fields searched by `?q=` (case-insensitive "contains", any of them); no search when absent. */
  search?: string[];
}

export interface Paging {
  limit: number;
  /** The search text, lower-cased; null without one. */
  q: string | null;
  /** The sort as named in the query, e.g. `-created`. */
  sort: string;
  /** The sort's (first) field. */
  field: string;
  /** All of the sort's fields. */
  fields: string[];
  dir: 1 | -1;
  /** The last item of the previous page, from the cursor: its sort value (one per field) and id. */
  after: { value: SortValue; id: string } | null;
  /** The values of the other sort fields, when the sort has several. */
  afterRest?: SortValue[];
  search: string[];
}

export interface PageResult<T> {
  items: T[];
  total: number;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/** The part of a read store paging needs (structural, so this module depends on no store). */
export interface PageSource {
  find(
    collection: string,
    filter?: PageFilter,
    options?: { sort?: Record<string, 1 | -1>; limit?: number },
  ): Promise<{ id: string }[]>;
  count(collection: string, filter?: PageFilter): Promise<number>;
  /**
   * True when the store answers a read in the caller's turn (the embedded store): a first page then reads
   * before it counts, and one with room to spare is its own count. Without it the count is asked beside the
   * page (a server's round trips overlap).
   */
  readonly readsInline?: boolean;
}

/** A read model's typed collection (`collection<D>('name')` in projections), as far as paging needs it: its name, and D. */
export interface TypedCollection<D> {
  readonly name: string;
  from(store: never): { get(id: string): Promise<D | null> };
}

const isSortValue = (v: unknown): v is SortValue => v === null || ['string', 'number', 'boolean'].includes(typeof v);

export function encodeCursor(sort: string, value: SortValue | SortValue[], id: string): string {
  return Buffer.from(JSON.stringify([sort, value, id]), 'utf8').toString('base64url');
}

/** The (value, id) a cursor points after (value: one per field of a multi-field sort); 400 when it is not one of ours or belongs to another sort. */
export function decodeCursor(raw: string, sort: string): { value: SortValue | SortValue[]; id: string } {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest([{ field: 'cursor', message: PAGING_TEXTS.cursor }]);
  }
  const okValue = (v: unknown) => isSortValue(v) || (Array.isArray(v) && v.length > 1 && v.every(isSortValue));
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    typeof parsed[0] !== 'string' ||
    !okValue(parsed[1]) ||
    typeof parsed[2] !== 'string' ||
    !parsed[2]
  ) {
    throw badRequest([{ field: 'cursor', message: PAGING_TEXTS.cursor }]);
  }
  if (parsed[0] !== sort) throw badRequest([{ field: 'cursor', message: PAGING_TEXTS.cursorSort }]);
  return { value: parsed[1], id: parsed[2] };
}

/** Validates `?limit=&cursor=&q=&sort=` against what the list offers. */
export function parsePaging(query: unknown, spec: ListSpec): Paging {
  const p = validate(pageQuerySchema, query);
  const sort = p.sort || spec.defaultSort;
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  const named = Object.hasOwn(spec.sorts, name) ? spec.sorts[name] : undefined;
  if (!named) throw badRequest([{ field: 'sort', message: PAGING_TEXTS.sort(Object.keys(spec.sorts)) }]);
  const fields = typeof named === 'string' ? [named] : named;
  const q = p.q ? p.q.toLowerCase() : null;
  if (q && !spec.search?.length) throw badRequest([{ field: 'q', message: 'This list has no search' }]);
  const cursor = p.cursor ? decodeCursor(p.cursor, sort) : null;
  const values = cursor ? (Array.isArray(cursor.value) ? cursor.value : [cursor.value]) : [];
  if (cursor && values.length !== fields.length) throw badRequest([{ field: 'cursor', message: PAGING_TEXTS.cursor }]);
  return {
    limit: p.limit,
    q,
    sort,
    field: fields[0],
    fields,
    dir: sort.startsWith('-') ? -1 : 1,
    after: cursor ? { value: values[0], id: cursor.id } : null,
    ...(fields.length > 1 && cursor ? { afterRest: values.slice(1) } : {}),
    search: spec.search ?? [],
  };
}

/** All of the filters (empty ones dropped). */
export function allOf(...filters: (PageFilter | null | undefined)[]): PageFilter {
  const list = filters.filter((f): f is PageFilter => !!f && Object.keys(f).length > 0);
  return list.length === 0 ? {} : list.length === 1 ? list[0] : { $and: list };
}

/** `?q=`: any of the fields contains the text (case-insensitive). */
export function searchFilter(q: string | null, fields: string[]): PageFilter | null {
  if (!q || !fields.length) return null;
  return fields.length === 1
    ? { [fields[0]]: { $contains: q } }
    : { $or: fields.map((f) => ({ [f]: { $contains: q } })) };
}

/**
 * Everything after (values, id) in the order (fields… dir, id dir), with the stores' rule that missing
 * or null values come first when ascending (last when descending), as a list of plain conjunctions in
 * that order: each one is a range an index (filter fields, sort fields, id) reads directly, where one
 * filter with `$or` branches would make a store read and sort every match. A page reads them in turn
 * until it is full (usually the first two: the ties of the cursor's item, then everything beyond).
 */
export function afterSegments(fields: string[], dir: 1 | -1, values: SortValue[], id: string): PageFilter[] {
  const beyond = dir === 1 ? '$gt' : '$lt';
  if (fields.length === 1 && fields[0] === 'id') return [{ id: { [beyond]: id } }];
  const equal = (n: number): PageFilter => Object.fromEntries(fields.slice(0, n).map((f, i) => [f, values[i]]));
  const segments: PageFilter[] = [{ ...equal(fields.length), id: { [beyond]: id } }];
  for (let i = fields.length - 1; i >= 0; i--) {
    const [field, value] = [fields[i], values[i]];
    if (value === null) {
      // Ascending, the values after null are all the others; descending, null is the end.
      if (dir === 1) segments.push({ ...equal(i), [field]: { $ne: null } });
    } else {
      segments.push({ ...equal(i), [field]: { [beyond]: value } });
      if (dir === -1) segments.push({ ...equal(i), [field]: null });
    }
  }
  return segments;
}

const valueAt = (doc: unknown, path: string): SortValue => {
  const v = path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), doc);
  return isSortValue(v) ? v : null;
};

/**
 * One page of `collection` under `filter` (plus the search and the cursor), and the total under `filter` and
 * the search.
 */
export async function findPage<T extends { id: string }>(
  store: PageSource,
  collection: string | TypedCollection<T>,
  filter: PageFilter,
  paging: Paging,
): Promise<PageResult<T>> {
  const name = typeof collection === 'string' ? collection : collection.name;
  const matching = allOf(filter, searchFilter(paging.q, paging.search));
  const fields = paging.fields ?? [paging.field];
  const sort = Object.fromEntries(fields.map((f) => [f, paging.dir] as const));
  const segments = paging.after
    ? afterSegments(fields, paging.dir, [paging.after.value, ...(paging.afterRest ?? [])], paging.after.id)
    : [{}];
  const read = async () => {
    const found: T[] = [];
    for (const segment of segments) {
      if (found.length > paging.limit) break;
      const limit = paging.limit + 1 - found.length;
      // A typed collection's documents are those its read model put (see projections' typed-collection).
      found.push(...((await store.find(name, allOf(matching, segment), { sort, limit })) as T[]));
    }
    return found;
  };
  let count: number;
  let docs: T[];
  if (store.readsInline) {
    docs = await read();
    // A first page that is not full holds every match: a count would read them all again (a search scanned
    // over a mentor's students reads each of them).
    count = !paging.after && docs.length <= paging.limit ? docs.length : await store.count(name, matching);
  } else [count, docs] = await Promise.all([store.count(name, matching), read()]);
  const items = docs.slice(0, paging.limit);
  const last = docs.length > paging.limit && items.length ? items[items.length - 1] : null;
  const lastValue = (d: { id: string }) =>
    fields.length === 1 ? valueAt(d, fields[0]) : fields.map((f) => valueAt(d, f));
  return {
    items,
    total: count,
    next: last ? encodeCursor(paging.sort, lastValue(last), last.id) : null,
  };
}

/** `X-Total-Count`, and `Link: <same path and query, next cursor>; rel="next"` while there is more. */
export function setPageHeaders(req: Request, res: Response, page: { total: number; next: string | null }): void {
  res.setHeader('X-Total-Count', String(page.total));
  if (!page.next) return;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) if (k !== 'cursor' && typeof v === 'string') params.set(k, v);
  params.set('cursor', page.next);
  res.setHeader('Link', `<${req.baseUrl}${req.path}?${params.toString()}>; rel="next"`);
}
