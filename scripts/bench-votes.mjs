// `npm run bench:votes`: accepted anonymous votes per second, end to end over HTTP, on the built
// server with a fresh database, and whether every count is exact afterwards (printed figures, not
// a timed test).
//
// 1. builds the contracts and the server when stale;
// 2. a fresh database — PostgreSQL when DATABASE_URL is set (a database erd_bench_votes_<random>
//    created through that connection and dropped afterwards), else PGlite in a temporary DATA_DIR —
//    seeded with a text-vote challenge in its voting window (Europe/Berlin today), BENCH_ENTRIES
//    published entries (400) with some votes already, and a finished vote challenge beside it;
// 3. the proofs of work, solved BEFORE the timed phase: BENCH_VOTES (4,000) ALTCHA challenges made
//    by the server's own `createProofChallenge` with the server's APP_SECRET (a fixed bench secret)
//    and the production cost (VOTE_PROOF_COST, 2000), solved with node's PBKDF2 on the libuv
//    threadpool. Solving costs ~256 × cost iterations per proof (~0.1 s of CPU at cost 2000), so
//    the solved proofs are kept in node_modules/.cache/bench-votes/ and reused by the next runs
//    (each run has a fresh database, so nothing was used there). The challenges are dated a week
//    ahead (expiry a week + 5 min away) to survive that: the server checks signature, expiry,
//    solution and single use exactly as for a browser's proof;
// 4. BENCH_VOTERS_PER_IP voters (8: a club house) share an address (X-Forwarded-For, TRUST_PROXY=1,
//    the per-IP limits stay on at their production figures); each voter has its own voter cookie
//    (from GET /api/votes/challenge, as the browser gets it) and casts BENCH_VOTES_PER_VOTER (2)
//    votes on different entries, chosen Zipf-like (a few popular entries get many votes);
// 5. starts the built server (`--instances 2`: two, on the same database), warms up with 2 % of the
//    votes, then fires the rest with BENCH_CONNECTIONS (64) requests in flight (node:http keep-alive
//    connections; undici saved ~10 % of its CPU, not worth a dependency), and prints
//    accepted votes/s, p50/p99, the CPU time per vote of the server process(es) and of their
//    PostgreSQL backends, and the 1-minute load, and from the servers' metrics (a METRICS_PORT each)
//    how many votes shared an admission and an acceptance statement (group commit);
// 6. stops the server(s) and checks in the database: every accepted vote is a record, each entry's
//    count = its seeded count + its accepted votes, the answers of an entry were distinct counts,
//    every proof is used once;
// 7. where a vote's CPU goes: the measured build's own proof check (400 of the proofs) and its
//    statements (1,200 admissions with and without the per-IP limit, 1,200 acceptances of made-up
//    votes, grouped as in the timed phase) run in this process on the same database, CPU of this
//    process and of the PostgreSQL backends per vote; the rest of the server's CPU per vote is HTTP,
//    Fastify, JSON, cookies and hashes.
//
// Flags: --instances N (1), --server DIR (the built server to measure, default server/dist: a
// reference build of an earlier commit can be measured right before or after), --cpu-prof (the
// main thread of the server(s) is sampled through the inspector during the timed phase only;
// prints where its time went: wall-clock samples, so on a busy machine time spent waiting for a
// core shows on whatever ran last). Knobs: BENCH_VOTES, BENCH_CONNECTIONS, BENCH_ENTRIES,
// BENCH_VOTES_PER_VOTER, BENCH_VOTERS_PER_IP, VOTE_PROOF_COST, BENCH_PORT (first port; default: a free one).
//
// On a Node that package.json's engines do not admit (this machine's Node 20) the script runs
// itself on Node 24 (scripts/node-runtime.mjs), as `npm start` does: the server is measured on the
// Node it runs on in production (Node 24's OpenSSL derives the proof's PBKDF2 key ~30 % faster).
import { spawn } from 'node:child_process';
import { createHash, pbkdf2, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  benchRun,
  benchServerEnv,
  buildWhenStale,
  databaseVersion,
  freePort,
  loadAverage,
  machine,
  mulberry32,
  openForSeeding,
  percentile,
  temporaryDatabase,
} from './bench-kit.mjs';
import { root } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : argv[i + 1];
};
const INSTANCES = Number(option('instances', 1));
const CPU_PROF = flag('cpu-prof');
// Another build of the server to measure against (e.g. an earlier commit compiled into server/dist-base).
const SERVER_DIST = path.resolve(root, option('server', path.join('server', 'dist')));
const VOTES = Number(process.env.BENCH_VOTES ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 400);
const VOTES_PER_VOTER = Number(process.env.BENCH_VOTES_PER_VOTER ?? 2);
const VOTERS_PER_IP = Number(process.env.BENCH_VOTERS_PER_IP ?? 8);
const COST = Number(process.env.VOTE_PROOF_COST ?? 2000);
const WARMUP_SHARE = 0.02;
const TARGET = 1500;
// A fixed secret, so that solved proofs can be reused by the next run (they are signed with it).
const APP_SECRET = 'bench-votes-secret-not-for-production-0123456789';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const at = (...p) => path.join(root, ...p);
const run = benchRun('bench:votes');
const { cleanups, track, cleanup } = run;
const adminUrl = process.env.DATABASE_URL || null;
if (INSTANCES > 1 && !adminUrl) {
  console.error('--instances > 1 needs PostgreSQL (DATABASE_URL): PGlite is one process.');
  process.exit(2);
}

