// The production topology with real processes, part of `npm test` when PostgreSQL answers
// (DATABASE_URL): two instances of the BUILT server (server/dist/server.js, NODE_ENV=production),
// run from the tree the Dockerfile's runtime stage makes (builds and production dependencies only),
// each with a DATA_DIR of its own, on one fresh PostgreSQL database, behind nginx (Debian's package
// with the deployment's deploy/nginx/templates/punktejagd.conf.template, unprivileged, in a temp
// folder), uploads in an S3 bucket (the S3 stand-in as a process of its own, see below), mail to an
// SMTP capture. The instances connect as an app role that owns no table (docs/deployment.md, "An
// app role that owns no table"): an instance refuses the empty database and says what to run, the
// owner migrates with `cli.js migrate` (twice at once: the lock), and the app role cannot rewrite
// the audit log. It walks what production does: both instances start at once on the migrated
// database (demo season), a member registers with the code from the mail, a club submits a
// picture on instance A and instance B serves it, so does a back-office picture, a release and a
// rollback reach both instances, instance A is killed (SIGKILL) while requests run through nginx,
// and the site goes on; an admin's audited writes and a member's vote go through as the app role.
// The same nginx file also runs as a TLS front (LISTEN `ssl http2`, a
// certificate made with openssl) and serves the site over HTTP/2. docs/deployment.md describes it.
//
// S3: s3rver (npm; 3.7.1 and the @20minutes fork 5.0.0) accepts a browser POST without checking the
// policy ("unimplemented": no signature, no content-length-range, no Content-Type condition), and
// no S3 server is in Debian's packages, so the project's stand-in (server/src/test-support/fake-s3.ts,
// which checks the policy and its SigV4 signature) runs here as a separate process.
//
// Environment: DATABASE_URL (any database on the server, as a role that may create roles and
// databases: a new database and its owner and app roles are created and dropped),
// TOPOLOGY_PORT_BASE (fixed ports base..base+5 instead of free ones), TOPOLOGY_KEEP=1 (keep the
// temp folder with nginx's logs), TOPOLOGY_LOG_LEVEL (the instances' LOG_LEVEL, default warn),
// TOPOLOGY_APP_ROOT (run the instances from this tree, e.g. the repository itself, instead of the
// Dockerfile's runtime stage laid out anew by scripts/dockerfile-runtime.mjs). Without DATABASE_URL
// the test is skipped; without nginx too, except under CI=true, where that fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import cognito from 'amazon-cognito-identity-js';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { deployNginxConfig, selfSignedCertificate } from './deploy-nginx.mjs';
import { layOutRuntime } from './dockerfile-runtime.mjs';
import { freePort, root } from './lib.mjs';
import { memberRegistration } from './member-registration.mjs';
import { NODE_RELEASES, nodeBinary } from './node-runtime.mjs';

const { DATABASE_URL, CI } = process.env;
if (!DATABASE_URL) {
  console.log('topology test skipped: DATABASE_URL is not set (two instances need a shared PostgreSQL)');
  process.exit(0);
}
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));
const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
if (!nginxBin || !hasOpenssl) {
  const message = `${nginxBin ? 'openssl' : 'nginx'} is not installed (apt-get install -y nginx openssl)`;
  if (CI) {
    console.error(`✗ topology test: ${message}`);
    process.exit(1);
  }
  console.log(`topology test skipped: ${message}`);
  process.exit(0);
}
for (const built of ['server/dist/server.js', 'server/dist/cli.js', 'host/dist/index.html', 'mf-standings/dist/mf-manifest.json']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`✗ topology test: ${built} is missing (npm run build first)`);
    process.exit(1);
  }
}

// The instances run on the Node line of the Dockerfile's image (node:<version>-…), fetched from the npm registry.
const dockerNode = (() => {
  const image = /^ARG NODE_IMAGE=node:(\d+)\.(\d+\.\d+)/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  if (!image) throw new Error('Dockerfile: no ARG NODE_IMAGE=node:<version>-… line');
  const version = `${image[1]}.${image[2]}`;
  if (NODE_RELEASES[image[1]] !== version)
    throw new Error(
      `Dockerfile: node:${version} is not the pinned Node ${image[1]} release (${NODE_RELEASES[image[1]]}, scripts/node-runtime.mjs)`,
    );
  return { bin: nodeBinary(Number(image[1])), version };
})();

