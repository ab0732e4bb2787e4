import { loadConfig } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { startPlatform } from './platform';
import { provisionAdmin } from './provision';
import { retryWhileStarting } from './startup-retry';

/** The command service alone (POST/PUT/PATCH/DELETE under /api). */
const config = loadConfig();
const platform = await startPlatform(config, { commands: true, queries: false, projections: false, web: false });
keepServingOnUncaughtErrors(platform.logger);
if (config.adminEmail && config.adminPassword) {
  const { adminEmail, adminPassword } = config;
  // The event store may still be electing its leader: provisioning waits for it (bounded).
  await retryWhileStarting(() => provisionAdmin(platform.commandDeps, adminEmail, adminPassword), {
    onRetry: (err, attempt, delayMs) =>
      platform.logger.warn({ err, attempt, delayMs }, 'admin provisioning: stores not ready yet; retrying'),
  });
}
platform.logger.info({ url: platform.url }, 'command service listening');
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void platform.stop().then(() => process.exit(0)));
