import http from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { appClock } from './clock.js';
import { dataPaths, type ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { isAppError, ValidationError } from './errors.js';
import { authenticate, registerAuth } from './http/auth.js';
import { createFastAnswers, type FastAnswers } from './http/fast-answers.js';
import { registerSecurityHeaders, securityHeaders } from './http/headers.js';
import { registerInputRule, UNSAFE_TEXT_MESSAGE } from './http/input.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRequestIds, REQUEST_ID_LOG_LABEL, requestIdOf, requestScopedLogger } from './http/request-id.js';
import { CORS_HEADERS, corsPaths, registerSecurity } from './http/security.js';
import { LOG_SERIALIZERS } from './logger.js';
import { frontendUserRoutes, meRoutes } from './modules/accounts/routes.js';
import { myEntriesRoutes } from './modules/my-entries/routes.js';
import { notificationSettingsRoutes } from './modules/notification-settings/routes.js';
import { createChangeFeed, type ChangeFeed } from './modules/cache/changes.js';
import { contentRoutes } from './modules/content/routes.js';
import { checkReadiness, healthRoutes } from './modules/health/routes.js';
import { createCognitoClient, type CognitoClient } from './modules/identity/cognito-client.js';
import { IdentityError } from './modules/identity/errors.js';
import { identityRoutes } from './modules/identity/routes.js';
import { createIdentityRuntime, type IdentityRuntime } from './modules/identity/runtime.js';
import { createJobHandlers } from './modules/jobs/handlers.js';
import { createJobQueue, type JobQueue } from './modules/jobs/queue.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { createMediaStore, type MediaStore } from './modules/media/store.js';
import { createMetrics, type AppMetrics } from './modules/metrics/metrics.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { NEWSLETTER_PATH } from './modules/newsletter/service.js';
import { createResultFiles, RESULTS_BASE } from './modules/results/files.js';
import { resultsRoutes } from './modules/results/routes.js';
import { runtimeConfigRoutes } from './modules/runtime-config/routes.js';
import { entryRoutes } from './modules/entries/routes.js';
import { operatorApi } from './modules/operators/scope.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { createPictureProcessor } from './modules/uploads/processing.js';
import { createUploadStorage, type UploadStorage } from './modules/uploads/storage.js';
import { voteRoutes } from './modules/votes/routes.js';
import { entryNeighbourRoutes } from './modules/entry-neighbours/routes.js';
import { reachRoutes } from './modules/reach/routes.js';
import { clubSignupRoutes } from './modules/club-signup/routes.js';
import { clubFanRoutes } from './modules/club-fans/routes.js';
import { publicSeasonRoutes } from './modules/seasons-public/routes.js';
import { webRoutes } from './modules/web/routes.js';
import { SHARE_BASE, shareRoutes } from './modules/share/routes.js';
import { createReleaseReader } from './modules/releases/storage.js';

export interface BuildAppOptions {
  config: ServerConfig;
  database: Database;
  /** Key for keyed hashes (see `resolveAppSecret`). */
  secret: string;
  /** Sends the mail jobs. Default: SMTP with SMTP_URL, else the outbox folder. */
  mailer?: Mailer;
  /**
   * This process alone uses the database (the embedded PGlite under DATA_DIR/server.lock): jobs
   * found running at start were cut off by a crash and run again at once (modules/jobs).
   */
  exclusiveDatabase?: boolean;
  /** Default: the database with PostgreSQL, DATA_DIR/media with PGlite (modules/media/store.ts). */
  media?: MediaStore;
  /** Where releases are read from; default: the database with PostgreSQL, DATA_DIR/remotes with PGlite. */
  releaseStorage?: 'folder' | 'database';
  /** Default: from config (S3 when `S3_BUCKET` is set, else DATA_DIR/uploads). */
  uploads?: UploadStorage;
  /** Default: created from config, database and secret (signing key created on first start). */
  identity?: IdentityRuntime;
  /** Default: a client of the pool when IDENTITY_PROVIDER=cognito, else null. */
  cognito?: CognitoClient | null;
  now?: () => Date;
  /** Real time for the identity service (default: the system clock); `now` may be shifted by CLOCK_OFFSET_DAYS. */
  realNow?: () => Date;
  /** Fastify logger option; default: pino at `config.logLevel`. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (default: stdout); tests read the lines. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is added, in every scope (tests that check all routes, e.g. their access). */
  onRoute?: (route: RouteOptions) => void;
}

const INTERNAL_ERROR_MESSAGE = 'Da ist leider was schief gelaufen.';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue (started with the app, stopped when it closes). */
    jobs: JobQueue;
    /** The change feed of the public caches (modules/cache; listening from start to close). */
    changes: ChangeFeed;
    /** The Prometheus metrics (modules/metrics); null unless METRICS_TOKEN or METRICS_PORT is set. */
    metrics: AppMetrics | null;
    /** The answers from memory in front of Fastify's routing (http/fast-answers.ts). */
    fastAnswers: FastAnswers;
  }
}

