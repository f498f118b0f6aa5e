// `npm run bench:pictures`: the memory figure of picture processing, before and after the picture
// workers, in one run (for the README; figures, not a timed test).
//
// Runs the built server in two modes, each on a fresh temporary DATA_DIR (PGlite) with the e2e season
// (its picture challenge `e2e-bild` is open for submissions today) and RATE_LIMIT_SCALE=0:
//   (a) PICTURE_WORKERS=0: pictures are processed inside the server process (the old behaviour);
//   (b) PICTURE_WORKERS unset (the default, 1): pictures are processed in a child process.
// MALLOC_ARENA_MAX is removed from the server's environment in both cases (the pool gives its
// children MALLOC_ARENA_MAX=2 of its own; the server process runs with glibc's default).
//
// In each run a club member registers, confirms with the code from DATA_DIR/outbox and logs in (SRP,
// with amazon-cognito-identity-js, as the browser does) through the real HTTP API; then N pictures
// (a 4000 × 3000 JPEG made from noise, ~4 MB) go one after the other through the real upload flow:
// createpresignedpost, then the multipart POST to the upload endpoint, where the picture is processed
// (the entry itself, PUT { picture }, only uses the processed key: not needed here, and one key per
// club and challenge would limit the run to one picture per member).
//
// Meanwhile, every 50 ms: the RSS of the server process and the sum over its descendants (the
// picture worker), from /proc; every 100 ms a GET /health, timed from here (the event loop delay as
// a client sees it). Printed: RSS idle before the first upload, peaks, RSS 10 s after the last
// upload, the median time of one upload (body + processing + storing), /health max and p99.
//
// The server is measured as it runs after a restart: the first start on the fresh DATA_DIR creates
// the database (PGlite's initdb, the migrations, the season import) and leaves the process several
// hundred MB larger for as long as it lives (measured, idle: 500–900 MB RSS after a first start, a
// steady ~400 MB after a restart), which would blur the figure looked for; the member registers in
// that first start and logs in again after the restart.
// --first-start measures the first start instead (one start per mode).
//
// Knobs: --count N (20) pictures per mode; --after S (10) seconds sampled after the last upload;
// --first-start (see above).
// Builds the contracts and the server when stale. Exits 1 when an upload did not succeed, 2 when
// the run itself failed (server did not start, …).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import cognito from 'amazon-cognito-identity-js';
import sharp from 'sharp';
import { benchRun, buildWhenStale, freePort, median, mulberry32, percentile, SERVER_BUILD } from './bench-kit.mjs';
import { root } from './lib.mjs';
import { memberRegistration } from './member-registration.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  const value = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} needs a whole number ≥ 1 (got ${value})`);
    process.exit(2);
  }
  return n;
};
const COUNT = option('count', 20);
const FIRST_START = args.includes('--first-start');
const AFTER_S = option('after', 10);
const SAMPLE_MS = 50;
const PROBE_MS = 100;
const WIDTH = 4000;
const HEIGHT = 3000;
const CHALLENGE = 'e2e-bild';
const PASSWORD = 'Anstoss#2026';

const at = (...p) => path.join(root, ...p);
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;
const ms = (n) => `${n.toFixed(0)} ms`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const run = benchRun('bench:pictures');
const { cleanups, track, cleanup } = run;

// ---------------------------------------------------------------------------------------------
// /proc: the RSS of a process and of all its descendants.

function rssOf(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0; // gone meanwhile
  }
}

/** Direct children: /proc/<pid>/task/<tid>/children, else a scan of /proc/*\/stat for the ppid. */
let childrenFileWorks = null;
function childrenOf(pid) {
  if (childrenFileWorks !== false) {
    try {
      const found = [];
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        if (text) found.push(...text.split(/\s+/).map(Number));
      }
      childrenFileWorks = true;
      return found;
    } catch (error) {
      if (childrenFileWorks === true || error?.code !== 'ENOENT') return [];
      childrenFileWorks = false; // a kernel without CONFIG_PROC_CHILDREN
    }
  }
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so from the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

function descendantsOf(pid) {
  const all = [];
  const todo = childrenOf(pid);
  while (todo.length) {
    const next = todo.shift();
    all.push(next);
    todo.push(...childrenOf(next));
  }
  return all;
}

