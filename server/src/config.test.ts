import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';

const location = { serverRoot: '/srv/app/server', cwd: '/srv/app' };

test('defaults for the embedded setup', () => {
  const config = loadConfig({}, location);
  expect(config).toMatchObject({
    port: 3000,
    host: '0.0.0.0',
    logLevel: 'info',
    trustProxy: false,
    dataDir: '/srv/app/data',
    databaseUrl: null,
    migrationsDir: '/srv/app/server/drizzle',
    seasonDir: '/srv/app/server/season/demo',
    seasonDirFromEnv: false,
    webRoot: '/srv/app',
    contentApiBase: '/content',
    spaceId: 'erd',
    publicUrl: 'http://localhost:3000',
    productName: 'Punktejagd',
    identity: {
      region: 'eu-central-1',
      userPoolId: 'eu-central-1_ErdLocal1',
      clientId: 'erdlocalclient',
      endpoint: '/identity',
      builtIn: true,
      issuer: 'http://localhost:3000/identity/eu-central-1_ErdLocal1',
      jwksUrl: 'http://localhost:3000/identity/eu-central-1_ErdLocal1/.well-known/jwks.json',
    },
    rateLimitScale: 1,
    basicAuth: null,
    smtpUrl: null,
    mailFrom: 'Punktejagd <noreply@localhost>',
    appSecret: null,
    s3: null,
    voteProofCost: 2000,
  });
});

test('values from the environment', () => {
  const config = loadConfig(
    {
      PORT: '8080',
      DATA_DIR: 'var/erd',
      DATABASE_URL: 'postgres://u@db/erd',
      SEASON_DIR: './seasons/2027',
      CONTENT_API_BASE: '/api/content/',
      PUBLIC_URL: 'https://punktejagd.example.org/',
      BASIC_AUTH_USER: 'a',
      BASIC_AUTH_PASSWORD: 'b',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
    },
    location,
  );
  expect(config).toMatchObject({
    port: 8080,
    dataDir: path.resolve('/srv/app', 'var/erd'),
    databaseUrl: 'postgres://u@db/erd',
    seasonDir: '/srv/app/seasons/2027',
    seasonDirFromEnv: true,
    contentApiBase: '/api/content',
    publicUrl: 'https://punktejagd.example.org',
    basicAuth: { user: 'a', password: 'b' },
    trustProxy: 2,
    logLevel: 'warn',
  });
});

