import path from 'node:path';
import { BACKOFFICE_REMOTE_NAME } from '@erd/shared-contracts/backoffice';
import { REMOTE_NAMES, type RuntimeConfigDto } from '@erd/shared-contracts/wire';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './db/pglite.js';
import { QUEUE_NAMES, type QueueName } from './modules/jobs/queues.js';

/**
 * Every environment variable the server reads is read here, and only here. Each one is documented
 * in docs/configuration.md. Other modules get the typed `ServerConfig`.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: LogLevel;
  /** Fastify `trustProxy`: true/false, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string;
  /**
   * Slow clients (ms): a connection silent for `idle` during a request is closed; a request must
   * arrive whole (headers and body) within `request`, its headers within `headers`.
   */
  httpTimeouts: { idle: number; request: number; headers: number };
  /** The server package folder (holds `dist/`, `drizzle/`, `season/`). */
  serverRoot: string;
  /**
   * Picture processing (modules/uploads/processing.ts): `workers` child processes (0 = in this
   * process), a job's time limit, the size after which a child is replaced, its idle lifetime.
   */
  pictures: { workers: number; timeoutMs: number; recycleMb: number; idleMs: number };
  /** Absolute data directory: embedded database, media, outbox, remote releases, lock file. */
  dataDir: string;
  /** PostgreSQL connection string; null = embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  /**
   * `DATABASE_MIGRATION_URL`: the connection of the role that owns the schema, read only by
   * `cli.js migrate` (migrations, pg-boss's schema, the app role's grants); null = `databaseUrl`.
   * The server never uses it (docs/deployment.md, "An app role that owns no table").
   */
  databaseMigrationUrl: string | null;
  /** The embedded PGlite's shared_buffers (`PGLITE_SHARED_BUFFERS`, PostgreSQL units, e.g. `16MB`; db/pglite.ts). */
  pgliteSharedBuffers: string;
  /** Folder of the drizzle-kit migrations (server/drizzle). */
  migrationsDir: string;
  /** Season folder imported on first start (see docs/season-format.md). */
  seasonDir: string;
  /** True when SEASON_DIR was set explicitly (then also an empty PostgreSQL gets it on start). */
  seasonDirFromEnv: boolean;
  /** Folder holding `host/dist` and `mf-*\/dist` (the repository root). */
  webRoot: string;
  contentApiBase: string;
  spaceId: string;
  publicUrl: string;
  productName: string;
  serviceEmail: string;
  social: RuntimeConfigDto['social'];
  identity: IdentityConfig;
  basicAuth: { user: string; password: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** How outgoing mail is retried (the mail queue of modules/jobs). */
  mailDelivery: MailDeliveryConfig;
  /**
   * NOTIFY_HOURS (issue 25): the hours of the day in Europe/Berlin in which time-driven
   * notifications are queued, `from` inclusive to `to` exclusive ('8-21' by default: never at night).
   */
  notifyHours: { from: number; to: number };
  /**
   * JOB_WORKERS: the job queues whose workers run in this instance (all by default). Every
   * instance queues jobs; with PostgreSQL, instances that only serve the site can leave the
   * sending to others (`none`), so that a send of 55,000 mails does not share their CPU.
   */
  jobWorkers: readonly QueueName[];
  /**
   * Secret for keyed hashes (IP addresses) and the identity service's keys (SECRET_BLOCK, signing
   * key at rest, code hashes); null = generated once into `${dataDir}/app-secret`.
   */
  appSecret: string | null;
  /** Multiplies every per-IP rate limit (0 = no rate limits, e.g. for load tests). */
  rateLimitScale: number;
  /** Picture uploads: S3-compatible storage, or null for the embedded default (local disk). */
  s3: S3Config | null;
  /** PBKDF2 iterations per attempt of the anonymous voters' ALTCHA proof of work. */
  voteProofCost: number;
  /**
   * Days added to the server's clock (default 0). For a staging rehearsal of a later phase of the
   * season (e.g. the voting window) on real data, and for the end-to-end test that restarts the
   * server days later; never set in production.
   */
  clockOffsetDays: number;
  /** Prometheus metrics (modules/metrics); off (and `/metrics` unknown) unless a token or a port is set. */
  metrics: MetricsConfig;
}

