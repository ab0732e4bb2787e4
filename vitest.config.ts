import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/longest-first.js';
import { ownModuleFiles } from './scripts/own-modules.js';

// Two test files at a time (vitest's own default here is one: the number of cores less one). The e2e files
// run beside the others: each has its own server, data folder and port, and they share one browser
// (e2e/global-setup.ts). Projects of one run must agree on maxWorkers, so it is set once here.
const WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? 2);

const COMPONENT = ['frontend/src/**/*.test.{ts,tsx}'];
const componentOwn = ownModuleFiles('frontend/src', ['.test.ts', '.test.tsx']);
const UNIT = ['**/src/**/*.unit.test.ts'];
const UNIT_EXCLUDE = ['**/node_modules/**', 'frontend/**'];
const unitOwn = ownModuleFiles('.', ['.unit.test.ts'], ['frontend']);
const COMPONENT_OPTIONS = {
  environment: 'jsdom',
  setupFiles: ['frontend/src/testing/setup.ts'],
  // A form test clicks and types through MUI in jsdom: seconds when the 2 cores are busy.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      // Unit files share their worker's modules too (the same rules, docs/rules.md#test-isolation): loading the
      // event store, the read models and zod's schemas again for each file cost more than most files' tests.
      {
        test: { name: 'unit', include: UNIT, exclude: [...UNIT_EXCLUDE, ...unitOwn], isolate: false },
      },
      ...(unitOwn.length ? [{ test: { name: 'unit-isolated', include: unitOwn, exclude: UNIT_EXCLUDE } }] : []),
      // Component files share their worker's modules and jsdom window: importing MUI, React and the app
      // again for each file, and a new jsdom each time, cost more than the tests themselves
      // (docs/benchmarks.md#test-suite). A file that replaces a module or a global for the whole file, keeps
      // data in fake IndexedDB or checks a module's state from its start runs in 'component-isolated', with
      // fresh modules for each file (scripts/own-modules.ts, docs/rules.md#test-isolation).
      {
        // The web app's component tests: React in jsdom, the API answered by MSW (frontend/src/testing).
        plugins: [react()],
        test: {
          name: 'component',
          include: COMPONENT,
          exclude: ['**/node_modules/**', ...componentOwn],
          isolate: false,
          ...COMPONENT_OPTIONS,
        },
      },
      ...(componentOwn.length
        ? [{ plugins: [react()], test: { name: 'component-isolated', include: componentOwn, ...COMPONENT_OPTIONS } }]
        : []),
      {
        test: {
          name: 'int',
          include: ['**/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', 'frontend/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // One Chromium for every e2e file; each file connects to it (e2e/app.ts).
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: a page that loads, restores its session and asks
          // three queries takes longer on a busy machine. 15 s, as the locators' own waits.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
