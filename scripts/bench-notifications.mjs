// `npm run bench:notifications`: issue 25's voting morning. Voting opens for BENCH_CLUBS (5,000)
// clubs with BENCH_FANS (50,000) confirmed fans; the figures the issue asks for are printed:
//
//   - rows and `notify` jobs queued, and the time that took;
//   - delivery through ONE built server instance to a local SMTP sink (nodemailer's `smtp-server`
//     in a worker thread of this script): mails/s overall (trigger → last mail, the kill and the
//     restart included) and steady (10 % → the kill, and restart → 90 %);
//   - a `kill -9` of the server in the middle of the send (at --kill-at, 0.5 of the mails; jobs are
//     running then), restarted at once: mails seen twice at the sink by Message-ID, and delivered
//     == expected;
//   - an SMTP outage (--outage-seconds, 600 by default: the ten minutes; shorter by flag):
//     BENCH_OUTAGE_MAILS (5,000) mails queued while the sink is down, none lost when it is back, how
//     long after that the last one arrived, and the retry configuration's span
//     (`mailRetrySpanSeconds` of MAIL_RETRY_LIMIT / MAIL_RETRY_DELAY_SECONDS) against ten minutes;
//   - the site's answers (space data, a browse list, an entry, and `/`, `/tabelle` when the host is
//     built) at a fixed BENCH_RATE (100 req/s) over keep-alive connections, idle and during the
//     send: p50 / p99 / max against the target p99 ≤ 20 ms (README, HTML routes at 1,000 req/s).
//
// The database is PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
// a fresh database erd_bench_notify_<random> created through it, migrated (as `cli.js migrate`
// does) and dropped afterwards. The trigger is the real one: the challenge's voting is moved to
// start today (an operator's edit) and the planner (`planNotifications`, the `notify-schedule`
// job's work) runs in this process against that database while the server is up; the server's
// notify workers take the jobs as they commit. When the planner queues nothing (it is not there
// yet), the same mails are queued with `queueNotificationsFrom` (accounts and fans of every club,
// template 'entry-received'), and the script says so.
//
// Flags: --kill-at F (0.5; 0: no kill), --outage-seconds S (600; 0: no outage phase), --server DIR
// (a built server, default server/dist), --site-instance (a second instance with JOB_WORKERS=none
// serves the site's answers while the first one sends; the kill hits the sender only). Knobs:
// BENCH_CLUBS, BENCH_FANS, BENCH_RATE, BENCH_OUTAGE_MAILS, BENCH_PORT (first of three ports:
// sender, SMTP sink, site instance; default 3400),
// MAIL_TIMEOUT_SECONDS (5 here: a job running when the server was killed runs again after
// 4 × this; production's default is 20), DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

if (!isMainThread) await sinkThread();
else await main();

// ---- The SMTP sink (worker thread): records each mail's Message-ID and arrival time, can go away.
async function sinkThread() {
  const { SMTPServer } = await import('smtp-server');
  const { port } = workerData;
  let server = null;
  let batch = [];
  let bytes = 0;
  const start = async () => {
    if (server) return;
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      maxClients: 100,
      onData(stream, session, callback) {
        // Only the header is read (for the Message-ID); the body is drained.
        let head = '';
        let headDone = false;
        let size = 0;
        stream.on('data', (chunk) => {
          size += chunk.length;
          if (headDone) return;
          head += chunk.toString('latin1');
          const end = head.indexOf('\r\n\r\n');
          if (end !== -1 || head.length > 64 * 1024) {
            headDone = true;
            if (end !== -1) head = head.slice(0, end);
          }
        });
        stream.on('end', () => {
          const messageId = /^Message-ID:\s*<([^>\s]+)>/im.exec(head)?.[1] ?? '';
          batch.push(messageId, Date.now());
          bytes += size;
          callback();
        });
      },
    });
    s.on('error', () => undefined);
    await new Promise((resolve, reject) => {
      s.server.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    // A mail server that goes away does not finish its conversations.
    for (const connection of s.connections ?? []) connection._socket?.destroy();
    await new Promise((resolve) => s.close(() => resolve()));
  };
  const flush = () => {
    if (!batch.length) return;
    parentPort.postMessage({ mails: batch, bytes });
    batch = [];
    bytes = 0;
  };
  setInterval(flush, 50);
  parentPort.on('message', async (message) => {
    if (message === 'stop') await stop();
    if (message === 'start') await start();
    flush();
    parentPort.postMessage({ ack: message });
  });
  await start();
  parentPort.postMessage({ ack: 'ready' });
}

