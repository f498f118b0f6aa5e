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
    identity: { region: 'eu-central-1', userPoolId: 'eu-central-1_ErdLocal1', clientId: 'erdlocalclient', endpoint: '/identity' },
    basicAuth: null,
    smtpUrl: null,
    mailFrom: 'Punktejagd <noreply@localhost>',
    appSecret: null,
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
])('%j is rejected', (env, message) => {
  expect(() => loadConfig(env, location)).toThrow(ConfigError);
  expect(() => loadConfig(env, location)).toThrow(message);
});
