import type { AddressInfo } from 'node:net';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import { lastCodeTo } from '../../test-support/mail.js';
import { createMember, MEMBER_PASSWORD, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import { srpLogin } from '../../test-support/identity.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { addOperator } from '../operators/service.js';
import { closeMetricsListener, listenMetrics } from './routes.js';

/**
 * GET /metrics: unknown without configuration, the bearer token on the site's port, the metrics
 * port; the families and that real requests, votes, sign-ins, mails and jobs move them; route
 * patterns as labels; no address, password or token in any metric or log line.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const TODAY = new Date('2026-06-15T10:00:00Z');
const OPERATOR = { email: 'leitung@example.org', password: 'Vorstand!Sitzung2026' };

let t: TestApp;
let member: Member;
const logLines: string[] = [];

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<{ text: string; value: (name: string, labels?: Record<string, string>) => number }> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  const samples = parse(res.body);
  return {
    text: res.body,
    value: (name, labels = {}) => {
      const keys = Object.keys(labels);
      const found = samples.find(
        (s) => s.name === name && Object.keys(s.labels).length === keys.length && keys.every((key) => s.labels[key] === labels[key]),
      );
      return found?.value ?? 0;
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({
    now: TODAY,
    env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_SCALE: '100', VOTE_PROOF_COST: '1' },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 4);
  await seedChallenge(t.ctx.db, {
    id: 'text-vote',
    type: 'bfv-erd-text-vote',
    dates: {
      startDateSubmission: '2026-06-01',
      endDateSubmission: '2026-06-10',
      startDateVoting: '2026-06-11',
      endDateVoting: '2026-06-30',
    },
  });
  await seedParticipation(t.ctx.db, { id: 'p-1', challengeId: 'text-vote', clubId: 'club-1001-m' });
  await addOperator({ ctx: t.ctx, input: { ...OPERATOR, role: 'admin' } });
  member = await createMember(t, 'club-1000-m');
});
afterAll(() => t.close());

describe('who may read /metrics', () => {
  test('without METRICS_TOKEN or METRICS_PORT the path is unknown: the same 404 as any other, and nothing is counted', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      writeFiles(plain.webRoot, { 'host/dist/index.html': '<!doctype html><title>Punktejagd</title>' });
      expect(plain.app.metrics).toBeNull();
      const metrics = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const other = await plain.app.inject({ url: '/no-such-page' });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.body).toBe(other.body);
      expect(metrics.headers['content-type']).toBe(other.headers['content-type']);
      expect(metrics.headers['www-authenticate']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  test('with METRICS_PORT only, the port of the site does not know /metrics either (the metrics port serves them)', async () => {
    const portOnly = await createTestApp({ database: t.database, env: { METRICS_PORT: '9100' } });
    try {
      writeFiles(portOnly.webRoot, { 'host/dist/index.html': '<!doctype html><title>Punktejagd</title>' });
      expect(portOnly.app.metrics).not.toBeNull();
      const metrics = await portOnly.app.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.body).toBe((await portOnly.app.inject({ url: '/no-such-page' })).body);
    } finally {
      await portOnly.close();
    }
  });

  test('without the token, with a wrong one or another scheme: 401 with a Bearer challenge', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${Buffer.from(`a:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect([authorization, res.statusCode]).toEqual([authorization, 401]);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ code: 'Unauthorized' });
      expect(res.body).not.toContain('erd_');
    }
  });

  test('with the token: 200, Prometheus text, no-store', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer  ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('with basic auth on the site, the token still opens /metrics (and basic credentials do not)', async () => {
    const guarded = await createTestApp({
      database: t.database,
      env: { METRICS_TOKEN: TOKEN, BASIC_AUTH_USER: 'staging', BASIC_AUTH_PASSWORD: 'geheim-genug' },
    });
    try {
      expect((await guarded.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
      const basic = `Basic ${Buffer.from('staging:geheim-genug').toString('base64')}`;
      expect((await guarded.app.inject({ url: '/metrics', headers: { authorization: basic } })).statusCode).toBe(401);
      // Other paths keep asking for basic auth.
      expect(
        (await guarded.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${TOKEN}` } })).headers['www-authenticate'],
      ).toMatch(/^Basic/);
    } finally {
      await guarded.close();
    }
  });

  test('the metrics port: a listener of its own, with the token when one is set; nothing else there', async () => {
    const server = await listenMetrics(t.app.metrics!, { host: '127.0.0.1', port: 0, token: TOKEN }, t.ctx.log);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('erd_ready 1');
      expect((await fetch(`${base}/ready`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await closeMetricsListener(server);
    }
    const open = await listenMetrics(t.app.metrics!, { host: '127.0.0.1', port: 0, token: null }, t.ctx.log);
    try {
      const res = await fetch(`http://127.0.0.1:${(open.address() as AddressInfo).port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    } finally {
      await closeMetricsListener(open);
    }
  });
});

describe('what is measured', () => {
  test('the families are there: HTTP, domain, jobs, database, readiness, caches, process', async () => {
    const { text, value } = await scrape();
    for (const family of [
      'http_request_duration_seconds',
      'erd_votes_total',
      'erd_vote_statements_total',
      'erd_vote_statement_votes_total',
      'erd_sign_ins_total',
      'erd_mails_total',
      'erd_jobs_enqueued_total',
      'erd_job_runs_total',
      'erd_jobs',
      'erd_db_pool_clients',
      'erd_database_info',
      'erd_ready',
      'erd_ready_check',
      'erd_change_feed_live',
      'erd_cache_lookups_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect([family, text.includes(`# TYPE ${family} `)]).toEqual([family, true]);
    }
    expect(value('erd_ready')).toBe(1);
    expect(value('erd_ready_check', { check: 'database' })).toBe(1);
    expect(value('erd_ready_check', { check: 'jobs' })).toBe(1);
    expect(value('erd_change_feed_live')).toBe(1);
    const kind = t.database.kind;
    expect(value('erd_database_info', { kind })).toBe(1);
    expect(value('erd_db_pool_clients', { state: 'max' })).toBe(kind === 'postgres' ? 10 : 1);
    expect(value('erd_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // PostgreSQL's pool tells idle connections and queries waiting for one too (PGlite has no pool).
    expect(text.match(/erd_db_pool_clients\{state="(?:idle|waiting)"\} \d+/g) ?? []).toHaveLength(kind === 'postgres' ? 2 : 0);
    // The member's sign-up queued mail that was sent (the confirmation code).
    expect(value('erd_jobs_enqueued_total', { queue: 'mail' })).toBeGreaterThanOrEqual(1);
  });

  test('HTTP requests by route pattern (never the URL) and status class; unmatched ones under one label', async () => {
    const before = await scrape();
    const route = '/content/public/spaces/:spaceId/spacedata';
    const count = (s: typeof before, labels: Record<string, string>) => s.value('http_request_duration_seconds_count', labels);
    await t.app.inject({ url: '/content/public/spaces/erd/spacedata?include=4' });
    await t.app.inject({ url: '/content/public/spaces/erd/spacedata?include=4' });
    await t.app.inject({ url: '/content/public/spaces/other-space/spacedata' });
    await t.app.inject({ method: 'POST', url: '/no/such/route/4711' });
    await t.app.inject({ method: 'PUT', url: '/and/another/one' });
    const after = await scrape();
    expect(count(after, { method: 'GET', route, status_class: '2xx' }) - count(before, { method: 'GET', route, status_class: '2xx' })).toBe(
      2,
    );
    expect(count(after, { method: 'GET', route, status_class: '4xx' }) - count(before, { method: 'GET', route, status_class: '4xx' })).toBe(
      1,
    );
    expect(
      count(after, { method: 'POST', route: 'unmatched', status_class: '4xx' }) -
        count(before, { method: 'POST', route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    expect(
      count(after, { method: 'PUT', route: 'unmatched', status_class: '4xx' }) -
        count(before, { method: 'PUT', route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    expect(after.text).not.toContain('other-space');
    expect(after.text).not.toContain('/no/such/route');
    expect(after.text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/content\/public\/spaces\/:spaceId\/spacedata",status_class="2xx"\} \d+/,
    );
    // The second read of the space data came from memory.
    expect(after.value('erd_cache_lookups_total', { cache: 'content-space', outcome: 'hit' })).toBeGreaterThan(
      before.value('erd_cache_lookups_total', { cache: 'content-space', outcome: 'hit' }),
    );
  });

  test('votes: accepted, and refused with the error code', async () => {
    const before = await scrape();
    const vote = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: memberHeaders(member),
        payload: { challengeId: 'text-vote', participationId: 'p-1' },
      });
    expect((await vote()).statusCode).toBe(200);
    expect((await vote()).statusCode).toBe(409);
    const after = await scrape();
    expect(after.value('erd_votes_total', { outcome: 'accepted' }) - before.value('erd_votes_total', { outcome: 'accepted' })).toBe(1);
    expect(
      after.value('erd_votes_total', { outcome: 'refused', reason: 'AlreadyVoted' }) -
        before.value('erd_votes_total', { outcome: 'refused', reason: 'AlreadyVoted' }),
    ).toBe(1);
    // Two admissions and two acceptances (one after the other: a statement each).
    for (const statement of ['admit', 'accept']) {
      expect(after.value('erd_vote_statements_total', { statement }) - before.value('erd_vote_statements_total', { statement })).toBe(2);
      expect(
        after.value('erd_vote_statement_votes_total', { statement }) - before.value('erd_vote_statement_votes_total', { statement }),
      ).toBe(2);
    }
  });

  test('sign-ins of members and operators: succeeded, and failed with the error code', async () => {
    const before = await scrape();
    const signIns = (s: typeof before, labels: Record<string, string>) => s.value('erd_sign_ins_total', labels);
    expect((await srpLogin(t.app, member.email, MEMBER_PASSWORD, t.ctx.now())).status).toBe(200);
    expect((await srpLogin(t.app, member.email, 'Falsch!2026', t.ctx.now())).status).toBe(400);
    const operatorLogin = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/operator/login',
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        payload: { ...OPERATOR, password },
      });
    expect((await operatorLogin(OPERATOR.password)).statusCode).toBe(200);
    expect((await operatorLogin('falsch')).statusCode).toBe(401);
    const after = await scrape();
    const delta = (labels: Record<string, string>) => signIns(after, labels) - signIns(before, labels);
    expect(delta({ kind: 'member', outcome: 'succeeded' })).toBe(1);
    expect(delta({ kind: 'member', outcome: 'failed', reason: 'NotAuthorizedException' })).toBe(1);
    expect(delta({ kind: 'operator', outcome: 'succeeded' })).toBe(1);
    expect(delta({ kind: 'operator', outcome: 'failed', reason: 'InvalidCredentials' })).toBe(1);
  });

  test('mails and jobs: queued, run, sent; the jobs table sampled by queue and state', async () => {
    const before = await scrape();
    const base = `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/frontend-users`;
    const res = await t.app.inject({ method: 'POST', url: `${base}/forgot-password`, payload: { email: member.email } });
    expect(res.statusCode).toBe(200);
    await lastCodeTo(t, member.email);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
    expect(delta('erd_mails_total', { outcome: 'sent' })).toBe(1);
    expect(delta('erd_jobs_enqueued_total', { queue: 'mail' })).toBe(1);
    expect(delta('erd_job_runs_total', { queue: 'mail', outcome: 'completed' })).toBe(1);
    // A sent mail's job is deleted at once; a clean-up stays `completed` for an hour.
    expect(after.value('erd_jobs', { queue: 'cleanup', state: 'completed' })).toBe(
      before.value('erd_jobs', { queue: 'cleanup', state: 'completed' }),
    );
    await t.app.jobs.enqueue(t.ctx.db, 'cleanup', {});
    await t.app.jobs.drain('cleanup');
    const cleaned = await scrape();
    expect(
      cleaned.value('erd_jobs', { queue: 'cleanup', state: 'completed' }) -
        after.value('erd_jobs', { queue: 'cleanup', state: 'completed' }),
    ).toBe(1);
    expect(
      cleaned.value('erd_job_runs_total', { queue: 'cleanup', outcome: 'completed' }) -
        after.value('erd_job_runs_total', { queue: 'cleanup', outcome: 'completed' }),
    ).toBe(1);
  });

  test('no address, password, token or code in any metric or log line', async () => {
    const { text } = await scrape();
    const logs = logLines.join('\n');
    for (const secret of [member.email, member.accessToken, MEMBER_PASSWORD, OPERATOR.email, OPERATOR.password, TOKEN, member.sub]) {
      expect([secret, text.includes(secret), logs.includes(secret)]).toEqual([secret, false, false]);
    }
  });
});
