import { describe, expect, it } from 'vitest';
import {
  JSON_FLAT,
  JSON_INTEGER,
  JSON_SCALAR,
  JSON_STRING,
  docShape,
  stringField,
  withFields,
  withoutAudience,
} from './doc-text';

/** Documents as stores write them, the audience last or not, with texts that look like JSON inside strings. */
const docs: Record<string, unknown>[] = [
  { id: 'p1', student_id: 's1', Notes: null, _audience: ['s1', 'm1', 'c1'] },
  { id: 'p2', student_id: 's2', _audience: [] },
  { id: 'p3', _audience: ['s1'], student_id: 's3' },
  { id: 'p4', student_id: 's4' },
  { id: 'p5', student_id: 'a "quoted" \\ id', Notes: ',"_audience":["x"]}', _audience: ['a"b', 'c\\d'] },
  {
    id: 'p6',
    Notes: '"student_id":"fake"',
    relationships: { student: { id: 's6' } },
    student_id: 's6',
    _audience: ['s6'],
  },
  { id: 'p7', student_id: 7, nested: { _audience: ['n'] } },
  { id: 'p8', Notes: 'tail', nested: { _audience: ['n'] } },
];

describe('list items from stored JSON text (shared/doc-text)', () => {
  it.each(docs.map((d) => [d.id, d] as const))(
    'withoutAudience answers what parsing, deleting _audience and stringifying answers (%s)',
    (_id, doc) => {
      const { _audience, ...shown } = doc;
      expect(withoutAudience(JSON.stringify(doc))).toBe(JSON.stringify(shown));
    },
  );

  it('withoutAudience cuts the text without parsing it when the audience closes it', () => {
    expect(withoutAudience('{"id":"p1","_audience":["s1","m1"]}')).toBe('{"id":"p1"}');
    expect(withoutAudience('{"id":"p1","_audience":[]}')).toBe('{"id":"p1"}');
    expect(() => withoutAudience('{"id":"p1",')).toThrow();
  });

  it.each(docs.map((d) => [d.id, d] as const))(
    'stringField finds a top-level string, never a look-alike inside a string value (%s)',
    (_id, doc) => {
      const expected = typeof doc.student_id === 'string' ? doc.student_id : null;
      expect(stringField(JSON.stringify(doc), 'student_id')).toBe(expected);
    },
  );

  it('withFields adds fields after the document’s own, to any object', () => {
    const added = { cards_signed: 1, cards_required: 3, note: 'a "b"' };
    for (const doc of [...docs, {}]) {
      const text = withFields(JSON.stringify(doc), added);
      expect(JSON.parse(text)).toEqual({ ...doc, ...added });
      expect(Object.keys(JSON.parse(text) as object)).toEqual([...Object.keys(doc), ...Object.keys(added)]);
    }
    expect(withFields('{"id":"x"}', {})).toBe('{"id":"x"}');
  });

  it('docShape reads the values of a text with exactly its keys, in order, its audience last; nothing else', () => {
    const shape = docShape([
      ['id', JSON_STRING],
      ['note', JSON_SCALAR, false],
      ['counts', JSON_FLAT],
      ['list', String.raw`\[.*\]`],
      ['n', JSON_INTEGER],
    ]);
    const doc = {
      id: 'a "b" \\ c',
      note: '","counts":{},"list":[],"n":1,"_audience":[]}',
      counts: { x: 1, y: null, z: 'q"r' },
      list: [{ id: '],"n":2' }, [1, 2]],
      n: -3,
      _audience: ['a', 'b "c"'],
    };
    const m = shape.match(JSON.stringify(doc));
    expect(m).not.toBeNull();
    const read = Object.fromEntries(Object.entries(shape.at).map(([key, i]) => [key, JSON.parse(m![i as number])]));
    expect(read).toEqual({ id: doc.id, counts: doc.counts, list: doc.list, n: doc.n });
    expect(Object.keys(shape.at)).toEqual(['id', 'counts', 'list', 'n']);
    const { _audience, ...bare } = doc;
    const { note, ...noNote } = doc;
    for (const other of [
      { ...doc, extra: 1 },
      bare,
      noNote,
      { ...noNote, note },
      { ...doc, counts: { x: { deeper: 1 } } },
      { ...doc, n: 1.5 },
      { ...doc, id: 7 },
    ])
      expect(shape.match(JSON.stringify(other)), JSON.stringify(other)).toBeNull();
  });
});