/** CPU seconds (user + system) of a process from /proc (null when it is gone or not readable). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** The Europe/Berlin date `days` from today as YYYY-MM-DD. */
function berlinDate(days) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

// ---- Proofs: ALTCHA v2 PBKDF2/SHA-256 as altcha-lib solves it (password = nonce ‖ uint32 BE counter).
const pbkdf2Async = promisify(pbkdf2);
async function solve(dto) {
  const { nonce, salt, cost, keyLength, keyPrefix } = dto.parameters;
  const nonceBuf = Buffer.from(nonce, 'hex');
  const saltBuf = Buffer.from(salt, 'hex');
  const prefix = Buffer.from(keyPrefix, 'hex');
  const password = Buffer.alloc(nonceBuf.length + 4);
  nonceBuf.copy(password);
  for (let counter = 0; ; counter++) {
    password.writeUInt32BE(counter, nonceBuf.length);
    const key = await pbkdf2Async(Buffer.from(password), saltBuf, cost, keyLength, 'sha256');
    if (key.subarray(0, prefix.length).equals(prefix)) {
      const payload = {
        challenge: { parameters: dto.parameters, signature: dto.signature },
        solution: { counter, derivedKey: key.toString('hex') },
      };
      return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
    }
  }
}

async function solvedProofs(createProofChallenge, checkProof) {
  const dir = at('node_modules/.cache/bench-votes');
  const file = path.join(dir, `proofs-cost${COST}-${createHash('sha256').update(APP_SECRET).digest('hex').slice(0, 12)}.json`);
  let cached = { proofs: [] };
  if (existsSync(file)) {
    cached = JSON.parse(readFileSync(file, 'utf8'));
    // Only proofs that stay valid for the next two hours.
    const validUntil = (p) => JSON.parse(Buffer.from(p, 'base64').toString('utf8')).challenge.parameters.data.expires * 1000;
    cached.proofs = cached.proofs.filter((p) => validUntil(p) > Date.now() + 2 * 3600_000);
  }
  const missing = VOTES - cached.proofs.length;
  if (missing > 0) {
    const started = performance.now();
    const dated = new Date(Date.now() + 7 * 86_400_000);
    console.log(
      `Solving ${missing} proofs of work at cost ${COST} (not measured; kept in ${path.relative(root, file)} for the next runs) …`,
    );
    const fresh = [];
    let next = 0;
    const lanes = Math.max(2, os.cpus().length * 2);
    let lastSave = performance.now();
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (next < missing && !run.stopping) {
          next++;
          fresh.push(await solve(await createProofChallenge(APP_SECRET, COST, dated)));
          if (fresh.length % 250 === 0) {
            process.stdout.write(`  ${fresh.length}/${missing} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
          }
          if (performance.now() - lastSave > 30_000) {
            lastSave = performance.now();
            mkdirSync(dir, { recursive: true });
            writeFileSync(file, JSON.stringify({ proofs: [...cached.proofs, ...fresh] }));
          }
        }
      }),
    );
    cached.proofs.push(...fresh);
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify({ proofs: cached.proofs }));
    console.log(`Solved ${missing} proofs in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const proofs = cached.proofs.slice(0, VOTES);
  // The server's own check accepts them (signature, expiry, solution).
  const check = await checkProof(APP_SECRET, proofs[0], new Date());
  if (!check.ok) throw new Error(`a solved proof does not pass the server's check: ${JSON.stringify(check)}`);
  return proofs;
}

// ---- Where the main thread's time went: the inspector's CPU profile of the timed phase.
/** Starts sampling a server's main thread through its inspector (DevTools protocol over WebSocket); `stop()` answers the profile. */
async function startProfiler(port, intervalUs = 250) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`the inspector at port ${port} did not answer`));
  });
  let lastId = 0;
  const waiting = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: intervalUs });
  await send('Profiler.start');
  return {
    async stop() {
      const { profile } = await send('Profiler.stop');
      ws.close();
      return profile;
    },
  };
}

