import { eq } from 'drizzle-orm';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ALTCHA_BROWSER_ALGORITHMS, type AltchaChallengeDto } from '@erd/shared-contracts/wire';
import { participations, usedVoteProofs, votes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { solveProof } from '../../test-support/altcha.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear, voteDates } from '../../test-support/seed.js';
import { appKey } from '../../lib/keys.js';
import { checkProof, createProofChallenge } from './altcha.js';
import { topics } from '../cache/changes.js';
import { ipHash, userAgentFamily } from './service.js';
import { VOTER_COOKIE } from './voter.js';

/**
 * Votes (decisions §5) on a fixed clock, today 2026-06-15 (Europe/Berlin): window, published
 * entries only, one counted vote per entry and voter (cookie and account), own entry, ALTCHA for
 * anonymous voters, per-IP limit, records, concurrency.
 */

let t: TestApp;
let a: Member;
const TODAY = new Date('2026-06-15T10:00:00Z');
const UA_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  t = await createTestApp({
    now: TODAY,
    env: { RATE_LIMIT_SCALE: '100', VOTE_PROOF_COST: '1', PUBLIC_URL: 'https://punktejagd.example.org' },
  });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 20);
  const vote = (id: string, type: 'bfv-erd-text-vote' | 'bfv-erd-picture-vote', sub: [string, string], voting: [string, string]) =>
    seedChallenge(db, { id, type, dates: voteDates(sub, voting) });
  await vote('text-vote', 'bfv-erd-text-vote', ['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-15']);
  await vote('pic-vote', 'bfv-erd-picture-vote', ['2026-06-01', '2026-06-10'], ['2026-06-15', '2026-06-30']);
  await vote('text-submit', 'bfv-erd-text-vote', ['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']);
  await vote('text-gap', 'bfv-erd-text-vote', ['2026-06-01', '2026-06-12'], ['2026-06-16', '2026-06-30']);
  await vote('text-done', 'bfv-erd-text-vote', ['2026-05-01', '2026-05-10'], ['2026-05-11', '2026-06-14']);
  const entry = (id: string, challengeId: string, clubId: string, extra: Record<string, unknown> = {}) =>
    seedParticipation(db, { id, challengeId, clubId, ...extra });
  await entry('p-own', 'text-vote', 'club-1000-m');
  await entry('p-other', 'text-vote', 'club-1001-m');
  await entry('p-many', 'text-vote', 'club-1002-m');
  await entry('p-repeat', 'text-vote', 'club-1003-m');
  await entry('p-members', 'text-vote', 'club-1004-m');
  await entry('p-pending', 'text-vote', 'club-1005-m', { state: 'pending' });
  await entry('p-pic', 'pic-vote', 'club-1001-m', { objectTypeId: 'bfv-erd-picture-participation', slogan: null });
  await entry('p-submit', 'text-submit', 'club-1001-m');
  await entry('p-gap', 'text-gap', 'club-1001-m');
  await entry('p-done', 'text-done', 'club-1001-m');
  await entry('p-estimate', 'text-vote', 'club-1006-m', { objectTypeId: 'bfv-erd-estimate-participation', slogan: null, estimate: 5 });
  await entry('p-two-a', 'text-vote', 'club-1007-m');
  await entry('p-two-b', 'text-vote', 'club-1007-w');
  a = await createMember(t, 'club-1000-m');
});
afterAll(() => t.close());

interface Voter {
  cookie?: string;
  member?: Member;
  ip?: string;
}

function cookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  const c = res.cookies.find((x) => x.name === VOTER_COOKIE);
  return c ? `${VOTER_COOKIE}=${c.value}` : undefined;
}

async function challenge(voter: Voter = {}) {
  const res = await t.app.inject({
    url: '/api/votes/challenge',
    headers: voter.cookie ? { cookie: voter.cookie } : {},
    remoteAddress: voter.ip,
  });
  expect(res.statusCode).toBe(200);
  return res;
}

async function proof(voter: Voter = {}): Promise<string> {
  return solveProof((await challenge(voter)).json<AltchaChallengeDto>());
}

