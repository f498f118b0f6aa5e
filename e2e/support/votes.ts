import type { AltchaChallengeDto } from '@erd/shared-contracts/wire';
import { expect, request as playwrightRequest } from '@playwright/test';
import { solveProof } from '../../server/src/test-support/altcha';
import { xsrfHeader } from './api-client';

/**
 * One anonymous vote through the API as the browser makes it: a fresh visitor (its own voter
 * cookie), the server's ALTCHA challenge solved as the server's tests solve it (`solveProof`), from the
 * network address `ip` (the server must trust the proxy header: TRUST_PROXY=1). Keep
 * VOTE_PROOF_COST low on the test server: the proof is real, not skipped.
 */
export async function anonymousVote(baseURL: string, input: { challengeId: string; participationId: string; ip: string }): Promise<number> {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': input.ip } });
  try {
    const altcha = await solveProof((await (await visitor.get('/api/votes/challenge')).json()) as AltchaChallengeDto);
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
