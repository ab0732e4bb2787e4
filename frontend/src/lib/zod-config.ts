import { config } from 'zod';

// The contracts' zod schemas would otherwise probe `new Function` when they are built, which the
// app's Content-Security-Policy (no 'unsafe-eval') blocks and reports as a violation. The web app
// only needs the schemas' types and constants, so it turns zod's compiled fast path off. Imported
// first by main.tsx, before any contract module is evaluated.
config({ jitless: true });