function vote(participationId: string, voter: Voter & { altcha?: string; challengeId?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: memberHeaders(voter.member ?? null, { ...(voter.cookie ? { cookie: voter.cookie } : {}), 'user-agent': UA_FIREFOX }),
    remoteAddress: voter.ip,
    payload: { challengeId: voter.challengeId ?? 'text-vote', participationId, ...(voter.altcha ? { altcha: voter.altcha } : {}) },
  });
}

const countOf = async (id: string) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!.votes;
const recordsOf = (id: string) => t.ctx.db.select().from(votes).where(eq(votes.participationId, id));

describe('the ALTCHA challenge', () => {
  test('GET /api/votes/challenge: a signed altcha-lib challenge the browser can solve; sets the voter cookie', async () => {
    const res = await challenge();
    expect(res.headers['cache-control']).toBe('no-store');
    const dto = res.json<AltchaChallengeDto>();
    const parameters = dto.parameters as Record<string, unknown>;
    expect(ALTCHA_BROWSER_ALGORITHMS).toContain(parameters.algorithm);
    expect(parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      keyPrefix: '00',
      data: { purpose: 'vote', expires: TODAY.getTime() / 1000 + 300 },
    });
    expect(dto.signature).toMatch(/^[0-9a-f]{64}$/);
    const cookie = res.cookies.find((c) => c.name === VOTER_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/api/votes', httpOnly: true, sameSite: 'Lax', secure: true });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{27}$/);
    // The cookie is kept while valid; a forged one is replaced.
    expect((await challenge({ cookie: cookieOf(res) })).cookies).toEqual([]);
    const forged = await challenge({ cookie: `${VOTER_COOKIE}=${cookie.value.slice(0, 22)}.${'A'.repeat(27)}` });
    expect(forged.cookies.map((c) => c.name)).toEqual([VOTER_COOKIE]);
  });

  test('with the production cost the browser derivation solves it in well under a few seconds', async () => {
    const dto = await createProofChallenge('another-secret', 2000, new Date());
    const started = performance.now();
    const encoded = await solveProof(dto);
    const ms = performance.now() - started;
    expect(await checkProof('another-secret', encoded, new Date())).toMatchObject({ ok: true });
    expect(await checkProof('test-secret', encoded, new Date())).toEqual({ ok: false, reason: 'invalid' });
    console.log(`ALTCHA at cost 2000 solved in ${Math.round(ms)} ms (WebCrypto PBKDF2 in Node)`);
  });
  test("the proof check (node's crypto) gives altcha-lib's verifySolution verdicts, good and tampered", async () => {
    const secret = 'test-secret';
    const hmacSignatureSecret = appKey(secret, 'vote-proof').toString('hex');
    const decodeProof = (encoded: string) => JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const good = decodeProof(await solveProof(await createProofChallenge(secret, 1, TODAY)));
    // An odd-length prefix (compared as hex text) signed with our key.
    const odd = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      deriveKey,
      keyPrefix: '0',
      hmacSignatureSecret,
      data: { purpose: 'vote', expires: TODAY.getTime() / 1000 + 300 },
    });
    const oddPayload = decodeProof(await solveProof({ ...odd } as AltchaChallengeDto));
    const { challenge, solution } = good;
    const variants = [
      good,
      oddPayload,
      { challenge, solution: { ...solution, counter: solution.counter + 1 } },
      { challenge, solution: { ...solution, counter: -1 } },
      { challenge, solution: { ...solution, counter: 2 ** 32 } },
      { challenge, solution: { ...solution, counter: String(solution.counter) } },
      { challenge, solution: { ...solution, derivedKey: solution.derivedKey.toUpperCase() } },
      { challenge, solution: { ...solution, derivedKey: solution.derivedKey.slice(0, -2) } },
      { challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } },
      { challenge, solution: {} },
      { challenge: { ...challenge, signature: challenge.signature.replace(/^./, (c: string) => (c === '0' ? '1' : '0')) }, solution },
      { challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0000' } }, solution },
      { challenge: { ...challenge, parameters: { ...challenge.parameters, nonce: 'zz' } }, solution },
    ];
    const verdicts = [];
    for (const variant of variants) {
      const ours = (await checkProof(secret, encode(variant), TODAY)).ok;
      const theirs = await verifySolution({
        challenge: variant.challenge as Challenge,
        solution: variant.solution as Solution,
        deriveKey,
        hmacSignatureSecret,
      }).then(
        (r) => r.verified,
        () => false,
      );
      verdicts.push([ours, theirs]);
    }
    expect(verdicts).toEqual([[true, true], [true, true], ...Array(variants.length - 2).fill([false, false])]);
  });
});

