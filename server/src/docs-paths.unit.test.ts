import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The backticked paths of `docs/architecture.md`'s capability map (from its heading to the next one). */
function mapPaths(markdown: string): string[] {
  const start = markdown.indexOf('\n## Capability map');
  if (start < 0) throw new Error('docs/architecture.md has no "## Capability map" section');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter((p) => p.includes('/') && !p.startsWith('/') && !p.includes('<'));
}

describe('docs/architecture.md capability map', () => {
  it('finds the backticked paths of the map and only them', () => {
    const paths = mapPaths(
      'intro `a/b.ts`\n## Capability map\n- `x/y.ts` and `/api/x` and `<ws>/z`\n## Next\n`c/d.ts`',
    );
    expect(paths).toEqual(['x/y.ts']);
  });

  it('names only paths that exist', () => {
    const paths = mapPaths(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});
