import { describe, expect, it } from 'vitest';
import { stringField, withFields, withoutAudience } from './doc-text';

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
});
