import { loadConfig } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { startPlatform } from './platform';

/** The query service alone: GET under /api, the WebSocket, and the web app. */
const config = loadConfig();
const platform = await startPlatform(config, { commands: false, queries: true, projections: false, web: true });
keepServingOnUncaughtErrors(platform.logger);
platform.logger.info({ url: platform.url, adminPortal: config.adminPortalPath }, 'query service listening');
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void platform.stop().then(() => process.exit(0)));
