import { loadConfig } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { startPlatform } from './platform';

/** The projection runner alone: follows the log and keeps the read models. */
const config = loadConfig();
const platform = await startPlatform(config, { commands: false, queries: false, projections: true, web: false });
keepServingOnUncaughtErrors(platform.logger);
platform.logger.info({ projections: platform.runner.projections.map((p) => p.name) }, 'projections running');
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void platform.stop().then(() => process.exit(0)));
