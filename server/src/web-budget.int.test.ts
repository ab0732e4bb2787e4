import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DIST, measure, newerSource, overBudget, PAGES, readManifest } from '../../scripts/bundle-budget';

/**
 * The JavaScript each first screen downloads stays within its budget (landing page
 * 130 kB gzip, every dashboard 250 kB), dialogs load when opened, and every chunk has its
 * compressed copies. Reads the production build that
 * `npm test` makes first (`npm run build:web`).
 */
describe('the web build', () => {
  it('is current (built after the last change to the web app)', () => {
    expect(existsSync(join(DIST, '.vite', 'manifest.json')), 'build the web app first: npm run build:web').toBe(true);
    expect(newerSource(), 'changed since the last build: run npm run build:web').toBeUndefined();
  });

  it('keeps each page within its JavaScript budget', () => {
    const sizes = measure();
    expect(sizes.map((s) => s.name)).toEqual(PAGES.map((p) => p.name));
    expect(overBudget(sizes)).toEqual([]);
    // The landing page is rendered at build time and runs no script at all.
    expect(sizes[0]).toMatchObject({ name: 'landing (/)', jsGzipBytes: 0 });
    expect(readFileSync(join(DIST, 'landing.html'), 'utf8')).not.toMatch(/<script|modulepreload/i);
  });

  it('reports a page over a lowered budget, naming its largest files', () => {
    const [sizes] = measure([
      { name: 'sign-in', html: 'index.html', modules: ['src/features/auth/routes/auth.tsx'], budgetBytes: 100_000 },
    ]);
    expect(sizes.jsGzipBytes).toBeGreaterThan(100_000);
    const [report] = overBudget([sizes]);
    expect(report).toMatch(
      /^sign-in: [\d.]+ kB of JavaScript \(gzip\) is over its 100\.0 kB budget; largest: assets\/app-[\w-]+\.js/,
    );
  });

  it('loads a dialog only when it opens, and each role only its own dashboard', () => {
    const manifest = readManifest();
    const pages = measure();
    const lazy = [
      'src/features/notifications/components/notifications-dialog.tsx',
      'src/features/notifications/components/create-announcement-dialog.tsx',
      'src/features/student/components/training-goals-dialog.tsx',
      'src/components/entity-details-modal.tsx',
      'src/features/mentor/components/mentor-profile-dialog.tsx',
      'src/features/admin/components/match-dialog.tsx',
      'src/features/admin/components/register-student-dialog.tsx',
      'src/features/audit/components/admin-audit-tab.tsx',
      'src/components/confirm-sign-off-dialog.tsx',
      'src/components/dispute-dialog.tsx',
      'src/features/assistant/components/assistant-window.tsx',
    ];
    for (const key of lazy) {
      expect(manifest[key]?.isDynamicEntry, `${key} is a chunk of its own`).toBe(true);
      for (const page of pages)
        expect(
          page.files.map((f) => f.file),
          `${page.name} loads ${key}`,
        ).not.toContain(manifest[key].file);
    }
    const admin = manifest['src/features/admin/routes/admin-dashboard.tsx'].file;
    const auditor = manifest['src/features/audit/routes/auditor-dashboard.tsx'].file;
    const files = (name: string) => pages.find((p) => p.name === name)!.files.map((f) => f.file);
    expect(files('admin dashboard')).toContain(admin);
    expect(files('admin dashboard')).not.toContain(auditor);
    expect(files('auditor dashboard')).toContain(auditor);
    expect(files('auditor dashboard')).not.toContain(admin);
  });

  it('preloads the start-up steps from index.html, so that none waits for the network', () => {
    // src/main.tsx evaluates the app in steps, each its own chunk (BOOT_STEPS in frontend/vite.config.ts);
    // it imports the service worker's chunk too, after the steps, and that one is not preloaded.
    const manifest = readManifest();
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)].map((m) => m[1]);
    const steps = (manifest['index.html'].dynamicImports ?? []).filter((key) => key !== 'src/lib/pwa/register.ts');
    expect(steps).toHaveLength(4);
    for (const key of steps) expect(preloaded, key).toContain(manifest[key].file);
    expect(preloaded).not.toContain(manifest['src/lib/pwa/register.ts'].file);
  });

  it('has a brotli and a gzip copy of every chunk that compresses', () => {
    const manifest = readManifest();
    const files = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))];
    expect(files.length).toBeGreaterThan(10);
    expect(readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js')).length).toBe(
      files.filter((f) => f.endsWith('.js')).length,
    );
    for (const file of files) {
      const data = readFileSync(join(DIST, file));
      // Each copy is written when its own compressor gains (a chunk of a few hundred bytes may gain from one only).
      const brotli = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      const gains = { '.br': brotli.length < data.length, '.gz': gzipSync(data, { level: 9 }).length < data.length };
      for (const [suffix, gained] of Object.entries(gains))
        if (gained) expect(existsSync(join(DIST, file + suffix)), file + suffix).toBe(true);
    }
  });
});