/**
 * Who may read `GET /metrics`: with `token`, anyone sending it as `Authorization: Bearer` (on the
 * site's port and on the metrics port); with `port`, anyone who reaches `host:port`, a listener of
 * its own (keep it off the public network; the token is asked there too when set).
 */
export interface MetricsConfig {
  token: string | null;
  port: number | null;
  host: string;
}

/**
 * Outgoing mail is sent by a job (modules/jobs): a failed send is retried `retryLimit` times, the
 * first after `retryDelaySeconds` to twice that, each wait about twice the one before.
 */
export interface MailDeliveryConfig {
  retryLimit: number;
  retryDelaySeconds: number;
  /** SMTP connect, greeting and inactivity timeout; a mail job still running after 4× this counts as crashed and runs again. */
  timeoutSeconds: number;
}

/** S3-compatible storage for uploads (all `S3_*` variables; on when `S3_BUCKET` is set). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Custom endpoint (MinIO, Ceph, another provider); null = AWS. */
  endpoint: string | null;
  /** Static credentials; null = the AWS default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Path-style addressing (`endpoint/bucket/key`), usual with a custom endpoint. */
  forcePathStyle: boolean;
  /** Where the stored pictures are publicly readable (a CDN or the bucket's address). */
  publicUrl: string;
}

export interface IdentityConfig {
  region: string;
  /** `<region>_<poolName>`; the pool name goes into every SRP verifier. */
  userPoolId: string;
  clientId: string;
  /** What the browser's identity client talks to: a path of this server, or an absolute (Cognito) URL. */
  endpoint: string;
  /** True when `endpoint` is a path: this server runs the built-in identity service there. */
  builtIn: boolean;
  /** `iss` of the tokens; the API accepts only this issuer. */
  issuer: string;
  /** Where the API gets the token keys (built-in: its own key store, published at this URL). */
  jwksUrl: string;
  /**
   * Who holds the accounts behind the frontend-users calls and /api/profile (`IDENTITY_PROVIDER`):
   * `builtin` = this server's identity tables; `cognito` = the user pool at `endpoint`, called over
   * its public JSON API (and its Admin* API with `admin` credentials).
   */
  provider: 'builtin' | 'cognito';
  /** Cognito mode: the pool attribute that gets the club entry at SignUp (e.g. `custom:club`); null = none. */
  clubAttribute: string | null;
  /** Cognito mode: credentials for the Admin* calls (SigV4); null = public API only. */
  admin: IdentityAdminConfig | null;
  /**
   * Built-in service: lifetime of the ID and access tokens it issues (`IDENTITY_TOKEN_TTL_SECONDS`,
   * 300–86400 as a Cognito app client allows; default 3600). A Cognito pool sets its own.
   */
  tokenTtlSeconds: number;
}

/** `keys`: an access key pair; `default`: the AWS SDK's default credential chain (role, environment). */
export type IdentityAdminConfig = { kind: 'keys'; accessKeyId: string; secretAccessKey: string } | { kind: 'default' };

/** Where the running server's own files are (passed in by the entry points). */
export interface ServerLocation {
  /** The server package folder (`server/`). */
  serverRoot: string;
  /** Working directory that relative paths in the environment are resolved against. */
  cwd: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Every remote the server serves, releases and lists in /config.json: the site's (contracts
 * `REMOTE_NAMES`) and the back office's (contracts `./backoffice`, kept out of the browser entry).
 */
export const SERVED_REMOTE_NAMES = [...REMOTE_NAMES, BACKOFFICE_REMOTE_NAME] as const;
export type ServedRemoteName = (typeof SERVED_REMOTE_NAMES)[number];