/** Self time per package and per function of a CPU profile. */
function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((s, v) => s + v, 0);
  const groupOf = (url, name) => {
    if (!url) return name.startsWith('(') ? name : '(native)';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
    const own = /\/server\/dist[^/]*\/(.*)$/.exec(url);
    if (own) return `server: ${own[1].split('/').slice(0, -1).join('/') || '.'}`;
    if (url.includes('/shared-contracts/')) return 'shared-contracts';
    if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
    return url;
  };
  const groups = new Map();
  const fns = new Map();
  for (const [id, us] of self) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const group = groupOf(url, name);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const key = `${name} ${url ? `${url.replace(/^.*\/(node_modules|dist[^/]*)\//, '')}:${lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`  main thread, ${(total / 1e6).toFixed(1)} s sampled; self time by package:`);
  for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`    ${pct(us)}  ${g}`);
  console.log('  top functions (self time):');
  for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`    ${pct(us)}  ${f}`);
}

let exitCode = 0;
try {
  // 1. Build when stale.
  await buildWhenStale();
  const dist = (p) => import(pathToFileURL(path.join(SERVER_DIST, p)).href);
  const { loadConfig } = await dist('config.js');
  const { openConfiguredDatabase } = await dist('bootstrap.js');
  const schema = await dist('db/schema/index.js');
  const { createProofChallenge, checkProof } = await dist('modules/votes/altcha.js');
  const { DEFAULT_POINTS_TABLE } = await import('@erd/shared-contracts/wire');

  // 2. A fresh database.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-votes-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const dbName = adminUrl ? `erd_bench_votes_${randomBytes(5).toString('hex')}` : null;
  const databaseUrl = adminUrl ? await temporaryDatabase(adminUrl, dbName, (step) => cleanups.push(step)) : '';
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      APP_SECRET,
    },
    { serverRoot: at('server'), cwd: root },
  );
  const seeding = await openForSeeding(openConfiguredDatabase, config, (step) => cleanups.push(step));
  const { db } = seeding;
  const version = await databaseVersion(db);
  console.log(
    adminUrl ? `\nDatabase: PostgreSQL (${version}), fresh database ${dbName}` : `\nDatabase: PGlite (embedded, ${version}) in ${dataDir}`,
  );
  console.log(machine());

  const rnd = mulberry32(20261127);
  const year = Number(berlinDate(0).slice(0, 4));
  const yearId = `year-${year}`;
  const teaser = { headline: 'Punktejagd', images: [] };
  const emptyText = { type: 'root', children: [] };
  await db.insert(schema.years).values({
    id: yearId,
    year,
    teasers: { teaser1: teaser, teaser2: teaser, teaserPrizes: teaser },
  });
  await db
    .insert(schema.site)
    .values({
      id: schema.SITE_ID,
      currentYearId: yearId,
      terms: emptyText,
      dataProtection: emptyText,
      imprint: emptyText,
    })
    .onConflictDoUpdate({
      target: schema.site.id,
      set: { currentYearId: yearId },
    });
  const challengeId = 'ch-bench-slogan';
  const dates = (from, to) => ({
    startDate: berlinDate(from - 14),
    endDate: berlinDate(to),
    startDateSubmission: berlinDate(from - 14),
    endDateSubmission: berlinDate(from - 1),
    startDateVoting: berlinDate(from),
    endDateVoting: berlinDate(to),
  });
  await db.insert(schema.challenges).values([
    {
      id: 'ch-bench-done',
      yearId,
      position: 0,
      objectTypeId: 'bfv-erd-picture-vote',
      headline: 'Das schönste Mannschaftsfoto',
      ...dates(-20, -5),
      points: DEFAULT_POINTS_TABLE,
    },
    {
      id: challengeId,
      yearId,
      position: 1,
      objectTypeId: 'bfv-erd-text-vote',
      headline: 'Euer Vereinsslogan',
      question: 'Euer Vereinsslogan',
      ...dates(-3, 4),
      points: DEFAULT_POINTS_TABLE,
    },
  ]);
  const clubRows = Array.from({ length: ENTRIES }, (_, i) => ({
    id: `club-${20_000 + i}-m`,
    clubnumber: String(20_000 + i),
    clubname: `TSV Bench ${i}`,
    team: 'm',
    search: `tsv bench ${i} ${20_000 + i}`,
  }));
  for (let i = 0; i < clubRows.length; i += 1000) await db.insert(schema.clubs).values(clubRows.slice(i, i + 1000));
  const entryRows = clubRows.map((club, i) => ({
    id: `p-bench-${String(i).padStart(4, '0')}`,
    challengeId,
    clubId: club.id,
    objectTypeId: 'bfv-erd-text-participation',
    slogan: `Bei uns zählt jeder Einzelne – Nummer ${i}!`,
    state: i % 50 === 49 ? 'pending' : 'published',
    publishedAt: i % 50 === 49 ? null : new Date(Date.now() - 4 * 86_400_000),
    votes: i % 50 === 49 ? 0 : Math.floor(-Math.log(1 - rnd()) * 12),
  }));
  for (let i = 0; i < entryRows.length; i += 1000) await db.insert(schema.participations).values(entryRows.slice(i, i + 1000));
  await db.execute(`
    insert into votes (participation_id, challenge_id, voter_id, ip_hash, user_agent, created_at)
    select p.id, p.challenge_id, 'seed-' || md5(p.id || ':' || g), md5((g % 3001)::text), 'Chrome', p.published_at + make_interval(mins => g)
    from participations p cross join lateral generate_series(1, p.votes) g where p.state = 'published'`);
  await db.execute(adminUrl ? 'vacuum analyze' : 'analyze');
  const published = entryRows.filter((e) => e.state === 'published');
  const seeded = new Map(entryRows.map((e) => [e.id, e.votes]));
  const seededRecords = Number((await db.execute('select count(*)::int as n from votes')).rows[0].n);
  console.log(
    `Seeded: vote challenge ${challengeId} (voting ${berlinDate(-3)} … ${berlinDate(4)}), ${published.length} published entries (+${entryRows.length - published.length} pending), ${seededRecords} earlier votes`,
  );

  // 3. Proofs, before anything is timed.
  const proofs = await solvedProofs(createProofChallenge, checkProof);
  await seeding.close(); // PGlite: one process at a time

  // 4. The votes: voters (8 per address), each on VOTES_PER_VOTER different entries, Zipf-like.
  const weights = published.map((_, i) => 1 / (i + 1) ** 0.9);
  const cumulative = [];
  weights.reduce((s, w, i) => (cumulative[i] = s + w), 0);
  const totalWeight = cumulative.at(-1);
  const pickEntry = () => {
    const x = rnd() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return published[lo].id;
  };
  const voterCount = Math.ceil(VOTES / VOTES_PER_VOTER);
  // VOTERS_PER_IP voters share an address (a club house).
  const voters = Array.from({ length: voterCount }, (_, i) => {
    const house = Math.floor(i / VOTERS_PER_IP);
    return { ip: `10.${(house >> 8) & 255}.${house & 255}.9`, cookie: null };
  });
  const plan = [];
  for (const [i, voter] of voters.entries()) {
    const chosen = new Set();
    while (chosen.size < Math.min(VOTES_PER_VOTER, VOTES - i * VOTES_PER_VOTER)) chosen.add(pickEntry());
    for (const participationId of chosen) plan.push({ voter, participationId });
  }
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  plan.forEach((p, i) => (p.altcha = proofs[i]));

  // 5. The server(s).
  const bases = [];
  const servers = [];
  const inspectPorts = [];
  const metricsBases = [];
  const firstPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
  for (let n = 0; n < INSTANCES; n++) {
    const port = firstPort ? firstPort + n : await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The Prometheus metrics on a port of their own: the votes per statement (group commit).
    const metricsPort = await freePort();
    metricsBases.push(`http://127.0.0.1:${metricsPort}`);
    const env = benchServerEnv({
      port,
      dataDir,
      databaseUrl,
      settings: { APP_SECRET, TRUST_PROXY: '1', VOTE_PROOF_COST: String(COST), METRICS_PORT: String(metricsPort) },
      drop: ['RATE_LIMIT_SCALE', 'METRICS_TOKEN', 'METRICS_HOST'],
    });
    const inspectPort = CPU_PROF ? await freePort() : null;
    if (inspectPort) inspectPorts.push(inspectPort);
    const args = [...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []), path.join(SERVER_DIST, 'server.js')];
    const server = track(
      spawn(process.execPath, args, {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env,
      }),
    );
    cleanups.push(() => server.stop());
    servers.push(server);
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 240) throw new Error(`the server at ${base} did not start`);
      await new Promise((r) => setTimeout(r, 250));
    }
    bases.push(base);
  }
  // Keep-alive connections, CONNECTIONS in all, spread over the instances.
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: Math.ceil(CONNECTIONS / INSTANCES) }));
  cleanups.push(() => agents.forEach((agent) => agent.destroy()));
  const request = (n, { method, path: urlPath, headers, body }) =>
    new Promise((resolve, reject) => {
      const req = http.request(bases[n], { method, path: urlPath, headers, agent: agents[n] }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const xsrf = randomBytes(24).toString('base64url');

  // Each voter's cookie, as the browser gets it: with the challenge (GET /api/votes/challenge).
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (cursor < voters.length) {
        const i = cursor++;
        const voter = voters[i];
        const res = await request(i % bases.length, {
          method: 'GET',
          path: '/api/votes/challenge',
          headers: { 'x-forwarded-for': voter.ip, 'user-agent': UA },
        });
        const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('erd_voter='));
        if (res.statusCode !== 200 || !setCookie)
          throw new Error(`GET /api/votes/challenge answered ${res.statusCode} without a voter cookie`);
        voter.cookie = setCookie.split(';')[0];
      }
    }),
  );

  const answers = new Map(); // participationId → counts answered
  const statuses = new Map();
  const fire = async (items, latencies) => {
    let next = 0;
    let ok = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, lane) => {
        while (next < items.length) {
          const item = items[next++];
          const started = performance.now();
          const res = await request(lane % bases.length, {
            method: 'POST',
            path: '/api/votes',
            headers: {
              'content-type': 'application/json',
              cookie: `XSRF-TOKEN=${xsrf}; ${item.voter.cookie}`,
              'x-xsrf-token': xsrf,
              'x-forwarded-for': item.voter.ip,
              'user-agent': UA,
            },
            body: JSON.stringify({
              challengeId,
              participationId: item.participationId,
              altcha: item.altcha,
            }),
          });
          const body = JSON.parse(res.text);
          latencies?.push(performance.now() - started);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 200) {
            ok++;
            if (!answers.has(item.participationId)) answers.set(item.participationId, []);
            answers.get(item.participationId).push(body.votes);
          } else if (statuses.get(res.statusCode) <= 3) console.log(`  ✗ ${res.statusCode} ${JSON.stringify(body)}`);
        }
      }),
    );
    return ok;
  };
  const warmup = plan.slice(0, Math.floor(plan.length * WARMUP_SHARE));
  const timed = plan.slice(warmup.length);
  await fire(warmup, null);

  const pgPids = adminUrl
    ? await (async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        try {
          return (await c.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
        } finally {
          await c.end();
        }
      })()
    : [];
  const sumCpu = (pids) => pids.reduce((s, pid) => s + (cpuSeconds(pid) ?? 0), 0);
  const serverPids = servers.map((s) => s.child.pid);
  const before = {
    server: sumCpu(serverPids),
    pg: sumCpu(pgPids),
    self: process.cpuUsage(),
    load: loadAverage(),
  };
  // The votes' statements so far (all instances), from their metrics.
  const voteStatements = async () => {
    const sum = { admit: { batches: 0, items: 0 }, accept: { batches: 0, items: 0 } };
    for (const base of metricsBases) {
      const text = await (await fetch(`${base}/metrics`)).text();
      for (const [, family, statement, value] of text.matchAll(
        /^erd_vote_(statements|statement_votes)_total\{statement="(admit|accept)"\} (\d+)/gm,
      )) {
        sum[statement][family === 'statements' ? 'batches' : 'items'] += Number(value);
      }
    }
    return sum;
  };
  const statementsBefore = await voteStatements();
  const profilers = await Promise.all(inspectPorts.map((port) => startProfiler(port)));
  const latencies = [];
  const started = performance.now();
  const timedAccepted = await fire(timed, latencies);
  const seconds = (performance.now() - started) / 1000;
  const profiles = await Promise.all(profilers.map((profiler) => profiler.stop()));
  const statementsAfter = await voteStatements();
  const statements = Object.fromEntries(
    ['admit', 'accept'].map((kind) => [
      kind,
      {
        batches: statementsAfter[kind].batches - statementsBefore[kind].batches,
        items: statementsAfter[kind].items - statementsBefore[kind].items,
      },
    ]),
  );
  const perStatement = (kind) => statements[kind].items / statements[kind].batches;
  const selfCpu = process.cpuUsage(before.self);
  const cpu = {
    server: sumCpu(serverPids) - before.server,
    pg: sumCpu(pgPids) - before.pg,
    self: (selfCpu.user + selfCpu.system) / 1e6,
  };
  const rate = timedAccepted / seconds;
  const ms = (x) => `${x.toFixed(1)} ms`;
  console.log(
    `\nTimed (${path.relative(root, SERVER_DIST)}): ${timed.length} anonymous votes (after ${warmup.length} warm-up), ${INSTANCES} instance(s), ${CONNECTIONS} in flight, cost ${COST}, load before ${before.load} / after ${loadAverage()}`,
  );
  console.log(`  answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  console.log(
    `  ${rate.toFixed(0)} votes/s accepted in ${seconds.toFixed(2)} s · p50 ${ms(percentile(latencies, 50))} · p99 ${ms(percentile(latencies, 99))} · max ${ms(Math.max(...latencies))}`,
  );
  const per = (s) => `${((s / timed.length) * 1000).toFixed(2)} ms`;
  console.log(
    `  CPU per vote: server process(es) ${per(cpu.server)}${adminUrl ? `, PostgreSQL backends ${per(cpu.pg)} (${pgPids.length})` : ''}, this load generator ${per(cpu.self)}` +
      ` → ${(cpu.server + cpu.pg + cpu.self).toFixed(1)} CPU-s in ${seconds.toFixed(1)} s on ${os.cpus().length} cores`,
  );
  console.log(
    statements.accept.batches
      ? `  statements (one commit each): ${statements.admit.batches} admissions, ${perStatement('admit').toFixed(1)} votes each; ${statements.accept.batches} acceptances, ${perStatement('accept').toFixed(1)} votes each`
      : '  statements: two per vote (this build does not count them: no group commit)',
  );
  console.log(
    `  target ≥ ${TARGET} accepted votes/s on one instance: ${INSTANCES === 1 ? (rate >= TARGET && statuses.get(200) === plan.length ? '✓ met' : '✗ missed') : '(n/a: more than one instance)'}`,
  );

  // 6. Stop, then check in the database.
  agents.forEach((agent) => agent.destroy());
  for (const server of servers) await server.stop('SIGTERM', 30_000);
  const checking = await openForSeeding(openConfiguredDatabase, config, (step) => cleanups.push(step));
  const db2 = checking.db;
  const rows = (
    await db2.execute(
      `select id, votes, (select count(*)::int from votes v where v.participation_id = p.id and v.removed_at is null) as records from participations p where challenge_id = '${challengeId}'`,
    )
  ).rows;
  const usedProofs = Number((await db2.execute('select count(*)::int as n from used_vote_proofs')).rows[0].n);
  const newRecords = Number((await db2.execute(`select count(*)::int as n from votes where voter_id not like 'seed-%'`)).rows[0].n);
  const okCount = statuses.get(200) ?? 0;
  const problems = [];
  if (okCount !== plan.length) problems.push(`${plan.length - okCount} of ${plan.length} votes not accepted`);
  if (newRecords !== okCount) problems.push(`${newRecords} new vote records for ${okCount} accepted votes`);
  if (usedProofs !== okCount) problems.push(`${usedProofs} used proofs for ${okCount} accepted votes`);
  for (const row of rows) {
    const got = answers.get(row.id) ?? [];
    const expected = seeded.get(row.id) + got.length;
    if (row.votes !== expected) problems.push(`${row.id}: count ${row.votes}, expected ${expected}`);
    if (row.records !== row.votes) problems.push(`${row.id}: count ${row.votes}, ${row.records} records`);
    const distinct = new Set(got);
    const base = seeded.get(row.id);
    if (distinct.size !== got.length || got.some((n) => n <= base || n > expected))
      problems.push(`${row.id}: answers ${got.length} not the distinct counts ${base + 1}…${expected}`);
  }
  console.log(
    problems.length
      ? `  ✗ counts: ${problems.length} problems:\n    ${problems.slice(0, 10).join('\n    ')}`
      : `  ✓ counts exact in the database: ${okCount} accepted = ${newRecords} new records = ${usedProofs} used proofs; every entry's count = seeded + accepted, answers distinct`,
  );
  if (problems.length) exitCode = 1;

  // 7. Where a vote's CPU goes: the measured server's own functions, run in this process on the
  // same database (after the check), the statements in groups of the size the timed phase had.
  const repo = await dist('modules/votes/repository.js');
  const grouped = typeof repo.acceptVotes === 'function';
  const group = grouped && statements.accept.batches ? Math.max(1, Math.round(perStatement('accept'))) : 1;
  const admitGroup = grouped && statements.admit.batches ? Math.max(1, Math.round(perStatement('admit'))) : 1;
  const backendsCpu = async () => {
    if (!adminUrl) return 0;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      const pids = (await c.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
      return sumCpu(pids);
    } finally {
      await c.end();
    }
  };
  /** CPU ms per item of `work` over `count` items: this process (the server's side, with PGlite also the database's) and the PostgreSQL backends. */
  const measure = async (count, size, work) => {
    await work(0, Math.min(size, count)); // opens the pool's connections, plans the statements
    const pgBefore = await backendsCpu();
    const self = process.cpuUsage();
    for (let i = 0; i < count; i += size) await work(i, Math.min(size, count - i));
    const used = process.cpuUsage(self);
    const pgUsed = (await backendsCpu()) - pgBefore;
    return { self: (used.user + used.system) / 1000 / count, pg: (pgUsed * 1000) / count };
  };
  const N = 1200;
  const proofCheck = await measure(Math.min(400, proofs.length), 1, async (i) => {
    if (!(await checkProof(APP_SECRET, proofs[i], new Date())).ok) throw new Error('a proof did not pass the check');
  });
  const windowStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const slotOf = (i) => ({
    key: `vote:bench-${Math.floor(i / VOTERS_PER_IP)}`,
    windowStart,
    expiresAt: new Date(windowStart.getTime() + 3_600_000),
  });
  const admit = (slots) => async (from, size) => {
    const items = Array.from({ length: size }, (_, k) => ({ participationId: pickEntry(), slot: slots ? slotOf(from + k) : null }));
    if (grouped) await repo.admitVotes(db2, items);
    else await Promise.all(items.map((item) => repo.admitVote(db2, item.participationId, item.slot)));
  };
  const admitted = await measure(N, admitGroup, admit(true));
  const unlimited = await measure(N, admitGroup, admit(false));
  const notification = { channel: 'erd_changes', payload: JSON.stringify({ from: 'bench', topics: [`entries:${challengeId}`] }) };
  const accepted = await measure(N, group, async (from, size) => {
    const items = Array.from({ length: size }, (_, k) => ({
      vote: {
        participationId: pickEntry(),
        challengeId,
        voterId: `bench-${from + k}-${randomBytes(4).toString('hex')}`,
        accountKey: null,
        accountSub: null,
        ipHash: 'bench',
        userAgent: 'Chrome',
        createdAt: new Date(),
      },
      proof: { signature: `bench-${randomBytes(16).toString('hex')}`, expiresAt: new Date(Date.now() + 300_000) },
    }));
    if (grouped) await repo.acceptVotes(db2, items, notification);
    else await Promise.all(items.map((item) => repo.acceptVote(db2, item.vote, item.proof)));
  });
  const ms2 = (x) => `${x.toFixed(3)} ms`;
  const both = (m) => (adminUrl ? `server ${ms2(m.self)} + PostgreSQL ${ms2(m.pg)}` : `${ms2(m.self)} (PGlite in process)`);
  const serverPerVote = (cpu.server * 1000) / timed.length;
  const accounted = proofCheck.self + admitted.self + accepted.self;
  console.log(
    `\nWhere a vote's CPU goes (the server's functions in this process on the same database; statements of ${admitGroup} / ${group} votes as in the timed phase):`,
  );
  const row = (label, value) => console.log(`  ${label.padEnd(62)} ${value}`);
  row(`proof check (signature, PBKDF2 at cost ${COST})`, ms2(proofCheck.self));
  row('admission: per-IP count and entry, one commit', both(admitted));
  row(
    '  of it the per-IP limit (admission with the limits off, less)',
    both({ self: admitted.self - unlimited.self, pg: admitted.pg - unlimited.pg }),
  );
  row('acceptance: proof used, vote recorded, counted, notified, commit', both(accepted));
  // (With PGlite the database's work is in the server process and in this one: no remainder to tell.)
  if (adminUrl)
    row(
      `the rest of the server (HTTP, Fastify, JSON, cookies, hashes)`,
      `~${ms2(Math.max(0, serverPerVote - accounted))} (of ${ms2(serverPerVote)} per vote in all)`,
    );
  await checking.close();

  for (const [n, profile] of profiles.entries()) {
    console.log(`\nCPU profile of server ${n + 1} (--cpu-prof: the main thread during the timed phase):`);
    summarizeProfile(profile);
  }
} catch (error) {
  exitCode = run.failed(error);
} finally {
  await cleanup();
}
process.exit(exitCode);
