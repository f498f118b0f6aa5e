import {
  entryPaths,
  isApiError,
  type AltchaChallengeDto,
  type VoteErrorCode,
  type VoteInput,
  type VoteResultDto,
} from '@erd/shared-contracts';
import { apiClient, type HttpClient } from '../../api/http';
import { rememberedShareVia } from './share-via';

/**
 * POST /api/votes `{ challengeId, participationId, altcha?, via? }` → `{ votes }` (the server's count).
 * Members send their access token and need no proof; anonymous visitors first fetch an ALTCHA
 * challenge (GET /api/votes/challenge) and solve it in the browser (decisions §5). Should the
 * server still ask for a proof (an expired session, an expired challenge), one more try with a
 * fresh proof follows. Failures are `ApiError`s with the `VoteErrorCode` of the contract. `via`:
 * the share channel this browser session came in through (issue 23), counted with the vote.
 */
export async function castVote(
  { challengeId, participationId }: Pick<VoteInput, 'challengeId' | 'participationId'>,
  { member }: { member: boolean },
): Promise<VoteResultDto> {
  const http = await apiClient({ member });
  const via = rememberedShareVia();
  const send = async (altcha?: string) => {
    const body: VoteInput = { challengeId, participationId, ...(altcha ? { altcha } : {}), ...(via ? { via } : {}) };
    const { data } = await http.post<VoteResultDto>(entryPaths.votes, body);
    return data;
  };
  const firstProof = member ? undefined : await proveWork(http);
  try {
    return await send(firstProof);
  } catch (error) {
    if (
      isApiError(error) &&
      (error.code === ('ProofRequired' satisfies VoteErrorCode) || error.code === ('InvalidProof' satisfies VoteErrorCode))
    ) {
      return send(await proveWork(http));
    }
    throw error;
  }
}

async function proveWork(http: HttpClient): Promise<string> {
  const [{ data: challenge }, { solveAltcha }] = await Promise.all([
    http.get<AltchaChallengeDto>(entryPaths.voteChallenge),
    // altcha-lib comes with the first anonymous vote, not with the page.
    import('./altcha-solver'),
  ]);
  return solveAltcha(challenge);
}
