import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('drops the least recently read or written entries beyond its limit', () => {
    const m = new LruMap<string, number | null>(2);
    m.set('a', 1);
    m.set('b', null);
    expect(m.get('a')).toBe(1);
    m.set('c', 3);
    expect([...m.keys()]).toEqual(['a', 'c']);
    expect(m.get('b')).toBeUndefined();
    m.set('a', 4);
    m.set('d', 5);
    expect([...m.entries()]).toEqual([
      ['a', 4],
      ['d', 5],
    ]);
  });

  it('keeps a null value as an entry, and nothing at a limit of 0', () => {
    const m = new LruMap<string, null>(1);
    m.set('a', null);
    expect(m.get('a')).toBeNull();
    expect(m.has('a')).toBe(true);
    const none = new LruMap<string, number>(0);
    none.set('a', 1);
    expect(none.size).toBe(0);
  });
});