/** Directory name of each remote's workspace (mf_auth → mf-auth). */
export const REMOTE_WORKSPACES: Record<ServedRemoteName, string> = {
  mf_auth: 'mf-auth',
  mf_challenges: 'mf-challenges',
  mf_standings: 'mf-standings',
  mf_profile: 'mf-profile',
  mf_backoffice: 'mf-backoffice',
};

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name}="${raw}" is not an integer between ${min} and ${max}`);
  }
  return value;
}

/** NOTIFY_HOURS: 'from-to', whole hours 0–24, from before to ('0-24': any time). */
function notifyHours(env: Env): ServerConfig['notifyHours'] {
  const raw = str(env, 'NOTIFY_HOURS', '8-21');
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(raw);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 0 || to > 24 || from >= to)
    throw new ConfigError(`NOTIFY_HOURS="${raw}" is not 'from-to' in whole hours (0–24, from before to), e.g. '8-21'`);
  return { from, to };
}

/** JOB_WORKERS: 'all', 'none', or queue names separated by commas; anything but 'all' needs DATABASE_URL. */
function jobWorkers(env: Env, databaseUrl: string | null): ServerConfig['jobWorkers'] {
  const raw = str(env, 'JOB_WORKERS', 'all').trim();
  if (raw === 'all') return QUEUE_NAMES;
  const names = raw === 'none' ? [] : raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(QUEUE_NAMES as readonly string[]).includes(name));
  if (unknown.length || (raw !== 'none' && !names.length)) {
    throw new ConfigError(`JOB_WORKERS="${raw}" is not 'all', 'none' or a list of the queues ${QUEUE_NAMES.join(', ')}`);
  }
  // The embedded database has one instance: a queue it does not work would never run.
  if (!databaseUrl)
    throw new ConfigError(`JOB_WORKERS="${raw}" needs DATABASE_URL: with the embedded database the one instance works every queue`);
  return QUEUE_NAMES.filter((name) => names.includes(name));
}

function httpTimeouts(env: Env): ServerConfig['httpTimeouts'] {
  const idle = int(env, 'HTTP_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000);
  const request = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 90_000, 100, 3_600_000);
  const headers = int(env, 'HTTP_HEADERS_TIMEOUT_MS', Math.min(15_000, request), 100, 3_600_000);
  if (headers > request) throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  return { idle, request, headers };
}

/** PGLITE_SHARED_BUFFERS: a size in kB, MB or GB from 1 MB to 1 GB (the WebAssembly heap ends at 2 GB). */
function pgliteSharedBuffers(env: Env): string {
  const raw = str(env, 'PGLITE_SHARED_BUFFERS', DEFAULT_PGLITE_SHARED_BUFFERS);
  const match = /^(\d+)\s*(kB|MB|GB)$/.exec(raw);
  const kb = match ? Number(match[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[match[2] as 'kB' | 'MB' | 'GB'] : NaN;
  if (!(kb >= 1024 && kb <= 1024 * 1024)) throw new ConfigError(`PGLITE_SHARED_BUFFERS="${raw}" is not a size from 1MB to 1GB (e.g. 16MB)`);
  return `${match![1]}${match![2]}`;
}

function metricsConfig(env: Env, port: number): MetricsConfig {
  const token = optional(env, 'METRICS_TOKEN');
  if (token && !/^[A-Za-z0-9._~+/=-]{16,256}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be 16 to 256 characters of A-Z a-z 0-9 . _ ~ + / = - (e.g. openssl rand -hex 32)');
  }
  const metricsPort = env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, 1, 65535) : null;
  if (metricsPort === port) throw new ConfigError('METRICS_PORT must differ from PORT (the metrics get a listener of their own)');
  const host = optional(env, 'METRICS_HOST');
  if (host && metricsPort === null) throw new ConfigError('METRICS_HOST set without METRICS_PORT');
  return { token, port: metricsPort, host: host ?? '127.0.0.1' };
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  const value = raw?.trim();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function url(name: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name}="${value}" is not an absolute URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name}="${value}" must be an http(s) URL`);
  }
  return value.replace(/\/+$/, '');
}

function basePath(name: string, value: string): string {
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(value) || value.includes('//')) {
    throw new ConfigError(`${name}="${value}" must be a path starting with "/" (e.g. /content)`);
  }
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

/** Cognito's rule for user pool ids (amazon-cognito-identity-js checks the same). */
const USER_POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;