describe('anonymous votes', () => {
  test('a valid proof → 200 with the server count; the record keeps voter, hashed IP, browser family and time', async () => {
    const first = await challenge({ ip: '192.0.2.10' });
    const cookie = cookieOf(first)!;
    const altcha = await solveProof(first.json());
    const res = await vote('p-other', { cookie, altcha, ip: '192.0.2.10' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ votes: 1 });
    expect(await countOf('p-other')).toBe(1);
    const [record] = await recordsOf('p-other');
    expect(record).toMatchObject({
      challengeId: 'text-vote',
      voterId: cookie.split('=')[1]!.split('.')[0],
      accountKey: null,
      accountSub: null,
      ipHash: ipHash('test-secret', '192.0.2.10'),
      userAgent: 'Firefox',
      createdAt: TODAY,
      removedAt: null,
    });
    expect(JSON.stringify(record)).not.toContain('192.0.2.10');

    // The same voter again (new proof) → 409 AlreadyVoted with the count; nothing counted.
    const again = await vote('p-other', { cookie, altcha: await proof({ cookie }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'AlreadyVoted', votes: 1 });
    expect(await countOf('p-other')).toBe(1);
    // …but another entry is another vote.
    expect((await vote('p-pic', { cookie, altcha: await proof({ cookie }), challengeId: 'pic-vote' })).json()).toEqual({ votes: 1 });
  });

  test('without proof → 400 ProofRequired; garbage, tampered, foreign or reused proofs → 400 InvalidProof', async () => {
    const before = await countOf('p-many');
    expect((await vote('p-many')).json()).toMatchObject({ code: 'ProofRequired' });

    const dto = (await challenge()).json<AltchaChallengeDto>();
    const good = await solveProof(dto);
    const payload = JSON.parse(Buffer.from(good, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const foreign = await solveProof(await createProofChallenge('not-our-secret', 1, TODAY));
    const bad = [
      'not base64 !!',
      encode({ hello: 'world' }),
      encode({ ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } }),
      encode({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } }),
      encode({ ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 0 } } }),
      encode({ ...payload, challenge: { ...payload.challenge, signature: undefined } }),
      foreign,
      'A'.repeat(4000),
    ];
    for (const altcha of bad) {
      const res = await vote('p-many', { altcha });
      expect([altcha.slice(0, 20), res.statusCode, res.json().code]).toEqual([altcha.slice(0, 20), 400, 'InvalidProof']);
    }
    expect(await countOf('p-many')).toBe(before);

    // Used once: the same solution from another (new) voter is refused.
    expect((await vote('p-many', { altcha: good })).statusCode).toBe(200);
    const reused = await vote('p-many', { altcha: good });
    expect(reused.json()).toMatchObject({ code: 'InvalidProof', reason: 'used' });
    expect(await t.ctx.db.select().from(usedVoteProofs).where(eq(usedVoteProofs.signature, payload.challenge.signature))).toHaveLength(1);
  });

  test('an expired proof (after 5 minutes) → 400 InvalidProof', async () => {
    const altcha = await proof();
    t.setNow(new Date(TODAY.getTime() + 5 * 60_000 + 1000));
    try {
      expect((await vote('p-many', { altcha })).json()).toMatchObject({ code: 'InvalidProof', reason: 'expired' });
    } finally {
      t.setNow(TODAY);
    }
  });
});

