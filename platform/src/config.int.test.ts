import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockOffsetFrom, loadConfig, serverClock } from './config';

describe('loadConfig: PROJECTIONS_NICE', () => {
  const load = (value?: string) =>
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'panda-config-')), PROJECTIONS_NICE: value });

  it('runs the projections thread 10 levels below the HTTP thread unless told otherwise', () => {
    expect(load().projectionsNice).toBe(10);
    expect(load('').projectionsNice).toBe(10);
    expect(load('0').projectionsNice).toBe(0);
    expect(load(' 19 ').projectionsNice).toBe(19);
  });

  it('refuses a value that is not a whole number from 0 to 19, naming it', () => {
    for (const bad of ['20', '-1', '1.5', 'low'])
      expect(() => load(bad)).toThrow(`PROJECTIONS_NICE must be a whole number from 0 to 19, got ${bad}`);
  });
});

describe('PANDA_TEST_CLOCK (docs/rules.md#test-clock)', () => {
  const now = Date.parse('2026-12-06T12:00:00Z');

  it('starts the clock at the given time in test mode, and the clock then runs on', () => {
    const offset = clockOffsetFrom({ NODE_ENV: 'test', PANDA_TEST_CLOCK: '2026-03-02T09:00:00Z' }, now);
    expect(offset).toBe(Date.parse('2026-03-02T09:00:00Z') - now);
    const clock = serverClock({ clockOffsetMs: offset });
    const first = clock().getTime();
    expect(Math.abs(first - (Date.now() + offset))).toBeLessThan(1000);
  });

  it('is the machine clock when unset', () => {
    expect(clockOffsetFrom({ NODE_ENV: 'test' }, now)).toBe(0);
    expect(clockOffsetFrom({}, now)).toBe(0);
  });

  it('is refused outside test mode, so no deployment can move its clock', () => {
    for (const NODE_ENV of [undefined, 'production', 'development'])
      expect(() => clockOffsetFrom({ NODE_ENV, PANDA_TEST_CLOCK: '2026-03-02T09:00:00Z' }, now)).toThrow(
        'PANDA_TEST_CLOCK is accepted only when NODE_ENV=test',
      );
  });

  it('refuses a time that does not exist or is not a UTC time, never rolling it over', () => {
    for (const bad of [
      '2026-02-30T09:00:00Z',
      '2026-13-01T00:00:00Z',
      'tomorrow',
      '2026-03-02',
      '2026-03-02T09:00:00+01:00',
    ])
      expect(() => clockOffsetFrom({ NODE_ENV: 'test', PANDA_TEST_CLOCK: bad }, now)).toThrow(
        `PANDA_TEST_CLOCK must be a UTC time such as 2026-03-02T09:00:00Z, got ${bad}`,
      );
  });
});
