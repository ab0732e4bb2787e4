import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
