import { loadConfig } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { startThreadedPlatform } from './projections-thread';
import type { DemoLogin } from './seed';

/** `npm start`: the whole product on one port, on SQLite files under DATA_DIR (docs/architecture.md, `server/src/`). */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  // Loaded beside the platform's start, which waits for the projections worker (docs/benchmarks.md#start-up).
  const steps = Promise.all([import('./provision'), import('./seed'), import('./demo-logins')]);
  steps.catch(() => {});
  const platform = await startThreadedPlatform(config);
  const [
    { provisionAdmin },
    { DEMO_ADMIN_EMAIL, demoPassword, seedDemo },
    { demoLoginsFile, readDemoLogins, replaceKnownDemoPasswords, saveDemoLogins },
  ] = await steps;
  const { logger, commandDeps } = platform;
  // Listening from here on: nothing a client sends may stop the process.
  keepServingOnUncaughtErrors(logger);
  // With PORT=0 the real port is known only now.
  if (!process.env.PUBLIC_URL) platform.projectionsThread.setPublicUrl(platform.url);
  const emptyAtStart = (await platform.store.headPosition()) === 0;

  let adminEmail = config.adminEmail;
  if (config.adminEmail && config.adminPassword) {
    await provisionAdmin(commandDeps, config.adminEmail, config.adminPassword);
  } else if (config.adminEmail || config.adminPassword) {
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  }
  // docs/rules.md#demo-passwords; later starts say where the file is.
  const loginsFile = demoLoginsFile(config.dataDir);
  let demoLines: string[] = [];
  const show = (logins: DemoLogin[], heading: string) => [
    heading,
    ...logins.map((l) => `  ${l.role.padEnd(16)} ${l.email} / ${l.password}`),
  ];
  if (config.seedDemo && emptyAtStart) {
    const logins: DemoLogin[] = [];
    if (!adminEmail) {
      const password = demoPassword();
      await provisionAdmin(commandDeps, DEMO_ADMIN_EMAIL, password, 'Demo', 'Admin');
      adminEmail = DEMO_ADMIN_EMAIL;
      logins.push({ role: 'admin (portal)', email: DEMO_ADMIN_EMAIL, password });
    }
    logins.push(
      ...(await seedDemo(platform.url, { ...commandDeps, readStore: platform.queryDeps.readStore }, adminEmail)),
    );
    // The demo's sign-offs have receipts at once, not after the first checkpoint interval (docs/rules.md#sign-off-receipts).
    await platform.checkpointer?.tick();
    saveDemoLogins(config.dataDir, logins);
    demoLines = show(
      logins,
      `Demo logins (random passwords, shown only now; kept in ${loginsFile}, readable only by you):`,
    );
  } else {
    const replaced = await replaceKnownDemoPasswords(commandDeps, config.dataDir);
    if (replaced)
      demoLines = show(
        replaced,
        `Demo logins (the old fixed passwords were replaced by random ones, shown only now; kept in ${loginsFile}):`,
      );
    else if (readDemoLogins(config.dataDir))
      demoLines = [`Demo logins: in ${loginsFile} (readable only by you; a password changed since is not shown there)`];
  }

  const lines = [
    '',
    `Panda is running at ${config.publicUrl}`,
    `Admin portal: ${config.publicUrl}${config.adminPortalPath}`,
    `Data folder: ${config.dataDir}`,
    ...demoLines,
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
