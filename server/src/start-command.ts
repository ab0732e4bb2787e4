import { loadConfig } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { startPlatform } from './platform';
import { provisionAdmin } from './provision';

/** The command service alone (POST/PUT/PATCH/DELETE under /api). */
const config = loadConfig();
const platform = await startPlatform(config, { commands: true, queries: false, projections: false, web: false });
keepServingOnUncaughtErrors(platform.logger);
if (config.adminEmail && config.adminPassword) await provisionAdmin(platform.commandDeps, config.adminEmail, config.adminPassword);
platform.logger.info({ url: platform.url }, 'command service listening');
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void platform.stop().then(() => process.exit(0)));
