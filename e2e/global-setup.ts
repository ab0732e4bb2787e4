import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BROWSER_ARGS, CHROMIUM } from './support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The one Chromium every browser test file connects to (`chromium.connect`). */
    browserWsEndpoint: string;
  }
}

/**
 * One Chromium for the whole e2e project: each file connects to it and opens its own contexts
 * (separate cookies and storage), instead of starting a browser of its own.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
