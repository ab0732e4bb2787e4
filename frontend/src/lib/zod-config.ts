import type { config } from 'zod';

// The contracts' zod schemas would otherwise probe `new Function` when they are built, which the
// app's Content-Security-Policy (no 'unsafe-eval') blocks and reports as a violation. The web app
// only needs the schemas' types and constants, so it turns zod's compiled fast path off. Imported
// first by main.tsx, before any contract module is evaluated.
//
// zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object already there
// (zod/v4/core/core.js), so setting it here needs no zod code in the entry chunk: zod (25 kB gzip)
// loads only with the lazy screens that use a schema. The browser tests check for CSP violations.
type ZodConfig = NonNullable<Parameters<typeof config>[0]>;
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: ZodConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
