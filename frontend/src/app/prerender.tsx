import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LandingRoute } from '../features/landing/routes/landing';
import { createAppTheme } from './theme';

/**
 * The landing page rendered at build time (vite.config.ts writes it to dist/landing.html, which the
 * server sends for `/`): the page a visitor sees first needs no JavaScript at all. Its links are
 * plain `<a href>`s, so the app itself loads on the next page (/auth, /terms-and-conditions...);
 * inside the app, `/` still renders <LandingRoute> client-side.
 */
export function renderLanding(): { html: string; css: string } {
  const cache = createCache({ key: 'css' });
  // Collect the styles in cache.inserted (one <style> in <head>) instead of a <style> before each element.
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={createAppTheme()}>
        <CssBaseline />
        <StaticRouter location="/">
          <LandingRoute />
        </StaticRouter>
      </ThemeProvider>
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return { html, css };
}
