import { fieldValue, isFieldIndex, type Doc } from '../read-store';

/** Rules of the read stores that only tests check: the meaning of a sort, and which declared indexes are idle. */

const norm = (v: unknown) => (v === undefined ? null : v);

/** The in-memory meaning of FindOptions' `sort` (missing/null first when ascending); every store must agree with it. */
export function compareBy(sort: Record<string, 1 | -1>) {
  return (a: Doc, b: Doc) => {
    for (const [path, dir] of Object.entries(sort)) {
      const x = norm(fieldValue(a, path)) as string | number | null;
      const y = norm(fieldValue(b, path)) as string | number | null;
      if (x === y) continue;
      if (x === null) return -dir;
      if (y === null) return dir;
      return x < y ? -dir : dir;
    }
    return 0;
  };
}

/**
 * The declared indexes (`a+b` fields) whose fields lead another declared index of the same collection:
 * that one finds, counts and orders what they would (SQLite and MongoDB alike use an index's leading
 * fields), so they would only be written with every document and never read. None should be declared
 * (server/src/projections.unit.test.ts): the documents a student's profile change writes had 5 of them.
 */
export function indexesServedByLonger(indexes: string[]): { index: string; servedBy: string }[] {
  const plain = indexes.filter(isFieldIndex).map((i) => ({ index: i, fields: i.split('+') }));
  return plain.flatMap(({ index, fields }) => {
    const longer = plain.find((o) => o.fields.length > fields.length && fields.every((f, k) => o.fields[k] === f));
    return longer ? [{ index, servedBy: longer.index }] : [];
  });
}
