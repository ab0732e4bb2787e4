import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { startPlatform } from './platform';
import { provisionAdmin } from './provision';
import { DEMO_ADMIN, seedDemo, type DemoLogin } from './seed';

/** `npm start`: the whole product in one process on one port, on SQLite files under DATA_DIR. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const platform = await startPlatform(config);
  const { logger, commandDeps } = platform;
  // Listening from here on: nothing a client sends may stop the process.
  keepServingOnUncaughtErrors(logger);
  // With PORT=0 the real port is known only now.
  if (!process.env.PUBLIC_URL) config.publicUrl = platform.url;
  const emptyAtStart = (await platform.store.headPosition()) === 0;

  let adminEmail = config.adminEmail;
  if (config.adminEmail && config.adminPassword) {
    await provisionAdmin(commandDeps, config.adminEmail, config.adminPassword);
  } else if (config.adminEmail || config.adminPassword) {
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  }
  const demoLoginsFile = join(config.dataDir, 'demo-logins.json');
  let logins: DemoLogin[] = [];
  if (config.seedDemo && emptyAtStart) {
    if (!adminEmail) {
      await provisionAdmin(commandDeps, DEMO_ADMIN.email, DEMO_ADMIN.password, 'Demo', 'Admin');
      adminEmail = DEMO_ADMIN.email;
      logins.push({ role: 'admin (portal)', ...DEMO_ADMIN });
    }
    logins = [...logins, ...(await seedDemo(platform.url, commandDeps, adminEmail))];
    // Demo accounts only (their passwords are in the source anyway): shown again on later starts.
    writeFileSync(demoLoginsFile, JSON.stringify(logins, null, 2));
  } else if (existsSync(demoLoginsFile)) {
    logins = JSON.parse(readFileSync(demoLoginsFile, 'utf8')) as DemoLogin[];
  }

  const lines = [
    '',
    `Panda is running at ${config.publicUrl}`,
    `Admin portal: ${config.publicUrl}${config.adminPortalPath}`,
    `Data folder: ${config.dataDir}`,
    ...(logins.length ? [emptyAtStart ? 'Demo logins:' : 'Demo logins (as seeded; a password changed since is not shown):', ...logins.map((l) => `  ${l.role.padEnd(16)} ${l.email} / ${l.password}`)] : []),
    `Ready in ${Date.now() - started} ms`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
