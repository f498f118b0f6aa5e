import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as webPbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import type { AltchaChallengeDto, AltchaPayloadDto } from '@erd/shared-contracts/wire';
import { expect, request as playwrightRequest } from '@playwright/test';
import { xsrfHeader } from './api-client';

/**
 * One anonymous vote through the API as the browser makes it: a fresh visitor (its own voter
 * cookie), the server's ALTCHA challenge solved with altcha-lib (as mf-challenges does), from the
 * network address `ip` (the server must trust the proxy header: TRUST_PROXY=1). Keep
 * VOTE_PROOF_COST low on the test server: the proof is real, not skipped.
 */
export async function anonymousVote(baseURL: string, input: { challengeId: string; participationId: string; ip: string }): Promise<number> {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': input.ip } });
  try {
    const dto = (await (await visitor.get('/api/votes/challenge')).json()) as AltchaChallengeDto;
    const challenge = { parameters: dto.parameters, signature: dto.signature } as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey: webPbkdf2, timeout: 60_000 });
    if (!solution) throw new Error('no ALTCHA solution');
    const payload: AltchaPayloadDto = {
      challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature! },
      solution: {
        counter: solution.counter,
        derivedKey: solution.derivedKey,
        ...(solution.time !== undefined ? { time: solution.time } : {}),
      },
    };
    const altcha = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
    const res = await visitor.post('/api/votes', {
      headers: await xsrfHeader(visitor),
      data: { challengeId: input.challengeId, participationId: input.participationId, altcha },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { votes: number }).votes;
  } finally {
    await visitor.dispose();
  }
}
