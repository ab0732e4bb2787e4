import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BROWSER_ARGS, HEADLESS_SHELL } from './support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The one headless Chromium every browser test file connects to (`chromium.connect`). */
    browserWsEndpoint: string;
  }
}

/**
 * One Chromium for the whole e2e project: each file connects to it and opens its own contexts
 * (separate cookies and storage), instead of starting a browser of its own.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: HEADLESS_SHELL, args: BROWSER_ARGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
