import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('is a version 7 UUID (RFC 9562) carrying the time it was made', () => {
    const now = Date.parse('2026-11-27T10:00:00.000Z');
    const id = uuidv7(now);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sorts as text in the order made, many in one millisecond and across a clock that steps back', () => {
    const t = Date.parse('2026-11-27T11:00:00.000Z');
    // 10,000 ids in one millisecond (more than the 12-bit counter holds), then a clock one second behind.
    const ids = [
      ...Array.from({ length: 10_000 }, () => uuidv7(t)),
      ...Array.from({ length: 10 }, () => uuidv7(t - 1000)),
      uuidv7(t + 5000),
    ];
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(parseInt(ids.at(-1)!.replace(/-/g, '').slice(0, 12), 16)).toBe(t + 5000);
  });
});