/**
 * Builds the whole HTTP app (no listening: `server.ts` does that, tests use `inject`) and starts
 * its job workers; `app.close()` finishes the requests under way, then stops the workers (waiting
 * up to 20 s for running jobs).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const proxy = config.trustProxy;
  const metrics = config.metrics.token || config.metrics.port ? createMetrics() : null;
  const requestLogging = config.logLevel === 'debug' || config.logLevel === 'trace';
  // Result files and hashed build files in memory are answered before Fastify's routing, with the
  // headers the hooks below set (http/fast-answers.ts); not with basic auth, nor while each request is logged.
  const security = securityHeaders(config);
  const isCorsPath = corsPaths(config);
  const corsHeaders = Object.entries(CORS_HEADERS);
  const fast = createFastAnswers({
    enabled: !config.basicAuth && !requestLogging,
    metrics,
    appHeaders: (path) => [
      ...security.flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((v: string) => [name, v] as const) : [[name, String(value)] as const],
      ),
      ...(isCorsPath(path) ? corsHeaders : []),
    ],
  });
  const app = Fastify({
    // Fastify's own server, as it would make it, with the answers from memory in front of its handler
    // (Fastify has filled in its defaults of these options when it calls this).
    serverFactory: (handler, options) => {
      const opts = options as {
        http?: http.ServerOptions;
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket?: number | null;
      };
      const server = http.createServer(opts.http ?? {}, fast.wrap(handler));
      server.keepAliveTimeout = opts.keepAliveTimeout;
      server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
    // Errors are logged through serializeError: never a failed query's values or a database error's detail.
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: LOG_SERIALIZERS,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Request ids (http/request-id.ts): a well-formed incoming X-Request-Id, else a new UUID; logged as `requestId`.
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: typeof proxy === 'number' ? (_address: string, hop: number) => hop < proxy : proxy,
    bodyLimit: 1024 * 1024,
    // Slow clients do not hold the server: silent for `idle` → closed; the whole request within
    // `request` (a 10 MB picture needs about 1 Mbit/s), its headers within `headers`; checked every second.
    connectionTimeout: config.httpTimeouts.idle,
    requestTimeout: config.httpTimeouts.request,
    http: {
      headersTimeout: config.httpTimeouts.headers,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.httpTimeouts.headers / 2))),
    },
    // One line per request only at debug/trace; errors are logged at any level.
    logController: new LogController({
      disableRequestLogging: !requestLogging,
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
    }),
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First: every later hook, error and log line of a request knows its id.
  await registerRequestIds(app);
  // Services log through the request's logger while they serve one (its id on every line).
  const log = requestScopedLogger(app.log);
  const paths = dataPaths(config);
  const mailer =
    options.mailer ??
    createMailer({
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: paths.outbox,
      log: app.log,
      timeoutSeconds: config.mailDelivery.timeoutSeconds,
    });
  const jobs = createJobQueue({
    database,
    secret: options.secret,
    mailDelivery: config.mailDelivery,
    log: app.log,
    exclusive: options.exclusiveDatabase,
    metrics,
    workers: config.jobWorkers,
  });
  // The app clock (CLOCK_OFFSET_DAYS applied), the same as the CLI's and the pages'.
  const now = options.now ?? appClock(config, options.realNow);
  const identity =
    options.identity ??
    createIdentityRuntime({ config: config.identity, db: database.db, secret: options.secret, log, realNow: options.realNow });
  const changes = createChangeFeed(database, app.log);
  const ctx: AppContext = {
    config,
    db: database.db,
    changes,
    jobs,
    media: options.media ?? createMediaStore(config, database),
    uploads: options.uploads ?? (await createUploadStorage(config, options.secret)),
    pictures: createPictureProcessor(config, app.log),
    log,
    now,
    secret: options.secret,
    identity,
    cognito:
      options.cognito !== undefined
        ? options.cognito
        : config.identity.provider === 'cognito'
          ? createCognitoClient(config.identity)
          : null,
    metrics,
  };
  if (ctx.cognito && options.cognito === undefined) {
    const client = ctx.cognito;
    app.addHook('onClose', async () => client.close());
  }
  // After the requests under way (Fastify runs onClose hooks once they are answered): running jobs finish, then mail closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!options.mailer) mailer.close();
  });
  // Readiness turns false as soon as closing begins.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // From now on Fastify answers every request (503 while it closes).
    fast.close();
  });
  // Jobs queued in a request's transaction have committed by now: their workers need not wait for the next poll.
  app.addHook('onResponse', async () => jobs.wakePending());
  if (metrics) {
    // The matched route's pattern (bounded), never the URL; elapsedTime is Fastify's own measure.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
      done();
    });
    metrics.sampleReadiness(() =>
      checkReadiness({ database, jobs, isClosing: () => closing }, (error) =>
        app.log.warn({ err: error }, 'metrics: readiness database ping failed'),
      ),
    );
    metrics.sampleJobs(() => jobs.stateCounts());
    metrics.samplePool(database.kind, () => database.poolStats());
    metrics.sampleChangeFeed(() => changes.live);
  }
  app.decorate('jobs', jobs);
  app.decorate('changes', changes);
  app.decorate('metrics', metrics);
  app.decorate('fastAnswers', fast);
  await changes.start();
  app.addHook('onClose', async () => changes.stop());
  app.addHook('onClose', async () => ctx.pictures.close());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      return reply.code(error.statusCode).send({ ...error.details, code: error.code, message: error.message, requestId: request.id });
    }
    if (error.validation) {
      return reply.code(400).send({ code: 'ValidationError', message: error.message, requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: error.code ?? 'BadRequest', message: error.message, requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'InternalError', message: INTERNAL_ERROR_MESSAGE, requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ code: 'NotFound', message: 'Nicht gefunden', requestId: request.id }));

  // Before any route: the OpenAPI document collects them as they are added (http/openapi.ts).
  await registerOpenApi(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await registerSecurityHeaders(app, config);
  registerSecurity(app, config, { bearerValid: async (request) => !!(await authenticate(ctx, request)) });
  registerInputRule(app, {
    errorFor: (request, field) =>
      request.routeOptions.url === config.identity.endpoint
        ? new IdentityError(
            'InvalidParameterException',
            `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must not contain control characters`,
          )
        : new ValidationError(UNSAFE_TEXT_MESSAGE, { field }),
  });
  registerAuth(app, ctx);

  await app.register(healthRoutes, { database, jobs, isClosing: () => closing });
  const releases = createReleaseReader({ config, database, feed: changes, storage: options.releaseStorage });
  await app.register(runtimeConfigRoutes, { ctx, releases });
  await app.register(contentRoutes, { ctx, prefix: `${config.contentApiBase}/public/spaces/:spaceId` });
  await app.register(frontendUserRoutes, { ctx, prefix: `${config.contentApiBase}/public/spaces/:spaceId` });
  if (config.identity.builtIn) await app.register(identityRoutes, { ctx });
  await app.register(meRoutes, { ctx });
  await app.register(myEntriesRoutes, { ctx });
  await app.register(notificationSettingsRoutes, { ctx });
  await app.register(entryRoutes, { ctx });
  if (!config.s3) await app.register(uploadRoutes, { ctx });
  await app.register(voteRoutes, { ctx });
  await app.register(entryNeighbourRoutes, { ctx });
  await app.register(reachRoutes, { ctx });
  await app.register(clubSignupRoutes, { ctx });
  await app.register(clubFanRoutes, { ctx });
  await app.register(publicSeasonRoutes, { ctx });
  // The whole operator API (/api/operator/*): one access hook, never cached; its modules are listed there.
  await app.register(operatorApi, { ctx });
  const resultFiles = createResultFiles(ctx.db, changes);
  metrics?.trackCache('results', resultFiles.lookups);
  await app.register(resultsRoutes, { files: resultFiles, fast, prefix: RESULTS_BASE });
  await app.register(newsletterRoutes, { ctx, prefix: NEWSLETTER_PATH });
  if (metrics && config.metrics.token) await app.register(metricsRoutes, { metrics, token: config.metrics.token });
  await app.register(shareRoutes, { ctx, resultFiles, prefix: SHARE_BASE });
  await app.register(webRoutes, { ctx, releases, resultFiles, fast });

  try {
    await jobs.start(createJobHandlers({ ctx, mailer, metrics }));
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

export type { AppContext };
