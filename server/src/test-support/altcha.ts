import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as webPbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import type { AltchaChallengeDto, AltchaPayloadDto } from '@erd/shared-contracts/wire';

/**
 * The browser's side of the vote proof (as mf-challenges' altcha-solver does it): altcha-lib's
 * solver with the WebCrypto PBKDF2 derivation, the answer as base64 JSON `{ challenge, solution }`.
 * The end-to-end tests' anonymous votes (e2e/support/votes.ts) use it too.
 */
export async function solveProof(dto: AltchaChallengeDto): Promise<string> {
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
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}