// ── Settings of the deployment ──────────────────────────────────────────────────────────────────
const BUCKET = 'erd-uploads';
const S3_KEYS = { id: 'AKIDTOPOLOGY', secret: randomBytes(20).toString('hex'), region: 'eu-central-1' };
const PICTURE_CHALLENGE = 'challenge-schoenster-jubel';
const SPACE = '/content/public/spaces/erd';
const XSRF = randomBytes(16).toString('hex');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'erd-topology-'));
chmodSync(tmp, 0o755); // nginx workers (user nobody when started as root) read below it
const dbName = `erd_topology_${Date.now()}_${process.pid}`;
/** The schema's owner (migrates) and the instances' app role (owns nothing); roles are per server, so named per run. */
const roles = {
  owner: { name: `erd_topology_owner_${process.pid}`, password: randomBytes(12).toString('hex') },
  app: { name: `erd_topology_app_${process.pid}`, password: randomBytes(12).toString('hex') },
};
const dbUrl = (role) => {
  const url = new URL(DATABASE_URL);
  url.username = roles[role].name;
  url.password = roles[role].password;
  url.pathname = `/${dbName}`;
  return url.toString();
};

const started = Date.now();
const phases = [];
const children = [];
let smtp = null;
let dbCreated = false;
let rolesCreated = false;

/** Today in Berlin (the product's day, YYYY-MM-DD). */
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function phase(name, fn) {
  const t0 = Date.now();
  console.log(`▶ ${name}`);
  const result = await fn();
  phases.push([name, Date.now() - t0]);
  console.log(`  ✓ ${seconds(Date.now() - t0)}`);
  return result;
}

const connects = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function ports() {
  const base = Number(process.env.TOPOLOGY_PORT_BASE ?? 0);
  if (base) return { lb: base, a: base + 1, b: base + 2, s3: base + 3, smtp: base + 4, tls: base + 5 };
  return {
    lb: await freePort(),
    a: await freePort(),
    b: await freePort(),
    s3: await freePort(),
    smtp: await freePort(),
    tls: await freePort(),
  };
}

/** A child in its own process group (the server's picture workers end with it); output kept. */
function start(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { name, child, output: '', exited: null };
  proc.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      proc.exitedAt = Date.now();
      resolve({ code, signal });
    }),
  );
  const keep = (chunk) => {
    proc.output = (proc.output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.push(proc);
  return proc;
}

const running = (proc) => proc.child.exitCode === null && proc.child.signalCode === null;

function killGroup(proc, signal = 'SIGKILL') {
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    /* already gone */
  }
}

async function waitFor(what, probe, { timeoutMs = 90_000, procs = [] } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const proc of procs) {
      if (!running(proc)) throw new Error(`${proc.name} exited while waiting for ${what}:\n${proc.output}`);
    }
    try {
      if (await probe()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${what}: no answer within ${seconds(timeoutMs)}`);
    await sleep(150);
  }
}

async function request(url, init = {}) {
  let res;
  try {
    res = await fetch(url, { redirect: 'manual', ...init });
  } catch (error) {
    throw new Error(
      `${init.method ?? 'GET'} ${url}: ${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}`,
    );
  }
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')),
  };
}

async function expectStatus(url, status, init) {
  const res = await request(url, init);
  check(res.status === status, `${init?.method ?? 'GET'} ${url} answered ${res.status} (expected ${status}): ${res.text().slice(0, 300)}`);
  return res;
}

const memberHeaders = (token, extra = {}) => ({
  authorization: `Bearer ${token}`,
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  ...extra,
});

// ── SMTP capture ────────────────────────────────────────────────────────────────────────────────
const mails = [];

async function startSmtp(port) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000, // the default waits 30 s for the instances' pooled connections at the end
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

function decodeQuotedPrintable(raw) {
  const latin1 = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The 6-digit code of the newest mail to `email` (the mail job sends it right after the answer). */
async function codeFor(email) {
  let code = null;
  await waitFor(
    `the code mail to ${email}`,
    async () => {
      const mail = mails.filter((m) => m.to.includes(email)).at(-1);
      code = mail ? (/^ {4}(\d{6})\r?$/m.exec(decodeQuotedPrintable(mail.raw))?.[1] ?? null) : null;
      return code !== null;
    },
    { timeoutMs: 30_000 },
  );
  return code;
}

// ── Member flows (what the browser does) ────────────────────────────────────────────────────────
const PASSWORD = 'Abseits!2026';

async function register(base, email, clubId) {
  const registration = memberRegistration({ email, password: PASSWORD, clubId, city: '80331 München' });
  const json = { 'content-type': 'application/json' };
  await expectStatus(`${base}${SPACE}/frontend-users/signup`, 201, { method: 'POST', headers: json, body: JSON.stringify(registration) });
  const code = await codeFor(email);
  await expectStatus(`${base}${SPACE}/frontend-users/signup/confirm`, 200, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
}

/** SRP login with the browser's library (two calls, which nginx may send to different instances). */
function login(base, email) {
  const storage = new Map();
  const Storage = {
    setItem: (k, v) => storage.set(k, v),
    getItem: (k) => storage.get(k) ?? null,
    removeItem: (k) => storage.delete(k),
    clear: () => storage.clear(),
  };
  const pool = new cognito.CognitoUserPool({
    UserPoolId: 'eu-central-1_ErdLocal1',
    ClientId: 'erdlocalclient',
    endpoint: `${base}/identity`,
    Storage,
  });
  const user = new cognito.CognitoUser({ Username: email, Pool: pool, Storage });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new cognito.AuthenticationDetails({ Username: email, Password: PASSWORD }), {
      onSuccess: (session) => resolve(session.getAccessToken().getJwtToken()),
      onFailure: (error) => reject(new Error(`login of ${email} through ${base} failed: ${error.code ?? ''} ${error.message}`)),
    }),
  );
}

async function testPicture() {
  // A gradient photo, so the encoders have something to do.
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** The live release of mf_standings as one instance tells the browser. */
async function standingsRelease(base) {
  const config = (await expectStatus(`${base}/config.json`, 200)).json();
  return config.remotes.find((r) => r.name === 'mf_standings');
}

/** Runs a command to its end; resolves with what it wrote (stdout and stderr), rejects naming it as `what` when it fails. */
function outputOf(command, args, { cwd, env, what }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${what} exited with ${code}:\n${output}`))));
  });
}

