import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { importSeasonOnFirstStart, openConfiguredDatabase, LockedError } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { SeasonValidationError } from './modules/season/service.js';
import { resolveAppSecret } from './secret.js';

/** The only process entry of the server: listen, and close gracefully on SIGINT/SIGTERM. */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, { serverRoot, cwd: process.cwd() });
  const secret = resolveAppSecret(config);
  const opened = await openConfiguredDatabase(config, 'server');
  const offsetMs = config.clockOffsetDays * 24 * 60 * 60 * 1000;
  const now = () => new Date(Date.now() + offsetMs);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database: opened.database, secret, now });
    if (offsetMs) app.log.warn({ clockOffsetDays: config.clockOffsetDays }, 'the server clock is shifted (CLOCK_OFFSET_DAYS)');
    app.log.info(
      { database: opened.database.kind, dataDir: config.dataDir, webRoot: config.webRoot },
      'database ready (migrations applied)',
    );
    await importSeasonOnFirstStart(config, opened.database, app.log, now);
  } catch (error) {
    await opened.close();
    throw error;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting at once`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: closing`);
    app
      .close()
      .then(() => opened.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close().catch(() => undefined);
    await opened.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LockedError || error instanceof SeasonValidationError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
