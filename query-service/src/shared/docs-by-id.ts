import type { Identified, ReadStore } from '@panda/projections/read-store';
import type { Collection } from '@panda/projections/typed-collection';

/** The documents of `collection` with these ids, by id: one read for a whole page (no lookup per item). */
export async function docsById<D extends Identified>(
  rs: ReadStore,
  collection: Collection<D>,
  ids: (string | null | undefined)[],
): Promise<Map<string, D>> {
  const unique = [...new Set(ids.filter((x): x is string => !!x))];
  const docs = unique.length ? await rs.find(collection, { id: { $in: unique } }) : [];
  return new Map(docs.map((d) => [d.id, d]));
}