/** The operator command line of the built server with the deployment's environment (`appRoot`: the tree to run it from). */
function cli(env, args, appRoot = root, node = process.execPath) {
  return outputOf(node, [path.join(appRoot, 'server/dist/cli.js'), ...args], { cwd: appRoot, env, what: `cli.js ${args[0]}` });
}

/** `npm run release -- …` with the deployment's environment; resolves with its output. */
function releaseCli(env, args) {
  const command = ['run', '--silent', 'release', '--', 'mf-standings', ...args];
  return outputOf('npm', command, { cwd: root, env, what: `npm run release -- mf-standings ${args.join(' ')}` });
}

// ── nginx ───────────────────────────────────────────────────────────────────────────────────────
/** The deployment template's values for this run: its two instances and S3, nginx listening at `listen`. */
const nginxValues = (p, listen) => ({
  APP_A: `127.0.0.1:${p.a}`,
  APP_B: `127.0.0.1:${p.b}`,
  S3_ORIGIN: `127.0.0.1:${p.s3}`,
  S3_BUCKET: BUCKET,
  LISTEN: listen,
});

/** nginx.conf for an unprivileged nginx in `dir`: the deployment's template, rendered as the nginx image does. */
function nginxConfig(p, dir) {
  return deployNginxConfig({
    dir,
    values: nginxValues(p, `127.0.0.1:${p.lb}`),
    // Which instance answered each request of the test (its X-Test-Id), after nginx's retries.
    http: `  log_format topology '$http_x_test_id $status "$upstream_addr"';`,
    accessLog: `${dir}/access.log topology`,
  });
}

/**
 * The same file as a public front ends TLS with it (docs/deployment.md, "TLS and HTTP/2"): LISTEN
 * `ssl http2` and a certificate in the http context, here one made for the run.
 */
function tlsNginxConfig(p, dir) {
  return deployNginxConfig({
    dir,
    values: nginxValues(p, `127.0.0.1:${p.tls} ssl http2`),
    http: selfSignedCertificate(dir),
  });
}

/** GET over HTTPS with HTTP/2 (the certificate is the run's own): status, content type, protocol. */
function getOverHttp2(origin, pathname) {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.once('error', reject);
    const req = session.request({ ':path': pathname, 'accept-encoding': 'br' });
    req.once('error', reject);
    req.once('response', (headers) => {
      req.resume();
      req.once('end', () => {
        resolve({ status: headers[':status'], type: headers['content-type'], alpn: session.alpnProtocol });
        session.close();
      });
    });
    req.end();
  });
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────
const counts = { a: 0, b: 0, retried: 0, failed: [] };

