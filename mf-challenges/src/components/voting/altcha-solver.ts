/**
 * Solves the ALTCHA proof-of-work of an anonymous vote (decisions §5; loaded with the first
 * anonymous vote). The work runs in a Web Worker; where none can be started (an old browser, the
 * remote embedded on another origin) it runs here, in altcha-lib's solver, which yields to the
 * page between rounds. The answer is the payload `VoteInput.altcha` carries (contract:
 * AltchaPayloadDto): base64 of `{ challenge: { parameters, signature }, solution }`.
 */
import type { Challenge, Solution } from 'altcha-lib';
import type { AltchaChallengeDto, AltchaPayloadDto } from '@erd/shared-contracts';
import type { SolveRequest, SolveResponse } from './altcha-protocol';

const TIMEOUT_MS = 60_000;

export async function solveAltcha(dto: AltchaChallengeDto): Promise<string> {
  const challenge = toChallenge(dto);
  let solution: Solution | null;
  try {
    solution = await solveInWorker(challenge);
  } catch {
    solution = await solveHere(challenge);
  }
  if (!solution) throw new Error('ALTCHA: no solution in time');
  const payload: AltchaPayloadDto = {
    challenge: { parameters: { ...challenge.parameters }, ...(challenge.signature ? { signature: challenge.signature } : {}) },
    solution: {
      counter: solution.counter,
      derivedKey: solution.derivedKey,
      ...(solution.time !== undefined ? { time: solution.time } : {}),
    },
  };
  return btoa(JSON.stringify(payload));
}

function toChallenge(dto: AltchaChallengeDto): Challenge {
  const parameters = dto.parameters as Challenge['parameters'] | undefined;
  if (!parameters || typeof parameters !== 'object') throw new Error('ALTCHA: challenge without parameters');
  return typeof dto.signature === 'string' ? { parameters, signature: dto.signature } : { parameters };
}

function solveInWorker(challenge: Challenge): Promise<Solution | null> {
  return new Promise((resolve, reject) => {
    // Throws synchronously where workers are missing or the script is on another origin.
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { name: 'altcha' });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<SolveResponse>) => {
      done();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.solution);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      reject(new Error(event.message || 'ALTCHA worker failed'));
    };
    const request: SolveRequest = { challenge, timeoutMs: TIMEOUT_MS };
    worker.postMessage(request);
  });
}

async function solveHere(challenge: Challenge): Promise<Solution | null> {
  const [{ solveChallenge }, { deriveKeyFor }] = await Promise.all([import('altcha-lib'), import('./altcha-derive')]);
  return solveChallenge({ challenge, deriveKey: deriveKeyFor(challenge.parameters.algorithm), timeout: TIMEOUT_MS });
}
