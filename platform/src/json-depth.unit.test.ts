import { describe, expect, it } from 'vitest';
import { jsonNestedDeeperThan } from './http';

const text = (s: string) => Buffer.from(s);

describe('jsonNestedDeeperThan', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonNestedDeeperThan(text('{"a":[{"b":1}]}'), 3)).toBe(false);
    expect(jsonNestedDeeperThan(text('{"a":[{"b":[1]}]}'), 3)).toBe(true);
    expect(jsonNestedDeeperThan(text(JSON.stringify({ a: '[[[[{{{{' })), 1)).toBe(false);
    expect(jsonNestedDeeperThan(text(JSON.stringify({ a: 'quote \\" then [[[[' })), 1)).toBe(false);
    expect(jsonNestedDeeperThan(text(JSON.stringify({ a: 'ends with backslash\\', b: [[1]] })), 2)).toBe(true);
    expect(jsonNestedDeeperThan(text('"just a string"'), 0)).toBe(false);
    expect(jsonNestedDeeperThan(text('[]'), 0)).toBe(true);
  });

  it('finds the depth of siblings, not their count', () => {
    expect(jsonNestedDeeperThan(text(JSON.stringify(Array.from({ length: 1000 }, () => ({ a: [1] })))), 3)).toBe(false);
  });
});