/** Samples the server and its descendants every SAMPLE_MS until stopped. */
function startSampler(pid) {
  const samples = [];
  const take = () => {
    const kids = descendantsOf(pid);
    samples.push({ t: performance.now(), server: rssOf(pid), children: kids.reduce((s, k) => s + rssOf(k), 0), count: kids.length });
  };
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    samples,
    take,
    between: (from, to = Infinity) => samples.filter((s) => s.t >= from && s.t <= to),
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP.

/** GET /health every PROBE_MS (not waiting for the previous answer), each timed from here. */
function startProbe(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const times = [];
  let failed = 0;
  const probe = () => {
    const started = performance.now();
    const req = http.get(`${base}/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? times.push(performance.now() - started) : failed++));
    });
    req.on('error', () => failed++);
  };
  const timer = setInterval(probe, PROBE_MS);
  return {
    /** At once (an interrupted run): no more requests, open connections closed. */
    abort() {
      clearInterval(timer);
      agent.destroy();
    },
    async stop() {
      clearInterval(timer);
      await sleep(Math.min(2000, Math.max(200, ...times.slice(-5)) + 100));
      agent.destroy();
      return { times, failed };
    },
  };
}

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function waitForServer(base, server) {
  for (let i = 0; i < 480; i++) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode} before it answered`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer at ${base}/healthz within 2 minutes`);
}

/** Quoted-printable soft breaks and escapes, as nodemailer writes them. */
const decodeQuotedPrintable = (text) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The 6-digit code of the newest mail to `email` in the outbox (sent by a background job: polled). */
async function codeFromOutbox(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    let files = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      /* no mail yet */
    }
    const mails = files
      .map((f) => ({ mtime: statSync(path.join(dir, f)).mtimeMs, text: decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8')) }))
      .filter((m) => m.text.includes(email))
      .sort((a, b) => a.mtime - b.mtime);
    const last = mails.at(-1)?.text;
    if (last) {
      const body = last.slice(last.search(/\r?\n\r?\n/));
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (code) return code;
    }
    await sleep(200);
  }
  throw new Error(`no mail with a code to ${email} in ${dir} within 20 s`);
}

class MemoryStorage {
  items = new Map();
  setItem(key, value) {
    this.items.set(key, value);
  }
  getItem(key) {
    return this.items.get(key) ?? null;
  }
  removeItem(key) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** Registers a member of the first club, confirms it from the outbox, logs in with SRP: the access token. */
async function member(base, dataDir) {
  const config = await json(await fetch(`${base}/config.json`));
  const content = `${base}${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}`;
  const clubs = await json(await fetch(`${content}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=1&from=0`));
  const club = clubs.items?.[0];
  if (!club) throw new Error('the season has no clubs');
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@verein.example`;
  const post = (url, body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const signup = await post(
    `${content}/frontend-users/signup`,
    memberRegistration({ email, password: PASSWORD, clubId: club.sys.id, city: '85386 Eching' }),
  );
  if (signup.status >= 300) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(await json(signup))}`);
  const code = await codeFromOutbox(dataDir, email);
  const confirm = await post(`${content}/frontend-users/signup/confirm`, { email, code });
  if (confirm.status >= 300) throw new Error(`confirmation answered ${confirm.status}: ${JSON.stringify(await json(confirm))}`);

  return { email, club: club.fields.clubname, token: await logIn(base, email) };
}

/** The SRP login of the browser (amazon-cognito-identity-js): the access token. */
async function logIn(base, email) {
  const config = await json(await fetch(`${base}/config.json`));
  const storage = new MemoryStorage();
  const pool = new cognito.CognitoUserPool({
    UserPoolId: config.identity.userPoolId,
    ClientId: config.identity.clientId,
    endpoint: `${base}${config.identity.endpoint}`,
    Storage: storage,
  });
  const user = new cognito.CognitoUser({ Username: email, Pool: pool, Storage: storage });
  const session = await new Promise((resolve, reject) =>
    user.authenticateUser(new cognito.AuthenticationDetails({ Username: email, Password: PASSWORD }), {
      onSuccess: resolve,
      onFailure: reject,
      newPasswordRequired: () => reject(new Error('the login asks for a new password')),
    }),
  );
  return session.getAccessToken().getJwtToken();
}

/** One picture through the real flow: a key (createpresignedpost), then the multipart POST (processed there). */
async function uploadOnce(base, token, photo) {
  const xsrf = randomBytes(18).toString('base64url');
  const auth = { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const presign = await fetch(`${base}/api/challenge/particpation/${CHALLENGE}/createpresignedpost`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'jubel.jpg', contentType: 'image/jpeg' }),
  });
  const post = await json(presign);
  if (presign.status !== 200)
    return { ok: false, why: `createpresignedpost answered ${presign.status}: ${JSON.stringify(post).slice(0, 300)}` };
  const form = new FormData();
  for (const [k, v] of Object.entries(post.data.fields)) form.append(k, v);
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'jubel.jpg');
  const started = performance.now();
  const res = await fetch(new URL(post.data.url, base), {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: form,
  });
  const body = await json(res);
  const took = performance.now() - started;
  const file = body?.image?.fields?.file;
  if (res.status !== 201 || file?.width !== WIDTH || file?.height !== HEIGHT || body.image.metadata?.thumbnails?.length < 1) {
    return { ok: false, why: `upload answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}` };
  }
  return { ok: true, ms: took };
}

// ---------------------------------------------------------------------------------------------
// The picture: smooth noise at 1/5 scale, enlarged, plus fine grain (like sensor noise), so that it
// compresses like a photo (~4 MB as JPEG quality 85), not like a flat graphic nor like pure noise.

async function photoStandIn() {
  const rnd = mulberry32(20260601);
  const sw = WIDTH / 5;
  const sh = HEIGHT / 5;
  const coarse = Buffer.alloc(sw * sh * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(rnd() * 256);
  const pixels = await sharp(coarse, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) {
    const v = pixels[i] + (rnd() - 0.5) * 16;
    pixels[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// One mode: a server of its own, a member, COUNT uploads, AFTER_S seconds of quiet.

async function startServer(env, base) {
  const startedAt = performance.now();
  const server = track(spawn(process.execPath, [at('server/dist/server.js')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env }));
  const stop = () => server.stop();
  cleanups.push(stop);
  await waitForServer(base, server);
  return {
    pid: server.child.pid,
    seconds: (performance.now() - startedAt) / 1000,
    async stop() {
      await server.stop();
      cleanups.splice(cleanups.indexOf(stop), 1);
    },
  };
}

async function runMode(mode, photo) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-pictures-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  cleanups.push(removeDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  };
  for (const name of Object.keys(env)) if (/^(S3_|PICTURE_|BASIC_AUTH_)/.test(name)) delete env[name];
  for (const name of ['MALLOC_ARENA_MAX', 'NODE_OPTIONS', 'CLOCK_OFFSET_DAYS', 'UV_THREADPOOL_SIZE', 'VIPS_CONCURRENCY']) delete env[name];
  Object.assign(env, { SEASON_DIR: at('e2e/season'), RATE_LIMIT_SCALE: '0', ...mode.env });

  let server = await startServer(env, base);
  let who = await member(base, dataDir);
  let started = `up in ${server.seconds.toFixed(1)} s`;
  if (!FIRST_START) {
    // The first start creates the database (PGlite's initdb, migrations, the season): memory the
    // process keeps until it ends. Measured is the server as it runs afterwards, started again.
    const first = server.seconds;
    await server.stop();
    server = await startServer(env, base);
    who = { ...who, token: await logIn(base, who.email) };
    started = `first start ${first.toFixed(1)} s, stopped, started again in ${server.seconds.toFixed(1)} s`;
  }
  const pid = server.pid;
  console.log(`  ${mode.name}: server pid ${pid} (${started}); member of ${who.club} registered, confirmed, logged in (SRP)`);

  // Idle: after the start and the login, the server at rest for 3 s.
  const sampler = startSampler(pid);
  await sleep(3000);
  const idle = median(sampler.samples.slice(-20).map((s) => s.server));

  const probe = startProbe(base);
  const abortProbe = () => (probe.abort(), sampler.stop());
  cleanups.push(abortProbe);
  // This script's own event loop during the uploads: a late probe here would be blamed on the server.
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  ownLoop.enable();
  const uploadsFrom = performance.now();
  const times = [];
  const failures = [];
  for (let i = 0; i < COUNT && !run.stopping; i++) {
    let result;
    try {
      result = await uploadOnce(base, who.token, photo);
    } catch (error) {
      result = { ok: false, why: `request failed: ${error?.cause?.message ?? error?.message ?? error}` };
    }
    if (result.ok) times.push(result.ms);
    else failures.push(`#${i + 1}: ${result.why}`);
    if (!run.stopping) process.stdout.write(result.ok ? '.' : 'x');
  }
  process.stdout.write('\n');
  const uploadsTo = performance.now();
  ownLoop.disable();
  const health = await probe.stop();
  cleanups.splice(cleanups.indexOf(abortProbe), 1);
  const healthDuring = health.times; // all probes were sent during the uploads
  await sleep(Math.max(0, AFTER_S * 1000 - (performance.now() - uploadsTo)));
  sampler.take();
  sampler.stop();
  const last = sampler.samples.at(-1);
  const window = sampler.between(uploadsFrom);

  await server.stop();
  removeDir();
  cleanups.splice(cleanups.indexOf(removeDir), 1);

  return {
    name: mode.name,
    idle,
    peak: Math.max(...window.map((s) => s.server)),
    after: last.server,
    childrenPeak: Math.max(...window.map((s) => s.children)),
    childrenAfter: last.children,
    childrenMax: Math.max(...window.map((s) => s.count)),
    perPicture: median(times),
    healthMax: Math.max(...healthDuring),
    healthP99: percentile(healthDuring, 99),
    healthCount: healthDuring.length,
    healthFailed: health.failed,
    samples: window.length,
    ownLoopMax: ownLoop.max / 1e6,
    seconds: (uploadsTo - uploadsFrom) / 1000,
    failures,
  };
}

// ---------------------------------------------------------------------------------------------

const MODES = [
  { name: 'in-process (PICTURE_WORKERS=0)', env: { PICTURE_WORKERS: '0' } },
  { name: 'child process (default, 1)', env: {} },
];

let exitCode = 0;
try {
  // The contracts (the server imports them at run time) and the server, when stale.
  const [contracts, server] = SERVER_BUILD;
  await buildWhenStale([contracts, { ...server, output: at('server/dist/modules/uploads/picture-worker.js') }, server]);
  const made = performance.now();
  const photo = await photoStandIn();
  const meta = await sharp(photo).metadata();
  console.log(
    `\nPicture: ${meta.width} × ${meta.height} JPEG, ${(photo.length / 1048576).toFixed(2)} MB (made in ${((performance.now() - made) / 1000).toFixed(1)} s); ` +
      `${COUNT} uploads per mode, one after the other; Node ${process.version}, ${os.cpus().length} cores, load ${load()}` +
      `\nServer: PGlite in a fresh temporary DATA_DIR, ${FIRST_START ? 'measured in its first start (database created in it)' : 'measured after a restart (the first start created the database)'}`,
  );
  const results = [];
  for (const mode of MODES) {
    if (run.stopping) break;
    results.push(await runMode(mode, photo));
  }

  const cols = [
    ['mode', 32, (r) => r.name],
    ['idle before', 12, (r) => mb(r.idle)],
    ['server peak', 12, (r) => mb(r.peak)],
    [`after ${AFTER_S} s`, 11, (r) => mb(r.after)],
    ['children peak', 14, (r) => mb(r.childrenPeak)],
    ['per picture', 12, (r) => ms(r.perPicture)],
    ['/health max', 12, (r) => ms(r.healthMax)],
    ['/health p99', 12, (r) => ms(r.healthP99)],
  ];
  console.log(
    `\nMemory of picture processing (RSS every ${SAMPLE_MS} ms from /proc; /health every ${PROBE_MS} ms during the uploads; median time of one upload):`,
  );
  console.log(cols.map(([h, w], i) => (i === 0 ? h.padEnd(w) : h.padStart(w))).join(' '));
  for (const r of results) console.log(cols.map(([, w, f], i) => (i === 0 ? f(r).padEnd(w) : f(r).padStart(w))).join(' '));
  if (results.length === 2) {
    const [a, b] = results;
    console.log(`\nServer peak, in-process / child process: ${(a.peak / b.peak).toFixed(1)}× (${mb(a.peak)} / ${mb(b.peak)})`);
  }
  for (const r of results) {
    console.log(
      `  ${r.name}: ${r.samples} samples over ${r.seconds.toFixed(1)} s of uploads + ${AFTER_S} s; children: at most ${r.childrenMax} at once, ` +
        `${mb(r.childrenAfter)} after ${AFTER_S} s; /health: ${r.healthCount} answers${r.healthFailed ? `, ${r.healthFailed} failed` : ''}; ` +
        `this script's own event loop delay during the uploads: max ${ms(r.ownLoopMax)}`,
    );
  }
  console.log(`  load at the end: ${load()}`);
  const failures = results.flatMap((r) => r.failures.map((f) => `${r.name} ${f}`));
  if (failures.length) {
    console.error(`\n✗ ${failures.length} upload(s) did not succeed:\n  ${failures.slice(0, 10).join('\n  ')}`);
    exitCode = 1;
  }
} catch (error) {
  exitCode = run.failed(error);
} finally {
  await cleanup();
}
process.exit(exitCode);
