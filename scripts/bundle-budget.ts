/**
 * The web app's JavaScript budget (docs/rules.md#light-first-screens): what each first screen downloads, from the
 * production build's manifest (frontend/dist/.vite/manifest.json, written by `npm run build:web`),
 * gzip-compressed (level 9, as the `.gz` copies the build writes beside each asset).
 *
 * A page loads the entry (index.html's script and everything it imports statically) plus, for each
 * lazily loaded module it shows at once, that module's chunk and its static imports: the browser
 * fetches exactly these before the page is usable. Checked by server/src/web-budget.int.test.ts (in
 * `npm test`, after the build); `npx tsx scripts/bundle-budget.ts` prints the table.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FRONTEND = fileURLToPath(new URL('../frontend', import.meta.url));
export const DIST = join(FRONTEND, 'dist');

/** One entry of Vite's build manifest (keys are source paths relative to frontend/). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  name: string;
  /** The HTML file the server sends for the page: landing.html for `/`, index.html for the app. */
  html: 'index.html' | 'landing.html';
  /** The lazily loaded source modules (manifest keys) the page renders on its first screen. */
  modules: string[];
  /** Most gzip bytes of JavaScript the page may load (1 kB = 1,000 bytes, as Vite reports); none = only reported. */
  budgetBytes?: number;
  /** Measured only: the web build does not chunk along this page (firstLoadChunks in frontend/vite.config.ts). */
  measuredOnly?: boolean;
}

const KB = 1000;
/** The goal for the landing page (docs/rules.md#light-first-screens). */
const LANDING_BUDGET = 130 * KB;
/** The goal for a dashboard's first load, every role (docs/rules.md#light-first-screens). */
const DASHBOARD_BUDGET = 250 * KB;
/**
 * Terms and sign-in need no dashboard or form-heavy code: React, react-router, MUI's core, RTK
 * Query and the page itself (179 and 209 kB when these budgets were set). Sign-in went from 215 to
 * 216 kB with the installable app (docs/rules.md#installable-app): the shell now keeps a stored
 * session when the server can't be reached and clears the offline copies on every sign-in. It went
 * to 217 kB when the dashboards stopped loading the text field with their first screen (the Smart
 * Assistant's window and the mentor's decline form load when opened): the text field then left the
 * chunk every first screen shares for one of its own, which compresses about 1 kB worse. It went to
 * 220 kB when the app's start-up was split into steps of their own chunks (BOOT_STEPS in
 * frontend/vite.config.ts): the same code in four chunks compresses about 2 kB worse, and the app's
 * evaluation, the longest task of every first screen, became four tasks of at most about half its length.
 */
const TERMS_BUDGET = 190 * KB;
const SIGN_IN_BUDGET = 220 * KB;

/** The first screen of every dashboard role: the shell, the overview and the add-ons it always shows. */
const shell = [
  'src/app/dashboard-shell.tsx',
  'src/features/notifications/components/notifications-bell.tsx',
  'src/features/assistant/components/assistant-widget.tsx',
];

const announce = 'src/features/notifications/components/create-announcement-button.tsx';

