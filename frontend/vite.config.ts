import { defineConfig, type Plugin } from 'vite';
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
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && /\.(js|mjs|css|svg|json|txt|html|map|wasm)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(dir, file));
          const [brotli, gzipped] = await Promise.all([
            br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          if (brotli.length < data.length) await writeFile(join(dir, `${file}.br`), brotli);
          if (gzipped.length < data.length) await writeFile(join(dir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const backend = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), precompress()],
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
    chunkSizeWarningLimit: 900,
  },
});