async function main() {
  // The instances run from the Dockerfile's runtime stage (/app: the builds and the production
  // dependencies only), laid out from this repository's builds by its own COPY and npm lines;
  // releases are built from the repository, as CI would build them.
  const appRoot = process.env.TOPOLOGY_APP_ROOT
    ? path.resolve(process.env.TOPOLOGY_APP_ROOT)
    : await phase("the Dockerfile's runtime stage, laid out from the builds (npm ci --omit=dev)", async () => {
        const dir = path.join(tmp, 'app');
        await layOutRuntime(dir);
        return dir;
      });
  const p = await ports();
  const lb = `http://127.0.0.1:${p.lb}`;
  const urlA = `http://127.0.0.1:${p.a}`;
  const urlB = `http://127.0.0.1:${p.b}`;
  console.log(`topology: nginx ${lb} → A ${urlA}, B ${urlB} (${appRoot}); S3 :${p.s3}; SMTP :${p.smtp}; database ${dbName}; ${tmp}`);

  // Only what a deployment sets (plus PATH/HOME): nothing of the caller's environment leaks in.
  const base = Object.fromEntries(['PATH', 'HOME', 'LANG', 'TMPDIR'].filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
  const seasonDir = path.join(tmp, 'season');
  const deployment = {
    ...base,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TOPOLOGY_LOG_LEVEL ?? 'warn',
    DATABASE_URL: dbUrl('app'),
    SEASON_DIR: seasonDir,
    APP_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: lb,
    TRUST_PROXY: '127.0.0.1',
    S3_BUCKET: BUCKET,
    S3_REGION: S3_KEYS.region,
    S3_ENDPOINT: `http://127.0.0.1:${p.s3}`,
    S3_ACCESS_KEY_ID: S3_KEYS.id,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secret,
    S3_PUBLIC_URL: `${lb}/s3`,
    SMTP_URL: `smtp://127.0.0.1:${p.smtp}`,
    MAIL_FROM: 'Punktejagd <noreply@example.org>',
  };
  const dataDir = (name) => path.join(tmp, `data-${name}`);

  await phase('services: fresh database, S3, SMTP capture, nginx; the demo season', async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      for (const role of Object.values(roles)) await client.query(`create role ${role.name} login password '${role.password}'`);
      rolesCreated = true;
      await client.query(`create database ${dbName} owner ${roles.owner.name}`);
      dbCreated = true;
    } finally {
      await client.end();
    }
    // The demo season, with the picture challenge open for submissions today (in the demo its
    // submission window is over and voting runs).
    cpSync(path.join(appRoot, 'server/season/demo'), seasonDir, { recursive: true });
    const season = JSON.parse(readFileSync(path.join(seasonDir, 'season.json'), 'utf8'));
    const picture = season.challenges.find((c) => c.id === PICTURE_CHALLENGE);
    check(picture, `the demo season has no challenge ${PICTURE_CHALLENGE}`);
    Object.assign(picture, {
      startDateSubmission: 'today-1',
      endDateSubmission: 'today+5',
      startDateVoting: 'today+6',
      endDateVoting: 'today+10',
    });
    writeFileSync(path.join(seasonDir, 'season.json'), JSON.stringify(season, null, 2));

    // Each instance has a DATA_DIR of its own, as on machines without a shared disk: releases and
    // media are in PostgreSQL (decision 0011).
    for (const name of ['a', 'b']) mkdirSync(dataDir(name));

    smtp = await startSmtp(p.smtp);
    const hooks = pathToFileURL(path.join(root, 'server/src/test-support/ts-hooks.mjs')).href;
    const s3 = start(
      's3',
      process.execPath,
      [
        '--conditions=source',
        '--import',
        `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hooks)})`,
        path.join(root, 'server/src/test-support/fake-s3-main.ts'),
      ],
      {
        ...base,
        FAKE_S3_BUCKET: BUCKET,
        FAKE_S3_ACCESS_KEY_ID: S3_KEYS.id,
        FAKE_S3_SECRET_ACCESS_KEY: S3_KEYS.secret,
        FAKE_S3_REGION: S3_KEYS.region,
        FAKE_S3_PORT: String(p.s3),
      },
    );
    // An nginx of its own in tmp/<folder>, unprivileged, with the configuration `config(folder)`.
    const startNginx = (label, folder, config) => {
      const dir = path.join(tmp, folder);
      mkdirSync(dir);
      chmodSync(dir, 0o777);
      writeFileSync(path.join(dir, 'nginx.conf'), config(dir));
      return start(label, nginxBin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], base);
    };
    const nginx = startNginx('nginx', 'nginx', (dir) => nginxConfig(p, dir));
    const tlsNginx = startNginx('nginx (TLS)', 'nginx-tls', (dir) => tlsNginxConfig(p, dir));
    await waitFor('S3', () => s3.output.includes('listening'), { timeoutMs: 30_000, procs: [s3] });
    // A TCP probe: a request now would find no instance and mark both down for fail_timeout.
    await waitFor('nginx', () => connects(p.lb), { timeoutMs: 10_000, procs: [nginx] });
    await waitFor('nginx (TLS)', () => connects(p.tls), { timeoutMs: 10_000, procs: [tlsNginx] });
  });

  await phase('as the app role an instance refuses the empty database and says what the owner has to run', async () => {
    const refused = start('instance (app role, empty database)', dockerNode.bin, [path.join(appRoot, 'server/dist/server.js')], {
      ...deployment,
      PORT: String(p.a),
      DATA_DIR: dataDir('a'),
    });
    const exit = await refused.exited;
    check(exit.code === 1, `the instance should exit with 1, not ${JSON.stringify(exit)}:\n${refused.output}`);
    check(
      refused.output.includes(`Die Datenbankrolle "${roles.app.name}" besitzt das Schema nicht`) &&
        refused.output.includes('node server/dist/cli.js migrate'),
      `the instance should say (German and English) that the owner runs cli.js migrate:\n${refused.output}`,
    );
  });

  await phase("the owner runs `cli.js migrate` twice at once (the lock): migrations, job queues, the app role's grants", async () => {
    const env = { ...deployment, DATABASE_MIGRATION_URL: dbUrl('owner'), DATA_DIR: dataDir('a') };
    const outputs = await Promise.all([0, 1].map(() => cli(env, ['migrate'], appRoot, dockerNode.bin)));
    for (const output of outputs) {
      check(
        output.includes(`as "${roles.owner.name}"`) && output.includes(`grants renewed for the app role "${roles.app.name}"`),
        `cli.js migrate said:\n${output}`,
      );
    }
  });

  const [a, b] = await phase(
    `both instances start at once as the app role on the migrated database (season import; Node ${dockerNode.version})`,
    async () => {
      const procs = ['a', 'b'].map((name) =>
        start(`instance ${name.toUpperCase()}`, dockerNode.bin, [path.join(appRoot, 'server/dist/server.js')], {
          ...deployment,
          PORT: String(p[name]),
          DATA_DIR: dataDir(name),
        }),
      );
      await Promise.all([urlA, urlB].map((url) => waitFor(`${url}/ready`, async () => (await fetch(`${url}/ready`)).ok, { procs })));
      const challenges = (url) => request(`${url}${SPACE}/spacedata?include=4`).then((r) => r.json().year.fields.challenges.length);
      const expected = JSON.parse(readFileSync(path.join(seasonDir, 'season.json'), 'utf8')).challenges.length;
      check(
        (await challenges(urlA)) === expected && (await challenges(urlB)) === expected,
        `both instances should show the ${expected} challenges of the season`,
      );
      await expectStatus(`${lb}/ready`, 200);
      return procs;
    },
  );

  await phase('the same nginx file with LISTEN "ssl http2" serves the site over HTTPS with HTTP/2', async () => {
    const origin = `https://127.0.0.1:${p.tls}`;
    for (const [pathname, type] of [
      ['/', /^text\/html/],
      ['/ready', /^application\/json/],
    ]) {
      const res = await getOverHttp2(origin, pathname);
      check(
        res.status === 200 && res.alpn === 'h2' && type.test(res.type ?? ''),
        `${origin}${pathname} over HTTP/2 should answer 200 ${type}, got ${JSON.stringify(res)}`,
      );
    }
  });

  const email = `verein-${randomBytes(4).toString('hex')}@example.org`;
  const token = await phase('a member registers through nginx (code from the SMTP capture) and logs in (SRP)', async () => {
    await register(lb, email, 'club-10214-m');
    return login(lb, email);
  });

  const entry = await phase('the club submits a picture on instance A (presigned POST to S3); instance B and nginx serve it', async () => {
    const post = (
      await expectStatus(`${urlA}/api/challenge/particpation/${PICTURE_CHALLENGE}/createpresignedpost`, 200, {
        method: 'POST',
        headers: memberHeaders(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({ name: 'jubel.jpg', contentType: 'image/jpeg' }),
      })
    ).json();
    check(post.data.url === `${deployment.S3_ENDPOINT}/${BUCKET}`, `the upload should go to the bucket, not ${post.data.url}`);
    const form = new FormData();
    for (const [key, value] of Object.entries(post.data.fields)) form.append(key, value);
    form.append('file', new Blob([await testPicture()], { type: 'image/jpeg' }), 'jubel.jpg');
    await expectStatus(post.data.url, 204, { method: 'POST', body: form });
    // The upload is in the bucket under incoming/, which the site does not serve.
    await expectStatus(`${deployment.S3_ENDPOINT}/${BUCKET}/incoming/${post.file}`, 200);
    await expectStatus(`${lb}/s3/incoming/${post.file}`, 404);
    const saved = (
      await expectStatus(`${urlA}/api/challenge/particpation/${PICTURE_CHALLENGE}`, 200, {
        method: 'PUT',
        headers: memberHeaders(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({ picture: post.file }),
      })
    ).json();
    const image = saved.fields.image.fields.file;
    check(image.url === `${lb}/s3/uploads/${post.file}.jpg`, `picture URL ${image.url}`);

    const onB = (
      await expectStatus(`${urlB}/api/challenge/particpation/${PICTURE_CHALLENGE}`, 200, { headers: memberHeaders(token) })
    ).json();
    check(
      onB?._id === saved._id && onB.fields.image.fields.file.url === image.url,
      `instance B should answer the entry saved on A: ${JSON.stringify(onB)?.slice(0, 300)}`,
    );
    const picture = await expectStatus(image.url, 200);
    check(picture.body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), 'the picture should be a JPEG');
    check((await sharp(picture.body).metadata()).width === image.width, 'the picture should have the width the entry tells');
    for (const thumbnail of saved.fields.image.metadata.thumbnails) {
      const webp = await expectStatus(thumbnail.url, 200);
      check(webp.body.subarray(8, 12).toString('latin1') === 'WEBP', `${thumbnail.url} should be a WEBP`);
    }
    return saved;
  });

  const operatorSession = await phase('an admin uploads a back-office picture on instance A; instance B serves it', async () => {
    const admin = { email: 'vorstand@example.org', password: `Topologie#${randomBytes(6).toString('hex')}` };
    await cli({ ...deployment, DATA_DIR: dataDir('a') }, ['operator-add', admin.email, '--role', 'admin', '--password', admin.password]);
    const login = await expectStatus(`${urlA}/api/operator/login`, 200, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
      body: JSON.stringify(admin),
    });
    const session = /erd_operator=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    check(session, 'the operator login should set the erd_operator cookie');
    const form = new FormData();
    form.append('file', new Blob([await testPicture()], { type: 'image/jpeg' }), 'teaser.jpg');
    const image = (
      await expectStatus(`${urlA}/api/operator/media`, 201, {
        method: 'POST',
        headers: { cookie: `${session}; XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        body: form,
      })
    ).json();
    const { pathname } = new URL(image.fields.file.url, lb);
    const onB = await expectStatus(`${urlB}${pathname}`, 200);
    check(onB.body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), `${pathname} from instance B should be the JPEG`);
    return session;
  });

  await phase('a remote release and a rollback (npm run release) reach both instances', async () => {
    const cliEnv = { ...deployment, DATA_DIR: dataDir('a') };
    const released = [];
    for (let i = 0; i < 2; i++) {
      const output = await releaseCli(cliEnv, []);
      const id = /^Released mf_standings (\S+) /m.exec(output)?.[1];
      check(id, `no "Released mf_standings <id>" line in:\n${output}`);
      released.push(id);
      for (const url of [urlA, urlB]) {
        const live = await standingsRelease(url);
        check(live.release === id, `${url}/config.json should name release ${id} of mf_standings, not ${JSON.stringify(live)}`);
        await expectStatus(`${url}${live.entry}`, 200);
      }
    }
    check(released[0] !== released[1], `two releases should get two ids: ${released}`);
    const output = await releaseCli(cliEnv, ['--rollback', released[0]]);
    check(output.includes(`mf_standings is now ${released[0]}`), `rollback output:\n${output}`);
    for (const url of [urlA, urlB]) {
      const live = await standingsRelease(url);
      check(live.release === released[0], `after the rollback ${url}/config.json should name ${released[0]}, not ${live.release}`);
    }
    console.log(`  released ${released.join(', ')}; rolled back to ${released[0]}`);
  });

  await phase('instance A is killed (SIGKILL) while requests run through nginx; B answers them all', async () => {
    const spacedata = (await expectStatus(`${lb}${SPACE}/spacedata?include=4`, 200)).text();
    const mediaPath = /"(?:https?:\/\/[^"/]+)?(\/media\/[^"]+)"/.exec(spacedata)?.[1];
    check(mediaPath, 'the space data should link an imported image under /media/');
    const live = await standingsRelease(lb);
    const identity = {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
      body: JSON.stringify({ AccessToken: token }),
    };
    const calls = [
      ['GET /', `${lb}/`, {}],
      ['GET /config.json', `${lb}/config.json`, {}],
      ['GET spacedata', `${lb}${SPACE}/spacedata?include=4`, {}],
      ['GET season image', `${lb}${mediaPath}`, {}],
      ['GET released remote', `${lb}${live.entry}`, {}],
      ['GET own entry', `${lb}/api/challenge/particpation/${PICTURE_CHALLENGE}`, { headers: memberHeaders(token) }],
      ['GET picture', entry.fields.image.fields.file.url, {}],
      ['POST identity GetUser', `${lb}/identity`, identity],
    ];
    const upstream = { [`127.0.0.1:${p.a}`]: 'a', [`127.0.0.1:${p.b}`]: 'b', [`127.0.0.1:${p.s3}`]: 's3' };
    /** nginx's access log: test id → the upstreams tried, in order ('a', 'b', 's3'). */
    const servedBy = () =>
      new Map(
        readFileSync(path.join(tmp, 'nginx/access.log'), 'utf8')
          .split('\n')
          .map((line) => /^(t\d+-\d+) \d+ "([^"]*)"$/.exec(line))
          .filter(Boolean)
          .map(([, id, addrs]) => [id, addrs.split(/, | : /).map((addr) => upstream[addr] ?? addr)]),
      );
    const runFor = 8_000;
    const killAt = 3_000;
    const t0 = Date.now();
    let killedAt = null;
    const sent = [];
    const worker = async (w) => {
      for (let n = 0; Date.now() - t0 < runFor; n++) {
        const [name, url, init] = calls[(w + n) % calls.length];
        const record = { id: `t${w}-${n}`, name, sent: Date.now() - t0, error: null };
        sent.push(record);
        try {
          const res = await request(url, { ...init, headers: { ...init.headers, 'x-test-id': record.id } });
          if (res.status !== 200) throw new Error(`${res.status}`);
        } catch (error) {
          record.error = error.message;
        }
        // At most one request per 15 ms and loop: ≤ 2,200 in all, ≤ 270 identity calls (the
        // per-IP limit for those is 600 in 10 minutes, and nginx's address is every client's).
        await sleep(record.sent + 15 - (Date.now() - t0));
      }
    };
    const killer = (async () => {
      await sleep(killAt);
      const before = [...servedBy().values()].map((tried) => tried.at(-1));
      check(before.includes('a') && before.includes('b'), `both instances should have served before the kill: ${before}`);
      process.kill(a.child.pid, 'SIGKILL');
      killedAt = Date.now() - t0;
    })();
    // Until the process is gone (a few milliseconds after the signal) its socket still accepts.
    await Promise.all([killer, ...[0, 1, 2, 3].map(worker)]);
    const exit = await a.exited;
    check(exit.signal === 'SIGKILL', `instance A should have died of SIGKILL, not ${JSON.stringify(exit)}`);
    check(running(b), 'instance B should still run');

    const log = servedBy();
    for (const record of sent) {
      const tried = log.get(record.id) ?? [];
      record.by = tried.at(-1);
      if (tried.length > 1) counts.retried += 1;
      if (record.by === 'a' || record.by === 'b') counts[record.by] += 1;
      if (record.error) counts.failed.push(record);
    }
    const gone = a.exitedAt - t0;
    const late = sent.filter((r) => r.sent > gone);
    check(
      late.every((r) => r.by !== 'a'),
      `instance A answered after it was killed: ${JSON.stringify(late.filter((r) => r.by === 'a'))}`,
    );
    // A request under way in instance A when it died is answered 502 by nginx only when it is not
    // idempotent (a POST already sent is never resent); a GET is retried on B. So: no failed GET,
    // and at most one failed POST per worker, sent before A was gone.
    const unexpected = counts.failed.filter((r) => !r.name.startsWith('POST') || r.sent > gone);
    check(unexpected.length === 0, `requests failed: ${JSON.stringify(unexpected)}`);
    check(counts.failed.length <= 4, `at most one request per worker may be cut off: ${JSON.stringify(counts.failed)}`);
    check(late.length > 20, `too few requests after the kill (${late.length})`);
    console.log(
      `  ${sent.length} requests: A answered ${counts.a}, B ${counts.b}, S3 ${sent.filter((r) => r.by === 's3').length}; ` +
        `${counts.retried} retried on B by nginx, ${late.length} sent after A was gone (${gone - killedAt} ms after SIGKILL), ${counts.failed.length} cut off` +
        (counts.failed.length ? `: ${JSON.stringify(counts.failed)}` : ''),
    );
  });

  const secondToken = await phase(
    'with instance A gone the site goes on: a new member registers and logs in, the first one too',
    async () => {
      const second = `verein-${randomBytes(4).toString('hex')}@example.org`;
      await register(lb, second, 'club-10214-w');
      const secondToken = await login(lb, second);
      const again = await login(lb, email);
      const own = (
        await expectStatus(`${lb}/api/challenge/particpation/${PICTURE_CHALLENGE}`, 200, { headers: memberHeaders(again) })
      ).json();
      check(own?._id === entry._id, 'the entry should still be there');
      await expectStatus(`${lb}/ready`, 200);
      return secondToken;
    },
  );

  await phase(
    'as the app role: an admin publishes the entry and opens voting (audited), the second member votes; the audit log cannot be rewritten',
    async () => {
      const app = new pg.Client({ connectionString: dbUrl('app') });
      await app.connect();
      try {
        const auditRows = async () => (await app.query('select count(*)::int as n from moderation_log')).rows[0].n;
        const before = await auditRows();
        const operator = (extra = {}) => ({ cookie: `${operatorSession}; XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...extra });
        const json = { 'content-type': 'application/json' };
        const published = (
          await expectStatus(`${lb}/api/operator/moderation/decisions`, 200, {
            method: 'POST',
            headers: operator(json),
            body: JSON.stringify({
              decision: 'publish',
              ids: [entry._id],
              checklist: { minors: true, traffic: true, performance: true, excess: true },
            }),
          })
        ).json();
        check(published.items?.[0]?.outcome === 'published', `the entry should be published: ${JSON.stringify(published)}`);
        const challengeUrl = `${lb}/api/operator/challenges/${PICTURE_CHALLENGE}`;
        const challenge = (await expectStatus(challengeUrl, 200, { headers: operator() })).json();
        const day = (offset) => new Date(Date.parse(`${berlinToday()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
        await expectStatus(challengeUrl, 200, {
          method: 'PATCH',
          headers: operator(json),
          body: JSON.stringify({
            expectedUpdatedAt: challenge.updatedAt,
            endDateSubmission: day(-1),
            startDateVoting: day(0),
            confirmRunning: true,
            reason: 'Abstimmung für den Topologie-Test öffnen',
          }),
        });
        const vote = (
          await expectStatus(`${lb}/api/votes`, 200, {
            method: 'POST',
            headers: memberHeaders(secondToken, json),
            body: JSON.stringify({ challengeId: PICTURE_CHALLENGE, participationId: entry._id }),
          })
        ).json();
        check(vote.votes === 1, `the member's vote should count: ${JSON.stringify(vote)}`);
        const after = await auditRows();
        check(after >= before + 2, `the publication and the date change should be in the audit log (${before} → ${after} rows)`);

        const refused = async (statements) => {
          await app.query('begin');
          try {
            for (const statement of statements.slice(0, -1)) await app.query(statement);
            await app.query(statements.at(-1));
            return null;
          } catch (error) {
            return error.code;
          } finally {
            await app.query('rollback');
          }
        };
        for (const statements of [
          [`update moderation_log set reason = 'umgeschrieben'`],
          ['delete from moderation_log'],
          ['truncate moderation_log'],
          [`set local erd.audit_maintenance = 'on'`, `update moderation_log set reason = 'umgeschrieben'`],
          [`set local erd.audit_maintenance = 'on'`, 'delete from moderation_log'],
          ['alter table moderation_log disable trigger moderation_log_append_only'],
          ['alter table moderation_log disable trigger all'],
        ]) {
          const code = await refused(statements);
          check(code === '42501', `as the app role "${statements.join('; ')}" should be refused (42501), not ${code ?? 'done'}`);
        }
        check((await auditRows()) === after, 'the audit log should be unchanged');
      } finally {
        await app.end();
      }
    },
  );

  await phase('instance B stops on SIGTERM (exit code 0)', async () => {
    process.kill(b.child.pid, 'SIGTERM');
    const exit = await b.exited;
    check(exit.code === 0, `instance B should exit with 0 after SIGTERM, not ${JSON.stringify(exit)}:\n${b.output.slice(-2000)}`);
  });
}

async function cleanup() {
  const t0 = Date.now();
  for (const proc of children) if (running(proc)) killGroup(proc, 'SIGTERM');
  await Promise.race([Promise.all(children.map((proc) => proc.exited)), sleep(5_000)]);
  for (const proc of children) killGroup(proc, 'SIGKILL'); // and what the servers started
  await Promise.all(children.map((proc) => proc.exited));
  if (smtp) await new Promise((resolve) => smtp.close(resolve));
  const t1 = Date.now();
  if (dbCreated || rolesCreated) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    try {
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      // The grants and default privileges were in the database: the roles hold nothing else.
      for (const role of Object.values(roles)) await client.query(`drop role if exists ${role.name}`);
    } catch (error) {
      console.error(`  (could not drop ${dbName} or its roles: ${error.message})`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const t2 = Date.now();
  if (process.env.TOPOLOGY_KEEP) console.log(`  (kept ${tmp})`);
  else rmSync(tmp, { recursive: true, force: true });
  console.log(`  clean-up: processes ${seconds(t1 - t0)}, database ${seconds(t2 - t1)}, files ${seconds(Date.now() - t2)}`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n✗ topology: ${signal} received, stopping`);
    void cleanup().finally(() => process.exit(1));
  });
}

try {
  await main();
  console.log(`\n✓ topology: ${phases.length} steps in ${seconds(Date.now() - started)}`);
} catch (error) {
  console.error(`\n✗ topology: ${error.message}`);
  for (const proc of children) {
    const state = running(proc) ? 'running' : `exited (code ${proc.child.exitCode}, signal ${proc.child.signalCode})`;
    console.error(`\n── ${proc.name}: ${state}; last output ──\n${proc.output.slice(-3000)}`);
  }
  const nginxLog = path.join(tmp, 'nginx/error.log');
  if (existsSync(nginxLog)) console.error(`\n── nginx error.log ──\n${readFileSync(nginxLog, 'utf8').slice(-3000)}`);
  process.exitCode = 1;
} finally {
  for (const [name, ms] of phases) console.log(`  ${seconds(ms).padStart(7)}  ${name}`);
  console.log(
    `  requests through nginx in the kill phase: A ${counts.a}, B ${counts.b} (${counts.retried} retried), ${counts.failed.length} failed`,
  );
  await cleanup();
  console.log(`  (${seconds(Date.now() - started)} with the clean-up)`);
}