function identityConfig(env: Env, publicUrl: string): IdentityConfig {
  const region = str(env, 'IDENTITY_REGION', 'eu-central-1');
  const userPoolId = str(env, 'IDENTITY_USER_POOL_ID', 'eu-central-1_ErdLocal1');
  if (!USER_POOL_ID_PATTERN.test(userPoolId) || userPoolId.length > 55) {
    throw new ConfigError(`IDENTITY_USER_POOL_ID="${userPoolId}" must look like <region>_<name> (at most 55 characters)`);
  }
  const rawEndpoint = str(env, 'IDENTITY_ENDPOINT', '/identity');
  const builtIn = rawEndpoint.startsWith('/');
  const endpoint = builtIn ? basePath('IDENTITY_ENDPOINT', rawEndpoint) : url('IDENTITY_ENDPOINT', rawEndpoint);
  if (builtIn && endpoint === '/') throw new ConfigError('IDENTITY_ENDPOINT must not be "/"');
  const defaultIssuer = builtIn ? `${publicUrl}${endpoint}/${userPoolId}` : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  const issuer = url('IDENTITY_ISSUER', str(env, 'IDENTITY_ISSUER', defaultIssuer));
  const provider = str(env, 'IDENTITY_PROVIDER', builtIn ? 'builtin' : 'cognito');
  if (provider !== 'builtin' && provider !== 'cognito') throw new ConfigError(`IDENTITY_PROVIDER="${provider}" must be builtin or cognito`);
  if (provider === 'builtin' && !builtIn) {
    throw new ConfigError(
      'IDENTITY_PROVIDER=builtin needs IDENTITY_ENDPOINT to be a path of this server (an absolute URL means a Cognito pool)',
    );
  }
  if (provider === 'cognito' && builtIn)
    throw new ConfigError('IDENTITY_PROVIDER=cognito needs IDENTITY_ENDPOINT to be the absolute URL of the pool');
  const clubAttribute = optional(env, 'IDENTITY_CLUB_ATTRIBUTE');
  if (clubAttribute && !/^(custom:)?[\w:-]{1,32}$/.test(clubAttribute))
    throw new ConfigError(`IDENTITY_CLUB_ATTRIBUTE="${clubAttribute}" is not an attribute name`);
  const adminKey = optional(env, 'IDENTITY_ADMIN_ACCESS_KEY_ID');
  const adminSecret = optional(env, 'IDENTITY_ADMIN_SECRET_ACCESS_KEY');
  if (!!adminKey !== !!adminSecret)
    throw new ConfigError('IDENTITY_ADMIN_ACCESS_KEY_ID and IDENTITY_ADMIN_SECRET_ACCESS_KEY must both be set');
  const adminDefault = optional(env, 'IDENTITY_ADMIN_DEFAULT_CREDENTIALS');
  if (adminDefault && !['true', 'false'].includes(adminDefault))
    throw new ConfigError('IDENTITY_ADMIN_DEFAULT_CREDENTIALS must be true or false');
  const admin: IdentityAdminConfig | null =
    adminKey && adminSecret
      ? { kind: 'keys', accessKeyId: adminKey, secretAccessKey: adminSecret }
      : adminDefault === 'true'
        ? { kind: 'default' }
        : null;
  if (provider === 'builtin' && (clubAttribute || admin)) {
    throw new ConfigError('IDENTITY_CLUB_ATTRIBUTE and IDENTITY_ADMIN_* apply to IDENTITY_PROVIDER=cognito only');
  }
  const tokenTtlSeconds = int(env, 'IDENTITY_TOKEN_TTL_SECONDS', 3600, 300, 86_400);
  if (!builtIn && optional(env, 'IDENTITY_TOKEN_TTL_SECONDS')) {
    throw new ConfigError(
      'IDENTITY_TOKEN_TTL_SECONDS applies to the built-in identity service only (a Cognito pool sets the lifetime in its app client)',
    );
  }
  return {
    region,
    userPoolId,
    clientId: str(env, 'IDENTITY_CLIENT_ID', 'erdlocalclient'),
    endpoint,
    builtIn,
    issuer,
    jwksUrl: url('IDENTITY_JWKS_URL', str(env, 'IDENTITY_JWKS_URL', `${issuer}/.well-known/jwks.json`)),
    provider,
    clubAttribute,
    admin,
    tokenTtlSeconds,
  };
}

function scale(env: Env, name: string): number {
  const raw = env[name]?.trim();
  if (!raw) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1000) {
    throw new ConfigError(`${name}="${raw}" must be a number between 0 and 1000`);
  }
  return value;
}

