import type { Doc, ReadStore } from '@panda/projections/read-store';

/** The documents of `collection` with these ids, by id: one read for a whole page (no lookup per item). */
export async function docsById<T extends Doc>(
  rs: ReadStore,
  collection: string,
  ids: (string | null | undefined)[],
): Promise<Map<string, T>> {
  const unique = [...new Set(ids.filter((x): x is string => !!x))];
  const docs = (unique.length ? await rs.find(collection, { id: { $in: unique } }) : []) as T[];
  return new Map(docs.map((d) => [d.id, d]));
}
