import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute } from '@panda/contracts/route-contract';
import { routeContracts } from '@panda/contracts/routes';
import { startTestApp, type TestApp } from './testing/harness';

/**
 * Every `/api` route has a contract in @panda/contracts/routes, and every contract names a
 * route that exists. The harness (`testing/contract-check.ts`) parses every answer of every
 * integration test with these contracts.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

function apiRoutes(): string[] {
  const express = app.platform.server!.listeners('request')[0] as Express;
  const routes: string[] = [];
  type Layer = { route?: { path: unknown; methods: Record<string, boolean> }; handle: { stack?: Layer[] } };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const { path, methods } = layer.route;
        if (typeof path !== 'string' || !path.startsWith('/api/')) continue;
        for (const m of Object.keys(methods)) if (m !== '_all') routes.push(`${m.toUpperCase()} ${path}`);
      } else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((express as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

describe('route contracts', () => {
  it('the app has the routes this test knows of', () => {
    expect(apiRoutes().length).toBeGreaterThan(70);
  });

  it('every route has a contract', () => {
    const missing = apiRoutes().filter((r) => {
      const [method, path] = r.split(' ');
      return !routeContracts.some((c) => c.method === method && c.path === path);
    });
    expect(missing).toEqual([]);
  });

  it('every contract names a route that exists, once', () => {
    const routes = new Set(apiRoutes());
    const named = routeContracts.map((c) => `${c.method} ${c.path}`);
    expect(named.filter((r) => !routes.has(r))).toEqual([]);
    expect(named.filter((r, i) => named.indexOf(r) !== i)).toEqual([]);
  });

  it('a request finds the contract express would route it to', () => {
    const counts = findRoute(routeContracts, 'GET', '/api/admin/support/counts?x=1');
    expect(counts?.path).toBe('/api/admin/support/counts');
    expect(findRoute(routeContracts, 'GET', '/api/admin/support/abc')?.path).toBe('/api/admin/support/:id');
    expect(findRoute(routeContracts, 'DELETE', '/api/admin/support/abc')).toBeUndefined();
  });
});
