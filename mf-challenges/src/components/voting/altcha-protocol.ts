import type { Challenge, Solution } from 'altcha-lib';

/** Messages between the page and the ALTCHA worker. */
export interface SolveRequest {
  challenge: Challenge;
  timeoutMs: number;
}

export type SolveResponse = { solution: Solution | null } | { error: string };
