import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The command side's layering, checked on its source: imports are read as TypeScript reads them. */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(SRC, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** Every module a file imports or re-exports (static or dynamic), relative paths resolved to the repository. */
function importsOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map(({ fileName }) =>
      fileName.startsWith('.') ? relative(REPO, resolve(dirname(file), fileName)) : fileName,
    );
}

const files = sourceFiles(SRC);

describe('command-service boundaries', () => {
  it('imports nothing from the query service: commands never depend on the read side', () => {
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((f) =>
      importsOf(f)
        .filter((m) => m.startsWith('@panda/query-service') || m.startsWith('query-service/'))
        .map((m) => `${relative(REPO, f)} -> ${m}`),
    );
    expect(offending).toEqual([]);
  });

  it('imports nothing from projections: commands answer from their own events (source files)', () => {
    const offending = files
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) =>
        importsOf(f)
          .filter((m) => m.startsWith('@panda/projections') || m.startsWith('projections/'))
          .map((m) => `${relative(REPO, f)} -> ${m}`),
      );
    expect(offending).toEqual([]);
  });

  it('never waits for the projections in a route or service: a command answers once durable', () => {
    const sources = files.filter((f) => !f.endsWith('.test.ts') && !f.endsWith('test-fixtures.ts'));
    expect(sources.length).toBeGreaterThan(20);
    const waiting = sources
      .filter((f) => /\bwaitForProjections\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(REPO, f));
    expect(waiting).toEqual([]);
  });

  it('keeps deciders free of HTTP: no decider imports platform/errors (or any HTTP module)', () => {
    const deciders = files.filter((f) => /\/(decider|state)\.ts$/.test(f));
    expect(deciders.length).toBeGreaterThanOrEqual(5);
    const http = /^(@panda\/platform\/(errors|http)|platform\/src\/(errors|http)|express)$/;
    const offending = deciders.flatMap((f) =>
      importsOf(f)
        .filter((m) => http.test(m))
        .map((m) => `${relative(REPO, f)} -> ${m}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds imports the way the checks above need them to (so they can fail)', () => {
    const probe = join(SRC, 'placements/decider.ts');
    expect(importsOf(probe)).toContain('command-service/src/shared/domain-errors');
    expect(importsOf(join(SRC, 'shared/http-edge.ts'))).toContain('@panda/platform/errors');
  });
});