async function main() {
  const { benchRun, benchServerEnv, buildWhenStale, databaseVersion, loadAverage, machine, percentile, silentLog, temporaryDatabase } =
    await import('./bench-kit.mjs');
  const { root } = await import('./lib.mjs');
  const { ensureSupportedNode } = await import('./node-runtime.mjs');
  await ensureSupportedNode();

  const argv = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    return i === -1 ? fallback : argv[i + 1];
  };
  const KILL_AT = Number(option('kill-at', 0.5));
  const OUTAGE_SECONDS = Number(option('outage-seconds', 600));
  const SERVER_DIST = path.resolve(root, option('server', path.join('server', 'dist')));
  const SITE_INSTANCE = argv.includes('--site-instance');
  const CLUBS = Number(process.env.BENCH_CLUBS ?? 5000);
  const FANS = Number(process.env.BENCH_FANS ?? 50_000);
  const RATE = Number(process.env.BENCH_RATE ?? 100);
  const OUTAGE_MAILS = Math.min(CLUBS, Number(process.env.BENCH_OUTAGE_MAILS ?? 5000));
  const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3400);
  const MAIL_TIMEOUT_SECONDS = process.env.MAIL_TIMEOUT_SECONDS ?? '5';
  const IDLE_SECONDS = 10;
  const TARGET_RATE = 200;
  const TARGET_P99 = 20;
  const APP_SECRET = 'bench-notifications-secret-not-for-production-0123';
  const MAIL_FROM = 'Punktejagd <noreply@bench.example>';

  const at = (...p) => path.join(root, ...p);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const int = (n) => Math.round(n).toLocaleString('en-US');
  const run = benchRun('bench:notifications');
  const { cleanups, track, cleanup } = run;
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

  /** CPU seconds (user + system) of a process so far (null when gone). */
  const cpuSeconds = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return null;
    }
  };
  const berlinDate = (days) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(Date.now() + days * 86_400_000),
    );

  let exitCode = 0;
  try {
    // 1. Build when stale.
    if (SERVER_DIST === at('server', 'dist')) await buildWhenStale();
    const dist = (p) => import(pathToFileURL(path.join(SERVER_DIST, p)).href);
    const { loadConfig } = await dist('config.js');
    const { openConfiguredDatabase } = await dist('bootstrap.js');
    const schema = await dist('db/schema/index.js');
    const { createJobQueue, prepareJobQueues } = await dist('modules/jobs/queue.js');
    const { mailRetrySpanSeconds, BATCH_SIZE, mailExpireSeconds } = await dist('modules/jobs/queues.js');
    const { queueNotificationsFrom } = await dist('modules/notifications/service.js');
    const { accountRecipientsSql, fanRecipientsSql } = await dist('modules/notifications/recipients.js');
    const { planNotifications } = await dist('modules/notifications/schedule.js');
    const { SMTP_POOL } = await dist('modules/mail/mailer.js');
    const { sql } = await import(pathToFileURL(path.join(root, 'server/node_modules/drizzle-orm/index.js')).href);
    const { DEFAULT_POINTS_TABLE } = await import('@erd/shared-contracts/wire');

    // 2. A fresh PostgreSQL database, migrated, with pg-boss's schema and queues (`cli.js migrate`).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-notify-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const dbName = `erd_bench_notify_${randomBytes(5).toString('hex')}`;
    const databaseUrl = await temporaryDatabase(adminUrl, dbName, (step) => cleanups.push(step));
    const base = `http://127.0.0.1:${FIRST_PORT}`;
    const smtpPort = FIRST_PORT + 1;
    const serverEnv = {
      PORT: String(FIRST_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      APP_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM,
      MAIL_TIMEOUT_SECONDS,
      NOTIFY_HOURS: '0-24',
    };
    const config = loadConfig(serverEnv, { serverRoot: at('server'), cwd: root });
    const opened = await openConfiguredDatabase(config, 'cli');
    cleanups.push(() => opened.close());
    const { database } = opened;
    const { db } = database;
    await prepareJobQueues(database, config.mailDelivery);
    const q = async (text) => (await db.execute(text)).rows;
    console.log(`\nDatabase: PostgreSQL (${await databaseVersion(db)}), fresh database ${dbName}`);
    console.log(machine());

    // 3. The season: a vote challenge whose voting starts tomorrow (moved to today at the trigger),
    // CLUBS clubs, each with a confirmed account, a published entry and FANS / CLUBS confirmed fans.
    const seeded = performance.now();
    const year = Number(berlinDate(0).slice(0, 4));
    const yearId = `year-${year}`;
    const teaser = { headline: 'Punktejagd', images: [] };
    const emptyText = { type: 'root', children: [] };
    await db.insert(schema.years).values({ id: yearId, year, teasers: { teaser1: teaser, teaser2: teaser, teaserPrizes: teaser } });
    await db
      .insert(schema.site)
      .values({ id: schema.SITE_ID, currentYearId: yearId, terms: emptyText, dataProtection: emptyText, imprint: emptyText })
      .onConflictDoUpdate({ target: schema.site.id, set: { currentYearId: yearId } });
    const challengeId = 'ch-bench-vote';
    await db.insert(schema.challenges).values({
      id: challengeId,
      yearId,
      position: 0,
      objectTypeId: 'bfv-erd-text-vote',
      headline: 'Euer Vereinsslogan',
      question: 'Euer Vereinsslogan',
      startDate: berlinDate(-14),
      endDate: berlinDate(8),
      startDateSubmission: berlinDate(-14),
      endDateSubmission: berlinDate(0),
      startDateVoting: berlinDate(1),
      endDateVoting: berlinDate(8),
      points: DEFAULT_POINTS_TABLE,
    });
    const fansPerClub = Math.max(0, Math.round(FANS / CLUBS));
    await q(`
      insert into clubs (id, clubnumber, clubname, team, search)
      select 'club-' || (30000 + g) || '-m', (30000 + g)::text, 'SV Bench ' || g, 'm', 'sv bench ' || g || ' ' || (30000 + g)
        from generate_series(1, ${CLUBS}) g;
      insert into profiles (sub, club_id, firstname, lastname, street, city, email, email_confirmed_at)
      select 'bench-sub-' || g, 'club-' || (30000 + g) || '-m', 'Vorname' || g, 'Nachname', 'Hauptstraße 1', '80331 München',
             'club-' || g || '@bench.example', now() - interval '30 days'
        from generate_series(1, ${CLUBS}) g;
      insert into participations (id, challenge_id, club_id, object_type_id, slogan, state, published_at)
      select 'p-bench-' || g, '${challengeId}', 'club-' || (30000 + g) || '-m', 'bfv-erd-text-participation',
             'Bei uns zählt jeder Einzelne – Nummer ' || g || '!', 'published', now() - interval '1 day'
        from generate_series(1, ${CLUBS}) g;
      insert into club_fans (club_id, email, status, unsubscribe_token, consent_text_version, consented_at, confirmed_at)
      select 'club-' || (30000 + c) || '-m', 'fan-' || c || '-' || f || '@bench.example', 'confirmed', md5('bench-fan-' || c || '-' || f),
             'fans-v1', now() - interval '7 days', now() - interval '7 days'
        from generate_series(1, ${CLUBS}) c cross join generate_series(1, ${fansPerClub}) f;`);
    await q('vacuum analyze');
    console.log(
      `Seeded in ${s1(performance.now() - seeded)}: ${int(CLUBS)} clubs with a confirmed account and a published entry, ${int(CLUBS * fansPerClub)} confirmed fans; vote challenge ${challengeId} (voting from ${berlinDate(1)}, moved to today at the trigger)`,
    );

    // 4. The SMTP sink (a worker thread: its CPU is not this script's event loop).
    const received = new Map(); // Message-ID (id part) → times seen
    const arrivals = []; // arrival times (ms) of first deliveries, in order
    let deliveredTotal = 0;
    let bytesTotal = 0;
    const sink = new Worker(new URL(import.meta.url), { workerData: { port: smtpPort } });
    cleanups.push(() => sink.terminate());
    const acks = [];
    sink.on('message', (message) => {
      if (message.mails) {
        const m = message.mails;
        for (let i = 0; i < m.length; i += 2) {
          const id = m[i].split('@')[0];
          const seen = received.get(id) ?? 0;
          received.set(id, seen + 1);
          if (!seen) arrivals.push(m[i + 1]);
          deliveredTotal++;
        }
        bytesTotal += message.bytes;
      }
      if (message.ack) acks.shift()?.(message.ack);
    });
    sink.on('error', (error) => console.error('SMTP sink failed:', error));
    const sinkCommand = (command) =>
      new Promise((resolve) => {
        acks.push(resolve);
        if (command !== 'ready') sink.postMessage(command);
      });
    await sinkCommand('ready');

    // 5. The server: one instance.
    const logFile = path.join(dataDir, 'server.log');
    const servers = [];
    /** The sender (every queue's workers), or with `site` the instance that serves the probe (JOB_WORKERS=none). */
    const siteBase = SITE_INSTANCE ? `http://127.0.0.1:${FIRST_PORT + 2}` : base;
    const startServer = async ({ site = false } = {}) => {
      const env = benchServerEnv({
        port: FIRST_PORT,
        dataDir,
        databaseUrl,
        settings: serverEnv,
        drop: ['RATE_LIMIT_SCALE', 'METRICS_PORT', 'MAIL_RETRY_LIMIT', 'MAIL_RETRY_DELAY_SECONDS'],
      });
      if (site) Object.assign(env, { PORT: String(FIRST_PORT + 2), JOB_WORKERS: 'none' });
      const out = openSync(logFile, 'a');
      const profile = process.env.BENCH_CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
      const server = track(
        spawn(process.execPath, [...profile, path.join(SERVER_DIST, 'server.js')], { cwd: root, stdio: ['ignore', out, out], env }),
      );
      cleanups.push(() => server.stop());
      if (!site) servers.push(server);
      const started = performance.now();
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`${site ? siteBase : base}/healthz`)).ok) break;
        } catch {
          /* not up yet */
        }
        if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}); see ${logFile}`);
        if (i > 400) throw new Error(`the server at ${base} did not start`);
        await sleep(50);
      }
      return { server, startMs: performance.now() - started };
    };
    let { server } = await startServer();
    const siteServer = SITE_INSTANCE ? (await startServer({ site: true })).server : null;
    /** CPU of the sender (all its processes, the killed one included). */
    const serverCpu = () => servers.reduce((sum, s) => sum + (cpuSeconds(s.child.pid) ?? s.lastCpu ?? 0), 0);
    /** CPU of the instance that answers the probe. */
    const probedCpu = () => (siteServer ? (cpuSeconds(siteServer.child.pid) ?? 0) : serverCpu());

    // 6. The site's answers at a fixed rate, over keep-alive connections.
    const space = `${config.contentApiBase}/public/spaces/${config.spaceId}`;
    const pages = [
      `${space}/spacedata?include=4`,
      `${space}/objects/search?include=1&fields.challenge.id=${challengeId}&from=0&size=10&sort=-fields.votes`,
      `${space}/objects/search?include=1&fields.challenge.id=${challengeId}&from=0&size=10&sort=-createdAt`,
      `${space}/objects/p-bench-17?include=1`,
    ];
    if (existsSync(at('host/dist/index.html'))) pages.push('/', '/tabelle', `/challenge/${challengeId}`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    cleanups.push(() => agent.destroy());
    const getOnce = (p) =>
      new Promise((resolve) => {
        const req = http.get(`${siteBase}${p}`, { agent, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode));
          res.on('error', () => resolve(0));
        });
        req.on('error', () => resolve(0));
        req.setTimeout(5000, () => req.destroy());
      });
    for (const p of pages) {
      const status = await getOnce(p);
      if (status !== 200) console.log(`  note: GET ${p} answered ${status}`);
    }
    /** Fires RATE requests per second round the pages until stopped; latencies per phase. */
    const probe = { phase: null, samples: new Map(), bad: new Map(), timer: null };
    const startProbe = () => {
      let n = 0;
      const tick = 1000 / RATE;
      const t0 = performance.now();
      const step = () => {
        // Open loop: requests go on schedule whether or not the earlier ones answered.
        const due = Math.floor((performance.now() - t0) / tick);
        while (n < due) {
          const phase = probe.phase;
          const p = pages[n++ % pages.length];
          if (!phase) continue;
          const started = performance.now();
          void getOnce(p).then((status) => {
            if (status === 200 || status === 304) {
              if (!probe.samples.has(phase)) probe.samples.set(phase, []);
              probe.samples.get(phase).push(performance.now() - started);
            } else probe.bad.set(phase, (probe.bad.get(phase) ?? 0) + 1);
          });
        }
        probe.timer = setTimeout(step, Math.max(1, tick / 2));
      };
      step();
    };
    if (RATE > 0) startProbe();
    cleanups.push(() => clearTimeout(probe.timer));
    const latencyLine = (phase) => {
      const xs = probe.samples.get(phase) ?? [];
      const f = (x) => `${x.toFixed(1)} ms`;
      return `${int(xs.length)} answers, p50 ${f(percentile(xs, 50))}, p99 ${f(percentile(xs, 99))}, max ${f(Math.max(...xs))}, failed ${probe.bad.get(phase) ?? 0}`;
    };

    probe.phase = 'warm-up';
    await sleep(2000);
    probe.phase = 'idle';
    const idleCpu = probedCpu();
    await sleep(IDLE_SECONDS * 1000);
    const cpuPerRequest = RATE > 0 ? (probedCpu() - idleCpu) / (IDLE_SECONDS * RATE) : 0;
    probe.phase = null;
    if (RATE > 0)
      console.log(
        `\nThe site idle, ${RATE} req/s over ${pages.length} answers, ${IDLE_SECONDS} s (load ${loadAverage()})${SITE_INSTANCE ? ', answered by a second instance with JOB_WORKERS=none' : ''}: ${latencyLine('idle')}`,
      );

    // 7. The trigger: voting opens today; the planner queues the mails (or the interim queueing).
    const jobsCtx = {
      db,
      jobs: createJobQueue({ database, secret: APP_SECRET, mailDelivery: config.mailDelivery, log: silentLog }),
      now: () => new Date(),
      log: silentLog,
      config,
    };
    await db
      .update(schema.challenges)
      .set({ startDateVoting: berlinDate(0) })
      .where(sql`id = ${challengeId}`);
    const cpuBefore = serverCpu();
    const pgCpu = new Map();
    const pgSample = async () => {
      for (const { pid } of await q(`select pid from pg_stat_activity where datname = current_database()`))
        pgCpu.set(pid, [pgCpu.get(pid)?.[0] ?? cpuSeconds(pid) ?? 0, cpuSeconds(pid) ?? pgCpu.get(pid)?.[1] ?? 0]);
    };
    await pgSample();
    const xacts = async () =>
      Number((await q(`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`))[0].n);
    const xactsBefore = await xacts();
    const pgTimer = setInterval(() => void pgSample().catch(() => undefined), 2000);
    cleanups.push(() => clearInterval(pgTimer));
    const triggerAt = Date.now();
    probe.phase = 'send';
    let how = 'planNotifications (the notify-schedule job)';
    const queueStarted = performance.now();
    await planNotifications({ ctx: jobsCtx });
    let queueMs = performance.now() - queueStarted;
    let rows = Number((await q(`select count(*)::int as n from notifications`))[0].n);
    if (rows === 0) {
      how = "queueNotificationsFrom, template 'entry-received' (the planner queued nothing: not there yet)";
      const interim = performance.now();
      await db.transaction(async (tx) => {
        await queueNotificationsFrom(jobsCtx, tx, {
          occasion: `bench-voting-opens:${challengeId}`,
          kind: 'challenges',
          template: 'entry-received',
          params: { challengeId },
          recipients: accountRecipientsSql('challenges'),
        });
        await queueNotificationsFrom(jobsCtx, tx, {
          occasion: `bench-fans-voting-opens:${challengeId}`,
          kind: 'fans',
          template: 'entry-received',
          params: { challengeId },
          recipients: fanRecipientsSql(sql`TRUE`),
        });
      });
      queueMs = performance.now() - interim;
      rows = Number((await q(`select count(*)::int as n from notifications`))[0].n);
    }
    const jobsQueued = Number((await q(`select count(*)::int as n from pgboss.job where name = 'notify'`))[0].n);
    const byTemplate = (await q(`select template, kind, count(*)::int as n from notifications group by 1, 2 order by 3 desc`)).map(
      (r) => `${r.template}/${r.kind} ${int(r.n)}`,
    );
    console.log(`\nTrigger: ${how}`);
    console.log(`  queued ${int(rows)} notification rows and ${int(jobsQueued)} notify jobs in ${s1(queueMs)} (${byTemplate.join(', ')})`);
    const expected = rows;

    // 8. Delivery, with a kill -9 in the middle.
    const killAt = KILL_AT > 0 ? Math.floor(expected * KILL_AT) : Infinity;
    let kill = null;
    let lastPrint = Date.now();
    const deadline = Date.now() + 30 * 60_000;
    while (received.size < expected) {
      await sleep(20);
      if (Date.now() > deadline) throw new Error(`only ${received.size} of ${expected} mails arrived in 30 minutes`);
      if (!kill && received.size >= killAt) {
        const active = Number((await q(`select count(*)::int as n from pgboss.job where name = 'notify' and state = 'active'`))[0].n);
        server.lastCpu = cpuSeconds(server.child.pid);
        const t = Date.now();
        server.child.kill('SIGKILL');
        await server.exited;
        const atKill = received.size;
        // With a site instance the probe goes on meanwhile: the site does not depend on the sender.
        if (!SITE_INSTANCE) probe.phase = null;
        const restarted = await startServer();
        server = restarted.server;
        probe.phase = 'send';
        kill = { at: t, delivered: atKill, active, downMs: Date.now() - t, startMs: restarted.startMs };
        console.log(
          `  kill -9 at ${int(atKill)} delivered (${s1(t - triggerAt)} after the trigger), ${active} notify jobs running (they run again once expired, after ${mailExpireSeconds(config.mailDelivery)} s); restarted, answering after ${s1(kill.downMs)}`,
        );
      }
      if (Date.now() - lastPrint >= 5000) {
        lastPrint = Date.now();
        console.log(`  ${s1(Date.now() - triggerAt)}: ${int(received.size)} / ${int(expected)} delivered (load ${loadAverage()})`);
      }
    }
    const doneAt = arrivals.at(-1);
    const cpuUsed = serverCpu() - cpuBefore;
    await pgSample();
    clearInterval(pgTimer);
    const xactsPerMail = ((await xacts()) - xactsBefore) / expected;
    const pgUsed = [...pgCpu.values()].reduce((sum, [a, b]) => sum + b - a, 0);
    const probeCpu = SITE_INSTANCE ? 0 : (probe.samples.get('send')?.length ?? 0) * cpuPerRequest;
    probe.phase = null;
    // Late duplicates: the killed server's running jobs run again once they expire; wait for every job to be done.
    for (const until = Date.now() + 5 * 60_000; Date.now() < until; await sleep(250)) {
      if (Number((await q(`select count(*)::int as n from pgboss.job where name = 'notify' and state < 'completed'`))[0].n) === 0) break;
    }
    await sleep(500);
    const pendingJobs = Number((await q(`select count(*)::int as n from pgboss.job where name = 'notify' and state < 'completed'`))[0].n);
    const duplicates = [...received.values()].filter((n) => n > 1).length;
    const extra = [...received.values()].reduce((s, n) => s + n - 1, 0);
    const state = (
      await q(
        `select count(*) filter (where sent_at is not null)::int as sent, count(*) filter (where failed_at is not null)::int as failed, count(*) filter (where skipped is not null)::int as skipped from notifications`,
      )
    )[0];

    const rateBetween = (fromShare, toShare) => {
      const a = arrivals[Math.floor(expected * fromShare)];
      const b = arrivals[Math.min(arrivals.length - 1, Math.floor(expected * toShare))];
      return ((toShare - fromShare) * expected * 1000) / Math.max(1, b - a);
    };
    const firstMs = arrivals[0] - triggerAt;
    const overall = (expected * 1000) / (doneAt - triggerAt);
    console.log(
      `\nDelivery through one instance (${SMTP_POOL.maxConnections} pooled SMTP connections, notify batch ${BATCH_SIZE.notify}), load ${loadAverage()}:`,
    );
    console.log(
      `  first mail ${s1(firstMs)} after the trigger, last ${s1(doneAt - triggerAt)}; ${int(received.size)} distinct of ${int(expected)} expected; ${(bytesTotal / deliveredTotal / 1024).toFixed(1)} KB per mail`,
    );
    console.log(
      `  overall ${overall.toFixed(0)} mails/s (trigger → last mail${kill ? ', the kill and restart included' : ''}) — target ≥ ${TARGET_RATE}: ${overall >= TARGET_RATE ? '✓' : '✗'}`,
    );
    if (kill) {
      const share = kill.delivered / expected;
      console.log(
        `  steady ${rateBetween(0.1, Math.max(0.11, share - 0.02)).toFixed(0)} mails/s (10 % → the kill), ${rateBetween(Math.min(0.89, share + 0.05), 0.9).toFixed(0)} mails/s (after the restart → 90 %)`,
      );
    } else console.log(`  steady ${rateBetween(0.1, 0.9).toFixed(0)} mails/s (10 % → 90 %)`);
    console.log(
      `  CPU per mail: server ${(((cpuUsed - probeCpu) * 1000) / expected).toFixed(2)} ms (${cpuUsed.toFixed(1)} s in all, less ${probeCpu.toFixed(1)} s for the site's answers at ${(cpuPerRequest * 1000).toFixed(2)} ms each), PostgreSQL backends ${((pgUsed * 1000) / expected).toFixed(2)} ms; ${xactsPerMail.toFixed(1)} transactions per mail`,
    );
    console.log(
      `  after kill -9 mid-batch and restart: ${duplicates} Message-IDs seen twice (${extra} extra deliveries)${duplicates === 0 ? ' ✓' : ' ✗'}; delivered ${int(received.size)} == expected ${int(expected)} ${received.size === expected ? '✓' : '✗'}; rows sent ${int(state.sent)}, failed ${state.failed}, skipped ${state.skipped}; notify jobs still pending ${pendingJobs}`,
    );
    console.log(
      `  the site during the send (${RATE} req/s${SITE_INSTANCE ? ', the second instance' : ''}): ${latencyLine('send')} — target p99 ≤ ${TARGET_P99} ms: ${percentile(probe.samples.get('send') ?? [], 99) <= TARGET_P99 ? '✓' : '✗'}`,
    );
    console.log(`  the site idle:                  ${latencyLine('idle')}`);

    // 9. An SMTP outage: mails queued while the sink is down; none may be lost.
    const span = mailRetrySpanSeconds(config.mailDelivery);
    console.log(
      `\nRetry configuration: MAIL_RETRY_LIMIT ${config.mailDelivery.retryLimit}, MAIL_RETRY_DELAY_SECONDS ${config.mailDelivery.retryDelaySeconds}: a mail is retried for ${int(span.min / 60)}–${int(span.max / 60)} minutes (mailRetrySpanSeconds) — covers a 10-minute outage: ${span.min >= 600 ? '✓' : '✗'}`,
    );
    if (OUTAGE_SECONDS > 0 && OUTAGE_MAILS > 0) {
      await sinkCommand('stop');
      const down = Date.now();
      const occasion = `bench-outage:${challengeId}`;
      await db.transaction((tx) =>
        queueNotificationsFrom(jobsCtx, tx, {
          occasion,
          kind: 'entries',
          template: 'entry-received',
          params: { challengeId },
          recipients: accountRecipientsSql('entries', sql`p.sub IN (SELECT 'bench-sub-' || g FROM generate_series(1, ${OUTAGE_MAILS}) g)`),
        }),
      );
      const ids = (await q(`select id from notifications where occasion = '${occasion}'`)).map((r) => r.id);
      console.log(`SMTP down: ${int(ids.length)} mails queued while it is down; back after ${s1(OUTAGE_SECONDS * 1000)} …`);
      probe.phase = 'outage';
      while (Date.now() - down < OUTAGE_SECONDS * 1000) {
        await sleep(Math.min(30_000, OUTAGE_SECONDS * 1000 - (Date.now() - down)));
        const states = (
          await q(
            `select state, count(*)::int as n, max(retry_count)::int as r from pgboss.job where name = 'notify' and state < 'completed' group by 1`,
          )
        )
          .map((r) => `${r.state} ${r.n} (retries up to ${r.r})`)
          .join(', ');
        console.log(`  ${s1(Date.now() - down)} down: jobs ${states || 'none waiting'}`);
      }
      const wasDown = Date.now() - down;
      await sinkCommand('start');
      const back = Date.now();
      const arrived = () => ids.filter((id) => received.has(id)).length;
      const until = back + (span.max + 60) * 1000;
      let last = Date.now();
      while (arrived() < ids.length && Date.now() < until) {
        await sleep(100);
        if (Date.now() - last >= 10_000) {
          last = Date.now();
          console.log(`  ${s1(Date.now() - back)} after SMTP came back: ${int(arrived())} / ${int(ids.length)}`);
        }
      }
      probe.phase = null;
      const lastArrival = Date.now() - back;
      const lost = ids.length - arrived();
      const failedRows = Number(
        (await q(`select count(*)::int as n from notifications where occasion = '${occasion}' and failed_at is not null`))[0].n,
      );
      const twice = ids.filter((id) => (received.get(id) ?? 0) > 1).length;
      console.log(
        `  SMTP down ${s1(wasDown)}: ${int(arrived())} of ${int(ids.length)} delivered after it came back, the last ${s1(lastArrival)} after; lost ${lost} ${lost === 0 ? '✓' : '✗'}, failed rows ${failedRows}, seen twice ${twice}`,
      );
      console.log(`  the site meanwhile: ${latencyLine('outage')}`);
    }
  } catch (error) {
    exitCode = run.failed(error);
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}
