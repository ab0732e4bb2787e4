import { NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';

/**
 * How a page load is answered (docs/rules.md#installable-app): by the server, however long it takes
 * to answer, and by the precached shell (`shell`) only when the network fails (no connection, the
 * server stopped). A slow server never has its page replaced by the shell.
 */
export function navigationStrategy(shell: () => Promise<Response | undefined>): NetworkOnly {
  const fallBack: WorkboxPlugin = { handlerDidError: async () => (await shell()) ?? Response.error() };
  return new NetworkOnly({ plugins: [fallBack] });
}
