import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NOT_SOURCE = new Set(['node_modules', 'dist', 'data', 'test-results']);

/**
 * A test file that replaces a module for the whole file (`vi.mock`, `vi.doMock`), sets a global at its top level
 * (`vi.stubGlobal` outside any hook) or keeps data in fake IndexedDB (its databases outlive the file) would change
 * what the next files see if they shared its modules and its window, and a file that checks a module's own state
 * from its start needs that module fresh: vitest.config.ts runs such files in a project of their own, with fresh
 * modules for each file (docs/rules.md#test-isolation). A stub made inside a hook or a test and undone after it
 * is fine anywhere.
 */
const OWN_MODULES = /^\s*vi\.(?:mock|doMock)\(|^vi\.stubGlobal\(|^import 'fake-indexeddb\/auto'/m;
/**
 * Files that check module state from its start: the highest position a command answered (frontend's src/lib/api.ts),
 * the last id's time that uuidv7 never goes back from (events/src/ids.ts).
 */
const FRESH_MODULE_STATE = ['frontend/src/lib/api.test.ts', 'events/src/ids.unit.test.ts'];

/**
 * The test files under `dir` (from the repository's root) whose name ends with one of `suffixes`, inside a `src`
 * folder and outside `skip`, that need modules of their own (OWN_MODULES), as paths from the root.
 */
export function ownModuleFiles(dir: string, suffixes: string[], skip: string[] = []): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name) || entry.name.startsWith('.')) continue;
      const child = join(path, entry.name);
      const rel = relative(ROOT, child);
      if (skip.includes(rel)) continue;
      if (entry.isDirectory()) walk(child);
      else if (suffixes.some((s) => entry.name.endsWith(s)) && rel.split('/').includes('src')) {
        if (FRESH_MODULE_STATE.includes(rel) || OWN_MODULES.test(readFileSync(child, 'utf8'))) found.push(rel);
      }
    }
  };
  walk(join(ROOT, dir));
  return found.sort();
}
