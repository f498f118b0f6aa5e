import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { DatabaseRoleError, importSeasonOnFirstStart, openConfiguredDatabase, LockedError } from './bootstrap.js';
import { appClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { closeMetricsListener, listenMetrics } from './modules/metrics/routes.js';
import { SeasonValidationError } from './modules/season/service.js';
import { resolveAppSecret } from './secret.js';

/**
 * The only process entry of the server: listen, and close gracefully on SIGINT/SIGTERM:
 * readiness (`GET /ready`) answers 503 at once; no new connections are taken and the requests
 * under way are answered (`app.close()`); the job workers stop, waiting up to 20 s for running
 * jobs (a job cut off later runs again); then the database closes. A second signal, or a close
 * that takes longer than `SHUTDOWN_LIMIT_MS`, ends the process at once.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
/** Requests under way (at most HTTP_REQUEST_TIMEOUT_MS to arrive), then jobs (20 s), then the database. */
const SHUTDOWN_LIMIT_MS = 60_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env, { serverRoot, cwd: process.cwd() });
  const secret = resolveAppSecret(config);
  const opened = await openConfiguredDatabase(config, 'server');
  const now = appClock(config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    // The embedded database is this process's alone (it holds the lock): jobs found running were cut off by a crash.
    app = await buildApp({ config, database: opened.database, secret, now, exclusiveDatabase: opened.database.kind === 'pglite' });
    if (config.databaseMigrationUrl)
      app.log.warn(
        'DATABASE_MIGRATION_URL is set but only "cli.js migrate" uses it: keep the owner\'s credentials out of the instances (docs/deployment.md)',
      );
    if (config.clockOffsetDays)
      app.log.warn({ clockOffsetDays: config.clockOffsetDays }, 'the server clock is shifted (CLOCK_OFFSET_DAYS)');
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
  let metricsServer: Awaited<ReturnType<typeof listenMetrics>> | null = null;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting at once`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: closing (readiness off, answering the requests under way, then stopping the jobs)`);
    setTimeout(() => {
      app.log.error(`still closing after ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app
      .close()
      // Scraped while closing (erd_ready 0), then stopped before the database closes.
      .then(() => (metricsServer ? closeMetricsListener(metricsServer) : undefined))
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
    const { metrics: metricsConfig } = config;
    if (app.metrics && metricsConfig.port !== null) {
      metricsServer = await listenMetrics(app.metrics, { ...metricsConfig, port: metricsConfig.port }, app.log);
      app.log.info({ host: metricsConfig.host, port: metricsConfig.port }, 'metrics listening (GET /metrics)');
    }
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close().catch(() => undefined);
    await opened.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof LockedError ||
    error instanceof SeasonValidationError ||
    error instanceof DatabaseRoleError
  ) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
