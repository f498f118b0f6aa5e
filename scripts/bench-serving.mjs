// `npm run bench:serving`: the public reads under a Saturday-evening rush (issue 10), printed as
// figures (not a timed test).
//
// 1. builds the contracts and the server when stale (and the host, when host/dist is missing);
// 2. per database — PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres:
//    a database erd_bench_serving_<random> created there and dropped afterwards), then PGlite in a
//    temporary DATA_DIR (BENCH_PGLITE=0 skips it, BENCH_POSTGRES=0 the other) — seeds the season of
//    `bench:results` (scripts/bench-season.mjs: 5,000 club entries, 12 challenges, ~58,000 entries,
//    ~500,000 vote records) with legal texts of realistic length, and publishes its 12 challenges;
// 3. starts the built server on that database and fires at a fixed rate (autocannon `overallRate`,
//    BENCH_RATE 1,000 req/s, BENCH_CONNECTIONS 10, BENCH_DURATION 10 s after a 3 s warm-up, as a
//    browser asks: `Accept-Encoding: gzip, deflate, br`) at the space data, the browse list (a
//    vote challenge's first page, newest and by votes) and the overall result file, printing the
//    share of the rate held, p50 and p99 (target: p99 ≤ 20 ms with the rate held);
// 4. runs wrk (`-t2 -c50`, BENCH_WRK_DURATION 5 s after a 2 s warm-up, BENCH_ROUNDS 3, median
//    ratio) against the product and an nginx of its own (one worker, `gzip_static on`) serving the
//    same bytes: the overall result file and the largest hashed JS file of host/dist
//    (target: ≥ 50 % of nginx's rate), and once more for the result file with other request
//    headers (none, brotli, a new connection per request) to show what each costs.
// 5. "rush": the four requests of step 3 at once, a quarter of the rate each (what a Saturday evening
//    does to one instance: a result file must not wait behind the database work of the others).
// Ports: BENCH_PORT (3440) for the server, +1 for nginx. BENCH_SERVER: another build's server.js
// (e.g. of the branch start, to compare before and after on the same machine state). Needs `wrk` and `nginx` for step 4
// (`apt-get install -y wrk nginx`); without them that step is skipped.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import {
  benchRun,
  benchServerEnv,
  buildHostWhenMissing,
  buildWhenStale,
  databaseVersion,
  get,
  hasCommand,
  loadAverage,
  machine,
  median,
  openForSeeding,
  runWrk,
  startBenchServer,
  startNginx,
  temporaryDatabase,
} from './bench-kit.mjs';
import { seasonServer, seedSeason } from './bench-season.mjs';
import { root } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

// The server runs on the Node that runs this script: on one the product does not support (Node 20),
// the whole bench runs again on Node 24, as `npm start` does (`node scripts/node-runtime.mjs exec 22
// node scripts/bench-serving.mjs` measures Node 22).
await ensureSupportedNode();

const CLUB_NUMBERS = Number(process.env.BENCH_CLUB_NUMBERS ?? 2500);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
// 10 connections: with 100, autocannon's per-connection timers fire together and send bursts of a
// hundred requests, and the queue they make is the client's: nginx serving the same result file then
// shows p50 47 ms, p99 112 ms (10 connections: p50 4 ms, p99 15 ms). Step 4 prints that reference.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WRK_DURATION = Number(process.env.BENCH_WRK_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3440);
const P99_TARGET_MS = 20;
const SERVER_JS = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : null;
const RATE_TARGET = 0.5;
const BROWSER_ENCODING = 'gzip, deflate, br';

const at = (...p) => path.join(root, ...p);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pct = (r) => `${(r * 100).toFixed(0)} %`;

const run = benchRun('bench:serving');
const { cleanups, track, cleanup } = run;

/** Sizes of one answer: raw, gzip, br (each decoded and compared with the raw bytes). */
async function sizes(url) {
  const raw = await get(url);
  const gz = await get(url, { 'accept-encoding': 'gzip' });
  const br = await get(url, { 'accept-encoding': 'br' });
  if (raw.status !== 200 || gz.status !== 200 || br.status !== 200) throw new Error(`${url}: ${raw.status}/${gz.status}/${br.status}`);
  const unpack = (res, fn) => (res.headers['content-encoding'] ? fn(res.body) : res.body);
  if (!unpack(gz, gunzipSync).equals(raw.body) || !unpack(br, brotliDecompressSync).equals(raw.body))
    throw new Error(`${url}: encodings differ`);
  return { raw, gz, br };
}