describe('what can be voted for, and when', () => {
  test('unknown, unpublished, estimate or mismatched entries → 404 NotFound', async () => {
    for (const [participationId, challengeId] of [
      ['p-nothing', 'text-vote'],
      ['p-pending', 'text-vote'],
      ['p-estimate', 'text-vote'],
      ['p-other', 'pic-vote'],
    ] as const) {
      const res = await vote(participationId, { altcha: await proof(), challengeId });
      expect([participationId, res.statusCode, res.json().code]).toEqual([participationId, 404, 'NotFound']);
    }
    expect(await countOf('p-pending')).toBe(0);
  });

  test('outside the voting window (submission, the gap before voting, finished) → 403 VotingClosed', async () => {
    for (const [participationId, challengeId] of [
      ['p-submit', 'text-submit'],
      ['p-gap', 'text-gap'],
      ['p-done', 'text-done'],
    ] as const) {
      const res = await vote(participationId, { altcha: await proof(), challengeId });
      expect([participationId, res.statusCode, res.json().code]).toEqual([participationId, 403, 'VotingClosed']);
      expect(await countOf(participationId)).toBe(0);
    }
  });

  test('the voting window is Europe/Berlin days: 23:30 UTC on the last day is already the next day', async () => {
    t.setNow(new Date('2026-06-15T21:59:00Z'));
    try {
      expect((await vote('p-many', { altcha: await proof() })).statusCode).toBe(200);
    } finally {
      t.setNow(TODAY);
    }
    t.setNow(new Date('2026-06-15T22:30:00Z'));
    try {
      expect((await vote('p-many', { altcha: await proof() })).json()).toMatchObject({ code: 'VotingClosed' });
    } finally {
      t.setNow(TODAY);
    }
  });

  test('needs the anti-forgery header (403 Forbidden)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      payload: { challengeId: 'text-vote', participationId: 'p-many', altcha: await proof() },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'Forbidden']);
  });

  test('bad bodies → 400', async () => {
    for (const payload of [
      {},
      { challengeId: 'text-vote' },
      { challengeId: { x: 1 }, participationId: 'p-many' },
      { challengeId: 'x'.repeat(201), participationId: 'p' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/votes', headers: memberHeaders(null), payload });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('members', () => {
  test('a club cannot vote for its own entry → 403 OwnEntry', async () => {
    const res = await vote('p-own', { member: a });
    expect([res.statusCode, res.json().code]).toEqual([403, 'OwnEntry']);
    expect(await countOf('p-own')).toBe(0);
  });

  test('a member votes without proof; again with a fresh cookie → 409; the member cookie anonymously → 409', async () => {
    const res = await vote('p-other', { member: a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ votes: 2 });
    const cookie = cookieOf(res)!;
    const records = await recordsOf('p-other');
    expect(records.find((r) => r.accountSub === a.sub)).toMatchObject({ accountKey: 'club:club-1000-m' });

    expect((await vote('p-other', { member: a })).json()).toMatchObject({ code: 'AlreadyVoted', votes: 2 });
    expect((await vote('p-other', { cookie, altcha: await proof({ cookie }) })).json()).toMatchObject({ code: 'AlreadyVoted' });
    expect(await countOf('p-other')).toBe(2);
  });

  test('an invalid access token counts as anonymous: a proof is required', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: { ...memberHeaders(null), authorization: 'Bearer x.y.z' },
      payload: { challengeId: 'text-vote', participationId: 'p-many' },
    });
    expect(res.json()).toMatchObject({ code: 'ProofRequired' });
  });
});

describe('concurrency', () => {
  test('50 parallel votes of 50 voters → 50; 20 parallel repeats of one voter → 1; 20 parallel member votes with fresh cookies → 1', async () => {
    const proofs = await Promise.all(Array.from({ length: 50 }, (_, i) => proof({ ip: `198.51.100.${i}` })));
    const many = await Promise.all(proofs.map((altcha, i) => vote('p-repeat', { altcha, ip: `198.51.100.${i}` })));
    expect(many.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(many.map((r) => r.json().votes))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => i + 1)));
    expect(await countOf('p-repeat')).toBe(50);
    expect(await recordsOf('p-repeat')).toHaveLength(50);

    const first = await challenge();
    const cookie = cookieOf(first)!;
    const repeatProofs = await Promise.all(Array.from({ length: 20 }, () => proof({ cookie })));
    const repeats = await Promise.all(repeatProofs.map((altcha) => vote('p-repeat', { cookie, altcha })));
    expect(repeats.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await countOf('p-repeat')).toBe(51);

    const member = await createMember(t, 'club-1009-w');
    const memberVotes = await Promise.all(Array.from({ length: 20 }, () => vote('p-members', { member })));
    expect(memberVotes.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await countOf('p-members')).toBe(1);
    expect(await recordsOf('p-members')).toHaveLength(1);
  });
});

