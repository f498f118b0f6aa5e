/**
 * Web Worker: solves one ALTCHA challenge off the main thread, so the page stays responsive while
 * an anonymous vote proves its work (decisions §5).
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKeyFor } from './altcha-derive';
import type { SolveRequest, SolveResponse } from './altcha-protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage: (message: SolveResponse) => void;
};

scope.onmessage = (event) => {
  const { challenge, timeoutMs } = event.data;
  Promise.resolve()
    .then(() => solveChallenge({ challenge, deriveKey: deriveKeyFor(challenge.parameters.algorithm), timeout: timeoutMs }))
    .then(
      (solution) => scope.postMessage({ solution }),
      (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
    );
};