test.each([
  [{ PORT: 'abc' }, /PORT/],
  [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  [{ BASIC_AUTH_USER: 'only-user' }, /BASIC_AUTH_USER and BASIC_AUTH_PASSWORD/],
  [{ PUBLIC_URL: 'punktejagd.example.org' }, /PUBLIC_URL/],
  [{ CONTENT_API_BASE: 'content' }, /CONTENT_API_BASE/],
  [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
  [{ IDENTITY_USER_POOL_ID: 'nounderscore' }, /IDENTITY_USER_POOL_ID/],
  [{ IDENTITY_USER_POOL_ID: `eu-central-1_${'x'.repeat(50)}` }, /IDENTITY_USER_POOL_ID/],
  [{ IDENTITY_ENDPOINT: 'identity' }, /IDENTITY_ENDPOINT/],
  [{ IDENTITY_ENDPOINT: 'ftp://cognito.example.org' }, /IDENTITY_ENDPOINT/],
  [{ IDENTITY_ISSUER: 'not a url' }, /IDENTITY_ISSUER/],
  [{ RATE_LIMIT_SCALE: '-1' }, /RATE_LIMIT_SCALE/],
])('%j is rejected', (env, message) => {
  expect(() => loadConfig(env, location)).toThrow(ConfigError);
  expect(() => loadConfig(env, location)).toThrow(message);
});

test('identity: the built-in issuer follows PUBLIC_URL and the endpoint; IDENTITY_ISSUER and IDENTITY_JWKS_URL override', () => {
  const config = loadConfig(
    { PUBLIC_URL: 'https://punktejagd.example.org', IDENTITY_ENDPOINT: '/auth/', IDENTITY_USER_POOL_ID: 'eu-west-1_Abc9' },
    location,
  );
  expect(config.identity).toMatchObject({
    endpoint: '/auth',
    builtIn: true,
    issuer: 'https://punktejagd.example.org/auth/eu-west-1_Abc9',
    jwksUrl: 'https://punktejagd.example.org/auth/eu-west-1_Abc9/.well-known/jwks.json',
  });
  const custom = loadConfig(
    { IDENTITY_ISSUER: 'https://id.example.org/pool/', IDENTITY_JWKS_URL: 'https://keys.example.org/jwks.json' },
    location,
  );
  expect(custom.identity).toMatchObject({ issuer: 'https://id.example.org/pool', jwksUrl: 'https://keys.example.org/jwks.json' });
});

test('identity: an absolute endpoint is a real Cognito pool (issuer and JWKS of Cognito)', () => {
  const config = loadConfig(
    {
      IDENTITY_ENDPOINT: 'https://cognito-idp.eu-central-1.amazonaws.com/',
      IDENTITY_USER_POOL_ID: 'eu-central-1_AbCd123',
      RATE_LIMIT_SCALE: '2.5',
    },
    location,
  );
  expect(config.identity).toMatchObject({
    endpoint: 'https://cognito-idp.eu-central-1.amazonaws.com',
    builtIn: false,
    issuer: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_AbCd123',
    jwksUrl: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_AbCd123/.well-known/jwks.json',
  });
  expect(config.rateLimitScale).toBe(2.5);
});

test('identity: IDENTITY_TOKEN_TTL_SECONDS sets the built-in token lifetime within what Cognito allows (5 min to 1 day)', () => {
  expect(loadConfig({}, location).identity.tokenTtlSeconds).toBe(3600);
  expect(loadConfig({ IDENTITY_TOKEN_TTL_SECONDS: '300' }, location).identity.tokenTtlSeconds).toBe(300);
  for (const bad of ['299', '86401', '5m', '-1']) {
    expect(() => loadConfig({ IDENTITY_TOKEN_TTL_SECONDS: bad }, location)).toThrow(/IDENTITY_TOKEN_TTL_SECONDS/);
  }
  expect(() =>
    loadConfig(
      {
        IDENTITY_TOKEN_TTL_SECONDS: '300',
        IDENTITY_ENDPOINT: 'https://cognito-idp.eu-central-1.amazonaws.com/',
        IDENTITY_USER_POOL_ID: 'eu-central-1_AbCd123',
      },
      location,
    ),
  ).toThrow(/built-in identity service only/);
});

test('uploads: S3 mode with S3_BUCKET; defaults for AWS and for a custom endpoint; wrong combinations stop the start', () => {
  expect(loadConfig({ S3_BUCKET: 'erd-uploads' }, location).s3).toEqual({
    bucket: 'erd-uploads',
    region: 'eu-central-1',
    endpoint: null,
    credentials: null,
    forcePathStyle: false,
    publicUrl: 'https://erd-uploads.s3.eu-central-1.amazonaws.com',
  });
  expect(
    loadConfig(
      { S3_BUCKET: 'erd', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      location,
    ).s3,
  ).toEqual({
    bucket: 'erd',
    region: 'us-east-1',
    endpoint: 'http://minio:9000',
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    forcePathStyle: true,
    publicUrl: 'http://minio:9000/erd',
  });
  expect(
    loadConfig(
      { S3_BUCKET: 'erd', S3_ENDPOINT: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'false', S3_PUBLIC_URL: 'https://cdn.example.org' },
      location,
    ).s3,
  ).toMatchObject({
    forcePathStyle: false,
    publicUrl: 'https://cdn.example.org',
  });
  expect(() => loadConfig({ S3_REGION: 'eu-central-1' }, location)).toThrow(/S3_REGION set without S3_BUCKET/);
  expect(() => loadConfig({ S3_BUCKET: 'Erd_Uploads' }, location)).toThrow(ConfigError);
  expect(() => loadConfig({ S3_BUCKET: 'erd', S3_ACCESS_KEY_ID: 'k' }, location)).toThrow(/S3_SECRET_ACCESS_KEY/);
  expect(() => loadConfig({ S3_BUCKET: 'erd', S3_FORCE_PATH_STYLE: 'yes' }, location)).toThrow(/S3_FORCE_PATH_STYLE/);
  expect(() => loadConfig({ VOTE_PROOF_COST: '0' }, location)).toThrow(/VOTE_PROOF_COST/);
});

test('PGLITE_SHARED_BUFFERS: 8MB by default; a size from 1MB to 1GB in kB, MB or GB', () => {
  expect(loadConfig({}, location).pgliteSharedBuffers).toBe('8MB');
  expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }, location).pgliteSharedBuffers).toBe('64MB');
  expect(loadConfig({ PGLITE_SHARED_BUFFERS: '2048 kB' }, location).pgliteSharedBuffers).toBe('2048kB');
  expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }, location).pgliteSharedBuffers).toBe('1GB');
  for (const wrong of ['16', '16mb', '512kB', '2GB', 'viel']) {
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: wrong }, location)).toThrow(/PGLITE_SHARED_BUFFERS/);
  }
});

