import { createServer, defineConfig, parseSync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PAGES, type PageBudget } from '../scripts/bundle-budget.ts';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible hashed asset, for the
 * server to send to clients that accept them (server/src/web.ts); a copy that is not smaller is
 * not written.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'panda-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter(
        (f) => f.startsWith('assets/') && /\.(js|mjs|css|svg|json|txt|html|map|wasm)$/.test(f),
      );
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(dir, file));
          const [brotli, gzipped] = await Promise.all([
            br(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gz(data, { level: 9 }),
          ]);
          if (brotli.length < data.length) await writeFile(join(dir, `${file}.br`), brotli);
          if (gzipped.length < data.length) await writeFile(join(dir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/**
 * Marks the top-level values of the shared contracts (`contracts/src/*.ts`: zod schemas, texts,
 * constants) as free of side effects, by wrapping each initializer that is not already a function or
 * a literal in a `/* @__PURE__ *\/` arrow call. The bundler then leaves out every schema the web
 * app does not use, and with them zod itself when no schema is used at runtime: a screen that
 * imports only a text or a constant of a contract (e.g. `ANNOUNCEMENT_TEXTS`) no longer pulls in
 * the schemas built beside it (zod is about 25 kB gzip of a dashboard's first load otherwise).
 * Contracts are declarations only (no statement runs for its effect), which keeps this safe.
 */
function pureContracts(): Plugin {
  const contracts = /[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
  const pure = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'TemplateLiteral', 'Identifier']);
  return {
    name: 'panda-pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!contracts.test(id)) return null;
      const { program, errors } = parseSync(id.replace(/\.ts$/, '.js'), code);
      if (errors.length) this.error(`${id}: ${errors[0].message}`);
      const wraps: { start: number; end: number }[] = [];
      for (const node of program.body) {
        const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) if (init && !pure.has(init.type)) wraps.push(init);
      }
      if (!wraps.length) return null;
      let out = '';
      let at = 0;
      for (const { start, end } of wraps) {
        out += `${code.slice(at, start)}/* @__PURE__ */ (() => (${code.slice(start, end)}))()`;
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

/**
 * The start-up steps of src/main.tsx, in order: each source module (with what it imports and no
 * earlier step did) is a chunk of its own, evaluated in a task of its own, and index.html preloads
 * them all at once (docs/rules.md#light-first-screens). As one chunk, the app's evaluation was one
 * task of about 50 ms of a busy machine's thread time, about 200 ms on Lighthouse's 4x slower phone
 * (docs/benchmarks.md#lighthouse-on-the-training-jobs-screen-section-13).
 */
const BOOT_STEPS: [module: string, chunk: string][] = [
  ['src/app/store.ts', 'app-store'],
  ['src/app/theme.ts', 'app-styles'],
  ['src/app/react-dom.ts', 'app-dom'],
  ['src/app/start.tsx', 'app'],
];

/**
 * Chunks along the app's first screens (the pages of scripts/bundle-budget.ts). Left to itself the
 * bundler splits the modules shared by lazy views into one small chunk per combination of views,
 * and a dashboard's first load then fetches some 60 files: each compressed on its own, they cost
 * about 15 kB more than the same code in a few files. Here the start-up steps' imports go into one
 * chunk per step (BOOT_STEPS), and every module that all the /dashboard roles' first screens import
 * (statically, from their lazy modules) into one chunk per set of first screens that import it. A
 * first screen so loads no module it did not load before, in far fewer files; lazy views and dialogs
 * are chunked as before, and one opened on a dashboard finds these chunks already loaded.
 */
function firstLoadChunks(): Plugin & { chunkOf: (id: string) => string | null } {
  const chunks = new Map<string, string>();
  const pages = PAGES.filter((p) => p.html === 'index.html' && !p.measuredOnly);
  const slug = (page: PageBudget) => page.name.split(/[\s(]/)[0];
  // Reached through a barrel (zod's index re-exports all of zod) yet used almost only by lazy code:
  // left to the bundler, so the entry's one zod import does not bring the rest of zod along.
  // The UK phone check (libphonenumber-js) is reached through the contracts but used only by forms.
  const unshared = /[\\/]node_modules[\\/](zod|libphonenumber-js)[\\/]|[\\/]contracts[\\/]src[\\/]uk-phone\.ts$/;
  return {
    name: 'panda-first-load-chunks',
    apply: 'build',
    chunkOf: (id) => chunks.get(id) ?? null,
    buildEnd() {
      chunks.clear();
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || unshared.test(id)) return;
          const info = this.getModuleInfo(id);
          if (!info) return;
          seen.add(id);
          info.importedIds.forEach(visit);
        };
        roots.forEach(visit);
        return seen;
      };
      // index.html and its script (src/main.tsx) stay the entry chunk, with what they import statically;
      // what each start-up step imports goes into that step's chunk (else split into several by what
      // the lazy chunks share).
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const entry = closure(entries);
      for (const [module, chunk] of BOOT_STEPS)
        for (const id of closure([join(root, module)]))
          if (!entry.has(id)) {
            entry.add(id);
            chunks.set(id, chunk);
          }
      const roots = new Set(pages.flatMap((p) => p.modules.map((m) => join(root, m))));
      const sets = pages.map((p) => closure(p.modules.map((m) => join(root, m))));
      const users = new Map<string, string[]>();
      sets.forEach((set, i) => {
        for (const id of set)
          if (!entry.has(id) && !roots.has(id)) users.set(id, [...(users.get(id) ?? []), slug(pages[i])]);
      });
      // Only code every dashboard role loads at once is grouped: a lazy view or dialog opened on a
      // dashboard then never fetches a group chunk made for other screens (the admin's tables, say).
      const dashboards = pages.filter((p) => p.modules.includes('src/app/dashboard-shell.tsx')).map(slug);
      for (const [id, slugs] of users)
        if (dashboards.every((d) => slugs.includes(d))) chunks.set(id, `first-${slugs.join('-')}`);
    },
  };
}

/**
 * Preloads the start-up steps' chunks (BOOT_STEPS) from index.html, with their static imports, as
 * the entry's own imports are: the browser fetches them all at once while src/main.tsx evaluates them
 * one step at a time. scripts/bundle-budget.ts counts every chunk index.html names.
 */
function bootChunks(): Plugin {
  return {
    name: 'panda-boot-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        // A step's chunk holds its module (the chunk firstLoadChunks named after the step).
        const steps = BOOT_STEPS.map(([module]) =>
          Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.moduleIds.includes(join(root, module)),
          ),
        );
        if (steps.some((step) => !step)) throw new Error('index.html: a start-up step (BOOT_STEPS) has no chunk');
        const files = new Set<string>();
        const visit = (file: string) => {
          const output = bundle[file];
          if (files.has(file) || file === chunk.fileName || output?.type !== 'chunk') return;
          files.add(file);
          output.imports.forEach(visit);
        };
        for (const step of steps) visit(step!.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Writes dist/landing.html: the landing page rendered at build time (src/app/prerender.tsx) into
 * the built index.html, with its styles in <head> and no script, so `/` needs no JavaScript
 * (server/src/web.ts sends it for `/`; the bundle budget in scripts/bundle-budget.ts counts it).
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  return {
    name: 'panda-prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule(
          '/src/app/prerender.tsx',
        )) as typeof import('./src/app/prerender');
        const { html, css } = renderLanding();
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        const page = index
          .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
          .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
          .replace('</head>', () => `<style data-emotion="css">${css}</style>\n  </head>`)
          .replace(/<div id="root">[\s\S]*?<!-- \/root -->/, () => `<div id="root">${html}</div>`);
        if (!page.includes(html) || /<script/i.test(page))
          throw new Error('landing.html: could not place the rendered page into index.html');
        await writeFile(join(outDir, 'landing.html'), page);
      } finally {
        await server.close();
      }
    },
  };
}

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const backend = 'http://localhost:3000';

const chunking = firstLoadChunks();

/**
 * The installable app (docs/rules.md#installable-app): the web manifest, and the service worker of
 * src/sw/sw.ts built with the list of files to precache (every built script, style, page and icon;
 * not the .br/.gz copies). The page registers it itself, lazily (src/main.tsx).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: [],
  manifest: {
    id: '/dashboard',
    name: 'Panda: gas engineering training',
    short_name: 'Panda',
    description: 'Sign off job cards, confirm them and follow training, on site as well as in the office.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#f6f8fc',
    theme_color: '#1d4ed8',
    lang: 'en-GB',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['landing.html', 'sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  root,
  plugins: [react(), pureContracts(), chunking, bootChunks(), precompress(), prerenderLanding(), pwa],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page loads, read by the bundle budget (scripts/bundle-budget.ts).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: chunking.chunkOf, debugName: 'first-load', includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