function s3Config(env: Env): S3Config | null {
  const bucket = optional(env, 'S3_BUCKET');
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL', 'S3_FORCE_PATH_STYLE'];
  if (!bucket) {
    const stray = others.filter((name) => optional(env, name));
    if (stray.length) throw new ConfigError(`${stray.join(', ')} set without S3_BUCKET (S3 storage needs the bucket name)`);
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET="${bucket}" is not a valid bucket name`);
  const region = str(env, 'S3_REGION', 'eu-central-1');
  const endpointRaw = optional(env, 'S3_ENDPOINT');
  const endpoint = endpointRaw ? url('S3_ENDPOINT', endpointRaw) : null;
  const accessKeyId = optional(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'S3_SECRET_ACCESS_KEY');
  if (!!accessKeyId !== !!secretAccessKey) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must both be set (or both be empty for the AWS default credentials)');
  }
  const pathStyleRaw = optional(env, 'S3_FORCE_PATH_STYLE');
  if (pathStyleRaw && !['true', 'false'].includes(pathStyleRaw)) throw new ConfigError('S3_FORCE_PATH_STYLE must be true or false');
  const forcePathStyle = pathStyleRaw ? pathStyleRaw === 'true' : !!endpoint;
  const defaultPublic = endpoint
    ? forcePathStyle
      ? `${endpoint}/${bucket}`
      : endpoint.replace('://', `://${bucket}.`)
    : `https://${bucket}.s3.${region}.amazonaws.com`;
  return {
    bucket,
    region,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle,
    publicUrl: url('S3_PUBLIC_URL', str(env, 'S3_PUBLIC_URL', defaultPublic)),
  };
}

/** The placeholder of deploy/compose.env.example: a copied example must not go live. */
const EXAMPLE_APP_SECRET = 'change-me-to-a-long-random-value';

/**
 * `APP_SECRET`: at least 32 characters when set. Production instances on PostgreSQL
 * (`NODE_ENV=production` with `DATABASE_URL`) must set it: without it each instance would create a
 * secret of its own in its DATA_DIR, and tokens, codes, sealed jobs and vote challenges of one
 * instance would not open on another.
 */
function appSecret(env: Env, databaseUrl: string | null): string | null {
  const value = optional(env, 'APP_SECRET');
  if (!value) {
    if (databaseUrl && env.NODE_ENV === 'production') {
      throw new ConfigError(
        'APP_SECRET must be set with DATABASE_URL in production (the same value on every instance; e.g. openssl rand -hex 32)',
      );
    }
    return null;
  }
  if (value.length < 32) throw new ConfigError('APP_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
  if (value === EXAMPLE_APP_SECRET) throw new ConfigError('APP_SECRET is still the example value of deploy/compose.env.example');
  return value;
}

export function loadConfig(env: Env, location: ServerLocation): ServerConfig {
  const resolve = (p: string) => path.resolve(location.cwd, p);
  const port = int(env, 'PORT', 3000, 1, 65535);
  const logLevel = str(env, 'LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL="${logLevel}" must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const basicUser = optional(env, 'BASIC_AUTH_USER');
  const basicPassword = optional(env, 'BASIC_AUTH_PASSWORD');
  if (!!basicUser !== !!basicPassword) {
    throw new ConfigError('BASIC_AUTH_USER and BASIC_AUTH_PASSWORD must both be set (or both be empty)');
  }

  const seasonFromEnv = optional(env, 'SEASON_DIR');
  const databaseUrl = optional(env, 'DATABASE_URL');
  const databaseMigrationUrl = optional(env, 'DATABASE_MIGRATION_URL');
  for (const [name, value] of [
    ['DATABASE_URL', databaseUrl],
    ['DATABASE_MIGRATION_URL', databaseMigrationUrl],
  ] as const) {
    if (value && !/^postgres(ql)?:\/\//.test(value))
      throw new ConfigError(`${name} must be a postgres:// or postgresql:// connection string`);
  }
  if (databaseMigrationUrl && !databaseUrl)
    throw new ConfigError("DATABASE_MIGRATION_URL needs DATABASE_URL (the app role's connection) as well");

  const publicUrl = url('PUBLIC_URL', str(env, 'PUBLIC_URL', `http://localhost:${port}`));

  return {
    port,
    host: str(env, 'HOST', '0.0.0.0'),
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    httpTimeouts: httpTimeouts(env),
    serverRoot: location.serverRoot,
    pictures: {
      workers: int(env, 'PICTURE_WORKERS', 1, 0, 16),
      timeoutMs: int(env, 'PICTURE_TIMEOUT_MS', 60_000, 1000, 600_000),
      recycleMb: int(env, 'PICTURE_WORKER_RECYCLE_MB', 512, 64, 16_384),
      idleMs: int(env, 'PICTURE_WORKER_IDLE_MS', 60_000, 1000, 3_600_000),
    },
    dataDir: resolve(str(env, 'DATA_DIR', './data')),
    databaseUrl,
    databaseMigrationUrl,
    pgliteSharedBuffers: pgliteSharedBuffers(env),
    migrationsDir: path.join(location.serverRoot, 'drizzle'),
    seasonDir: seasonFromEnv ? resolve(seasonFromEnv) : path.join(location.serverRoot, 'season', 'demo'),
    seasonDirFromEnv: !!seasonFromEnv,
    webRoot: resolve(str(env, 'WEB_ROOT', path.resolve(location.serverRoot, '..'))),
    contentApiBase: basePath('CONTENT_API_BASE', str(env, 'CONTENT_API_BASE', '/content')),
    spaceId: str(env, 'SPACE_ID', 'erd'),
    publicUrl,
    productName: str(env, 'PRODUCT_NAME', 'Punktejagd'),
    serviceEmail: str(env, 'SERVICE_EMAIL', 'service@localhost'),
    social: {
      facebook: str(env, 'SOCIAL_FACEBOOK', 'https://www.facebook.com/'),
      youtube: str(env, 'SOCIAL_YOUTUBE', 'https://www.youtube.com/'),
      tiktok: str(env, 'SOCIAL_TIKTOK', 'https://www.tiktok.com/'),
      instagram: str(env, 'SOCIAL_INSTAGRAM', 'https://www.instagram.com/'),
    },
    identity: identityConfig(env, publicUrl),
    basicAuth: basicUser && basicPassword ? { user: basicUser, password: basicPassword } : null,
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM', 'Punktejagd <noreply@localhost>'),
    mailDelivery: {
      retryLimit: int(env, 'MAIL_RETRY_LIMIT', 12, 0, 50),
      retryDelaySeconds: int(env, 'MAIL_RETRY_DELAY_SECONDS', 2, 1, 3600),
      timeoutSeconds: int(env, 'MAIL_TIMEOUT_SECONDS', 20, 1, 600),
    },
    notifyHours: notifyHours(env),
    jobWorkers: jobWorkers(env, databaseUrl),
    appSecret: appSecret(env, databaseUrl),
    rateLimitScale: scale(env, 'RATE_LIMIT_SCALE'),
    s3: s3Config(env),
    voteProofCost: int(env, 'VOTE_PROOF_COST', 2000, 1, 1_000_000),
    clockOffsetDays: int(env, 'CLOCK_OFFSET_DAYS', 0, -3650, 3650),
    metrics: metricsConfig(env, port),
  };
}

/** Paths derived from the configuration. */
export function dataPaths(config: Pick<ServerConfig, 'dataDir'>) {
  return {
    pglite: path.join(config.dataDir, 'pglite'),
    lockFile: path.join(config.dataDir, 'server.lock'),
    media: path.join(config.dataDir, 'media'),
    outbox: path.join(config.dataDir, 'outbox'),
    remotes: path.join(config.dataDir, 'remotes'),
    secretFile: path.join(config.dataDir, 'app-secret'),
    /** Processed pictures (embedded default), served at /media/uploads/. */
    uploads: path.join(config.dataDir, 'uploads'),
    /** Uploads being received (same file system as `uploads`). */
    incoming: path.join(config.dataDir, 'uploads', '.incoming'),
  };
}

export function webPaths(config: Pick<ServerConfig, 'webRoot'>) {
  return {
    host: path.join(config.webRoot, 'host', 'dist'),
    remote: (name: ServedRemoteName) => path.join(config.webRoot, REMOTE_WORKSPACES[name], 'dist'),
  };
}

export { REMOTE_NAMES };