/** CPU time (ms) the process `pid` used so far (Linux: /proc/<pid>/stat, user + system; null elsewhere); `kernel`: the system part only. */
function cpuMs(pid, kernel = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime + stime, at 100 ticks per second
    return ((kernel ? Number(fields[12]) : Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** A fixed-rate run: share of the rate held, p50/p99 (ms), failures. */
async function fixedRate(url, seconds, rate = RATE, connections = CONNECTIONS) {
  const result = await autocannon({
    url,
    connections,
    overallRate: rate,
    duration: seconds,
    headers: { 'accept-encoding': BROWSER_ENCODING },
  });
  const answered = result['2xx'] + result.non2xx;
  return {
    held: answered / seconds / rate,
    answered,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const adminUrl = process.env.BENCH_POSTGRES === '0' ? null : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databases = [...(adminUrl ? ['postgres'] : []), ...(process.env.BENCH_PGLITE === '0' ? [] : ['pglite'])];
let exitCode = 0;

try {
  await buildWhenStale();
  await buildHostWhenMissing();
  const { loadConfig, openConfiguredDatabase, schema, normalizeSearch, publishResults, DEFAULT_POINTS_TABLE } = await seasonServer();

  // The largest hashed JS file of the host build with its gzip sibling (as the server sends it).
  const hostDist = at('host/dist');
  const jsName = readdirSync(hostDist)
    .filter((n) => /[.-][0-9a-f]{8,}\.js$/.test(n) && existsSync(path.join(hostDist, `${n}.gz`)))
    .sort((a, b) => statSync(path.join(hostDist, b)).size - statSync(path.join(hostDist, a)).size)[0];
  if (!jsName) throw new Error('no hashed JS file with a .gz sibling in host/dist');

  console.log(`${machine()} (other work on the machine moves every figure)`);
  const summary = [];

  for (const kind of databases) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-serving-'));
    const undo = [];
    const later = (step) => {
      undo.push(step);
      cleanups.push(step);
    };
    later(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl =
      kind === 'postgres' ? await temporaryDatabase(adminUrl, `erd_bench_serving_${randomBytes(5).toString('hex')}`, later) : '';
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, { serverRoot: at('server'), cwd: root });
    const { db, close: closeDb } = await openForSeeding(openConfiguredDatabase, config, later);
    const version = await databaseVersion(db);
    console.log(
      `\n=== ${kind === 'postgres' ? `PostgreSQL (${version}), fresh database ${new URL(databaseUrl).pathname.slice(1)}` : `PGlite (${version}) in ${dataDir}`}`,
    );

    const { yearId, CHALLENGES } = await seedSeason({
      db,
      schema,
      normalizeSearch,
      DEFAULT_POINTS_TABLE,
      clubNumbers: CLUB_NUMBERS,
      postgres: kind === 'postgres',
      legalParagraphs: 40,
    });
    const started = performance.now();
    for (const c of CHALLENGES) await publishResults(db, c.id);
    console.log(`Published the ${CHALLENGES.length} challenges in ${((performance.now() - started) / 1000).toFixed(1)} s (not measured)`);
    await closeDb();

    const base = `http://127.0.0.1:${PORT}`;
    const server = await startBenchServer({
      track,
      later,
      env: benchServerEnv({ port: PORT, dataDir, databaseUrl }),
      script: SERVER_JS ?? at('server/dist/server.js'),
    });

    const space = `${config.contentApiBase}/public/spaces/${config.spaceId}`;
    const textVote = CHALLENGES.find((c) => c.type === 'bfv-erd-text-vote');
    const endpoints = [
      { name: 'space data', path: `${space}/spacedata?include=4` },
      {
        name: 'browse list (newest)',
        path: `${space}/objects/search?include=1&fields.challenge.id=${textVote.id}&from=0&size=10&sort=-createdAt`,
      },
      {
        name: 'browse list (votes)',
        path: `${space}/objects/search?include=1&fields.challenge.id=${textVote.id}&from=0&size=10&sort=-fields.votes`,
      },
      { name: 'result file (overall)', path: `/results/overall-${yearId}.json` },
    ];
    console.log('\nAnswers (raw / gzip / br; headers as a CDN sees them):');
    for (const e of endpoints) {
      const s = await sizes(base + e.path);
      e.gzip = s.gz.body;
      e.raw = s.raw.body;
      e.cacheControl = s.gz.headers['cache-control'];
      console.log(
        `  ${e.name.padEnd(22)} ${kb(s.raw.body.length).padStart(9)} / ${kb(s.gz.body.length).padStart(8)} / ${kb(s.br.body.length).padStart(8)}  cache-control: ${s.gz.headers['cache-control'] ?? '—'}; etag: ${s.gz.headers.etag ? 'yes' : 'no'}`,
      );
      if (s.gz.headers.etag) {
        const again = await get(base + e.path, { 'accept-encoding': 'gzip', 'if-none-match': s.gz.headers.etag });
        if (again.status !== 304) console.log(`    ✗ If-None-Match with its own ETag answered ${again.status}`);
      }
    }

    console.log(
      `\nFixed rate: autocannon, ${RATE} req/s overall, ${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up, Accept-Encoding: ${BROWSER_ENCODING} (load ${loadAverage()}):`,
    );
    console.log(
      `  ${'endpoint'.padEnd(22)} ${'held'.padStart(6)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'server CPU/req'.padStart(15)}`,
    );
    for (const e of endpoints) {
      await fixedRate(base + e.path, 3);
      const cpuBefore = cpuMs(server.child.pid);
      const r = await fixedRate(base + e.path, DURATION);
      const cpuAfter = cpuMs(server.child.pid);
      // The server's CPU time per answer: what the machine's other work does not move much.
      const perRequest = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / Math.max(1, r.answered) : NaN;
      const ok = r.held >= 0.99 && r.p99 <= P99_TARGET_MS && r.bad === 0;
      console.log(
        `  ${e.name.padEnd(22)} ${pct(r.held).padStart(6)} ${`${r.p50} ms`.padStart(8)} ${`${r.p99} ms`.padStart(8)} ${`${r.max} ms`.padStart(8)} ${`${perRequest.toFixed(2)} ms`.padStart(15)}${r.bad ? `  ✗ ${r.bad} failed` : ''}  ${ok ? '✓' : '✗'}`,
      );
      summary.push({
        kind,
        what: `${e.name} at ${RATE} req/s`,
        value: `held ${pct(r.held)}, p50 ${r.p50} ms, p99 ${r.p99} ms, CPU ${perRequest.toFixed(2)} ms/req`,
        ok,
      });
    }

    const share = RATE / endpoints.length;
    const perConnections = Math.max(3, Math.round(CONNECTIONS / endpoints.length));
    console.log(
      `\nRush: all ${endpoints.length} at once, ${share} req/s each (${RATE} req/s in all), ${perConnections} connections each, ${DURATION} s after a 3 s warm-up (load ${loadAverage()}):`,
    );
    await Promise.all(endpoints.map((e) => fixedRate(base + e.path, 3, share, perConnections)));
    const rush = await Promise.all(endpoints.map((e) => fixedRate(base + e.path, DURATION, share, perConnections)));
    for (const [i, e] of endpoints.entries()) {
      const r = rush[i];
      const ok = r.held >= 0.99 && r.p99 <= P99_TARGET_MS && r.bad === 0;
      console.log(
        `  ${e.name.padEnd(22)} ${pct(r.held).padStart(6)} ${`${r.p50} ms`.padStart(8)} ${`${r.p99} ms`.padStart(8)} ${`${r.max} ms`.padStart(8)}${r.bad ? `  ✗ ${r.bad} failed` : ''}  ${ok ? '✓' : '✗'}`,
      );
      summary.push({ kind, what: `rush: ${e.name} at ${share} req/s`, value: `held ${pct(r.held)}, p50 ${r.p50} ms, p99 ${r.p99} ms`, ok });
    }

    const missing = ['wrk', 'nginx'].filter((cmd) => !hasCommand(cmd));
    if (missing.length) {
      console.log(`\n${missing.join(' and ')} not found: skipping the comparison with nginx. Install with: apt-get install -y wrk nginx`);
    } else {
      const resultFile = endpoints.at(-1);
      const ngx = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-serving-nginx-'));
      later(() => rmSync(ngx, { recursive: true, force: true }));
      const www = path.join(ngx, 'www');
      mkdirSync(path.join(www, 'results'), { recursive: true });
      writeFileSync(path.join(www, resultFile.path), resultFile.raw);
      writeFileSync(path.join(www, `${resultFile.path}.gz`), resultFile.gzip);
      const js = await get(`${base}/${jsName}`, { 'accept-encoding': 'gzip' });
      if (js.status !== 200 || js.headers['content-encoding'] !== 'gzip')
        throw new Error(`/${jsName}: ${js.status} ${js.headers['content-encoding']}`);
      writeFileSync(path.join(www, jsName), readFileSync(path.join(hostDist, jsName)));
      writeFileSync(path.join(www, `${jsName}.gz`), js.body);
      for (const dir of [ngx, www, path.join(www, 'results')]) chmodSync(dir, 0o755);
      const nginxPort = PORT + 1;
      const nginxBase = `http://127.0.0.1:${nginxPort}`;
      const nginx = await startNginx({
        track,
        later,
        dir: ngx,
        probe: `${nginxBase}/${jsName}`,
        http: `  types { application/json json; application/javascript js; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${www};
    gzip_static on;
    gzip_vary on;
    location /results/ {
      add_header Cache-Control "${resultFile.cacheControl ?? 'public, max-age=0'}";
      add_header Access-Control-Allow-Origin *;
    }
    location / {
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }
`,
      });
      for (const [p, bytes] of [
        [resultFile.path, resultFile.gzip],
        [`/${jsName}`, js.body],
      ]) {
        const check = await get(nginxBase + p, { 'accept-encoding': 'gzip' });
        if (check.status !== 200 || check.headers['content-encoding'] !== 'gzip' || !check.body.equals(bytes))
          throw new Error(`nginx does not serve the same gzip bytes for ${p}`);
      }

      const wrk = (url, headers, seconds) => runWrk(track, ['-t2', '-c50', `-d${seconds}s`, ...headers.flatMap((h) => ['-H', h]), url]);
      const rps = (out) => {
        const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
        if (bad) throw new Error(`wrk: ${bad} non-2xx answers`);
        return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      };
      // nginx's worker (the master's child) and the server: CPU time per answer, which the machine's other work moves much less than the rate.
      const nginxWorker = () =>
        readdirSync('/proc')
          .filter((d) => /^\d+$/.test(d))
          .find((d) => {
            try {
              return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(nginx.child.pid);
            } catch {
              return false;
            }
          });
      const compare = async (p, headers, rounds) => {
        const ratios = [];
        const rates = [];
        const cpu = { product: [], nginx: [] };
        const kernel = { product: [], nginx: [] };
        for (let round = 0; round < rounds; round++) {
          const r = {};
          for (const [target, b, pid] of [
            ['product', base, server.child.pid],
            ['nginx', nginxBase, nginxWorker()],
          ]) {
            await wrk(b + p, headers, 2);
            const before = pid ? [cpuMs(pid), cpuMs(pid, true)] : [null, null];
            const out = await wrk(b + p, headers, WRK_DURATION);
            const after = pid ? [cpuMs(pid), cpuMs(pid, true)] : [null, null];
            r[target] = rps(out);
            const count = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
            if (before[0] !== null && after[0] !== null && count) {
              cpu[target].push((after[0] - before[0]) / count);
              kernel[target].push((after[1] - before[1]) / count);
            }
          }
          ratios.push(r.product / r.nginx);
          rates.push(`${r.product.toFixed(0)}/${r.nginx.toFixed(0)}`);
        }
        const cpuRatio = cpu.product.length && cpu.nginx.length ? median(cpu.nginx) / median(cpu.product) : NaN;
        return {
          ratio: median(ratios),
          ratios,
          rates,
          cpuRatio,
          cpu: { product: median(cpu.product), nginx: median(cpu.nginx) },
          kernel: { product: median(kernel.product), nginx: median(kernel.nginx) },
        };
      };
      // The same fixed rate against nginx serving the same bytes: the latency the client and the
      // machine add by themselves, right beside the product's (run again here as a pair).
      console.log(`\nFixed-rate reference, result file, ${RATE} req/s, ${CONNECTIONS} connections, ${DURATION} s (load ${loadAverage()}):`);
      for (const [who, url] of [
        ['product', base + resultFile.path],
        ['nginx (gzip_static)', nginxBase + resultFile.path],
      ]) {
        await fixedRate(url, 3);
        const r = await fixedRate(url, DURATION);
        console.log(`  ${who.padEnd(22)} held ${pct(r.held).padStart(5)}, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`);
        summary.push({
          kind,
          what: `result file at ${RATE} req/s: ${who}`,
          value: `held ${pct(r.held)}, p50 ${r.p50} ms, p99 ${r.p99} ms`,
          ok: null,
        });
      }

      console.log(
        `\nwrk -t2 -c50 -d${WRK_DURATION}s (after 2 s warm-up), product then nginx, same bytes, ${ROUNDS} rounds (load ${loadAverage()}):`,
      );
      for (const [name, p] of [
        ['result file (overall)', resultFile.path],
        [`hashed JS (${jsName})`, `/${jsName}`],
      ]) {
        const c = await compare(p, ['Accept-Encoding: gzip'], ROUNDS);
        const ok = c.ratio >= RATE_TARGET;
        console.log(
          `  ${name.padEnd(30)} Accept-Encoding: gzip      ${pct(c.ratio).padStart(5)} of nginx (rounds ${c.ratios.map(pct).join(', ')}; req/s product/nginx ${c.rates.join(', ')})  ${ok ? '✓' : '✗'}`,
        );
        console.log(
          `  ${''.padEnd(30)} CPU per answer: product ${c.cpu.product.toFixed(3)} ms (kernel ${c.kernel.product.toFixed(3)}), nginx ${c.cpu.nginx.toFixed(3)} ms (kernel ${c.kernel.nginx.toFixed(3)}) — nginx / product ${pct(c.cpuRatio)} (the rate ratio if each had a core of its own)`,
        );
        summary.push({ kind, what: `${name} vs nginx (gzip)`, value: `${pct(c.ratio)} of the rate; CPU/answer ${pct(c.cpuRatio)}`, ok });
      }
      if (process.env.BENCH_VARIANTS !== '0') {
        console.log(
          '  other request headers, result file, one round each (nginx has no brotli: it sends gzip to a browser, the product br):',
        );
        for (const [label, headers] of [
          ['no Accept-Encoding', []],
          [`Accept-Encoding: ${BROWSER_ENCODING}`, [`Accept-Encoding: ${BROWSER_ENCODING}`]],
          ['gzip, Connection: close', ['Accept-Encoding: gzip', 'Connection: close']],
        ]) {
          const c = await compare(resultFile.path, headers, 1);
          console.log(
            `    ${label.padEnd(34)} ${pct(c.ratio).padStart(5)} of nginx (req/s product/nginx ${c.rates.join(', ')}; CPU per answer nginx / product ${pct(c.cpuRatio)})`,
          );
        }
      }
    }
    // This database's server, nginx, database and folder go before the next one starts.
    while (undo.length) {
      const step = undo.pop();
      cleanups.splice(cleanups.indexOf(step), 1);
      await step();
    }
  }

  console.log(
    `\nSummary (targets: rate held with p99 ≤ ${P99_TARGET_MS} ms; ≥ ${pct(RATE_TARGET)} of nginx's rate; 1-minute load ${loadAverage()}):`,
  );
  for (const s of summary)
    console.log(`  ${s.kind.padEnd(8)} ${s.what.padEnd(44)} ${s.value.padEnd(40)} ${s.ok === null ? '' : s.ok ? '✓' : '✗'}`);
} catch (error) {
  exitCode = run.failed(error);
} finally {
  await cleanup();
}
process.exit(exitCode);
