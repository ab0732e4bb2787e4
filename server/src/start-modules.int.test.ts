import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Which of express's files a fresh process has loaded after `steps` (express is CommonJS, so Node's
 * CommonJS cache lists them however it was imported).
 */
function expressLoadedAfter(steps: string): boolean {
  const script = `
    import { createRequire } from 'node:module';
    const platform = await import(${JSON.stringify(new URL('./platform.ts', import.meta.url).href)});
    ${steps}
    const cache = createRequire(import.meta.url)('module')._cache;
    console.log(JSON.stringify(Object.keys(cache).some((f) => f.includes('/node_modules/express/'))));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as boolean;
}

// The projections worker imports platform.ts and serves no HTTP: it loads none of the HTTP code
// (docs/benchmarks.md#start-up).
describe('the modules a start loads', () => {
  it('platform.ts alone loads no HTTP code; httpParts() loads it', () => {
    expect(expressLoadedAfter('void platform;')).toBe(false);
    expect(expressLoadedAfter('await platform.httpParts();')).toBe(true);
  }, 120_000);
});