/** The first screens; the web build also chunks along them (firstLoadChunks in frontend/vite.config.ts). */
export const PAGES: PageBudget[] = [
  // Rendered at build time (frontend/src/app/prerender.tsx): the page itself runs no script.
  { name: 'landing (/)', html: 'landing.html', modules: [], budgetBytes: LANDING_BUDGET },
  {
    name: 'terms (/terms-and-conditions)',
    html: 'index.html',
    modules: ['src/features/terms/routes/terms.tsx'],
    budgetBytes: TERMS_BUDGET,
  },
  {
    name: 'sign-in (/auth)',
    html: 'index.html',
    modules: ['src/features/auth/routes/auth.tsx'],
    budgetBytes: SIGN_IN_BUDGET,
  },
  {
    name: 'student dashboard',
    html: 'index.html',
    modules: [
      ...shell,
      'src/features/student/components/student-overview.tsx',
      'src/features/student/components/training-goals-gate.tsx',
    ],
    budgetBytes: DASHBOARD_BUDGET,
  },
  // The student's Training Jobs opened directly (a "card signed" notification links there): the screen
  // Lighthouse measures (bench/lighthouse.ts), with the chat's live sync the shell mounts at once.
  {
    name: 'student Training Jobs (/dashboard?view=jobs)',
    html: 'index.html',
    modules: [
      ...shell,
      'src/features/student/components/student-jobs-view.tsx',
      'src/features/student/components/training-goals-gate.tsx',
      'src/features/chat/components/chat-live-sync.tsx',
    ],
    budgetBytes: DASHBOARD_BUDGET,
    measuredOnly: true,
  },
  {
    name: 'mentor dashboard',
    html: 'index.html',
    modules: [
      ...shell,
      'src/features/mentor/components/mentor-overview.tsx',
      'src/features/placement-requests/components/placement-requests-card.tsx',
      announce,
    ],
    budgetBytes: DASHBOARD_BUDGET,
  },
  {
    name: 'training centre dashboard',
    html: 'index.html',
    modules: [...shell, 'src/features/training-centre/components/centre-overview.tsx', announce],
    budgetBytes: DASHBOARD_BUDGET,
  },
  {
    name: 'admin dashboard',
    html: 'index.html',
    modules: ['src/app/portal-dashboard.tsx', 'src/features/admin/routes/admin-dashboard.tsx'],
    budgetBytes: DASHBOARD_BUDGET,
  },
  {
    name: 'auditor dashboard',
    html: 'index.html',
    modules: ['src/app/portal-dashboard.tsx', 'src/features/audit/routes/auditor-dashboard.tsx'],
    budgetBytes: DASHBOARD_BUDGET,
  },
];

export function readManifest(dist = DIST): Manifest {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:web\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The newest source file of the web app that is newer than the build, if any (the build is then stale). */
export function newerSource(dist = DIST): string | undefined {
  const built = statSync(join(dist, '.vite', 'manifest.json')).mtimeMs;
  const walk = (path: string): string | undefined => {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs > built ? path : undefined;
    for (const name of readdirSync(path)) {
      const found = walk(join(path, name));
      if (found) return found;
    }
    return undefined;
  };
  return [join(FRONTEND, 'src'), join(FRONTEND, 'index.html'), join(FRONTEND, 'vite.config.ts')]
    .map(walk)
    .find(Boolean);
}

/**
 * The files a page loads: the chunks its HTML names (`<script src>`, `<link rel="modulepreload">`)
 * and each lazily loaded module's chunk, with their static imports (transitively).
 */
export function filesOf(manifest: Manifest, html: string, modules: string[]): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => {
    const key = byFile.get(m[1]);
    if (!key) throw new Error(`${m[1]} is named by the page but is not in the manifest`);
    return key;
  });
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build: update the page list in scripts/bundle-budget.ts`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...named, ...modules]) visit(key);
  return [...seen].map((key) => manifest[key].file);
}

export interface PageSize {
  name: string;
  files: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  budgetBytes?: number;
}

export function measure(pages: PageBudget[] = PAGES, dist = DIST, manifest = readManifest(dist)): PageSize[] {
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  return pages.map((page) => {
    const files = filesOf(manifest, readFileSync(join(dist, page.html), 'utf8'), page.modules)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: sizeOf(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      name: page.name,
      files,
      jsGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      budgetBytes: page.budgetBytes,
    };
  });
}

/** One line per page over its budget (empty when every page fits). */
export function overBudget(sizes: PageSize[]): string[] {
  return sizes
    .filter((s) => s.budgetBytes !== undefined && s.jsGzipBytes > s.budgetBytes)
    .map(
      (s) =>
        `${s.name}: ${kb(s.jsGzipBytes)} of JavaScript (gzip) is over its ${kb(s.budgetBytes ?? 0)} budget; largest: ` +
        s.files
          .slice(0, 5)
          .map((f) => `${f.file} ${kb(f.gzipBytes)}`)
          .join(', '),
    );
}

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const s of measure()) {
    const budget = s.budgetBytes === undefined ? 'no budget' : `budget ${kb(s.budgetBytes)}`;
    console.log(`${s.name.padEnd(32)} ${kb(s.jsGzipBytes).padStart(9)}  (${budget}, ${s.files.length} files)`);
  }
}
