import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

export default defineConfig({
  root,
  plugins: [react(), precompress(), prerenderLanding()],
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
  },
});