describe('votes that arrive together share their statements (group commit)', () => {
  test('two instances on one database, 40 votes at once on both: each counted once, the counts answered distinct, each instance told', async () => {
    const other = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100', VOTE_PROOF_COST: '1' }, database: t.database });
    try {
      const topic = [topics.entries('text-vote')];
      const seen = [t.app.changes.changedAt(topic), other.app.changes.changedAt(topic)];
      const proofs = await Promise.all(Array.from({ length: 40 }, (_, i) => proof({ ip: `198.51.100.${100 + i}` })));
      const results = await Promise.all(
        proofs.map((altcha, i) =>
          (i % 2 ? other : t).app.inject({
            method: 'POST',
            url: '/api/votes',
            headers: memberHeaders(null, { 'user-agent': UA_FIREFOX }),
            remoteAddress: `198.51.100.${100 + i}`,
            payload: { challengeId: 'text-vote', participationId: i % 4 < 2 ? 'p-two-a' : 'p-two-b', altcha },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      for (const [id, from] of [
        ['p-two-a', 0],
        ['p-two-b', 2],
      ] as const) {
        const answered = results.filter((_, i) => i % 4 === from || i % 4 === from + 1).map((r) => r.json().votes as number);
        expect([...answered].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
        expect(await countOf(id)).toBe(20);
        expect(await recordsOf(id)).toHaveLength(20);
      }
      // Both instances dropped their copies of the browse list (the writer at once, the other on the notification).
      for (const [i, app] of [t.app, other.app].entries()) {
        for (const started = Date.now(); app.changes.changedAt(topic) <= seen[i]!;) {
          if (Date.now() - started > 5000) throw new Error(`instance ${i + 1} was not told`);
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    } finally {
      await other.close();
    }
  });
});

describe('limits', () => {
  test('per IP: beyond the (scaled) hourly limit → 429 LimitExceeded; other addresses are not affected', async () => {
    const limited = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '0.01', VOTE_PROOF_COST: '1' }, database: t.database });
    try {
      const ask = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: memberHeaders(null),
          remoteAddress: ip,
          payload: { challengeId: 'text-vote', participationId: 'p-many' },
        });
      // 300 × 0.01 = 3 per hour
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await ask('203.0.113.7')).json().code);
      expect(codes).toEqual(['ProofRequired', 'ProofRequired', 'ProofRequired', 'LimitExceeded']);
      expect((await ask('203.0.113.8')).json().code).toBe('ProofRequired');
    } finally {
      await limited.close();
    }
  });

  test('per IP, requests at once: exactly the limit passes, the rest → 429', async () => {
    const limited = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '0.01', VOTE_PROOF_COST: '1' }, database: t.database });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: memberHeaders(null),
          remoteAddress: '203.0.113.9',
          payload: { challengeId: 'text-vote', participationId: 'p-many' },
        });
      const codes = (await Promise.all(Array.from({ length: 8 }, ask))).map((r) => r.json().code as string);
      // 300 × 0.01 = 3 per hour
      expect(codes.filter((c) => c === 'ProofRequired')).toHaveLength(3);
      expect(codes.filter((c) => c === 'LimitExceeded')).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });

  test('user agent families', () => {
    expect(userAgentFamily(UA_FIREFOX)).toBe('Firefox');
    expect(
      userAgentFamily(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari');
    expect(
      userAgentFamily(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toBe('Edge');
    expect(userAgentFamily('curl/8.5.0')).toBe('bot');
    expect(userAgentFamily(undefined)).toBeNull();
  });
});