test('metrics: off by default; METRICS_TOKEN, METRICS_PORT and METRICS_HOST; wrong values stop the start', () => {
  expect(loadConfig({}, location).metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
  const token = 'f'.repeat(64);
  expect(loadConfig({ METRICS_TOKEN: token }, location).metrics).toEqual({ token, port: null, host: '127.0.0.1' });
  expect(loadConfig({ METRICS_PORT: '9100' }, location).metrics).toEqual({ token: null, port: 9100, host: '127.0.0.1' });
  expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 'a.b_c-d~e+f/g=h0123' }, location).metrics).toEqual({
    token: 'a.b_c-d~e+f/g=h0123',
    port: 9100,
    host: '10.0.0.5',
  });
  const fails = (env: Record<string, string>, message: RegExp) => {
    expect(() => loadConfig(env, location)).toThrow(ConfigError);
    expect(() => loadConfig(env, location)).toThrow(message);
  };
  fails({ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be 16 to 256 characters/);
  fails({ METRICS_TOKEN: 'has spaces in it, long enough' }, /METRICS_TOKEN/);
  fails({ METRICS_TOKEN: 'x'.repeat(257) }, /METRICS_TOKEN/);
  fails({ METRICS_PORT: 'abc' }, /METRICS_PORT="abc"/);
  fails({ METRICS_PORT: '70000' }, /METRICS_PORT/);
  fails({ METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT/);
  fails({ PORT: '8080', METRICS_PORT: '8080' }, /METRICS_PORT must differ from PORT/);
  fails({ METRICS_HOST: '127.0.0.1' }, /METRICS_HOST set without METRICS_PORT/);
  // The token is a secret: never in the message.
  expect(() => loadConfig({ METRICS_TOKEN: 'secret value!' }, location)).toThrow(
    expect.objectContaining({ message: expect.not.stringContaining('secret value') }),
  );
});

test('APP_SECRET: at least 32 characters, not the example value; required with DATABASE_URL in production', () => {
  const secret = 'a'.repeat(32);
  const db = 'postgres://app@db:5432/erd';
  expect(loadConfig({ APP_SECRET: secret }, location).appSecret).toBe(secret);
  // The embedded default and tests on PostgreSQL may do without: a secret is created in DATA_DIR.
  expect(loadConfig({}, location).appSecret).toBeNull();
  expect(loadConfig({ DATABASE_URL: db }, location).appSecret).toBeNull();
  expect(loadConfig({ DATABASE_URL: db, NODE_ENV: 'production', APP_SECRET: secret }, location).appSecret).toBe(secret);
  const fails = (env: Record<string, string>, message: RegExp) => {
    expect(() => loadConfig(env, location)).toThrow(ConfigError);
    expect(() => loadConfig(env, location)).toThrow(message);
  };
  fails({ DATABASE_URL: db, NODE_ENV: 'production' }, /APP_SECRET must be set with DATABASE_URL in production/);
  fails({ APP_SECRET: 'a'.repeat(31) }, /APP_SECRET must be at least 32 characters/);
  fails({ APP_SECRET: 'change-me-to-a-long-random-value' }, /example value/);
});

test('JOB_WORKERS: every queue by default; a list or none only with DATABASE_URL', () => {
  const db = 'postgres://u:p@db.example:5432/erd';
  expect(loadConfig({}, location).jobWorkers).toEqual(['mail', 'cleanup', 'notify', 'notify-schedule']);
  expect(loadConfig({ JOB_WORKERS: 'all' }, location).jobWorkers).toEqual(['mail', 'cleanup', 'notify', 'notify-schedule']);
  expect(loadConfig({ DATABASE_URL: db, JOB_WORKERS: 'none' }, location).jobWorkers).toEqual([]);
  expect(loadConfig({ DATABASE_URL: db, JOB_WORKERS: ' notify , mail' }, location).jobWorkers).toEqual(['mail', 'notify']);
  expect(() => loadConfig({ JOB_WORKERS: 'none' }, location)).toThrow(/JOB_WORKERS="none" needs DATABASE_URL/);
  for (const bad of ['mails', 'notify,', 'NONE'])
    expect(() => loadConfig({ DATABASE_URL: db, JOB_WORKERS: bad }, location)).toThrow(/JOB_WORKERS/);
});

test('NOTIFY_HOURS: the hours in which time-driven notifications go (8–21 by default), checked', () => {
  expect(loadConfig({}, location).notifyHours).toEqual({ from: 8, to: 21 });
  expect(loadConfig({ NOTIFY_HOURS: '0-24' }, location).notifyHours).toEqual({ from: 0, to: 24 });
  for (const bad of ['21-8', '8', '8-25', 'a-b', '8-8']) expect(() => loadConfig({ NOTIFY_HOURS: bad }, location)).toThrow(/NOTIFY_HOURS/);
});
