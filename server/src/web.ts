import express, { Router } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const WEB_DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

/**
 * Serves the built web app. Every non-API path gets index.html and the client router decides
 * (unknown paths go to `/`). Only the secret admin portal path gets the page told that it is the
 * portal, so the portal cannot be found from the public site.
 */
export function webApp(adminPortalPath: string, dist = WEB_DIST): Router {
  const r = Router();
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    r.get(/^(?!\/api\/|\/ws\/).*/, (_req, res) => {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build:web`.');
    });
    return r;
  }
  // Read again whenever the build changes, so a rebuilt web app is served without a restart.
  let cached: { mtimeMs: number; index: string; portalPage: string } | null = null;
  const pages = () => {
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      const index = readFileSync(indexFile, 'utf8');
      const portalPage = index.replace('</head>', `<script>window.__PANDA_ADMIN_PORTAL__=${JSON.stringify(adminPortalPath)};</script></head>`);
      cached = { mtimeMs, index, portalPage };
    }
    return cached;
  };
  r.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-store') }));
  r.get(/^(?!\/api\/|\/ws\/).*/, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { index, portalPage } = pages();
    res.type('html').send(req.path.replace(/\/+$/, '') === adminPortalPath ? portalPage : index);
  });
  return r;
}
